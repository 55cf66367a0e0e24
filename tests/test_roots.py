"""Each file is checked in the tree of its own root (doclint/run/roots.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from doclint import Settings, check_paths, check_text
from doclint.fixes.fix_mode import FixSettings, run_fixes
from doclint.incremental.store import ContentCache
from doclint.models.findings import Finding
from doclint.run import set_up_runs
from tests.conftest import PROJECT, REAL, require_shared
from tests.running import findings, run

EXAMPLE = PROJECT / "examples" / "tree"
# Real generated pages kept for issue 45's tests: a tree of its own.
REAL45 = PROJECT / "tests" / "real45"
# And those of issue 61's (YAML block scalars, Metal words; names, globs and sizes; C++ counts).
REAL61 = PROJECT / "tests" / "real61"
REAL61B = PROJECT / "tests" / "real61b"
REAL61C = PROJECT / "tests" / "real61c"
# A RepoAgent project of one module, for the HTML report's kinds of page.
REPOAGENT = PROJECT / "tests" / "repoagent_tree"
# More RepoAgent trees, each its project's root (the folder holding its markdown_docs/).
REPOAGENT_MORE = {
    PROJECT / "tests" / f"labelled_repoagent{n}" for n in (3, 4, 5, 7, 8, 9, 10, 11)
} | {
    # RepoAgent's earlier versions' trees, each its project's root (the folder
    # holding its Markdown_Docs/).
    PROJECT / "tests" / "repoagent2023_xagent",
    PROJECT / "tests" / "repoagent2024_01",
    # A slice of a 2025 tree, for attribute lists of a library's subclass.
    PROJECT / "tests" / "repoagent2025_fooocus",
}
# A DeepWiki export's labelled tree (issue 92): its `docs/deepwiki/` folder
# makes the folder holding it the root its citations name files from.
DEEPWIKI_LABELLED = PROJECT / "tests" / "labels" / "subjects_deepwiki_modularmonolith" / "tree"
OUTSIDE = "file-outside-root"


def _findings(paths: list[Path | str], **options) -> list[Finding]:
    settings = Settings(select=["ALL"], jobs=1, **options)
    return run(paths, settings).diagnostics


@pytest.fixture()
def in_project(monkeypatch):
    monkeypatch.chdir(PROJECT)


@pytest.mark.slow  # two trees checked twice
def test_two_trees_give_the_same_findings_in_either_order(in_project):
    require_shared()
    forward = _findings([EXAMPLE / "docs", REAL / "docs"])
    backward = _findings([REAL / "docs", EXAMPLE / "docs"])
    assert forward == backward
    assert not [row for row in forward if row.name == OUTSIDE]
    # Each tree is checked as it is when checked alone.
    alone = _findings([EXAMPLE / "docs"]) + _findings([REAL / "docs"])
    assert sorted(forward) == sorted(alone)
    assert {row.path.split("/docs/")[0] for row in forward} == {
        "examples/tree",
        "../shared/corpus/real",
    }


def test_each_tree_gets_its_own_setup(in_project):
    require_shared()
    setups = set_up_runs([REAL / "docs", EXAMPLE / "docs"], Settings(select=["ALL"]))
    assert [setup.root for setup in setups] == sorted([REAL, EXAMPLE])
    assert {setup.root: len(setup.files) for setup in setups} == {EXAMPLE: 2, REAL: 209}


@pytest.mark.slow  # the whole checkout checked
def test_project_markdown_is_not_outside_any_root(in_project):
    found = _findings(["."])
    assert not [row for row in found if row.name == OUTSIDE]
    shown = {row.path for row in found}
    assert "examples/tree/docs/pkg/test_widgets.py_kw.md" in shown
    setups = set_up_runs(["."], Settings(select=["ALL"]))
    roots = {setup.root: setup.files for setup in setups}
    assert (
        set(roots)
        == {PROJECT, EXAMPLE, REAL45, REAL61, REAL61B, REAL61C, REPOAGENT, DEEPWIKI_LABELLED}
        | REPOAGENT_MORE
    )
    assert PROJECT / "README.md" in roots[PROJECT]


def test_plain_markdown_inside_a_tree_belongs_to_it(tmp_path, monkeypatch):
    tree = tmp_path / "tree"
    shutil.copytree(EXAMPLE, tree)
    (tree / "NOTES.md").write_text(
        "# Notes\n\n[widgets](pkg/test_widgets.py)\n[gone](pkg/gone.py)\n"
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    [setup] = set_up_runs([tree], Settings(select=["ALL"]))
    assert setup.root == tree
    links = [row for row in _findings([tree]) if row.path == "../tree/NOTES.md"]
    # The link that exists in the tree resolves; the other is shown on the
    # finding's own base, the working folder.
    assert [row.message for row in links if row.name == "broken-link"] == [
        "link target `pkg/gone.py` does not exist (resolved to `../tree/pkg/gone.py`)"
    ]


def test_plain_markdown_outside_every_tree_is_rooted_at_the_cwd(tmp_path, monkeypatch):
    (tmp_path / "a.md").write_text("# A\n\n[b](sub/b.md)\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.md").write_text("# B\n\n[a](../a.md)\n")
    monkeypatch.chdir(tmp_path)
    [setup] = set_up_runs(["sub"], Settings(select=["ALL"]))
    assert setup.root == tmp_path
    assert _findings(["sub", "a.md"]) == []


def test_a_resolved_target_is_shown_on_the_base_of_the_finding(in_project):
    message = "link target `./test_gadgets.py_docs.md` does not exist (resolved to `{}`)"
    inside = "docs/pkg/test_gadgets.py_docs.md"
    from_project = [row.message for row in _findings([EXAMPLE]) if row.name == "broken-link"]
    assert from_project == [message.format("examples/tree/" + inside)]


def test_a_resolved_target_from_the_tree_root_keeps_its_tree_path(monkeypatch):
    monkeypatch.chdir(EXAMPLE)
    found = [row for row in _findings(["docs"]) if row.name == "broken-link"]
    assert [row.message for row in found] == [
        "link target `./test_gadgets.py_docs.md` does not exist"
        " (resolved to `docs/pkg/test_gadgets.py_docs.md`)"
    ]


def test_root_option_forces_one_root(in_project):
    require_shared()
    found = _findings([EXAMPLE / "docs", REAL / "docs"], root=EXAMPLE)
    outside = {row.path for row in found if row.name == OUTSIDE}
    assert len(outside) == 209
    assert all(path.startswith("../shared/corpus/real/docs/") for path in outside)


@pytest.mark.slow  # several roots, with workers and a cache
def test_workers_and_cache_serve_several_roots(tmp_path, in_project):
    require_shared()
    paths = [REAL / "docs", EXAMPLE / "docs"]
    serial = _findings(paths)
    settings = Settings(select=["ALL"], jobs=2, cache=True, cache_dir=tmp_path)
    first = run(paths, settings, stores=ContentCache(tmp_path, print))
    assert [tuple(row) for row in first.diagnostics] == serial
    again_settings = Settings(select=["ALL"], jobs=2, cache=True, cache_dir=tmp_path)
    again = run(paths, again_settings, stores=ContentCache(tmp_path, print))
    assert again.from_cache == again.files_checked == 211
    assert [tuple(row) for row in again.diagnostics] == serial
    assert len(list(tmp_path.glob("*.bin"))) == 2  # one cache per root


def test_fix_mode_fixes_each_tree_in_its_own_root(tmp_path, monkeypatch):
    for name in ("one", "two"):
        shutil.copytree(EXAMPLE, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    settings = Settings(select=["ALL"], jobs=1)
    fix_settings = FixSettings(unsafe=True, write=False)
    fixed = run_fixes(["two", "one"], settings, fix_settings)
    alone = run_fixes(["one"], settings, fix_settings)
    assert alone.fixed and alone.diffs
    assert not [row for row in findings(fixed.result) if row.name == OUTSIDE]
    assert fixed.files_fixed == sorted(
        alone.files_fixed + [path.replace("one/", "two/", 1) for path in alone.files_fixed]
    )
    assert fixed.fixed == alone.fixed + alone.fixed
    assert fixed.diffs == sorted(
        alone.diffs + [diff.replace("/one/", "/two/") for diff in alone.diffs]
    )


def test_check_text_judges_a_page_in_the_tree_its_title_implies(in_project):
    path = "examples/tree/docs/pkg/test_widgets.py_docs.md"
    text = (PROJECT / path).read_text(encoding="utf-8")
    as_text = check_text(text, path=path, settings=Settings(select=["ALL"]))
    as_file = check_paths([path], Settings(select=["ALL"]))
    assert as_text.diagnostics == as_file.diagnostics
    assert not [d for d in as_text.diagnostics if d.name == OUTSIDE]
    assert any(d.name == "broken-link" for d in as_text.diagnostics)


def test_a_page_inside_docs_titled_as_a_root_of_its_own_stays_in_its_tree(tmp_path, monkeypatch):
    tree = tmp_path / "tree"
    shutil.copytree(EXAMPLE, tree)
    page = tree / "docs" / "pkg" / "test_widgets.py_kw.md"
    # Moved a level down, this copy's title makes it look like a page of a
    # tree rooted at tree/docs: it is a misplaced page of tree, not a tree.
    moved = tree / "docs" / "docs" / "pkg" / "test_widgets.py_kw.md"
    moved.parent.mkdir(parents=True)
    shutil.copy(page, moved)
    monkeypatch.chdir(tmp_path)
    for paths in (["tree"], [str(moved.relative_to(tmp_path)), "tree/docs/pkg"]):
        [setup] = set_up_runs(paths, Settings(select=["ALL"]))
        assert setup.root == tree
    found = {(row.path, row.name, row.message) for row in _findings(["tree"])}
    assert (
        "tree/docs/docs/pkg/test_widgets.py_kw.md",
        "misplaced-page",
        "this page belongs at `tree/docs/pkg/test_widgets.py_kw.md`; its relative links"
        " are not checked away from there",
    ) in found


def test_only_pages_of_a_tree_make_its_root(tmp_path, monkeypatch):
    # A hand-written docs/ folder is no generated tree: its files are plain
    # Markdown of the working folder.
    (tmp_path / "project" / "docs").mkdir(parents=True)
    (tmp_path / "project" / "docs" / "index.md").write_text("# Project\n\n[up](../x.md)\n")
    monkeypatch.chdir(tmp_path)
    [setup] = set_up_runs(["project"], Settings(select=["ALL"]))
    assert setup.root == tmp_path

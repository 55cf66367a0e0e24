"""Citations read as their author wrote them (issue 91): a bare name or a
path's ending looked up in the tree of the commit that wrote the citation's
line, followed to where its file is now; the root's file of a name before a
nested one unless the citation's sentence names that one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from doclint import Settings, check_paths, check_text

from .test_any_page_citations import SOURCE, _git, needs_git

pytestmark = needs_git


def _commit(folder: Path, message: str) -> None:
    _git(folder, "add", "-A")
    _git(folder, "commit", "-q", "-m", message)


def _found(folder: Path, page: str = "docs/design.md") -> list[tuple[int, str, str]]:
    settings = Settings(select=["DL8"], root=folder, cache=False)
    report = check_paths([folder / page], settings)
    return [(d.line, d.code, d.message) for d in report.diagnostics]


@pytest.fixture
def split(tmp_path: Path) -> Path:
    """A page citing `emit.rs:41` when two files had that name: the one its
    sentence's name is written in was renamed since, the other remains."""
    for folder in ("syn/src", "hir/src", "docs"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "syn" / "src" / "emit.rs").write_text(
        SOURCE.replace("def merge_spans", "fn emit_param")
    )
    (tmp_path / "hir" / "src" / "emit.rs").write_text("fn other() {}\n")
    (tmp_path / "docs" / "design.md").write_text(
        "# Emit\n\nThe walker calls `emit_param` at `emit.rs:41`.\n"
    )
    (tmp_path / "docs" / "other.md").write_text("# Emit\n\nThe walker is at `emit.rs:41`.\n")
    _git(tmp_path, "init", "-q")
    _commit(tmp_path, "written")
    _git(tmp_path, "mv", "syn/src/emit.rs", "syn/src/emit_mod.rs")
    _commit(tmp_path, "split")
    return tmp_path


def test_a_bare_name_is_read_in_the_tree_its_line_was_written_in(split: Path) -> None:
    # Today one `emit.rs` (hir's, 1 line) is left: read there, line 41 was
    # past its end. At the commit, the sentence's `emit_param` told the file.
    found = _found(split)
    assert [(line, code) for line, code, _ in found] == []
    (split / "syn" / "src" / "emit_mod.rs").write_text("// moved\n" + SOURCE)
    _commit(split, "moved down")
    found = _found(split)
    assert [(line, code) for line, code, _ in found] == [(3, "DL803")]
    assert "`syn/src/emit.rs:41` (now `syn/src/emit_mod.rs`)" in found[0][2]


def test_a_name_the_tree_had_twice_and_nothing_tells_is_said_not_guessed(split: Path) -> None:
    _git(split, "mv", "syn/src/emit_mod.rs", "syn/src/walk.rs")
    _commit(split, "renamed again")
    # Written when both files were there: ambiguous then, whatever today holds.
    assert [(line, code) for line, code, _ in _found(split, "docs/other.md")] == [(3, "DL804")]


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A workspace manifest and a crate's, both `Cargo.toml`."""
    (tmp_path / "crates" / "cli").mkdir(parents=True)
    (tmp_path / "docs").mkdir()
    root = "".join(f"dep{n} = 1\n" for n in range(1, 28)) + 'thiserror = "2"\n'
    (tmp_path / "Cargo.toml").write_text(root)
    (tmp_path / "crates" / "cli" / "Cargo.toml").write_text("[package]\nname = 'cli'\n")
    _git(tmp_path, "init", "-q")
    _commit(tmp_path, "workspace")
    return tmp_path


def test_a_bare_name_the_root_has_is_the_root_s_file(workspace: Path) -> None:
    (workspace / "docs" / "design.md").write_text(
        "# Deps\n\nThe cli's manifest is `crates/cli/Cargo.toml`.\n"
        "The workspace pins `thiserror` (`Cargo.toml:28`).\n"
    )
    _commit(workspace, "page")
    root = (workspace / "Cargo.toml").read_text()
    (workspace / "Cargo.toml").write_text("[workspace]\n# Core\n\n" + root)
    _commit(workspace, "moved")
    found = _found(workspace)
    assert [(line, code) for line, code, _ in found] == [(4, "DL803")]
    assert found[0][2].startswith("`Cargo.toml:28`") and found[0][2].endswith("at 31")
    settings = Settings(select=["DL803"], root=workspace, cache=False)
    fix = check_paths([workspace / "docs" / "design.md"], settings).diagnostics[0].fix
    assert fix is not None and [edit.content for edit in fix.edits] == ["31"]


def test_a_nested_file_its_own_sentence_names_is_that_one(workspace: Path) -> None:
    (workspace / "docs" / "design.md").write_text(
        "# Deps\n\nIn `crates/cli/Cargo.toml` the name is `Cargo.toml:2`.\n"
        "| `crates/cli/Cargo.toml` | its name (`Cargo.toml:3`) |\n"
        "| `crates/cli/Cargo.toml` | a dep; the workspace's (`Cargo.toml:4`) |\n"
    )
    _commit(workspace, "page")
    found = _found(workspace)
    # The second is past the crate's two lines: read as the crate's, not the root's.
    assert [(line, code) for line, code, _ in found] == [(4, "DL802")]
    assert "`crates/cli/Cargo.toml:3`" in found[0][2]


def test_a_path_ending_of_a_file_moved_since_is_followed(tmp_path: Path) -> None:
    (tmp_path / "core" / "src" / "query").mkdir(parents=True)
    (tmp_path / "docs").mkdir()
    (tmp_path / "core" / "src" / "query" / "list_items.rs").write_text(SOURCE)
    (tmp_path / "docs" / "audit.md").write_text(
        "# Audit\n\nThe helper is `src/query/list_items.rs:41`, and `list_items.rs:42`.\n"
    )
    _git(tmp_path, "init", "-q")
    _commit(tmp_path, "written")
    (tmp_path / "query" / "src").mkdir(parents=True)
    _git(tmp_path, "mv", "core/src/query/list_items.rs", "query/src/list_items.rs")
    (tmp_path / "query" / "src" / "list_items.rs").write_text("// moved\n" + SOURCE)
    _commit(tmp_path, "moved to another crate")
    found = _found(tmp_path, "docs/audit.md")
    assert [(line, code) for line, code, _ in found] == [(3, "DL803"), (3, "DL803")]
    assert all("(now `query/src/list_items.rs`)" in message for _, _, message in found)


_CHECK = [sys.executable, "-m", "doclint", "check", "--no-cache", "--isolated", "--select", "DL8"]
_CHECK += ["--output-format", "concise"]


def test_the_same_findings_from_any_folder_and_through_the_api(workspace: Path) -> None:
    page = "# Deps\n\nSee `crates/cli/Cargo.toml`. The workspace has `Cargo.toml:28`.\n"
    (workspace / "docs" / "design.md").write_text(page)
    _commit(workspace, "page")
    (workspace / "Cargo.toml").write_text("\n" + (workspace / "Cargo.toml").read_text())
    _commit(workspace, "moved")
    shown = []
    for cwd in (workspace, workspace / "docs", workspace.parent):
        done = subprocess.run(
            [*_CHECK, str(workspace / "docs" / "design.md")],
            cwd=cwd,
            capture_output=True,
            text=True,
            check=False,
        )
        shown.append([line.split(": ", 1)[1] for line in done.stdout.splitlines() if "DL8" in line])
    assert shown[0] == shown[1] == shown[2] and len(shown[0]) == 1
    assert "`Cargo.toml:28`" in shown[0][0]
    old = Path.cwd()
    try:
        os.chdir(workspace / "docs")
        report = check_text(page, "design.md", Settings(select=["DL803"], cache=False))
    finally:
        os.chdir(old)
    assert [d.message for d in report.diagnostics] == [
        "`Cargo.toml:28`: the cited line changed since "
        + shown[0][0].split("since ", 1)[1].split(";")[0]
        + "; it now stands at 29"
    ]


@pytest.fixture
def drifted(tmp_path: Path) -> Path:
    """A page whose cited lines moved down two lines after it was written."""
    (tmp_path / "src").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "src" / "spans.py").write_text(SOURCE)
    (tmp_path / "docs" / "design.md").write_text(
        "# Design\n\nThe merge is `src/spans.py:41-42`.\nThe first is `src/spans.py:1`.\n"
    )
    _git(tmp_path, "init", "-q")
    _commit(tmp_path, "written")
    (tmp_path / "src" / "spans.py").write_text("# one\n# two\n" + SOURCE)
    _commit(tmp_path, "moved")
    return tmp_path


def _stdin(folder: Path, text: str) -> list[str]:
    done = subprocess.run(
        [*_CHECK, "--stdin-filename", "docs/design.md", "-"],
        cwd=folder,
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )
    return [line.split(": ", 1)[0] for line in done.stdout.splitlines() if "DL8" in line]


def test_an_edited_page_keeps_its_citations_history(drifted: Path) -> None:
    page = "\n" + (drifted / "docs" / "design.md").read_text()
    # Its lines kept are blamed at their commits, one line down.
    assert _stdin(drifted, page) == ["docs/design.md:4:14", "docs/design.md:5:14"]
    report = check_text(page, "docs/design.md", Settings(select=["DL803"], root=drifted))
    assert [(d.line, d.message.rsplit(" ", 1)[1]) for d in report.diagnostics] == [
        (4, "43-44"),
        (5, "3"),
    ]
    # On disk, not committed (a page staged for pre-commit, or just fixed).
    (drifted / "docs" / "design.md").write_text(page)
    found = _found(drifted)
    assert [(line, code) for line, code, _ in found] == [(4, "DL803"), (5, "DL803")]


def test_a_citation_written_in_the_edit_is_judged_as_the_tree_is(drifted: Path) -> None:
    page = "# Design\n\nThe merge is `src/spans.py:43-44`.\nThe first is `src/spans.py:3`.\n"
    assert _stdin(drifted, page) == []


def test_the_editor_s_buffer_keeps_its_citations_history(drifted: Path) -> None:
    from doclint.server.documents import Workspace

    page = drifted / "docs" / "design.md"
    workspace = Workspace(drifted)
    try:
        # The first keystroke: a blank line at the top.
        found = workspace.check(page, "\n" + page.read_text()).findings
        assert [(row.line, row.code) for row in found if row.code.startswith("DL8")] == [
            (4, "DL803"),
            (5, "DL803"),
        ]
    finally:
        workspace.close()


FORMS = (
    "---\nname: merge_spans\nsourceRef: src/spans.py#L41-L42\n---\n# Forms\n\n"
    '<dt><a href="https://github.com/acme/spans/blob/main/src/spans.py#L41">merge</a></dt>\n\n'
    "See [the merge][merge] and [the first][first], and `docs/guide.md:3`.\n\n"
    "[merge]: src/spans.py#L41-L42\n[first]: ../src/spans.py#L1\n"
)


@pytest.fixture
def forms(tmp_path: Path) -> Path:
    """A page citing in the forms beyond `[text](target)`, its cited lines
    moved down two lines since."""
    (tmp_path / "src").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "src" / "spans.py").write_text(SOURCE)
    (tmp_path / "docs" / "guide.md").write_text("# Guide\n\nThe merge.\n")
    (tmp_path / "docs" / "design.md").write_text(FORMS)
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "remote", "add", "origin", "https://github.com/acme/spans.git")
    _commit(tmp_path, "written")
    (tmp_path / "src" / "spans.py").write_text("# one\n# two\n" + SOURCE)
    (tmp_path / "docs" / "guide.md").write_text("# Guide\n\nIntro.\n\nThe merge.\n")
    _commit(tmp_path, "moved")
    return tmp_path


def test_anchors_definitions_front_matter_and_pages_are_citations(forms: Path) -> None:
    found = _found(forms)
    assert [(line, code) for line, code, _ in found] == [
        (3, "DL803"),
        (7, "DL803"),
        (9, "DL803"),
        (11, "DL803"),
        (12, "DL803"),
    ], found
    assert found[0][2].endswith("they now stand at 43-44")
    assert found[2][2].startswith("`docs/guide.md:3`")
    # The fix rewrites the numbers where they are written: the definition's line.
    done = subprocess.run(
        [sys.executable, "-m", "doclint", "check", "--no-cache", "--isolated", "--fix", "docs"],
        cwd=forms,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    text = (forms / "docs" / "design.md").read_text()
    assert "sourceRef: src/spans.py#L43-L44" in text and "[merge]: src/spans.py#L43-L44" in text


def test_the_same_forms_unmoved_are_silent(forms: Path) -> None:
    text = FORMS.replace("41", "43").replace("42", "44").replace("guide.md:3", "guide.md:5")
    (forms / "docs" / "design.md").write_text(text.replace("#L1\n", "#L3\n"))
    _commit(forms, "re-anchored")
    assert _found(forms) == []


def test_an_anchor_s_fix_rewrites_its_href_s_number_alone(tmp_path: Path) -> None:
    # Its text's numbers and its path's are not its lines.
    (tmp_path / "src" / "v2").mkdir(parents=True)
    (tmp_path / "docs").mkdir()
    (tmp_path / "src" / "v2" / "spans.py").write_text(SOURCE)
    line = '<dt><a href="../src/v2/spans.py#L41"><code>merge_spans</code> (line 41)</a></dt>'
    (tmp_path / "docs" / "design.md").write_text(f"# Design\n\n{line}\n")
    _git(tmp_path, "init", "-q")
    _commit(tmp_path, "written")
    (tmp_path / "src" / "v2" / "spans.py").write_text("# one\n# two\n" + SOURCE)
    _commit(tmp_path, "moved")
    assert [(n, code) for n, code, _ in _found(tmp_path)] == [(3, "DL803")]
    command = [sys.executable, "-m", "doclint", "check", "--no-cache", "--isolated", "--fix"]
    subprocess.run([*command, "docs"], cwd=tmp_path, capture_output=True, check=False)
    fixed = (tmp_path / "docs" / "design.md").read_text().splitlines()[2]
    assert fixed == line.replace("#L41", "#L43")

"""A page is a generator's by its place and its outline: a title line above
its object headings does not change it; `doclint profile check` reads pages
as `check` does (markers included); `doclint check --explain PAGE` says
which generator read a page and why no other did; a run in which pages
matched no generator says so in its summary."""

from __future__ import annotations

import json
import os
import shutil
import xml.etree.ElementTree as ET
from html import escape
from pathlib import Path

import jsonschema
import pytest

from doclint import Settings, check_paths
from doclint.config.files import load_profile
from tests.checking import run_cli
from tests.conftest import PROJECT, SHARED, require_shared
from tests.pages import keyword_index, write
from tests.test_output_formats import sarif_schema

EXAMPLE = PROJECT / "examples" / "profile"
TINYDOC = EXAMPLE / "tinydoc.toml"


def tinydoc_findings(root: Path) -> list[tuple[str, int, str, str]]:
    settings = Settings(root=root, profiles=(load_profile(root.parent / "tinydoc.toml"),))
    report = check_paths([root / "reference"], settings)
    return sorted(
        (os.path.relpath(os.path.abspath(d.path), root), d.line, d.code, d.message)
        for d in report.diagnostics
    )


def test_a_title_line_above_the_object_headings_keeps_the_page_the_generators(tmp_path):
    shutil.copytree(EXAMPLE, tmp_path / "profile")
    bad = tmp_path / "profile" / "bad"
    titled = tinydoc_findings(bad)
    page = bad / "reference" / "shapes.md"
    title = "# shapes\n\n"
    text = page.read_text(encoding="utf-8")
    assert text.startswith(title)  # the example's page has its title line
    page.write_text(text.removeprefix(title), encoding="utf-8")
    untitled = tinydoc_findings(bad)
    assert len(untitled) == 9
    # The same findings, two lines lower on the titled page; none about the title.
    moved = [
        (path, line + 2 * (path == "reference/shapes.md" and line > 1), code, message)
        for path, line, code, message in untitled
    ]
    assert titled == moved
    assert not any("`shapes`" in message for *_, message in titled)


def test_profile_check_reads_a_page_by_the_markers_as_check_does(tmp_path, monkeypatch, capsys):
    """A page cut off before its first object heading is the profile's where
    its project holds one of the profile's markers: `check` reads it so, and
    `profile check` must agree."""
    shutil.copytree(EXAMPLE, tmp_path / "profile")
    profile = tmp_path / "profile" / "tinydoc.toml"
    text = profile.read_text(encoding="utf-8")
    profile.write_text(
        text.replace('source = "{path}.py"\n', 'source = "{path}.py"\nmarkers = [".tinydoc"]\n'),
        encoding="utf-8",
    )
    bad = tmp_path / "profile" / "bad"
    (bad / ".tinydoc").write_text("", encoding="utf-8")
    (bad / "reference" / "units.md").write_text("_Summary_: Units and their", encoding="utf-8")
    checked = run_cli(monkeypatch, capsys, tmp_path / "profile", "check", "--no-cache",
                      "--config", 'profiles = ["tinydoc.toml"]', "bad/reference",
                      "--output-format", "concise")  # fmt: skip
    assert "bad/reference/units.md:1:1: DL704 error [undocumented-object] function `to_inches`" in (
        checked.out
    )
    judged = run_cli(monkeypatch, capsys, tmp_path / "profile", "profile", "check",
                     "tinydoc.toml", "--good", "good", "--bad", "bad")  # fmt: skip
    assert judged.out.endswith("profile tinydoc: 2 examples, every example is as labelled\n")
    assert judged.code == 0
    # Near miss: without the marker the page is no generator's, for both.
    (bad / ".tinydoc").unlink()
    unmarked = run_cli(monkeypatch, capsys, tmp_path / "profile", "profile", "check",
                       "tinydoc.toml", "--bad", "bad")  # fmt: skip
    assert unmarked.code == 1
    assert "bad/reference/units.md: not read as a page of tinydoc" in unmarked.out


def test_explain_says_which_generator_read_a_page_and_why_no_other(tmp_path, monkeypatch, capsys):
    shutil.copytree(EXAMPLE, tmp_path / "profile")
    page = "profile/bad/reference/shapes.md"
    configured = ["--config", 'profiles = ["profile/tinydoc.toml"]']
    read = run_cli(monkeypatch, capsys, tmp_path, "check", *configured, "--explain", page)
    assert read.code == 0
    assert read.out.splitlines() == [
        f"{page}: read as tinydoc's object page of `profile/bad/shapes.py`: in its layout "
        "(reference/<path>.md documents <path>.py), with its object heading `## class `Square``",
        "  not pytorch: its title `# shapes` is none of its templates'",
        "  not repoagent: not in its layout: markdown_docs/<path>.md documents <path>.py",
        "  not repoagent-2023: not in its layout: Markdown_Docs/<path>.md documents <path>.py",
        "  not repoagent-2024-01: not in its layout: Markdown_Docs/<path>.md documents <path>.py",
    ]
    # Without the profile, the page is no generator's, and each says why.
    plain = run_cli(monkeypatch, capsys, tmp_path, "check", "--explain", page)
    assert plain.out.splitlines()[0] == (
        f"{page}: read as written by hand, a plain page: no generator wrote it, and no line "
        "of it cites code; its links and anchors are checked"
    )
    missing = run_cli(monkeypatch, capsys, tmp_path, "check", "--explain", "nope.md")
    assert (missing.code, missing.err) == (2, "doclint: error: nope.md: no such page\n")


def test_explain_names_the_template_of_a_pytorch_page(tmp_path, monkeypatch, capsys):
    write(tmp_path, {"docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["Thing"])})
    read = run_cli(monkeypatch, capsys, tmp_path, "check", "--explain", "docs/pkg/mod.py_kw.md")
    assert read.out.startswith(
        "docs/pkg/mod.py_kw.md: read as pytorch's keyword-index page: title "
        "`# Keyword Index: `pkg/mod.py``, template `python`\n"
    )


UNREAD = "2 pages match no generator: `doclint check --explain PAGE` says why"


def test_a_run_of_pages_no_generator_wrote_says_so_in_every_summary(tmp_path, monkeypatch, capsys):
    """Pages named as a generator names its pages whose titles are none of
    its templates': no finding, and every format with a summary says that
    the pages matched no generator. A page written by hand beside them, read
    as such, is not counted."""
    write(
        tmp_path,
        {
            "docs/pkg/a.py_docs.md": "# Notes on a\n",
            "docs/pkg/b.py_kw.md": "# Keywords of b\n",
            "docs/guide.md": "# Guide\n\nSee [a](pkg/a.py_docs.md).\n",
        },
    )
    args = ["check", "--no-cache", "docs", "--output-format"]
    text = run_cli(monkeypatch, capsys, tmp_path, *args, "full")
    assert (text.code, text.out) == (0, f"All checks passed (3 files checked; {UNREAD}).\n")
    concise = run_cli(monkeypatch, capsys, tmp_path, *args, "concise")
    assert concise.out == text.out
    sarif = json.loads(run_cli(monkeypatch, capsys, tmp_path, *args, "sarif").out)
    jsonschema.validate(sarif, sarif_schema())
    (invocation,) = sarif["runs"][0]["invocations"]
    assert invocation["toolExecutionNotifications"] == [
        {"level": "note", "message": {"text": UNREAD}}
    ]
    github = run_cli(monkeypatch, capsys, tmp_path, *args, "github")
    assert github.out == f"::notice title=doclint::{UNREAD}\n"
    junit = ET.fromstring(run_cli(monkeypatch, capsys, tmp_path, *args, "junit").out)
    (prop,) = junit.findall("testsuite/properties/property")
    assert (prop.get("name"), prop.get("value")) == ("doclint.unread-pages", UNREAD)
    html = run_cli(monkeypatch, capsys, tmp_path, *args, "html").out
    assert f'<p id="unread" role="note">{escape(UNREAD)}</p>' in html
    # A generator's pages without its profile carry no mark doclint knows:
    # they are read as written by hand, and not counted.
    shutil.copytree(EXAMPLE, tmp_path / "profile")
    plain = run_cli(monkeypatch, capsys, tmp_path, "check", "--no-cache", "profile/bad/reference")
    assert (plain.code, plain.out) == (0, "All checks passed (2 files checked).\n")
    # With the profile, every page is the generator's: the summary is as before.
    profiled = ["check", "--no-cache", "--config", 'profiles = ["profile/tinydoc.toml"]']
    configured = run_cli(monkeypatch, capsys, tmp_path, *profiled, "profile/bad/reference")
    assert configured.out.endswith("Found 9 problems in 3 files (2 files checked).\n")
    sarif = json.loads(run_cli(monkeypatch, capsys, tmp_path, *profiled, "profile/bad/reference",
                               "--output-format", "sarif").out)  # fmt: skip
    assert "invocations" not in sarif["runs"][0]


def test_a_docs_folder_the_project_named_is_found_beside_repoagents_record(
    tmp_path, monkeypatch, capsys
):
    """RepoAgent's output folder is the project's choice (`markdown_docs_name`):
    a folder beside `.project_doc_record/` whose pages are RepoAgent's is read
    as `markdown_docs/` is, and the run says which folder it took."""
    require_shared()
    named = tmp_path / "named"
    shutil.copytree(SHARED / "corpus" / "repoagent", named)
    (named / ".project_doc_record").mkdir()
    (named / ".project_doc_record" / "project_hierarchy.json").write_text("{}", encoding="utf-8")
    shutil.copytree(named, tmp_path / "usual")
    (named / "markdown_docs").rename(named / "generated_docs")
    args = ["check", "--no-cache", "--output-format", "concise"]
    usual = run_cli(monkeypatch, capsys, tmp_path / "usual", *args, ".")
    chosen = run_cli(monkeypatch, capsys, named, *args, ".")
    assert chosen.err == (
        "doclint: reading generated_docs/ as repoagent's docs folder "
        "(beside .project_doc_record/project_hierarchy.json)\n"
    )
    assert usual.code == chosen.code == 1
    findings = usual.out.splitlines()
    assert len(findings) > 30
    # Every path of a page names the folder the project chose.
    renamed = [line.replace("markdown_docs/", "generated_docs/") for line in findings]
    assert chosen.out.splitlines() == renamed
    # From inside the folder, the same findings (outside any checkout): the
    # project's README.md is not among the files checked.
    inside = run_cli(monkeypatch, capsys, named / "generated_docs", *args, ".")
    assert inside.err.startswith("doclint: reading ./ as repoagent's docs folder")
    found = findings[-1].split(" (")[0]
    assert found.startswith("Found 4")
    assert inside.out.splitlines()[-1] == f"{found} (17 files checked)."
    # Near miss: without the record beside it, the folder is no generator's;
    # its pages open with RepoAgent's object headings, and are counted (the
    # project's README.md, written by hand, is not).
    (named / ".project_doc_record" / "project_hierarchy.json").unlink()
    plain = run_cli(monkeypatch, capsys, named, *args, ".")
    assert (plain.code, plain.err) == (0, "")
    assert "(18 files checked; 17 pages match no generator" in plain.out


def test_the_count_reads_no_page_through_a_link_out_of_the_tree(tmp_path, monkeypatch, capsys):
    """Counting the pages no generator wrote reads them as the run does: a
    link out of the tree is neither checked nor read to be counted."""
    outside = tmp_path / "outside"
    write(outside, {"secret.md": "# Not a page of the tree\n"})
    tree = tmp_path / "tree"
    write(tree, {"docs/a.py_docs.md": "# A\n"})
    (tree / "docs" / "link.py_docs.md").symlink_to(outside / "secret.md")
    (tree / "docs" / "linked").symlink_to(outside, target_is_directory=True)
    (outside / "secret.py_docs.md").write_text("# Not a page of the tree\n")
    done = run_cli(monkeypatch, capsys, tree, "check", "--no-cache", "docs/a.py_docs.md",
                   "docs/link.py_docs.md", "docs/linked/secret.py_docs.md")  # fmt: skip
    # Only docs/a.py_docs.md is read, and counted.
    assert "; 1 page matches no generator:" in done.out


def test_a_readme_among_the_pages_is_no_generators_page_even_beside_a_marker(
    tmp_path, monkeypatch, capsys
):
    """A marker keeps a page cut off before its first object the profile's;
    a README with headings of its own at the objects' level is not, and is
    not reported as the page of a missing `README.py`."""
    write(
        tmp_path,
        {
            ".project_doc_record/project_hierarchy.json": "{}",
            "pkg/m.py": "def f(a):\n    pass\n",
            "markdown_docs/pkg/m.md": "## FunctionDef f(a)\n**f**: F.\n",
            "markdown_docs/README.md": "# Docs\n\n## Contents\n\n- [m](pkg/m.md)\n",
            "markdown_docs/pkg/cut.md": "# cut\n",
        },
    )
    done = run_cli(monkeypatch, capsys, tmp_path, "check", "--no-cache", "--output-format",
                   "concise", "markdown_docs")  # fmt: skip
    assert "README" not in done.out
    # The cut-off page is still RepoAgent's: its module is not in the tree.
    assert "markdown_docs/pkg/cut.md:1:1: DL709 warning [orphan-page]" in done.out
    assert "(3 files checked; 1 page matches no generator" in done.out
    why = run_cli(monkeypatch, capsys, tmp_path, "check", "--explain", "markdown_docs/README.md")
    assert why.out.splitlines()[-3] == (
        "  not repoagent: in its layout (markdown_docs/<path>.md documents <path>.py), but its "
        "heading `## Contents` is none of the profile's object headings"
    )


def test_a_marker_reached_through_a_link_out_of_the_tree_marks_no_page(
    tmp_path, monkeypatch, capsys
):
    """A page cut off before its first object is a profile's by its marker,
    and a marker is looked for inside the tree: `.project_doc_record` made a
    link to a folder outside decides nothing."""
    outside = tmp_path / "outside"
    write(outside, {"project_hierarchy.json": "{}"})
    tree = tmp_path / "tree"
    write(tree, {"pkg/cut.py": "def f(a):\n    pass\n", "markdown_docs/pkg/cut.md": "# cut\n"})
    page = "markdown_docs/pkg/cut.md"

    def first_line() -> str:
        return run_cli(monkeypatch, capsys, tree, "check", "--explain", page).out.splitlines()[0]

    write(tree, {".project_doc_record/project_hierarchy.json": "{}"})
    assert first_line().startswith(f"{page}: read as repoagent's")
    shutil.rmtree(tree / ".project_doc_record")
    (tree / ".project_doc_record").symlink_to(outside)
    assert first_line().startswith(f"{page}: read as written by hand")


@pytest.mark.slow  # a tree checked cold, cached and fixed
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_count_comes_from_the_bytes_checked_cold_cached_and_after_fix_mode(
    tmp_path, monkeypatch, capsys, jobs
):
    """The pages no generator wrote are counted where each file is checked,
    from the bytes read to check it, and kept with its cached result: no
    page is read again to count it, and a run with the cache (restored, or
    filled by fix mode) says what a cold run says."""
    shutil.copytree(EXAMPLE, tmp_path / "profile")
    # Named as the PyTorch generator names its pages, titled as none of its:
    # counted (the tinydoc pages, without their profile, read as by hand).
    pages = {f"profile/bad/reference/plain{n}.py_docs.md": f"# Plain {n}\n" for n in range(200)}
    pages["profile/bad/reference/mod.py_kw.md"] = keyword_index("mod.py", ["Thing"])
    write(tmp_path, pages)
    args = ["check", "profile/bad/reference", "--jobs", jobs, "--cache-dir", "cache"]
    cold = run_cli(monkeypatch, capsys, tmp_path, *args, "--no-cache")
    assert "(203 files checked; 200 pages match no generator" in cold.out
    for _ in range(2):  # cold, then from the cache
        assert run_cli(monkeypatch, capsys, tmp_path, *args).out == cold.out
    run_cli(monkeypatch, capsys, tmp_path, *args, "--output-format", "json")  # parts added
    assert run_cli(monkeypatch, capsys, tmp_path, *args).out == cold.out
    shutil.rmtree(tmp_path / "cache")
    run_cli(monkeypatch, capsys, tmp_path, *args, "--fix")  # the cache, kept by fix mode
    fixed = run_cli(monkeypatch, capsys, tmp_path, *args, "--no-cache")
    assert "200 pages match no generator" in fixed.out
    assert run_cli(monkeypatch, capsys, tmp_path, *args).out == fixed.out

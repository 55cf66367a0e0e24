"""Issue 89, items 1, 2 and 7: paths are compared as resolved, and every walk
of the project lists folders without following links.

A checkout commits `link -> ../outside`. Whatever is named below the link
(on the command line, or a document the editor server opens) and whatever a
page's title or a wiki's folder implies as a root there is refused as the
link itself is, by file-outside-root: no outside file is read, counted or
rewritten, and no configuration is found through the link. A RepoAgent tree
with two links to `.` is walked once: the project model, the names index,
undocumented-module and the first page below a docs folder each see each
file once. Each test ran red on the code before these changes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from doclint import check_text
from doclint.profiles import builtin_profiles
from doclint.profiles.generators import shipped_generators
from doclint.rule_api import RuleContext
from doclint.server.documents import Workspace
from doclint.tree.index import Tree
from tests.pages import keyword_index, write

PROJECT = Path(__file__).resolve().parents[2]
DOCLINT = [sys.executable, "-m", "doclint"]
# Seven lines: a line count of the outside source would show in a finding.
SOURCE = '"""Outside."""\n\nSECRET_NAME = 1\n\n\ndef hidden_function():\n    return 2\n'
KW = "docs/a/x.py_kw.md"


def _outside(folder: Path) -> None:
    """What lies outside the checkout: a generated tree and a wiki whose
    findings would tell what its source holds."""
    write(
        folder,
        {
            "a/x.py": SOURCE,
            # A class the source does not define, under a misspelt heading:
            # both a finding and a fix, were the page checked.
            KW: keyword_index("a/x.py", ["hidden_function"]),
            "docs/a/x.py_docs.md": "# Documentation: `a/x.py`\n\nSee [gone](../../a/gone.py).\n",
            ".deepwiki/1-overview.md": (
                "# Overview\n\nRelevant source files\n\n- [a/x.py](a/x.py)\n\n"
                "See a/x.py:6 and a/x.py:70.\n"
            ),
        },
    )


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A checkout with a committed link out of it, to a tree beside it."""
    _outside(tmp_path / "outside")
    root = tmp_path / "ws"
    write(root, {"README.md": "# ws\n"})
    (root / ".git").mkdir()
    (root / "link").symlink_to("../outside")
    return root


def _doclint(cwd: Path, *arguments: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [*DOCLINT, "check", "--no-cache", "--select", "ALL", *arguments],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(PROJECT)},
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def _finding_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": DL" in line]


# 1. Paths below a link out of the checkout: refused as the link is.


@pytest.mark.parametrize("named", ["link/docs", "link/.deepwiki", f"link/{KW}"])
def test_a_path_below_a_link_out_is_refused_as_the_link_is(checkout: Path, named: str) -> None:
    link = _doclint(checkout, "--output-format", "concise", "link")
    done = _doclint(checkout, "--output-format", "concise", named)
    assert done.returncode == link.returncode == 1
    refused = f"the file is outside the tree root {checkout}; not checked"
    assert _finding_lines(link.stdout) == [f"link:1:1: DL010 error [file-outside-root] {refused}"]
    # One line, naming what was named: nothing below the link is listed or read.
    assert _finding_lines(done.stdout) == [
        f"{named}:1:1: DL010 error [file-outside-root] {refused}"
    ]
    assert "7 lines" not in done.stdout and "hidden_function" not in done.stdout


def test_a_buffer_named_below_a_link_out_is_refused_as_a_file_there_is(
    checkout: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through stdin and the API, as `doclint check link/docs/...` refuses it:
    the one buffer check says file-outside-root, not what the page would
    claim from there (misplaced-page, orphan-doc)."""
    page = (checkout / "link" / KW).read_text()
    refused = f"the file is outside the tree root {checkout}; not checked"
    done = _doclint(
        checkout, "--output-format", "concise", "--stdin-filename", f"link/{KW}", "-", stdin=page
    )
    assert _finding_lines(done.stdout) == [
        f"link/{KW}:1:1: DL010 error [file-outside-root] {refused}"
    ]
    monkeypatch.chdir(checkout)
    report = check_text(page, path=f"link/{KW}")
    assert [(d.code, d.message) for d in report.diagnostics] == [("DL010", refused)]


@pytest.mark.parametrize(
    ("glob", "base"), [("link/docs/**/*.md", "link/docs"), ("link/*/a/*.md", "link")]
)
def test_a_quoted_glob_below_a_link_out_lists_nothing_there(
    checkout: Path, glob: str, base: str
) -> None:
    done = _doclint(checkout, "--output-format", "concise", glob)
    refused = f"the file is outside the tree root {checkout}; not checked"
    # The folder the glob starts in stands for it: no name below it is listed.
    assert _finding_lines(done.stdout) == [f"{base}:1:1: DL010 error [file-outside-root] {refused}"]


def test_a_fix_below_a_link_out_writes_nothing_outside(checkout: Path) -> None:
    page = checkout.parent / "outside" / KW
    before = page.read_bytes()
    for named in ("link/docs", f"link/{KW}"):
        done = _doclint(checkout, "--fix", "--unsafe-fixes", named)
        assert done.returncode == 1 and "DL010" in done.stdout, done.stdout
    assert page.read_bytes() == before


@pytest.mark.parametrize("a_checkout", [True, False], ids=["outside-checkout", "no-checkout"])
def test_no_configuration_is_found_through_a_link_out(checkout: Path, a_checkout: bool) -> None:
    # A configuration outside, which would stop the run with a line naming
    # its key were it read; the outside folder a checkout of its own, or
    # neither folder one (then the working folder bounds the run).
    outside = checkout.parent / "outside"
    write(outside, {"pyproject.toml": "[tool.doclint]\nfrom-outside = 1\n"})
    if a_checkout:
        (outside / ".git").mkdir()
    else:
        (checkout / ".git").rmdir()
    done = _doclint(checkout, "--output-format", "concise", f"link/{KW}")
    assert "from-outside" not in done.stderr, done.stderr
    refused = f"the file is outside the tree root {checkout}; not checked"
    assert _finding_lines(done.stdout) == [
        f"link/{KW}:1:1: DL010 error [file-outside-root] {refused}"
    ]


def test_a_checkout_reached_through_a_linked_home_folder_keeps_its_root(tmp_path: Path) -> None:
    # The control: a home folder that is a checkout links its folder of
    # projects from elsewhere; a project named there through the link, from
    # inside the project, is checked as its own tree, not refused.
    data = tmp_path / "data" / "src" / "repo"
    _outside(data)
    (data / ".git").mkdir()
    home = tmp_path / "home"
    (home / ".git").mkdir(parents=True)
    (home / "src").symlink_to(data.parent)
    done = _doclint(data, "--output-format", "concise", str(home / "src" / "repo" / "docs"))
    assert "DL010" not in done.stdout, done.stdout
    assert "does not exist" in done.stdout  # the broken link, checked in the tree


@pytest.mark.parametrize("root", ["link", "link/docs"])
def test_a_root_named_at_or_below_a_link_out_is_refused(checkout: Path, root: str) -> None:
    done = _doclint(checkout, "--root", root, f"link/{KW}")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"doclint: error: --root {root}: leads out of its checkout through a symbolic link\n"
    )


def test_a_named_file_outside_the_working_folder_below_a_link_is_refused(
    checkout: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    page = checkout / "link" / KW
    done = _doclint(elsewhere, "--output-format", "concise", str(page), str(checkout / "link/docs"))
    refused = f"DL010 error [file-outside-root] the file is outside the tree root {checkout}"
    assert all(refused in line for line in _finding_lines(done.stdout)), done.stdout
    assert len(_finding_lines(done.stdout)) == 2


# 1. The editor server: the root a title implies and the configuration, resolved.


def _workspace(tmp_path: Path, config: str | None) -> tuple[Workspace, Path]:
    """A workspace (no checkout) committing a link to a generated tree
    outside it, with `config` as the outside tree's pyproject.toml."""
    _outside(tmp_path / "outside")
    if config is not None:
        write(tmp_path / "outside", {"pyproject.toml": config})
    root = tmp_path / "ws"
    root.mkdir()
    (root / "link").symlink_to("../outside")
    return Workspace(root), root / "link" / KW


def test_the_server_takes_no_root_a_title_implies_below_a_link_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    workspace, page = _workspace(tmp_path, None)
    checked = workspace.check(page, page.read_text())
    # Which keyword entries it reported told what the outside source defines.
    assert [(row.code, row.message) for row in checked.findings] == [
        ("DL010", f"the file is outside the tree root {workspace.root}; not checked")
    ]
    assert workspace.fix_all(page, page.read_text()) is None


def test_the_server_finds_no_configuration_through_a_link_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    # A value the server would name in its note (its log) were the file read.
    workspace, page = _workspace(tmp_path, "[tool.doclint]\nfrom-outside = 1\n")
    checked = workspace.check(page, page.read_text())
    assert checked.note is None and not checked.trouble
    assert [row.code for row in checked.findings] == ["DL010"]


# 2. Walks of the project: no link followed, each folder once.


@pytest.fixture
def looped(tmp_path: Path) -> Path:
    """A RepoAgent tree with two undocumented modules and two links to `.`:
    a walk that follows links lists 2^40 folders."""
    root = tmp_path / "tree"
    write(
        root,
        {
            "pkg/shapes.py": "class Square:\n    def area(self):\n        return 1\n",
            "pkg/extra.py": "class Extra:\n    pass\n",
            "pkg/sub/deep.py": "def deep():\n    return 1\n",
            "markdown_docs/pkg/shapes.md": (
                "## ClassDef Square\n**Square**: A square.\n\n"
                "### FunctionDef area(self)\n**area**: Its area.\n\n"
                "### FunctionDef perimeter(self)\n**perimeter**: Not in the code.\n"
            ),
        },
    )
    (root / ".git").mkdir()
    return root


def _concise(root: Path) -> list[str]:
    # In a process of its own: a walk that follows the links does not end.
    return _finding_lines(_doclint(root, "--output-format", "concise", "markdown_docs").stdout)


def test_two_links_to_the_tree_itself_change_no_finding(looped: Path) -> None:
    alone = _concise(looped)
    (looped / "l1").symlink_to(".")
    (looped / "l2").symlink_to(".")
    found = _concise(looped)
    assert found == alone
    # undocumented-module names each module without a page once, missing-object
    # the method the code does not define once.
    assert [line.partition(":")[0] for line in found if " DL708 " in line] == [
        "pkg/extra.py",
        "pkg/sub/deep.py",
    ]
    assert [line for line in found if " DL701 " in line] == [
        "markdown_docs/pkg/shapes.md:7:1: DL701 error [missing-object] "
        "`pkg/shapes.py` defines no function `Square.perimeter`"
    ]


def test_the_project_model_and_names_index_see_each_file_once(looped: Path) -> None:
    from doclint_rules._common import project_names, project_python
    from doclint_rules.objects._sources import first_page_below

    # One link to `.` (a walk that follows it goes 40 links deep, not 2^40
    # folders), and one in a docs folder before its first real subfolder.
    (looped / "l1").symlink_to(".")
    write(looped, {"markdown_docs/pkg/sub/zz/deep.md": "## FunctionDef deep\n"})
    (looped / "markdown_docs/pkg/sub/a").symlink_to("zz")
    text = (looped / "markdown_docs/pkg/shapes.md").read_text()
    tree = Tree(looped, None, shipped_generators())
    ctx = RuleContext(tree, "markdown_docs/pkg/shapes.md", text, text.split("\n"))
    profile = next(p for p in builtin_profiles() if p.name == "repoagent")
    model = project_python.build(profile, "", ctx)
    assert model.sources == ["pkg/extra.py", "pkg/shapes.py", "pkg/sub/deep.py"]
    names = project_names.build(ctx)
    assert not any(path.startswith("l1/") for path in names.paths), names.paths
    # The first page below a folder without pages of its own is found in its
    # first real subfolder by name, not through the link `a` before it.
    assert first_page_below("markdown_docs/pkg/sub", ctx) == "markdown_docs/pkg/sub/zz/deep.md"
    folders = [folder for folder, _, _ in ctx.walk()]
    assert sorted(folders) == [
        "",
        ".git",
        "markdown_docs",
        "markdown_docs/pkg",
        "markdown_docs/pkg/sub",
        "markdown_docs/pkg/sub/zz",
        "pkg",
        "pkg/sub",
    ]

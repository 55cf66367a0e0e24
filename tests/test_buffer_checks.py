"""One page, four ways of checking it: `doclint check` at the checkout's
top, `doclint check -` from a subfolder, `check_text` from another folder
and the editor server (through its protocol in tests/test_server.py), and
pre-commit's hook, `doclint check` of the staged files. A plain page
citing code gets one root, the top of its checkout (its citations name
files from there), so the same findings, wherever the run starts and
however it is handed the page (issue 90)."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from pathlib import Path

import pytest
import yaml

from doclint import Settings, check_paths, check_text
from doclint.run import run_stdin
from doclint.server.documents import Workspace
from tests.checking import run_cli
from tests.conftest import PROJECT
from tests.pages import write

PAGE = "docs/sub/notes.md"
NOTES = """# Notes

The helper `f3` is defined at `src/x.py:10-11`, and `f9` at `src/x.py:200-210`.
See also [missing](../../src/y.py#L3) and `src/x.py:28`.
"""
EXPECTED = [(3, 61, "DL802"), (4, 10, "DL401")]
"""(line, column, code) of each finding: a citation past the file's end, a broken link."""


def small_checkout(top: Path) -> Path:
    """A git checkout at `top` (files already there kept) of a source and
    the page citing it."""
    source = "".join(f"def f{i}(x):\n    return x + {i}\n\n" for i in range(20))
    write(top, {"src/x.py": source, PAGE: NOTES})
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "init", "-q"], cwd=top, check=True)
    subprocess.run([*git, "add", "-A"], cwd=top, check=True)
    subprocess.run([*git, "commit", "-qm", "one"], cwd=top, check=True)
    return top


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    return small_checkout(tmp_path / "small")


def _seen(rows) -> list[tuple[int, int, str]]:
    return sorted((row.line, row.column, row.code) for row in rows)


def _printed(out: str) -> list[tuple[int, int, str]]:
    return sorted((row["line"], row["column"], row["code"]) for row in json.loads(out))


def test_at_the_top_of_the_checkout(checkout, monkeypatch):
    monkeypatch.chdir(checkout)
    report = check_paths([PAGE], Settings())
    assert _seen(report.diagnostics) == EXPECTED


def test_by_the_command_line_at_the_top_and_through_stdin_from_a_subfolder(
    checkout, monkeypatch, capsys
):
    json_out = ("--no-cache", "--output-format", "json")
    at_top = run_cli(monkeypatch, capsys, checkout, "check", PAGE, *json_out)
    assert _printed(at_top.out) == EXPECTED
    piped = (checkout / PAGE).read_bytes()
    stdin = ("check", "-", "--stdin-filename", "sub/notes.md", *json_out)
    from_docs = run_cli(monkeypatch, capsys, checkout / "docs", *stdin, stdin=piped)
    assert _printed(from_docs.out) == EXPECTED


def test_as_pre_commit_runs_its_hook_on_the_staged_page(checkout, monkeypatch, capsys):
    """pre-commit's staged files go through the same check: the hook's
    entry (.pre-commit-hooks.yaml) is `doclint check` of the files named,
    run at the checkout's top."""
    (hook,) = [
        h
        for h in yaml.safe_load((PROJECT / ".pre-commit-hooks.yaml").read_text())
        if h["id"] == "doclint"
    ]
    program, *entry = shlex.split(hook["entry"])
    assert program == "doclint"
    ran = run_cli(monkeypatch, capsys, checkout, *entry, PAGE)
    shown = re.findall(rf"^{re.escape(PAGE)}:(\d+):(\d+): (DL\d+) ", ran.out, re.MULTILINE)
    assert sorted((int(line), int(column), code) for line, column, code in shown) == EXPECTED


def test_through_stdin_from_a_subfolder(checkout, monkeypatch):
    monkeypatch.chdir(checkout / "docs")
    result = run_stdin((checkout / PAGE).read_bytes(), "sub/notes.md", Settings())
    assert _seen(row for found in result.found for row in found.rows) == EXPECTED


def test_through_the_api_from_another_folder(checkout, tmp_path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    report = check_text(NOTES, path=str(checkout / PAGE), settings=Settings())
    assert _seen(report.diagnostics) == EXPECTED


@pytest.mark.parametrize("started_in", ["workspace", "elsewhere"])
def test_in_the_editor_server(checkout, tmp_path, monkeypatch, started_in):
    """The server no longer moves to its workspace folder (no `os.chdir`):
    wherever the editor started it, the workspace folder given decides."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(checkout if started_in == "workspace" else elsewhere)
    workspace = Workspace(checkout)
    try:
        assert _seen(workspace.check(checkout / PAGE, NOTES).findings) == EXPECTED
    finally:
        workspace.close()


def test_a_checkout_above_the_workspace_is_not_read(checkout, monkeypatch):
    """A workspace opened on `docs/`: nothing above it is read, so the
    citations of `src/` cannot be judged there, and the link is said to lead
    out of the tree."""
    monkeypatch.chdir(checkout / "docs")
    workspace = Workspace(checkout / "docs")
    try:
        found = _seen(workspace.check(checkout / PAGE, NOTES).findings)
    finally:
        workspace.close()
    assert found == [(4, 10, "DL404")]

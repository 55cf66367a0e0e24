"""The README's examples run as written: its Python API snippet, and each
command of a ```console block of the README or a page of docs/ gives the output
shown under it.

The pages are read when the tests are collected, so a block added or edited
is checked as it stands. The commands run in a copy of the repository (the
cache they write stays there), from its root, as a reader would run them.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT

README = PROJECT / "README.md"
_BLOCK = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
_PROMPT = "$ "
_NOT_COPIED = shutil.ignore_patterns(
    ".git", ".venv", ".doclint_cache", "__pycache__", "*.egg-info", ".*_cache"
)


def _blocks(language: str) -> list[str]:
    pages = [README, *sorted((PROJECT / "docs").rglob("*.md"))]
    texts = [page.read_text(encoding="utf-8") for page in pages]
    return [body for text in texts for kind, body in _BLOCK.findall(text) if kind == language]


def console_examples() -> list[tuple[str, list[str]]]:
    """(command, output lines) of every prompt line of the console blocks."""
    examples: list[tuple[str, list[str]]] = []
    for body in _blocks("console"):
        for line in body.splitlines():
            if line.startswith(_PROMPT):
                examples.append((line[len(_PROMPT) :], []))
            elif examples:
                examples[-1][1].append(line)
    return examples


def python_api_snippet() -> str:
    """The Python block of the README's "Python API" section."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Python API\n", 1)[1].split("\n## ", 1)[0]
    return _BLOCK.search(section).group(2)


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("readme") / "doclint"
    shutil.copytree(PROJECT, copy, ignore=_NOT_COPIED)
    return copy


def test_the_readme_has_examples_to_run():
    assert len(console_examples()) >= 2
    assert "check_paths" in python_api_snippet()


@pytest.mark.parametrize(("command", "expected"), console_examples(), ids=lambda x: str(x)[:40])
def test_console_example_prints_what_the_readme_shows(command, expected, checkout):
    scripts = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": scripts + os.pathsep + os.environ["PATH"], "NO_COLOR": "1"}
    done = subprocess.run(
        command, shell=True, cwd=checkout, env=env, capture_output=True, text=True, timeout=300
    )
    # A terminal shows both streams; the summary and warnings come last.
    assert (done.stdout + done.stderr).splitlines() == expected


def test_python_api_snippet_runs_from_the_repository_root(checkout, monkeypatch):
    monkeypatch.chdir(checkout)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(python_api_snippet(), str(README), "exec"), {"__name__": "readme"})
    lines = printed.getvalue().splitlines()
    assert lines, "the snippet printed nothing"
    # Each diagnostic line starts with the path of a file the snippet checked.
    paths = {line.split(" ", 1)[0] for line in lines[:-1]}
    assert paths and all((checkout / path).is_file() for path in paths)

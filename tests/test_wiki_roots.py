"""A wiki's pages are checked from the top of the checkout holding them,
wherever the run starts: found by their folder (`.deepwiki/`), and, in a
folder of any name, by the marker of their head ("Relevant source files")."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

PAGE = """\
# Storage

> **Relevant source files**
> * [src/store.ts](https://github.com/o/r/blob/{commit}/src/store.ts)

`Store` keeps the values [src/store.ts L1-L2](https://github.com/o/r/blob/{commit}/src/store.ts#L1-L2)
and the rest [src/store.ts L2-L9](https://github.com/o/r/blob/{commit}/src/store.ts#L2-L9).
"""


def _git(repo: Path, *args: str) -> str:
    command = ["git", "-c", "user.email=t@t", "-c", "user.name=t", *args]
    return subprocess.run(command, cwd=repo, check=True, capture_output=True, text=True).stdout


def _checkout(tmp_path: Path, folder: str) -> Path:
    repo = tmp_path / "repo"
    (repo / "src").mkdir(parents=True)
    (repo / "src" / "store.ts").write_text("export class Store {\n}\n", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "code")
    commit = _git(repo, "rev-parse", "HEAD").strip()[:8]
    pages = repo / folder
    pages.mkdir(parents=True)
    (pages / "Storage.md").write_text(PAGE.format(commit=commit), encoding="utf-8")
    (pages / "README.md").write_text("# Notes\n\n- [Storage](Storage.md)\n", encoding="utf-8")
    return repo


def _findings(cwd: Path, target: str) -> list[str]:
    command = [sys.executable, "-m", "doclint", "check", target, "--no-cache", "--isolated"]
    command += ["--output-format", "concise", "--select", "DL4,DL8", "-q"]
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    # Each finding without its path: the paths are shown from where the run starts.
    return sorted(line.split(":", 1)[1] for line in done.stdout.splitlines())


@pytest.mark.parametrize("folder", ["docs/notes", ".deepwiki"])
def test_the_same_findings_from_the_top_and_from_the_pages_folder(tmp_path, folder):
    repo = _checkout(tmp_path, folder)
    from_top = _findings(repo, folder)
    # The one true finding: lines 2-9 of a 2-line file; the file itself is found.
    assert [line.split(" ", 2)[1] for line in from_top] == ["DL802"]
    assert _findings(repo / folder, ".") == from_top

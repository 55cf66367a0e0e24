"""Real repositories for the history's tests, made with the git command."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path

import pytest

from doclint.history import History

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

# The same author, committer and dates for every commit: the ids are the same on every run.
IDENTITY = {
    "GIT_AUTHOR_NAME": "A",
    "GIT_AUTHOR_EMAIL": "a@example.com",
    "GIT_AUTHOR_DATE": "2025-01-01T00:00:00Z",
    "GIT_COMMITTER_NAME": "A",
    "GIT_COMMITTER_EMAIL": "a@example.com",
    "GIT_COMMITTER_DATE": "2025-01-01T00:00:00Z",
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(folder: Path, *args: str, stdin: bytes | None = None) -> str:
    """What `git ARGS` prints in `folder`; a failure fails the test."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")} | IDENTITY
    done = subprocess.run(
        ["git", "-C", str(folder), *args],
        input=stdin,
        capture_output=True,
        env=env,
        check=True,
        timeout=60,
    )
    return done.stdout.decode()


def write(folder: Path, files: Mapping[str, str | bytes]) -> None:
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_bytes(content)


def commit(folder: Path, files: Mapping[str, str | bytes], message: str = "change") -> str:
    """Write `files`, commit every change of the work tree; the new commit's id."""
    write(folder, files)
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "--allow-empty", "-m", message)
    return git(folder, "rev-parse", "HEAD").strip()


def new_repo(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    git(folder, "init", "-q", "-b", "main")
    return folder


def opened(root: Path) -> History:
    history = History.open(root)
    assert history is not None
    return history

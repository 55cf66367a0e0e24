"""A repository's configuration is not trusted: each key below makes plain
git run a program (the control proves it does here), and none of them runs
while the history answers every question it can be asked."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from doclint.history import History
from tests.history.repos import commit, git, needs_git, new_repo, opened, write

pytestmark = needs_git

SIGNED = """tree {tree}
parent {parent}
author A <a@example.com> 1735689600 +0000
committer A <a@example.com> 1735689600 +0000
gpgsig -----BEGIN PGP SIGNATURE-----
 iQEzBAABCAAdFiEEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=
 -----END PGP SIGNATURE-----

signed
"""


def programs(tmp_path: Path, *names: str, through: bool = True) -> dict[str, Path]:
    """A script for each name that leaves `marker-<name>` beside it when run
    (and, `through`, passes its input through, as a filter must)."""
    made = {}
    for name in names:
        script = tmp_path / f"evil-{name}"
        script.write_text(f"#!/bin/sh\ntouch '{tmp_path}/marker-{name}'\n" + "cat\n" * through)
        script.chmod(0o755)
        made[name] = script
    return made


def markers(tmp_path: Path) -> set[str]:
    return {path.name.removeprefix("marker-") for path in tmp_path.glob("marker-*")}


def test_a_hostile_git_config_runs_nothing(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo")
    attributes = "*.md diff=evil filter=evil\n"
    first = commit(repo, {".gitattributes": attributes, "wiki/a.md": "a\n", "wiki/b.md": "b\n"})
    # HEAD: a commit with a signature, changing a page, for `log.showSignature`.
    write(repo, {"wiki/a.md": "a2\n"})
    git(repo, "add", "-A")
    tree = git(repo, "write-tree").strip()
    signed = SIGNED.format(tree=tree, parent=first).encode()
    head = git(repo, "hash-object", "-t", "commit", "-w", "--stdin", stdin=signed).strip()
    git(repo, "update-ref", "refs/heads/main", head)
    write(repo, {"wiki/b.md": "b changed in the work tree\n"})
    evil = programs(tmp_path, "fsmonitor", "gpg", "external", "textconv", "clean")
    for key, value in {
        "core.fsmonitor": evil["fsmonitor"],
        "log.showSignature": "true",
        "gpg.program": evil["gpg"],
        "diff.external": evil["external"],
        "diff.evil.textconv": evil["textconv"],
        "filter.evil.clean": evil["clean"],
        "filter.evil.smudge": evil["clean"],
        "remote.origin.url": "https://github.com/o/r",
    }.items():
        git(repo, "config", key, str(value))

    # Controls: plain git, in this repository, runs every one of them.
    git(repo, "status")
    git(repo, "log", "-1")
    git(repo, "diff")
    git(repo, "log", "-p", "-1")
    git(repo, "hash-object", "wiki/a.md")
    assert markers(tmp_path) == {"fsmonitor", "gpg", "external", "textconv", "clean"}
    for marker in tmp_path.glob("marker-*"):
        marker.unlink()

    history = opened(repo)
    assert history.head == head
    assert history.commit(first[:7]) == first
    assert history.lines_at(first, "wiki/a.md") == ("a",)
    assert history.lines_at(head, "wiki/a.md") == ("a2",)
    assert history.renamed(first) == {}
    assert history.last_change("wiki/a.md") == head
    assert history.last_change("wiki/b.md") is None
    assert history.remotes() == {"github.com/o/r"}
    history.close()
    assert markers(tmp_path) == set()


def test_a_partial_clone_fetches_nothing_and_runs_no_upload_pack(tmp_path: Path) -> None:
    source = new_repo(tmp_path / "source")
    first = commit(source, {"src/a.py": "old\n"})
    commit(source, {"src/a.py": "new\n"})
    git(source, "config", "uploadpack.allowFilter", "true")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--filter=blob:none", f"file://{source}", str(clone))
    evil = programs(tmp_path, "uploadpack", through=False)
    git(clone, "config", "remote.origin.uploadpack", str(evil["uploadpack"]))
    old_blob = git(source, "rev-parse", f"{first}:src/a.py").strip()

    with pytest.raises(
        subprocess.CalledProcessError
    ):  # the control: git's lazy fetch runs the program
        git(clone, "cat-file", "-p", old_blob)
    assert markers(tmp_path) == {"uploadpack"}
    (tmp_path / "marker-uploadpack").unlink()

    history = opened(clone)
    started = time.monotonic()
    assert history.commit(first) == first  # commits and trees are there, the old blob is not
    assert history.lines_at(first, "src/a.py") is None
    assert history.lines_at(str(history.head), "src/a.py") == ("new",)
    assert time.monotonic() - started < 10
    history.close()
    assert markers(tmp_path) == set()
    assert History.open(clone) is not None

"""The history is read only from the repository whose folders lie in the
checkout: a tree that ships a `.git` file, a `commondir`, alternates or a
linked object store naming another repository on the machine gets no
history, and one line says why (docs/trust.md)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from doclint.history import History
from doclint.util.notices import forget_said
from tests.history.repos import commit, git, needs_git, new_repo, opened

pytestmark = needs_git


@pytest.fixture
def private(tmp_path: Path) -> tuple[Path, str]:
    """Another repository on the machine, with a file the tree must not read."""
    repo = new_repo(tmp_path / "priv")
    sha = commit(repo, {"secret.txt": "".join(f"s{n}\n" for n in range(4242))})
    return repo, sha


def refused(tree: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The one line said when the history of `tree` is refused."""
    forget_said()
    assert History.open(tree) is None
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "the history is not read" in lines[0], lines
    return lines[0]


def test_a_git_file_naming_another_repository_is_refused(
    tmp_path: Path, private: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    repo, sha = private
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / ".git").write_text("gitdir: ../priv/.git\n")
    # Plain git reads the other repository's file through it (the control).
    assert git(tree, "cat-file", "-p", f"{sha}:secret.txt").startswith("s0\n")
    assert "the repository folder" in refused(tree, capsys)
    (tree / ".git").write_text(f"gitdir: {repo / '.git'}\n")
    assert "the repository folder" in refused(tree, capsys)


def test_a_worktree_of_another_repository_is_refused(
    tmp_path: Path, private: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A `.git` folder inside the tree whose `commondir` names another's."""
    repo, _ = private
    git(repo, "worktree", "add", "-q", str(tmp_path / "wt"))
    tree = tmp_path / "tree"
    tree.mkdir()
    shipped = tree / ".git"
    os.rename(repo / ".git" / "worktrees" / "wt", shipped)
    (shipped / "gitdir").write_text(f"{tree / '.git'}\n")
    (shipped / "commondir").write_text(f"{repo / '.git'}\n")
    (tree / "secret.txt").write_text("s0\n")
    assert "its common folder" in refused(tree, capsys)


def test_alternates_outside_the_checkout_are_refused(
    tmp_path: Path, private: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    repo, sha = private
    tree = new_repo(tmp_path / "tree")
    commit(tree, {"a.md": "a\n"})
    alternates = tree / ".git" / "objects" / "info" / "alternates"
    alternates.write_text(f"{repo / '.git' / 'objects'}\n")
    assert git(tree, "cat-file", "-t", sha) == "commit\n"  # the control
    assert "objects/info/alternates" in refused(tree, capsys)
    alternates.write_text("../../../priv/.git/objects\n")
    assert "objects/info/alternates" in refused(tree, capsys)
    # Named through an alternate inside the checkout, one step further.
    inner = tree / "store"
    (inner / "info").mkdir(parents=True)
    (inner / "info" / "alternates").write_text(f"{repo / '.git' / 'objects'}\n")
    alternates.write_text(f"{inner}\n")
    assert "objects/info/alternates" in refused(tree, capsys)
    # An alternate store inside the checkout is the checkout's own.
    (inner / "info" / "alternates").unlink()
    forget_said()
    assert opened(tree).head is not None
    assert capsys.readouterr().err == ""


def test_a_linked_object_store_is_refused(
    tmp_path: Path, private: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    repo, _ = private
    tree = new_repo(tmp_path / "tree")
    commit(tree, {"a.md": "a\n"})
    git(repo, "repack", "-q", "-a", "-d")
    pack = next((repo / ".git" / "objects" / "pack").glob("*.pack"))
    for part in (pack, pack.with_suffix(".idx")):
        (tree / ".git" / "objects" / "pack" / part.name).symlink_to(part)
    assert "a link in its object store" in refused(tree, capsys)
    for part in (tree / ".git" / "objects" / "pack").glob("pack-*"):
        if part.is_symlink():
            part.unlink()
    store = tree / ".git" / "objects"
    store.rename(tree / "objects-moved")
    store.symlink_to(repo / ".git" / "objects")
    assert "its object store" in refused(tree, capsys)


def test_a_submodule_like_git_file_inside_the_checkout_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A `.git` file naming a folder inside the checkout is the checkout's own."""
    tree = new_repo(tmp_path / "tree")
    sha = commit(tree, {"a.md": "a\n"})
    (tree / ".git").rename(tree / ".repo")
    (tree / ".git").write_text("gitdir: .repo\n")
    forget_said()
    assert opened(tree).head == sha
    assert capsys.readouterr().err == ""


def test_each_alternate_store_is_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Stores inside the checkout that name each other thousands of times
    are each read once, however deep git would follow them."""
    from doclint.history import history

    tree = new_repo(tmp_path / "tree")
    sha = commit(tree, {"a.md": "a\n"})
    stores = [tree / f"store{n}" for n in range(3)]
    for store in stores:
        (store / "info").mkdir(parents=True)
        (store / "info" / "alternates").write_text("".join(f"../{s.name}\n" for s in stores) * 1500)
    (tree / ".git" / "objects" / "info" / "alternates").write_text(f"{stores[0]}\n")
    reads: list[tuple[bytes, ...]] = []
    read = history._read_regular

    def counted(top: Path, parts: tuple[bytes, ...], limit: int) -> bytes | None:
        reads.append(parts)
        return read(top, parts, limit)

    monkeypatch.setattr(history, "_read_regular", counted)
    forget_said()
    assert opened(tree).head == sha
    assert reads.count((b"info", b"alternates")) == 4 and capsys.readouterr().err == ""


def test_a_git_the_tree_ships_is_never_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A PATH naming a folder of the checkout (absolute, as a job may add its
    `bin/`, or relative to the working folder) finds no `git` there: the
    tree's own is never started."""
    tree = new_repo(tmp_path / "tree")
    sha = commit(tree, {"a.md": "a\n"})
    mark = tmp_path / "ran"
    (tree / "bin").mkdir()
    (tree / "bin" / "git").write_text(f"#!/bin/sh\ntouch '{mark}'\nexit 1\n")
    (tree / "bin" / "git").chmod(0o755)
    path = os.environ["PATH"]
    monkeypatch.setenv("PATH", f"{tree / 'bin'}{os.pathsep}{path}")
    line = refused(tree, capsys)
    assert "the `git` found on PATH" in line and not mark.exists()
    monkeypatch.chdir(tree)
    monkeypatch.setenv("PATH", f"bin{os.pathsep}{path}")
    forget_said()
    assert opened(tree).head == sha and not mark.exists()
    assert capsys.readouterr().err == ""

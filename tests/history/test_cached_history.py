"""Every fact a wiki's citation is judged by that git or the checkout says
is part of a stored result's key: whether there is a history, the remotes,
the renames since a pin, the shallow state. Changing one makes the cached
run report what a run without the cache reports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.history.repos import commit, git, needs_git, new_repo

pytestmark = needs_git

PAGE = """\
# Storage

> **Relevant source files**
> * [src/store.ts](https://github.com/o/r/blob/{pin}/src/store.ts)

`Store` keeps the values [src/gone.ts L1-L2](https://github.com/o/r/blob/{pin}/src/gone.ts#L1-L2).
"""


def findings(repo: Path, cache: Path | None) -> list[str]:
    """The codes and lines a check of the wiki reports, with the cache in
    `cache` or without one."""
    command = [sys.executable, "-m", "doclint", "check", ".deepwiki", "--isolated", "-q"]
    command += ["--output-format", "concise", "--select", "DL8"]
    command += ["--cache-dir", str(cache)] if cache is not None else ["--no-cache"]
    done = subprocess.run(command, cwd=repo, capture_output=True, text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    return sorted(line.split(":", 1)[1] for line in done.stdout.splitlines())


def same_as_uncached(repo: Path, cache: Path) -> list[str]:
    cached = findings(repo, cache)
    assert cached == findings(repo, None)
    return cached


@pytest.fixture
def wiki(tmp_path: Path) -> tuple[Path, str]:
    repo = new_repo(tmp_path / "repo")
    pin = commit(repo, {"src/store.ts": "export class Store {\n}\n"})
    commit(repo, {".deepwiki/Storage.md": PAGE.format(pin=pin[:8])})
    return repo, pin


def test_a_remote_naming_the_pinned_repository_is_a_fact_of_the_result(
    wiki: tuple[Path, str], tmp_path: Path
) -> None:
    repo, _ = wiki
    cache = tmp_path / "cache"
    git(repo, "remote", "add", "origin", "https://github.com/fork/r.git")
    # A file neither here nor in a repository of this checkout: not judged.
    assert same_as_uncached(repo, cache) == []
    git(repo, "remote", "set-url", "origin", "https://github.com/o/r.git")
    assert [line.split()[1] for line in same_as_uncached(repo, cache)] == ["DL801"]
    git(repo, "remote", "remove", "origin")
    assert same_as_uncached(repo, cache) == []


def test_whether_the_tree_has_a_history_is_a_fact_of_the_result(
    wiki: tuple[Path, str], tmp_path: Path
) -> None:
    repo, _ = wiki
    cache = tmp_path / "cache"
    git(repo, "remote", "add", "origin", "https://github.com/o/r.git")
    with_history = same_as_uncached(repo, cache)
    (repo / ".git").rename(tmp_path / "kept.git")
    without = same_as_uncached(repo, cache)
    (tmp_path / "kept.git").rename(repo / ".git")
    assert same_as_uncached(repo, cache) == with_history != without


def test_renames_remotes_shallow_and_history_are_recorded(wiki: tuple[Path, str]) -> None:
    """The questions a rule asks through the history view are among the
    file's facts, so that the cache asks them again."""
    from doclint.rule_api import RuleContext
    from doclint.tree.index import Tree

    repo, pin = wiki
    git(repo, "mv", "src/store.ts", "src/kept.ts")
    commit(repo, {}, "rename")
    tree = Tree(repo)
    ctx = RuleContext(tree, ".deepwiki/Storage.md", "", [])
    history = ctx.history
    assert history is not None
    assert dict(history.renamed(pin)) == {"src/store.ts": "src/kept.ts"}
    assert history.remotes() == frozenset() and not history.shallow
    asked = set(ctx.facts)
    assert {("history", ""), ("renamed", pin), ("remotes", ""), ("shallow", "")} <= asked
    renamed = ctx.facts[("renamed", pin)]
    git(repo, "mv", "src/kept.ts", "src/moved.ts")
    commit(repo, {}, "rename again")
    assert Tree(repo).fact("renamed", pin) != renamed
    tree.close()

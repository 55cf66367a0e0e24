"""Which commits changed each file: one `git log` over the history from HEAD,
read once a run, for every page at once.

A page's citations need the commit that last wrote each of its lines (a
`git blame`) or the commit in which it last changed. Each blame walks the
history from HEAD down to its page's oldest line, commit by commit: 240
pages in 30,000 commits walked the 30,000 commits 240 times. One pass says
which commits changed which file; a page's blame is then given grafts
(`git blame -S`): each commit that changed the page has for parent the
commit at which the blame would next find a change, and the blame walks
only those. The blame is the same: where a commit leaves the page as a
parent of it had it (the first such parent, at a merge), git's blame
passes every line to that parent unchanged, so going straight to where
the next change is passes the same lines. A merge that differs from every
parent, and a commit that added the file, keep their parents: there the
blame diffs and looks for a rename as it always does.

The pass is bounded by a count of commits (`WINDOW`), not a time: a page
with a line older than the window is grafted down to the oldest commit the
window saw change it, and its blame walks on from there through the real
history. So the findings are the same on every machine, whatever is cut.
"""

from __future__ import annotations

import os
from bisect import bisect_left
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from doclint.history.git import Git

WINDOW = 50_000
"""The most commits the pass reads, newest first."""

Parts = tuple[bytes, ...]
"""A path below the top of the work tree, by its names."""

# A file's change in a commit: `A` added (its parent had no such file), `M`
# modified, `D` deleted, `T` its type changed (a link made a file).
_GRAFTED = b"M"


class Changes(NamedTuple):
    """Per file (below the top), the commits of the window that changed it
    (merges, which `git log` shows no change of, aside), newest first, each
    with git's status letter for it; and the shape of the window."""

    files: dict[Parts, list[tuple[str, bytes]]]
    linear: bool
    """No commit of the window has more than one parent."""
    order: dict[str, int]
    """Each commit of the window by its place, HEAD's 0 (children first)."""
    cut: bool
    """The history goes on below the window."""
    parents: dict[str, tuple[str, ...]]
    chains: dict[str, tuple[str, int]]
    """Each commit's chain (the commits one above another with no merge
    or fork between them, named by the newest) and its place down it."""
    bottoms: dict[str, str]
    """Each chain's oldest commit."""


def read_changes(git: Git, head: str, prefix: str) -> Changes | None:
    """The changes of the files below `prefix` (a folder below the top, ""
    for all) in the newest `WINDOW` commits from `head`; None when git
    cannot say (or says more than the runner reads)."""
    asked = ["log", "--format=%x01%H %P", "-z", "--name-status", "--no-renames", "--topo-order"]
    # No path limits the walk: with one, git would leave out the commits
    # (merges among them) that do not touch it, and a merge must be seen.
    asked += ["--no-ext-diff", "--no-textconv", f"--max-count={WINDOW}", head]
    output = git.run(asked)
    if output is None:
        return None
    below = os.fsencode(f"{prefix}/") if prefix else b""
    files: dict[Parts, list[tuple[str, bytes]]] = {}
    parents: dict[str, tuple[str, ...]] = {}
    for record in output.split(b"\x01")[1:]:
        header, _, body = record.partition(b"\0")
        commit, *above = header.decode("ascii", "replace").split()
        parents[commit] = tuple(above)
        fields = body.lstrip(b"\n").split(b"\0")
        for status, name in zip(fields[::2], fields[1::2], strict=False):
            if name and name.startswith(below):
                files.setdefault(tuple(name.split(b"/")), []).append((commit, status[:1]))
    linear = all(len(above) <= 1 for above in parents.values())
    order = {commit: place for place, commit in enumerate(parents)}
    chains, bottoms = _chains(parents)
    return Changes(files, linear, order, len(order) == WINDOW, parents, chains, bottoms)


def _chains(
    parents: dict[str, tuple[str, ...]],
) -> tuple[dict[str, tuple[str, int]], dict[str, str]]:
    """The chains of the window (`parents` children first): a commit goes
    on its child's chain when it is that child's one parent and has no
    other child."""
    children: dict[str, int] = {}
    single: dict[str, str] = {}
    for commit, above in parents.items():
        for parent in above:
            children[parent] = children.get(parent, 0) + 1
        if len(above) == 1:
            single[above[0]] = commit
    chains: dict[str, tuple[str, int]] = {}
    bottoms: dict[str, str] = {}
    for commit in parents:
        child = single.get(commit)
        if child is not None and children[commit] == 1 and child in chains:
            chain, place = chains[child]
            chains[commit] = (chain, place + 1)
        else:
            chains[commit] = (commit, 0)
        bottoms[chains[commit][0]] = commit
    return chains, bottoms


def grafts(
    changes: Changes, head: str, parts: Parts, blob: Callable[[str], str | None]
) -> list[str]:
    """The grafts (`commit parent`, as `git blame -S` reads them) that take
    the blame of file `parts` at `head` from each commit that changed it
    to where the next change below it is. `blob`: the file's object at a
    commit (None where it has none), asked at merges only."""
    commits = changes.files.get(parts)
    if not commits:
        return []
    changed: dict[str, tuple[list[int], list[str]]] = {}
    for commit, _ in reversed(commits):
        chain, place = changes.chains[commit]
        places, named = changed.setdefault(chain, ([], []))
        places.append(place)
        named.append(commit)
    for places, named in changed.values():
        ordered = sorted(zip(places, named, strict=True))
        places[:], named[:] = [p for p, _ in ordered], [c for _, c in ordered]
    first = _next_change(changes, changed, head, blob)
    found = [f"{head} {first}"] if first != head else []
    for commit, status in commits:
        above = changes.parents[commit]
        if status != _GRAFTED or len(above) != 1:
            continue  # added, or its type changed: its own parents
        below = _next_change(changes, changed, above[0], blob)
        if below != above[0]:
            found.append(f"{commit} {below}")
    return found


def _next_change(
    changes: Changes,
    changed: dict[str, tuple[list[int], list[str]]],
    start: str,
    blob: Callable[[str], str | None],
) -> str:
    """The commit, from `start` down, at which a blame of the file (as
    `start` has it) next finds a change: the nearest below on its chain
    that changed it, else on through the chain's oldest commit's parent
    with the same file (the first such, at a merge); a merge with none, a
    commit outside the window, or the first commit, where it stops."""
    commit = start
    while commit in changes.chains:
        chain, place = changes.chains[commit]
        if chain in changed:
            places, named = changed[chain]
            at = bisect_left(places, place)
            if at < len(places):
                return named[at]
        bottom = changes.bottoms[chain]
        above = changes.parents[bottom]
        if len(above) > 1:
            here = blob(bottom)
            above = tuple(parent for parent in above if blob(parent) == here)[:1]
        if not above:
            return bottom
        commit = above[0]
    return commit


def last_change(changes: Changes, parts: Parts) -> str | None:
    """The newest commit that changed file `parts`, where the pass tells it
    as `git log` on its folder would (a linear history); None otherwise."""
    commits = changes.files.get(parts) if changes.linear else None
    return commits[0][0] if commits else None

"""Which commits changed each file: one `git log` over the history from HEAD,
read once a run, for every page at once.

A page's citations need the commit that last wrote each of its lines (a
`git blame`) or the commit in which it last changed. Each blame walks the
history from HEAD down to its page's oldest line, commit by commit: 240
pages in 30,000 commits walked the 30,000 commits 240 times. One pass says
which commits changed which file; a page's blame is then given those
commits alone, as grafts (`git blame -S`: each commit that changed the page
has for parent the one that changed it before), and walks only them. The
blame is the same: a commit that leaves the page as its parent had it
passes every line to that parent unchanged, so going straight to the next
commit that changed it passes the same lines. Where the history has a
merge, which commit comes before another for one file is git's to say (its
history simplification), not this list's: nothing is grafted, and each
blame walks the history itself as before.

The pass is bounded by a count of commits (`WINDOW`), not a time: a page
with a line older than the window is grafted down to the oldest commit the
window saw change it, and its blame walks on from there through the real
history. So the findings are the same on every machine, whatever is cut.
"""

from __future__ import annotations

import os
from itertools import pairwise
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
    """Per file (below the top), the commits of the window that changed it,
    newest first, each with git's status letter for it."""

    files: dict[Parts, list[tuple[str, bytes]]]
    linear: bool
    """No commit of the window has more than one parent."""
    order: dict[str, int]
    """Each commit of the window by its place, HEAD's 0."""
    cut: bool
    """The history goes on below the window."""


def read_changes(git: Git, head: str, prefix: str) -> Changes | None:
    """The changes of the files below `prefix` (a folder below the top, ""
    for all) in the newest `WINDOW` commits from `head`; None when git
    cannot say (or says more than the runner reads)."""
    asked = ["log", "--format=%x01%H %P", "-z", "--name-status", "--no-renames"]
    # No path limits the walk: with one, git would leave out the commits
    # (merges among them) that do not touch it, and a merge must be seen.
    asked += ["--no-ext-diff", "--no-textconv", f"--max-count={WINDOW}", head]
    output = git.run(asked)
    if output is None:
        return None
    below = os.fsencode(f"{prefix}/") if prefix else b""
    files: dict[Parts, list[tuple[str, bytes]]] = {}
    linear = True
    order: dict[str, int] = {}
    for record in output.split(b"\x01")[1:]:
        header, _, body = record.partition(b"\0")
        commit, *parents = header.decode("ascii", "replace").split()
        linear = linear and len(parents) <= 1
        order[commit] = len(order)
        fields = body.lstrip(b"\n").split(b"\0")
        for status, name in zip(fields[::2], fields[1::2], strict=False):
            if name and name.startswith(below):
                files.setdefault(tuple(name.split(b"/")), []).append((commit, status[:1]))
    return Changes(files, linear, order, len(order) == WINDOW)


def read_renames(git: Git, head: str, changes: Changes) -> list[tuple[int, bytes, bytes]] | None:
    """Every file renamed in a commit of the window, (the commit's place,
    old path, new path below the top), newest first: git's rename
    detection run once on each commit, once a run, whatever commits the
    pages cite (a detection between each cited commit and HEAD ran again
    over the same files for each). None when git cannot say."""
    asked = ["log", "--format=%x01%H", "-z", "--name-status", "-M", "--diff-filter=R"]
    asked += ["--no-ext-diff", "--no-textconv", head]
    if changes.cut:
        # The window's oldest commit and what lies below it are not read.
        asked.append(f"^{max(changes.order, key=changes.order.__getitem__)}")
    output = git.run(asked)
    if output is None:
        return None
    found: list[tuple[int, bytes, bytes]] = []
    for record in output.split(b"\x01")[1:]:
        commit, _, body = record.partition(b"\0")
        place = changes.order.get(commit.decode("ascii", "replace"))
        fields = body.lstrip(b"\n").split(b"\0")
        for at in range(0, len(fields) - 2, 3):
            if fields[at][:1] == b"R" and place is not None:
                found.append((place, fields[at + 1], fields[at + 2]))
    return found


def renamed_since(renames: list[tuple[int, bytes, bytes]], place: int) -> dict[bytes, bytes]:
    """Where each file renamed after the commit at `place` went, following
    one rename after another (old path to the last new one, below the top)."""
    where: dict[bytes, bytes] = {}
    back: dict[bytes, bytes] = {}
    for at, old, new in reversed(renames):
        if at >= place:
            continue
        first = back.pop(old, old)
        replaced = back.pop(new, None)
        if replaced is not None:
            where.pop(replaced, None)
        where[first] = new
        back[new] = first
    return where


def grafts(changes: Changes, head: str, parts: Parts) -> list[str]:
    """The grafts (`commit parent`, as `git blame -S` reads them) that take
    the blame of file `parts` at `head` from one commit that changed it to
    the one that changed it before; none where the history is not linear.
    A commit that added the file, or changed its type, keeps its parents:
    there the blame looks for where the file came from as it always does."""
    commits = changes.files.get(parts) if changes.linear else None
    if not commits:
        return []
    found = [f"{head} {commits[0][0]}"] if commits[0][0] != head else []
    for (commit, status), (before, _) in pairwise(commits):
        if status == _GRAFTED:
            found.append(f"{commit} {before}")
    return found


def last_change(changes: Changes, parts: Parts) -> str | None:
    """The newest commit that changed file `parts`, where the pass tells it
    as `git log` on its folder would (a linear history); None otherwise."""
    commits = changes.files.get(parts) if changes.linear else None
    return commits[0][0] if commits else None

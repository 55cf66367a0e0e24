"""The files renamed in the history, read once a run: one `git log -M` pass
that runs git's rename detection once on each commit of the window, and,
for any commit a page cites, where each file it had went since, followed
from one rename to the next.

A detection between each cited commit and HEAD (`git diff-tree -M`) would
weigh the same deleted and added files against each other again for every
commit cited: 16 cited commits before 1,000 replaced files did it 16 times
over. Which renames came after a commit is read from the graph of the
window: those of the commits that are not the commit or one of its
ancestors (in a history with merges, a branch's renames come after the
commits of the other branch too, as a tree diff between them would show).
The ancestors are kept as one bit a commit that renames, for each commit of
the window: their count is bounded (`PAIRS`), a count, not a time, and
beyond it each cited commit is diffed with HEAD as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from doclint.history.changes import Changes
    from doclint.history.git import Git

PAIRS = 200_000_000
"""The most (commit of the window, commit that renames) pairs kept."""


class Renames(NamedTuple):
    """The renames of the window, and the commits that rename below each commit."""

    found: list[tuple[int, bytes, bytes]]
    """(the renaming commit's bit, old path, new path below the top), oldest first."""
    below: dict[str, int]
    """Per commit of the window, the bits of itself and of each of its
    ancestors that renames."""


def read_renames(git: Git, head: str, changes: Changes) -> Renames | None:
    """The window's renames; None when git cannot say, or the window and its
    renaming commits make more pairs than `PAIRS`."""
    asked = ["log", "--format=%x01%H", "-z", "--name-status", "-M", "--diff-filter=R"]
    asked += ["--no-ext-diff", "--no-textconv", head]
    if changes.cut:
        # The window's oldest commit and what lies below it are not read.
        asked.append(f"^{max(changes.order, key=changes.order.__getitem__)}")
    output = git.run(asked)
    if output is None:
        return None
    named: list[tuple[int, str, bytes, bytes]] = []
    for record in output.split(b"\x01")[1:]:
        head_line, _, body = record.partition(b"\0")
        commit = head_line.decode("ascii", "replace")
        fields = body.lstrip(b"\n").split(b"\0")
        for at in range(0, len(fields) - 2, 3):
            if fields[at][:1] == b"R" and commit in changes.order:
                named.append((changes.order[commit], commit, fields[at + 1], fields[at + 2]))
    # Oldest first (the window is children first), each commit's renames in git's order.
    named.sort(key=lambda rename: -rename[0])
    bits: dict[str, int] = {}
    for _, commit, _, _ in named:
        bits.setdefault(commit, 1 << len(bits))
    if len(bits) * len(changes.order) > PAIRS:
        return None
    below: dict[str, int] = {}
    for commit in reversed(changes.order):  # parents first
        mask = bits.get(commit, 0)
        for parent in changes.parents[commit]:
            mask |= below.get(parent, 0)
        below[commit] = mask
    return Renames([(bits[c], old, new) for _, c, old, new in named], below)


def renamed_since(renames: Renames, commit: str) -> dict[bytes, bytes] | None:
    """Where each file renamed after `commit` went (old path to the last
    new one, below the top); None for a commit outside the window."""
    done = renames.below.get(commit)
    if done is None:
        return None
    where: dict[bytes, bytes] = {}
    back: dict[bytes, bytes] = {}
    for bit, old, new in renames.found:
        if bit & done:
            continue
        first = back.pop(old, old)
        replaced = back.pop(new, None)
        if replaced is not None:
            where.pop(replaced, None)
        where[first] = new
        back[new] = first
    return where

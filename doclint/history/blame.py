"""Which commit last wrote each line of a page: one `git blame` per page.

A citation is judged at the commit in which its own line was last written,
not the commit in which its page last changed: a page edited after a
citation was written (a sentence fixed, another citation re-anchored) would
otherwise hide the drift of all its other citations. One `git blame
--porcelain` answers for every line of a page at once, so a page costs one
process however many citations it holds.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from doclint.util.lazy_regex import compiled_on_use

if TYPE_CHECKING:
    from doclint.history.git import Git
    from doclint.history.history import History

# A porcelain header: the commit, the line in it, the line in the final
# file, and (on a group's first line) how many lines the group holds.
_HEADER = compiled_on_use(rb"([0-9a-f]{40}|[0-9a-f]{64}) (\d+) (\d+)(?: (\d+))?")


_BLAMES: WeakKeyDictionary[History, dict[tuple[str, str], tuple[str, ...] | None]] = (
    WeakKeyDictionary()
)
"""Each history's answers, by path and HEAD's blob of it: a page is blamed
once a run."""


def head_blame(history: History, path: str) -> tuple[str, tuple[str, ...]] | None:
    """HEAD's blob of the file at `path` (of the tree) and the commit that
    last wrote each of its lines: one `git blame` per file and history; None
    when HEAD has no such regular file or git cannot say."""
    from doclint.history.history import _REGULAR

    parts = history._parts(path)
    head = history.head
    if history._git.broken or head is None or parts is None:
        return None
    entry = history._entry(head, parts)
    if entry is None or entry[0] not in _REGULAR:
        return None
    answers = _BLAMES.setdefault(history, {})
    key = (path, entry[1])
    if key not in answers:
        answers[key] = blame(history._git, head, os.fsdecode(b"/".join(parts)))
    found = answers[key]
    return None if history._git.broken or found is None else (entry[1], found)


def page_blame(history: History, path: str, data: bytes | None) -> tuple[str, ...] | None:
    """The commit that last wrote each line of the file at `path`, whose
    bytes as the run reads them are `data`; None when they are not HEAD's
    (an edit not committed, a page being fixed: its lines are not the lines
    blamed), or HEAD has no such file."""
    found = head_blame(history, path)
    if found is None or data is None:
        return None
    oid, commits = found
    if oid not in (history._blob_id(data), history._blob_id(data.replace(b"\r\n", b"\n"))):
        return None
    return commits


def blame(git: Git, head: str, path: str) -> tuple[str, ...] | None:
    """The commit that last wrote each line (in order) of the file `path`
    (from the top of the work tree) as commit `head` has it; None when git
    cannot say (no such file, a broken runner). `head` is a full commit id,
    `path` follows `--`: neither is read as an option."""
    # No `-M`/`-C`: a line moved within the page is written where it now
    # stands. No textconv and no ignore-revs file the repository names: the
    # commits are the history's, as any reader of the page sees them.
    asked = ["blame", "--porcelain", "--no-textconv", "--ignore-revs-file=", head, "--", path]
    output = git.run(asked)
    return read_porcelain(output) if output is not None else None


def read_porcelain(output: bytes) -> tuple[str, ...]:
    """The commit of each final line of `git blame --porcelain`'s output."""
    commits: dict[int, str] = {}
    for line in output.split(b"\n"):
        if line[:1] in (b"\t", b""):
            continue
        found = _HEADER.fullmatch(line)
        if found is not None:
            commits[int(found.group(3))] = found.group(1).decode("ascii")
    return tuple(commits.get(number, "") for number in range(1, len(commits) + 1))

"""Which commit last wrote each line of a page: one `git blame` per page,
walking only the commits that changed it (`changes`).

A citation is judged at the commit in which its own line was last written,
not the commit in which its page last changed: a page edited after a
citation was written (a sentence fixed, another citation re-anchored) would
otherwise hide the drift of all its other citations. One `git blame
--porcelain` answers for every line of a page at once, so a page costs one
process however many citations it holds. `History.blame` asks it, once a
page and HEAD's blob of it.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from typing import TYPE_CHECKING

from doclint.util.lazy_regex import compiled_on_use

if TYPE_CHECKING:
    from doclint.history.git import Git

# A porcelain header: the commit, the line in it, the line in the final
# file, and (on a group's first line) how many lines the group holds.
_HEADER = compiled_on_use(rb"([0-9a-f]{40}|[0-9a-f]{64}) (\d+) (\d+)(?: (\d+))?")


def blame(
    git: Git, head: str, path: str, grafts: Sequence[str] = (), contents: bytes | None = None
) -> tuple[str, ...] | None:
    """The commit that last wrote each line (in order) of the file `path`
    (from the top of the work tree) as commit `head` has it, or, given its
    `contents` (a page edited since: an editor's buffer, a page staged or
    just fixed), of those bytes as an edit of it ("" for a line no commit
    wrote); None when git cannot say (no such file, a broken runner). `head`
    is a full commit id, `path` follows `--`: neither is read as an option.
    `grafts` (`commit parent` each, full ids) take the walk from one commit
    that changed the file to the one before it (`changes.grafts`)."""
    # No `-M`/`-C`: a line moved within the page is written where it now
    # stands. No textconv and no ignore-revs file the repository names: the
    # commits are the history's, as any reader of the page sees them.
    asked = ["blame", "--porcelain", "--no-textconv", "--ignore-revs-file="]
    if not grafts and contents is None:
        output = git.run([*asked, head, "--", path])
        return read_porcelain(output) if output is not None else None
    # Files of doclint's own, outside the tree, read by git alone.
    with tempfile.TemporaryDirectory(prefix="doclint-blame-") as folder:
        if grafts:
            listed = os.path.join(folder, "grafts")
            with open(listed, "w", encoding="ascii") as file:
                file.write("".join(f"{graft}\n" for graft in grafts))
            asked += ["-S", listed]
        if contents is not None:
            text = os.path.join(folder, "contents")
            with open(text, "wb") as file:
                file.write(contents)
            # From HEAD, which `head` is: git before 2.41 takes no commit with it.
            asked += ["--contents", text]
        output = git.run([*asked, *([] if contents is not None else [head]), "--", path])
    return read_porcelain(output) if output is not None else None


def read_porcelain(output: bytes) -> tuple[str, ...]:
    """The commit of each final line of `git blame --porcelain`'s output."""
    commits: dict[int, str] = {}
    for line in output.split(b"\n"):
        if line[:1] in (b"\t", b""):
            continue
        found = _HEADER.fullmatch(line)
        if found is not None:
            # All zeros: a line of the contents given that no commit wrote.
            commit = found.group(1).decode("ascii")
            commits[int(found.group(3))] = commit if commit.strip("0") else ""
    return tuple(commits.get(number, "") for number in range(1, len(commits) + 1))

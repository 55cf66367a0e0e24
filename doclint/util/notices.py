"""Lines a run says once on stderr, however many worker processes say them.

A rule that could not judge something says why once a run (a commit the
history lacks, a repository that is not this checkout's). Each worker
process is forked from the run's process after this module is imported, so
an anonymous shared mapping made here is one memory for all of them: a bit
per message digest, set by whichever process says it first.

For GitHub Actions (`--output-format github`, `for_github`) each such line
is a `::warning` workflow command, which the log shows as an annotation,
and a line of the job's step summary: what was not judged is said where the
findings are read.
"""

from __future__ import annotations

import contextlib
import fcntl
import mmap
import os
import sys
from collections.abc import Iterator
from typing import IO

from doclint.util.digests import blake2b
from doclint.util.paths import printable, say, workflow_data

_BITS = 1 << 16
_said = mmap.mmap(-1, _BITS // 8)
# Workers reach the same line together (each at its first page): a bit is
# tested and set under a lock they all take. A POSIX record lock is held by a
# process, not shared with its children: the file open in all of them serves.
# Without a temporary folder to write in, the lines go unlocked: a worker may
# then repeat one, nothing worse.


def _anonymous_file() -> IO[bytes]:
    """A file of no name, closed at exit: in memory where the system makes
    one (Linux), else a temporary file (`tempfile`'s import, with `shutil`
    and `random`, cost a one-page check more than the rest of this module)."""
    if hasattr(os, "memfd_create"):
        return open(os.memfd_create("doclint-notices"), "r+b", buffering=0)
    import tempfile

    return tempfile.TemporaryFile()


try:
    _lock: IO[bytes] | None = _anonymous_file()
except OSError:
    _lock = None


class _Style:
    """How the lines are said: plain, or for GitHub Actions. Set by the run's
    process before its workers are forked, which start with it."""

    github = False


def for_github(github: bool = True) -> None:
    """Say the lines as GitHub Actions reads them (`github`), or plainly."""
    _Style.github = github


def _say(message: str) -> None:
    """One line on stderr; for GitHub Actions, a `::warning` command and a
    line of the step summary (`$GITHUB_STEP_SUMMARY`) where there is one."""
    if not _Style.github:
        say(message)
        return
    text = message.removeprefix("warning: ")
    sys.stderr.write(f"::warning title=doclint::{workflow_data(text)}\n")
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if not summary:
        return
    # Markup a tree's names could carry is shown, not rendered.
    shown = printable(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    with contextlib.suppress(OSError), open(summary, "a", encoding="utf-8") as file:
        file.write(f"- :warning: doclint: {shown}\n")


def say_once(message: str, key: str = "") -> None:
    """`message` on stderr (as `say` writes it), unless the run said it, or
    a line of the same `key` (the message itself when none is given). Two
    keys sharing a bit (one chance in 65,536) make the second silent."""
    digest = blake2b((key or message).encode(), digest_size=4).digest()
    bit = int.from_bytes(digest) % _BITS
    byte, mask = bit >> 3, 1 << (bit & 7)
    with _locked():
        first = not _said[byte] & mask
        _said[byte] |= mask
    if first:
        _say(message)


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    if _lock is None:
        yield
        return
    fcntl.lockf(_lock, fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.lockf(_lock, fcntl.LOCK_UN)


def forget_said() -> None:
    """The run is over: the next run in this process says its lines again."""
    _said[:] = bytes(len(_said))


# What a run could not judge, counted over all its processes and said once at
# its end: a slot of `_SLOT` bytes each, the count (8 bytes) then the line's
# template (UTF-8, NUL-padded), found by the template's digest, the next free
# slot on a collision. A template that finds no slot is said as soon as it
# is counted, without its count: never silent.
_SLOTS, _SLOT = 16, 512
_tallies = mmap.mmap(-1, _SLOTS * _SLOT)


def tally(template: str, count: int) -> None:
    """Count `count` things the run could not judge, to be said by
    `template` at the run's end (`say_tallies`): `{count}` is the total,
    `{s}` "s" where it is not 1."""
    if count <= 0:
        return
    text = template.encode()[: _SLOT - 8]
    start = int.from_bytes(blake2b(text, digest_size=4).digest()) % _SLOTS
    with _locked():
        for step in range(_SLOTS):
            at = (start + step) % _SLOTS * _SLOT
            held = _tallies[at + 8 : at + _SLOT].rstrip(b"\0")
            if held in (b"", text):
                total = int.from_bytes(_tallies[at : at + 8]) + count
                _tallies[at : at + 8] = total.to_bytes(8)
                _tallies[at + 8 : at + 8 + len(text)] = text
                return
    say_once(template.replace("{count} ", "").replace("{s}", "s"))


def say_tallies() -> None:
    """Say each line counted by `tally` since the run began, once, with its
    total; the next run counts from nothing."""
    with _locked():
        found = []
        for slot in range(_SLOTS):
            at = slot * _SLOT
            count = int.from_bytes(_tallies[at : at + 8])
            if count:
                found.append((count, _tallies[at + 8 : at + _SLOT].rstrip(b"\0").decode()))
        _tallies[:] = bytes(len(_tallies))
    for count, template in found:
        _say(template.format(count=count, s="" if count == 1 else "s"))

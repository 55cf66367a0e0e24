"""Apply rule fixes to a file's text, and write files safely.

A fix is a set of edits, each replacing a range given in (line, column)
positions of the text the rules saw (LF newlines). The ranges are mapped onto
the file as it is on disk, so line endings and every byte outside the edited
ranges stay as they were. Fixes whose ranges overlap one already taken wait
for the next round; rounds repeat (re-checking the text) until no fix
applies, with a bound.
"""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from doclint.fixes.leftovers import write_prefix
from doclint.models.findings import Edit
from doclint.util.lazy_regex import compiled_on_use

_LINE_END = compiled_on_use(r"\r\n|\r|\n")
MAX_ROUNDS = 10


class FixError(Exception):
    """Fixes that cannot be applied as asked (overlapping edits of one fix,
    positions outside the text, no convergence)."""


class TextMap:
    """Offsets of line starts in a text as stored, whatever its line endings."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0]
        self.ends: list[str] = []
        for match in _LINE_END.finditer(text):
            self.starts.append(match.end())
            self.ends.append(match.group())
        self.newline = max(set(self.ends), key=self.ends.count) if self.ends else "\n"

    def offset(self, line: int, column: int) -> int:
        """Offset of a position; a column may point at the line's end (its line
        break), and (last line + 1, 1) is the end of the text."""
        if line == len(self.starts) + 1 and column == 1 and self.ends:
            return len(self.text)
        if not 1 <= line <= len(self.starts) or column < 1:
            raise FixError(f"line {line}, column {column} is outside the text")
        offset = self.starts[line - 1] + column - 1
        limit = self.starts[line] if line < len(self.starts) else len(self.text)
        if offset > limit:
            raise FixError(f"column {column} is outside line {line}")
        return offset

    def span(self, edit: Edit) -> tuple[int, int]:
        start, end = (
            self.offset(edit.line, edit.column),
            self.offset(edit.end_line, edit.end_column),
        )
        if end < start:
            raise FixError(f"edit ends before it starts at line {edit.line}")
        return start, end


def apply_edits(text: str, fixes: Sequence[Sequence[Edit]]) -> tuple[str, int]:
    """Apply whole fixes whose edits do not overlap a fix taken before them (in
    the given order); returns the new text and how many fixes were applied."""
    text, applied = apply_fixes(text, fixes)
    return text, len(applied)


def apply_fixes(text: str, fixes: Sequence[Sequence[Edit]]) -> tuple[str, list[int]]:
    """`apply_edits`, telling which fixes were applied (their indices)."""
    mapping = TextMap(text)
    taken: list[tuple[int, int]] = []
    chosen: list[tuple[int, int, str]] = []
    applied: list[int] = []
    for index, fix in enumerate(fixes):
        spans = [(*mapping.span(edit), edit.content) for edit in fix]
        if any(_overlaps(a, b, c, d) for a, b, _ in spans for c, d in taken):
            continue
        if any(
            _overlaps(*spans[i][:2], *spans[j][:2])
            for i in range(len(spans))
            for j in range(i + 1, len(spans))
        ):
            raise FixError("a fix holds overlapping edits")
        taken += [(start, end) for start, end, _ in spans]
        chosen += [
            (start, end, replacement.replace("\n", mapping.newline))
            for start, end, replacement in spans
        ]
        applied.append(index)
    pieces, cursor = [], 0
    for start, end, replacement in sorted(chosen):
        pieces += [text[cursor:start], replacement]
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces), applied


def _overlaps(start: int, end: int, other_start: int, other_end: int) -> bool:
    """Ranges overlap, or both insert at one point (their order would be a guess)."""
    if start == end == other_start == other_end:
        return True
    return start < other_end and other_start < end


def fix_until_stable(
    text: str,
    fixes_of: Callable[[str], Iterable[Sequence[Edit]]],
    on_applied: Callable[[list[int]], None] | None = None,
) -> tuple[str, int]:
    """Apply fixes round after round until none applies; `fixes_of(text)` gives
    the fixes the rules find in a text, in a deterministic order, and
    `on_applied` is told which of them each round applied."""
    total = 0
    for _ in range(MAX_ROUNDS):
        fixes = list(fixes_of(text))
        if not fixes:
            return text, total
        text, applied = apply_fixes(text, fixes)
        if not applied:
            return text, total
        if on_applied is not None:
            on_applied(applied)
        total += len(applied)
    raise FixError(f"fixes did not settle after {MAX_ROUNDS} rounds")


class WriteRefused(Exception):
    """A file fix mode must not write: writing would change more than its
    bytes (its owner, its hard links, its read-only mode) or lose an edit
    made meanwhile. The message says why; the file is left as it is."""


def write_atomically(path: Path, data: bytes, read_as: os.stat_result | None = None) -> None:
    """Replace a file's bytes without ever leaving it half written: a temporary
    file in the same folder, flushed to disk, takes the file's mode, owner,
    group and extended attributes, then is renamed over it. `read_as` is the file's status when
    its bytes were read: a file that changed since is not replaced, checked
    again right before the rename. WriteRefused for a file that a rename
    would change in more than its bytes."""
    before = os.stat(path)
    _refuse_unsafe(before, read_as)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=write_prefix(path), suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
            _keep_owner(stream.fileno(), before)  # before the mode: chown clears set-id bits
            os.fchmod(stream.fileno(), before.st_mode & 0o7777)
            _keep_attributes(path, stream.fileno())
        _refuse_unsafe(os.stat(path), before)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def _refuse_unsafe(status: os.stat_result, read_as: os.stat_result | None) -> None:
    if read_as is not None and _identity(status) != _identity(read_as):
        raise WriteRefused("the file changed while doclint fixed it")
    if status.st_nlink > 1:
        # A rename gives this name a new file: the other names would keep the old bytes.
        raise WriteRefused(f"it has {status.st_nlink} hard links, which a rewrite would split")
    if not status.st_mode & 0o222:
        raise WriteRefused("it is read-only; make it writable to have it fixed")


def _identity(status: os.stat_result) -> tuple[int, ...]:
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)


def _keep_attributes(path: Path, descriptor: int) -> None:
    """Give the new file the old one's extended attributes (a `user.` tag, an
    ACL), where the filesystem has them. One this user may not set (a
    `trusted.` or `security.` name as another user) is refused: the rename
    would drop it."""
    try:
        names = os.listxattr(path)
    except OSError as error:
        if error.errno in _NO_ATTRIBUTES:
            return
        raise
    for name in names:
        try:
            os.setxattr(descriptor, name, os.getxattr(path, name))
        except OSError as error:
            if error.errno in _NO_ATTRIBUTES:
                continue
            raise WriteRefused(f"its extended attribute {name} cannot be kept") from None


# The filesystem keeps no extended attributes, or this one is gone meanwhile.
_NO_ATTRIBUTES = frozenset({errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENODATA})


def _keep_owner(descriptor: int, status: os.stat_result) -> None:
    """Give the new file the old one's owner and group: a file fixed as root
    stays its owner's. Someone else's file that this user may write but not
    give away is left alone rather than taken over."""
    if (status.st_uid, status.st_gid) == (os.getuid(), os.getgid()):
        return
    try:
        os.fchown(descriptor, status.st_uid, status.st_gid)
    except PermissionError:
        raise WriteRefused("it belongs to another user or group, which it would lose") from None

"""A file's findings as bytes, as the cache keeps them and a run hands them
to its sink (`FileResult`), decoded only when read. The first byte says whether
a message may be shown otherwise than as kept, or some stands elsewhere."""

from __future__ import annotations

import marshal
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from doclint.models.findings import Cause, Edit, Finding, Fix, FixSafety
from doclint.models.markdown import build_node
from doclint.models.records import NamedTuple

PRINTABLE, SHOWN_OTHERWISE, ELSEWHERE = b"\x00", b"\x01", b"\x02"
# No findings, written out: marshal flags an object met twice, as another process's list may be.
EMPTY = PRINTABLE + b"[\x00\x00\x00\x00"
_SAFETIES = {str(safety): safety for safety in FixSafety}
_message = attrgetter("message")


class UnreadableFindings(ValueError):
    """Bytes that are no findings `encode_findings` gave: check the file again."""


def encode_findings(rows: list[Finding]) -> bytes | None:
    """Findings as bytes (None: none a cache can hold); a cause as one tuple,
    which marshal writes once."""
    if not rows:
        return EMPTY
    causes: dict[Cause, tuple[str, str]] = {}
    encoded = []
    for line, column, message, fix, cause, code, name, severity, path in rows:
        edits = fix and tuple(tuple(edit) for edit in fix.edits)
        fixed = fix and (edits, str(fix.applicability), fix.message)
        plain = cause and causes.setdefault(cause, (cause.id, cause.label))
        encoded.append((line, column, message, fixed, plain, code, name, severity, path))
    shown = PRINTABLE if "".join(map(_message, rows)).isprintable() else SHOWN_OTHERWISE
    first = ELSEWHERE if any(row.path for row in rows) else shown
    try:
        return first + marshal.dumps(encoded)
    except ValueError:
        return None


def decode_findings(data: bytes) -> list[Finding]:
    """The findings `encode_findings` gave; UnreadableFindings for others."""
    causes: dict[Any, Cause | None] = {None: None}
    found = []
    try:
        for line, column, message, fix, cause, code, name, severity, path in _plain(data):
            if cause not in causes:
                causes[cause] = Cause(*cause)
            fixed = fix and _fix(*fix)
            row = (line, column, message, fixed, causes[cause], code, name, severity, path)
            found.append(build_node(Finding, row))  # not Finding(...): a run may decode 300,000
    except (EOFError, ValueError, TypeError, KeyError) as error:
        raise UnreadableFindings(str(error)) from None
    return found


def _fix(edits: Any, applicability: str, message: str) -> Fix:
    return Fix(tuple(map(Edit._make, edits)), _SAFETIES[applicability], message)


def messages(data: bytes) -> list[str]:
    """The messages of encoded findings; UnreadableFindings for others."""
    try:
        return [str(message) for _, _, message, *_ in _plain(data)]
    except (EOFError, ValueError, TypeError) as error:
        raise UnreadableFindings(str(error)) from None


def _plain(data: bytes) -> list[Any]:
    rows = marshal.loads(memoryview(data)[1:])
    if data[:1] not in (PRINTABLE, SHOWN_OTHERWISE, ELSEWHERE) or not isinstance(rows, list):
        raise TypeError("findings are not a list")
    return rows


class FileResult(NamedTuple):
    """One file's result, the one form a run hands on: made where the file is
    checked (or found kept), given to the sink's `add` there, and sent to the
    run's process once `handed_over`. Its findings are `given` or kept bytes
    (`encoded`), filtered by `refine` (stated by `refined`) as read; with the
    file's lines (or bytes) if read, the digest (`content`) and `stamp` of its
    bytes, the tree facts its rules asked, the parts kept of it, whether kept,
    whether no generator wrote it (`unread`), what the sink gave (`notes`)."""

    file: str
    root: str
    given: list[Finding] | None
    encoded: bytes | None = None
    lines: list[str] | bytes | None = None
    content: bytes | None = None
    stamp: tuple[int, int, int] | None = None
    facts: list[tuple[str, str, object]] = []  # noqa: RUF012  # never changed, as `parts`
    parts: dict[bytes, bytes] = {}  # noqa: RUF012
    kept: bool = False
    unread: bool = False
    refined: str = ""
    refine: Callable[[list[Finding]], list[Finding]] | None = None
    notes: list[Any] = []  # noqa: RUF012

    @property
    def none(self) -> bool:
        """No findings before the filter (known without decoding)."""
        return self.encoded == EMPTY if self.given is None else not self.given

    @property
    def rows(self) -> list[Finding]:
        """The findings, decoded and filtered as read; UnreadableFindings for bytes of none."""
        rows = self.given if self.given is not None else decode_findings(self.encoded or b"")
        return rows if self.refine is None else self.refine(rows)

    def handed_over(self, notes: list[Any]) -> FileResult:
        """What the run's process needs once the sink had it: what the sink gave
        (`notes`) and what the cache keeps; not the rows, lines, filter, kept
        parts (a worker's chunk holds its results till its last is made)."""
        given: list[Finding] | None = None if self.encoded is not None else []
        return self._replace(given=given, lines=None, parts={}, refine=None, notes=notes)

"""A file's findings as bytes, as the cache keeps them and a run hands them
to its sink (`FileRows`), decoded only when read. The first byte says whether
a message may be shown otherwise than as kept, or some stands elsewhere."""

from __future__ import annotations

import marshal
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from doclint.models.findings import Cause, Edit, Finding, Fix, FixSafety
from doclint.models.markdown import build_node

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


class FileRows:
    """A file's findings as its sink gets them: `rows` or kept bytes, filtered
    by `refine` (stated by `refined`) when first read; with the file's lines
    (or bytes) if read, its digest if known, and the parts kept of it."""

    __slots__ = ("_given", "_refine", "_rows", "content", "encoded", "lines", "parts", "refined")

    def __init__(
        self,
        rows: list[Finding] | None,
        encoded: bytes | None,
        refined: str = "",
        refine: Callable[[list[Finding]], list[Finding]] | None = None,
        lines: list[str] | bytes | None = None,
        content: bytes | None = None,
        parts: dict[bytes, bytes] | None = None,
    ) -> None:
        if rows is None and encoded is None:
            raise ValueError("findings need their rows or their bytes")
        self._given, self.encoded, self.refined, self._refine = rows, encoded, refined, refine
        self.lines, self.content, self.parts = lines, content, parts or {}
        self._rows: list[Finding] | None = None

    @property
    def none(self) -> bool:
        """No findings before the filter (known without decoding)."""
        return self.encoded == EMPTY if self._given is None else not self._given

    @property
    def rows(self) -> list[Finding]:
        """The findings, filtered; UnreadableFindings for bytes of no findings."""
        if self._rows is None:
            rows = self._given if self._given is not None else decode_findings(self.encoded or b"")
            self._rows = rows if self._refine is None else self._refine(rows)
        return self._rows

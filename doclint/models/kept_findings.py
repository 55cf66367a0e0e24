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


class FileResult:
    """One file's result, the one form in which a run hands it on: made where
    the file is checked (or found kept), given to the sink's `add` there,
    and sent to the run's process with what `add` gave of it (`notes`), for
    the sink's `keep` and the cache.

    Its findings are `rows` or kept bytes (`encoded`), filtered by `refine`
    (stated by `refined`) when first read; with the file's lines (or bytes)
    if read, the digest (`content`) and `stamp` of its bytes if known, the
    tree facts its rules asked, the parts kept of it, whether the cache
    kept it, and whether no generator wrote it (`unread`)."""

    __slots__ = (
        "_given",
        "_refine",
        "_rows",
        "content",
        "encoded",
        "facts",
        "file",
        "kept",
        "lines",
        "notes",
        "parts",
        "refined",
        "root",
        "stamp",
        "unread",
    )

    def __init__(
        self,
        file: str,
        root: str,
        rows: list[Finding] | None,
        encoded: bytes | None = None,
        *,
        lines: list[str] | bytes | None = None,
        content: bytes | None = None,
        stamp: tuple[int, int, int] | None = None,
        facts: list[tuple[str, str, object]] | None = None,
        parts: dict[bytes, bytes] | None = None,
        kept: bool = False,
        unread: bool = False,
    ) -> None:
        if rows is None and encoded is None:
            raise ValueError("findings need their rows or their bytes")
        self.file, self.root, self._given, self.encoded = file, root, rows, encoded
        self.lines, self.content, self.stamp, self.facts = lines, content, stamp, facts or []
        self.parts, self.kept, self.unread = parts or {}, kept, unread
        self.refined = ""
        self._refine: Callable[[list[Finding]], list[Finding]] | None = None
        self._rows: list[Finding] | None = None
        self.notes: list[Any] = []

    def filtered(
        self, refined: str, refine: Callable[[list[Finding]], list[Finding]] | None
    ) -> FileResult:
        """This result, its findings to be filtered by `refine` (stated by `refined`)."""
        self.refined, self._refine, self._rows = refined, refine, None
        return self

    @property
    def given(self) -> list[Finding] | None:
        """The findings as given, unfiltered (None: only their bytes are)."""
        return self._given

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

    def handed_over(self, notes: list[Any]) -> FileResult:
        """What is left of this result once the sink had it: what the sink
        gave of it (`notes`) and what the cache keeps, not its rows, lines,
        filter nor kept parts (a worker's chunk holds its results till the
        last is made). Its findings are then their bytes, or none."""
        return _handed_over(*self._left(notes))

    def _left(self, notes: list[Any]) -> tuple[Any, ...]:
        left = (self.file, self.root, self.encoded, self.content, self.stamp, self.facts)
        return (*left, self.kept, self.unread, notes)

    def __reduce__(self) -> tuple[Any, ...]:
        # Sent from a worker as what is left once handed over: a tuple, not
        # the slots' dictionary.
        return _handed_over, self._left(self.notes)


def _handed_over(
    file: str,
    root: str,
    encoded: bytes | None,
    content: bytes | None,
    stamp: tuple[int, int, int] | None,
    facts: list[tuple[str, str, object]],
    kept: bool,
    unread: bool,
    notes: list[Any],
) -> FileResult:
    rows: list[Finding] | None = None if encoded is not None else []
    result = FileResult(file, root, rows, encoded, content=content, stamp=stamp, facts=facts)
    result.kept, result.unread, result.notes = kept, unread, notes
    return result

"""A file's findings as bytes, as a cache keeps them, and as a run hands them
to its sink: decoded only when something reads them.

`encode_findings` gives the bytes a cache stores and a later run's lookup
gives back as they are (`FileRows.encoded`): the same bytes, the same
findings. The output keys a memo of rendered parts by them, so that a part
found there needs no finding decoded; the bytes are made once, where the
file is checked, for both the cache and that key. Their first byte says
whether a message may need showing otherwise than as kept (a message that is
not printable names a path of the tree, or quotes what the output escapes).
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from doclint.models.findings import Cause, Edit, Finding, Fix, FixSafety
from doclint.models.markdown import build_node

PRINTABLE, SHOWN_OTHERWISE, ELSEWHERE = b"\x00", b"\x01", b"\x02"
"""The first byte of encoded findings: every message is printable, or not,
or some finding stands on another file than the one checked (its messages
then read as not printable: the bytes are decoded to show them)."""
EMPTY = PRINTABLE + b"[\x00\x00\x00\x00"
"""No findings, encoded (written out: marshal marks an object referred to
twice, which a list made in another process may be)."""
_message = attrgetter("message")
_path = attrgetter("path")


class UnreadableFindings(ValueError):
    """Bytes that are no findings `encode_findings` gave (an older or broken
    doclint's): the file is to be checked again."""


def encode_findings(rows: list[Finding]) -> bytes | None:
    """Findings as bytes, without the path they are shown at (it is relative
    to the working folder, which changes between runs), with the tree file
    a finding stands on when a rule gave one; None for findings no cache
    can hold. Each cause is one plain tuple, as the rules' findings share one
    `Cause`: marshal writes an object it has written before as a reference."""
    if not rows:
        return EMPTY
    plain: dict[Cause, tuple[str, str]] = {}
    encoded = [
        (
            line,
            column,
            message,
            None
            if fix is None
            else (tuple(map(tuple, fix.edits)), str(fix.applicability), fix.message),
            None if cause is None else plain.setdefault(cause, (cause.id, cause.label)),
            code,
            name,
            severity,
            path,
        )
        for line, column, message, fix, cause, code, name, severity, path in rows
    ]
    if any(map(_path, rows)):
        first = ELSEWHERE
    elif "".join(map(_message, rows)).isprintable():
        first = PRINTABLE
    else:
        first = SHOWN_OTHERWISE
    try:
        return first + marshal.dumps(encoded)
    except ValueError:
        return None


_SAFETIES = {str(safety): safety for safety in FixSafety}


def decode_findings(data: bytes) -> list[Finding]:
    """The findings `encode_findings` gave; UnreadableFindings for bytes of
    another shape (a cache file's seal vouches for its bytes, its format
    number for their layout)."""
    try:
        rows = _plain(data)
        causes = _Causes({None: None})
        # build_node, not Finding(...), in one comprehension: a run may
        # decode 300,000 findings, most of them without a fix.
        return [
            build_node(
                Finding,
                (
                    line,
                    column,
                    message,
                    fix if fix is None else _fix(*fix),
                    causes[cause],
                    code,
                    name,
                    severity,
                    path,
                ),
            )
            for line, column, message, fix, cause, code, name, severity, path in rows
        ]
    except (EOFError, ValueError, TypeError, KeyError) as error:
        raise UnreadableFindings(str(error)) from None


def messages(data: bytes) -> list[str]:
    """The messages of encoded findings, the rest left encoded;
    UnreadableFindings for bytes of another shape."""
    try:
        return [str(message) for _, _, message, *_ in _plain(data)]
    except (EOFError, ValueError, TypeError, IndexError) as error:
        raise UnreadableFindings(str(error)) from None


def _plain(data: bytes) -> list[Any]:
    rows = marshal.loads(memoryview(data)[1:])
    if data[:1] not in (PRINTABLE, SHOWN_OTHERWISE, ELSEWHERE) or not isinstance(rows, list):
        raise TypeError("findings are not a list")
    return rows


class _Causes(dict[object, Cause | None]):
    """Each cause of a file's findings, decoded once."""

    def __missing__(self, cause: object) -> Cause:
        value = self[cause] = Cause._make(cause)  # type: ignore[arg-type]
        return value


def _fix(edits: object, applicability: str, message: str) -> Fix:
    """A finding's fix, as `encode_findings` gave it."""
    return Fix(tuple(map(Edit._make, edits)), _SAFETIES[applicability], message)  # type: ignore[call-overload]


class FileRows:
    """A file's findings as a run hands them to its sink: filtered (per-file
    ignores and severities) by `refine`, which `refined` states as text (the
    same text, the same effect on any findings), and encoded (`encoded`,
    None when they are not) when the run keeps them. Kept findings are
    decoded only when `rows` is first read; what is shown of them is a
    function of the bytes and the text."""

    __slots__ = ("_given", "_refine", "_rows", "encoded", "refined")

    def __init__(
        self,
        rows: list[Finding] | None,
        encoded: bytes | None,
        refined: str = "",
        refine: Callable[[list[Finding]], list[Finding]] | None = None,
    ) -> None:
        if rows is None and encoded is None:
            raise ValueError("findings need their rows or their bytes")
        self._given, self.encoded = rows, encoded
        self.refined, self._refine = refined, refine
        self._rows: list[Finding] | None = None

    @property
    def none(self) -> bool:
        """Whether there are no findings, even before the filter (known without decoding)."""
        return self.encoded == EMPTY if self._given is None else not self._given

    @property
    def rows(self) -> list[Finding]:
        """The findings, filtered; UnreadableFindings when their bytes are not findings."""
        if self._rows is None:
            rows = self._given
            if rows is None:
                assert self.encoded is not None
                rows = decode_findings(self.encoded)
            self._rows = rows if self._refine is None else self._refine(rows)
        return self._rows

    def shows_otherwise(self) -> bool:
        """Whether a message may be shown otherwise than as kept (output/shown.py)."""
        if self.encoded is not None:
            return self.encoded[:1] != PRINTABLE
        return not "".join(map(_message, self._given or ())).isprintable()

    def messages(self) -> list[str]:
        """The messages of the findings before the filter, in order."""
        if self._given is not None:
            return list(map(_message, self._given))
        assert self.encoded is not None
        return messages(self.encoded)

"""Formats made of one part per file, between a head and a tail.

Most formats write each file's findings together, in the order of the paths,
and around them only what depends on the totals (a summary line, the brackets
of a JSON array). Written as a `Layout`, such a format lets the worker
processes render each file's part as they check it, and the parts are written
one after the other, never joined in memory.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import groupby
from operator import attrgetter
from typing import Any, Protocol

from doclint.models.findings import Finding
from doclint.models.records import NamedTuple
from doclint.output.baseline import SourceLines
from doclint.output.run_output import RunOutput
from doclint.rule_api import Rule


class Shown(Protocol):
    """What a part is rendered with: the lines its findings point at, whether
    in colour, whether each message is known printable (`isprintable`), and
    the rules known (SARIF numbers them; none: every rule installed). A
    `FileView` is one file's, a `RunOutput` the whole run's."""

    @property
    def sources(self) -> SourceLines: ...

    @property
    def color(self) -> bool: ...

    @property
    def plain(self) -> bool: ...

    @property
    def rules(self) -> Sequence[type[Rule[Any]]]: ...


class FileView(NamedTuple):
    """What one file's part is rendered with (`Shown`), where the file is checked."""

    sources: SourceLines
    color: bool = False
    plain: bool = False
    rules: Sequence[type[Rule[Any]]] = ()


Part = Callable[[Sequence[Finding], Shown], str]
"""One file's findings (never none), as the format writes them."""
Frame = Callable[[RunOutput], tuple[str, str]]
"""The head and the tail around the parts, from the totals of the run."""
EncodedPart = Callable[[Sequence[Finding], Shown, str], bytes]
"""A `Part` in UTF-8 (with the errors handler given), made without the
part's whole text where that costs less."""
Buffer = bytes | memoryview


class Sink(Protocol):
    """Where a layout writes its bytes: a binary stream, or `_Pieces`."""

    def write(self, data: Buffer, /) -> object: ...


class Layout(NamedTuple):
    part: Part
    frame: Frame
    separator: str = ""
    """What goes between two parts."""
    encoded_part: EncodedPart | None = None
    """The part in UTF-8, when the format writes it otherwise than by encoding `part`."""

    def compose(self, output: RunOutput, errors: str = "strict") -> list[Buffer]:
        """The whole text in UTF-8 (with `errors`), as pieces to write one after
        the other. Pieces, not one string: a copy of them all would double the
        peak of a large report."""
        pieces = _Pieces()
        self.write(pieces, output, errors)
        return pieces

    def write(self, out: Sink, output: RunOutput, errors: str = "strict") -> None:
        """Write the whole text in UTF-8 (with `errors`) to `out`, part after
        part: the parts of a big tree are never joined in memory."""
        parts: Iterable[Buffer] = (
            (data for _, data, _ in output.parts)
            if output.parts
            else [self.encoded(rows, output, errors) for _, rows in _by_path(output.diagnostics)]
        )
        head, tail = (text.encode("utf-8", errors) for text in self.frame(output))
        _write_all(out, _pieces(head, parts, self.separator.encode(), tail))

    def encoded(self, rows: Sequence[Finding], shown: Shown, errors: str) -> bytes:
        if self.encoded_part is not None:
            return self.encoded_part(rows, shown, errors)
        return self.part(rows, shown).encode("utf-8", errors)

    def render(self, output: RunOutput) -> Iterator[str]:
        """The whole text, as a format function gives it."""
        whole = b"".join(self.compose(output, errors="surrogatepass"))
        yield whole.decode("utf-8", "surrogatepass")


def _pieces(
    head: bytes, parts: Iterable[Buffer], separator: bytes, tail: bytes
) -> Iterator[Buffer]:
    """The head, the parts with the separator between two of them, the tail."""
    yield head
    between = b""
    for part in parts:
        if between:  # most formats put nothing between parts: nothing written for it
            yield between
        yield part
        between = separator
    yield tail


# A write is made once the pieces gathered reach this many bytes (so it holds
# at most this much and one more piece), or this many pieces: POSIX's least
# IOV_MAX where the system does not say.
WRITE_BOUND = 1 << 18
try:
    _MOST_PIECES = min(os.sysconf("SC_IOV_MAX"), 1024)
except (AttributeError, ValueError, OSError):
    _MOST_PIECES = 16
if _MOST_PIECES < 1:
    _MOST_PIECES = 16


def _write_all(out: Sink, pieces: Iterable[Buffer]) -> None:
    """Write the pieces to `out` one after the other. To a file's binary
    stream (stdout, --output-file), gathered into writes of up to
    WRITE_BOUND bytes (`os.writev`: no piece is copied), after what the
    writer holds: a write per piece cost a system call each, two a part."""
    descriptor = _descriptor_of(out)
    if descriptor is None:
        for piece in pieces:
            out.write(piece)
        return
    out.flush()  # type: ignore[attr-defined]  # a file's stream: _descriptor_of says so
    batch: list[Buffer] = []
    size = 0
    for piece in pieces:
        batch.append(piece)
        size += len(piece)
        if size >= WRITE_BOUND or len(batch) >= _MOST_PIECES:
            _write_gathered(descriptor, batch)
            batch, size = [], 0
    _write_gathered(descriptor, batch)


# What a binary stream of a file is: buffered, or not (python -u, PYTHONUNBUFFERED).
_FILE_WRITERS = (io.BufferedWriter, io.FileIO)


def _descriptor_of(out: Sink) -> int | None:
    """The descriptor a file's binary stream writes to, None for any other
    sink (a list of pieces, a BytesIO, a system without writev)."""
    if not isinstance(out, _FILE_WRITERS) or not hasattr(os, "writev"):
        return None
    try:
        return out.fileno()
    except (OSError, ValueError):  # io.UnsupportedOperation is an OSError
        return None


def _write_gathered(descriptor: int, batch: list[Buffer]) -> None:
    """All of `batch`, by as few `os.writev` as it takes (one, but for a
    write cut short). A non-blocking descriptor that is full (a pipe whose
    reader lags) is waited for: a writev that fails wrote nothing."""
    while batch:
        try:
            written = os.writev(descriptor, batch)
        except BlockingIOError:
            import select  # only for a reader that lags

            select.select([], [descriptor], [])
            continue
        done = 0
        while done < len(batch) and written >= len(batch[done]):
            written -= len(batch[done])
            done += 1
        batch = batch[done:]
        if batch and written:
            batch[0] = memoryview(batch[0])[written:]


class _Pieces(list[Buffer]):
    """The pieces written, kept in order, not joined."""

    def write(self, data: Buffer, /) -> None:
        self.append(data)


def _by_path(rows: Sequence[Finding]) -> Iterator[tuple[str, list[Finding]]]:
    """Runs of rows of one path, in their order."""
    for path, group in groupby(rows, key=attrgetter("path")):
        yield path, list(group)


def no_frame(output: RunOutput) -> tuple[str, str]:
    return "", ""

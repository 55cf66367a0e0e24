"""Formats made of one part per file, between a head and a tail.

Most formats write each file's findings together, in the order of the paths,
and around them only what depends on the totals (a summary line, the brackets
of a JSON array). Written as a `Layout`, such a format lets the worker
processes render each file's part as they check it, and the parts are written
one after the other, never joined in memory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import groupby
from operator import attrgetter
from typing import NamedTuple, Protocol

from doclint.models.findings import Finding
from doclint.output.run_output import RunOutput

Part = Callable[[Sequence[Finding], RunOutput], str]
"""One file's findings (never none), as the format writes them."""
Frame = Callable[[RunOutput], tuple[str, str]]
"""The head and the tail around the parts, from the totals of the run."""
Buffer = bytes | memoryview


class Sink(Protocol):
    """Where a layout writes its bytes: a binary stream, or `_Pieces`."""

    def write(self, data: Buffer, /) -> object: ...


class Layout(NamedTuple):
    part: Part
    frame: Frame
    separator: str = ""
    """What goes between two parts."""

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
        parts: Sequence[tuple[str, Buffer, int]] = output.parts or [
            (path, self.encoded(rows, output, errors), len(rows))
            for path, rows in _by_path(output.diagnostics)
        ]
        head, tail = (text.encode("utf-8", errors) for text in self.frame(output))
        separator = self.separator.encode()
        out.write(head)
        # A write per part, not two: most formats put nothing between parts.
        for number, (_, part, _) in enumerate(parts):
            if number and separator:
                out.write(separator)
            out.write(part)
        out.write(tail)

    def encoded(self, rows: Sequence[Finding], output: RunOutput, errors: str) -> bytes:
        return self.part(rows, output).encode("utf-8", errors)

    def render(self, output: RunOutput) -> Iterator[str]:
        """The whole text, as a format function gives it."""
        whole = b"".join(self.compose(output, errors="surrogatepass"))
        yield whole.decode("utf-8", "surrogatepass")


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

"""Formats made of one part per file, between a head and a tail.

Most formats write each file's findings together, in the order of the paths,
and around them only what depends on the totals (a summary line, the brackets
of a JSON array). Written as a `Layout`, such a format can also re-render the
parts of a few files and keep the stored parts of all the others: that is how
a run over a tree with one changed file answers in a fraction of a second
(replay.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from itertools import groupby
from operator import attrgetter
from typing import NamedTuple, Protocol

from doclint.models.findings import DiagnosticRow
from doclint.output.run_output import RunOutput
from doclint.replay_inputs import PartPlaces

Part = Callable[[Sequence[DiagnosticRow], RunOutput], str]
"""One file's findings (never none), as the format writes them."""
Frame = Callable[[RunOutput], tuple[str, str]]
"""The head and the tail around the parts, from the totals of the run."""
Buffer = bytes | memoryview
Tally = tuple[int, int]
"""The fixable findings of a part: safe, unsafe-only."""
NewPart = tuple[Buffer, int, Tally]
"""A part rendered by this run: the part, its findings and its tally."""
NO_TALLY: Tally = (0, 0)


class StoredParts(Protocol):
    """The parts a run keeps of a recorded output (replay_partial.Partial), each with
    its findings and fixable tally, so the totals need no stored part read."""

    def totals(self, new: dict[str, NewPart]) -> tuple[int, Tally]:
        """The files with findings and the fixable tally of the output with
        `new` (path -> part, findings, tally) in place of the stored parts."""
        ...

    def merge(self, new: dict[str, NewPart]) -> Iterable[tuple[str, Buffer, int, Tally]]:
        """(path, part, findings, tally) of every file with findings, in order,
        with `new` in place of the stored ones; a stored part is read only
        when its turn comes."""
        ...


class Sink(Protocol):
    """Where a layout writes its bytes: a binary stream, or `_Pieces`."""

    def write(self, data: Buffer, /) -> object: ...


class Layout(NamedTuple):
    part: Part
    frame: Frame
    separator: str = ""
    """What goes between two parts."""
    tally: Callable[[Buffer], Tally] | None = None
    """The fixable findings of a part, for a frame that counts them
    (`RunOutput.fixable`)."""

    def compose(
        self, output: RunOutput, stored: StoredParts | None = None, errors: str = "strict"
    ) -> tuple[list[Buffer], PartPlaces]:
        """The whole text in UTF-8 (with `errors`), as pieces to write one after
        the other, and where each file's part sits in it, as `write` gives them.
        Pieces, not one string: a copy of them all would double the peak of a
        large report."""
        pieces = _Pieces()
        places = self.write(pieces, output, stored, errors)
        return pieces, places

    def write(
        self,
        out: Sink,
        output: RunOutput,
        stored: StoredParts | None = None,
        errors: str = "strict",
    ) -> PartPlaces:
        """Write the whole text in UTF-8 (with `errors`) to `out`, part after
        part (the parts of a big tree are never joined in memory); where each
        file's part sits in it: (path, offset, length in bytes, findings, and
        the fixable tally: safe, unsafe-only).
        With `stored`, the parts of the files of `output` take their place
        among stored parts.

        Bytes, not text: a stored part is copied as it was written, without
        decoding and encoding again the output of a whole tree."""
        parts: Iterable[tuple[str, Buffer, int]] = output.parts or [
            (path, self.encoded(rows, output, errors), len(rows))
            for path, rows in _by_path(output.diagnostics)
        ]
        tallied: Iterable[tuple[str, Buffer, int, Tally]]
        if stored is not None:  # the findings of a run: sorted, a file's rows together
            new = {path: (part, count, self.tally_of(part)) for path, part, count in parts}
            files, fixable = stored.totals(new)
            output = replace(output, files_with_findings=files)
            tallied = stored.merge(new)
        elif self.tally is None:
            tallied = ((path, part, count, NO_TALLY) for path, part, count in parts)
        else:  # a frame that counts: the parts are read twice, not held
            tallies = [self.tally(part) for _, part, _ in parts]
            fixable = _sum(tallies)
            tallied = (
                (path, part, count, tally)
                for (path, part, count), tally in zip(parts, tallies, strict=True)
            )
        if self.tally is not None:
            output = replace(output, fixable=fixable)
        head, tail = (text.encode("utf-8", errors) for text in self.frame(output))
        separator = self.separator.encode()
        out.write(head)
        places, offset = PartPlaces(), len(head)
        for path, part, count, tally in tallied:
            if places:
                out.write(separator)
                offset += len(separator)
            size = memoryview(part).nbytes
            places.append(path, offset, size, count, *tally)
            out.write(part)
            offset += size
        out.write(tail)
        return places

    def tally_of(self, part: Buffer) -> Tally:
        return self.tally(part) if self.tally is not None else NO_TALLY

    def encoded(self, rows: Sequence[DiagnosticRow], output: RunOutput, errors: str) -> bytes:
        return self.part(rows, output).encode("utf-8", errors)

    def render(self, output: RunOutput) -> Iterator[str]:
        """The whole text, as a format function gives it."""
        whole = b"".join(self.compose(output, errors="surrogatepass")[0])
        yield whole.decode("utf-8", "surrogatepass")


class PartWriter(NamedTuple):
    """A layout's part of one file, in UTF-8: what a worker process renders
    (engine.PartRenderer)."""

    layout: Layout
    errors: str = "strict"
    color: bool = False

    def __call__(self, rows: list[DiagnosticRow]) -> bytes:
        return self.layout.encoded(rows, RunOutput(rows, 1, color=self.color), self.errors)


class _Pieces(list[Buffer]):
    """The pieces written, kept in order, not joined."""

    def write(self, data: Buffer, /) -> None:
        self.append(data)


def _by_path(rows: Sequence[DiagnosticRow]) -> Iterator[tuple[str, list[DiagnosticRow]]]:
    """Runs of rows of one path, in their order."""
    for path, group in groupby(rows, key=attrgetter("path")):
        yield path, list(group)


def _sum(tallies: Iterable[Tally]) -> Tally:
    safe, unsafe = (sum(column) for column in zip(NO_TALLY, *tallies, strict=True))
    return safe, unsafe


def no_frame(output: RunOutput) -> tuple[str, str]:
    return "", ""

"""Formats made of one part per file, between a head and a tail.

Most formats write each file's findings together, in the order of the paths,
and around them only what depends on the totals (a summary line, the brackets
of a JSON array). Written as a `Layout`, such a format can also re-render the
parts of a few files and keep the stored parts of all the others: that is how
a run over a tree with one changed file answers in a fraction of a second
(replay.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import groupby
from operator import attrgetter
from typing import NamedTuple

from doclint.diagnostics import DiagnosticRow
from doclint.output.run import RunOutput

Part = Callable[[Sequence[DiagnosticRow], RunOutput], str]
"""One file's findings (never none), as the format writes them."""
Frame = Callable[[RunOutput], tuple[str, str]]
"""The head and the tail around the parts, from the totals of the run."""


class Layout(NamedTuple):
    part: Part
    frame: Frame
    separator: str = ""
    """What goes between two parts."""

    def parts(self, output: RunOutput) -> list[tuple[str, str]]:
        """(path, part) of each file with findings, in the order of the findings."""
        return [
            (path, self.part(list(rows), output))
            for path, rows in groupby(output.diagnostics, key=attrgetter("path"))
        ]

    def render(self, output: RunOutput) -> Iterator[str]:
        """The whole text, as a format function gives it."""
        head, tail = self.frame(output)
        yield head + self.separator.join(part for _, part in self.parts(output)) + tail


def no_frame(output: RunOutput) -> tuple[str, str]:
    return "", ""

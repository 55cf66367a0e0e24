"""Rendered parts of a run kept on disk, not in memory.

A tree of 200,000 pages gives millions of findings: their rendered parts
would take gigabytes in the main process if held until the run ends. Each
part goes to a temporary file as its file is checked, and memory keeps only
where it is; the output reads the parts back in the order of the paths. The
file has no name (it is unlinked when created), so it goes away with the run,
however the run ends.
"""

from __future__ import annotations

import tempfile
from array import array
from collections.abc import Iterator, Sequence
from typing import overload

from doclint.engine.reporting import FilePart

# A part's file (its number in the run), offset and length in the spill, findings.
PLACE_WIDTH = 4


class SpilledParts(Sequence[tuple[str, bytes, int]]):
    """Each file's (path as shown, part, findings), read from a temporary file."""

    def __init__(self) -> None:
        # Open as long as the parts are read: the run's result outlives any block.
        self._spill = tempfile.TemporaryFile(prefix="doclint-parts-")  # noqa: SIM115
        self._places = array("q")
        """PLACE_WIDTH numbers a part: packed, as tuples they took 150 bytes a file."""
        self._order: Sequence[int] | None = None
        """The parts' numbers among `_places`, in the order they are read
        (`sort`); None: in the order they were added."""
        self._size = 0
        self._shown: Sequence[str] = ()

    def add(self, index: int, part: FilePart | None) -> None:
        """Keep the part of the run's `index`-th file (None: no findings)."""
        if part is None:
            return
        data, count = part
        self._spill.write(data)
        self._places.extend((index, self._size, len(data), count))
        self._size += len(data)

    def sort(self, shown: Sequence[str]) -> SpilledParts:
        """In the order of the files' paths as shown (`shown[index]`)."""
        self._shown, places = shown, self._places
        order = sorted(range(len(self)), key=lambda part: shown[places[part * PLACE_WIDTH]])
        self._order = array("q", order)
        return self

    def __len__(self) -> int:
        return len(self._places) // PLACE_WIDTH

    @overload
    def __getitem__(self, item: int) -> tuple[str, bytes, int]: ...
    @overload
    def __getitem__(self, item: slice) -> list[tuple[str, bytes, int]]: ...
    def __getitem__(
        self, item: int | slice
    ) -> tuple[str, bytes, int] | list[tuple[str, bytes, int]]:
        if isinstance(item, slice):
            return [self._read(part) for part in self._in_order()[item]]
        return self._read(self._in_order()[item])

    def __iter__(self) -> Iterator[tuple[str, bytes, int]]:
        for part in self._in_order():
            yield self._read(part)

    def _in_order(self) -> Sequence[int]:
        return self._order if self._order is not None else range(len(self))

    def _read(self, part: int) -> tuple[str, bytes, int]:
        start = part * PLACE_WIDTH
        index, offset, length, count = self._places[start : start + PLACE_WIDTH]
        self._spill.seek(offset)
        return self._shown[index], self._spill.read(length), count

"""The checked files and tree facts of a replay record, column by column.

A tree of 200,000 pages has as many checked files and more facts: as one tuple
of Python objects each (a stamp is a tuple of three integers, a place five),
a record took about 300 MiB to build and as much to read back. Numbers are
kept here in packed arrays, and strings in plain lists, which marshal writes
and reads as they are.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator
from itertools import pairwise
from typing import Any

from doclint.replay_inputs import Stamp

STAMP_WIDTH = 3
PLACE_WIDTH = 5
Place = tuple[int, int, int, int, int]
"""A file's part of the output: byte offset (-1 for none), length, findings,
fixable findings (safe, unsafe-only)."""
OFFSET, LENGTH, COUNT, SAFE, UNSAFE = range(PLACE_WIDTH)
NO_PLACE: Place = (-1, 0, 0, 0, 0)
Fact = tuple[str, str, object]


class FileTable:
    """Each checked file: its path as shown and relative to the root, its
    stamp, the indexes of the facts its rules asked, and its part of the output."""

    def __init__(self) -> None:
        self.shown: list[str] = []
        self.paths: list[str] = []
        self._stamps = array("q")
        self._places = array("q")
        self._fact_starts = array("I", [0])
        self._fact_indexes = array("I")

    def __len__(self) -> int:
        return len(self.shown)

    def add(self, shown: str, path: str, stamp: Stamp, facts: Iterable[int], place: Place) -> None:
        self.shown.append(shown)
        self.paths.append(path)
        self._stamps.extend(stamp)
        self._fact_indexes.extend(facts)
        self._fact_starts.append(len(self._fact_indexes))
        self._places.extend(place)

    def stamp(self, index: int) -> Stamp:
        start = index * STAMP_WIDTH
        return tuple(self._stamps[start : start + STAMP_WIDTH])  # type: ignore[return-value]

    def facts(self, index: int) -> array[int]:
        return self._fact_indexes[self._fact_starts[index] : self._fact_starts[index + 1]]

    def place(self, index: int) -> Place:
        start = index * PLACE_WIDTH
        return tuple(self._places[start : start + PLACE_WIDTH])  # type: ignore[return-value]

    def to_record(self) -> dict[str, Any]:
        return {
            "shown": self.shown,
            "paths": self.paths,
            "stamps": self._stamps.tobytes(),
            "places": self._places.tobytes(),
            "fact_starts": self._fact_starts.tobytes(),
            "fact_indexes": self._fact_indexes.tobytes(),
        }

    @classmethod
    def from_record(cls, data: dict[str, Any], facts: int) -> FileTable:
        """The table a record holds, whose fact indexes point among `facts`
        facts; ValueError (or KeyError, TypeError) when it is not one."""
        table = cls()
        table.shown, table.paths = list(data["shown"]), list(data["paths"])
        table._stamps.frombytes(data["stamps"])
        table._places.frombytes(data["places"])
        table._fact_starts = array("I", data["fact_starts"])
        table._fact_indexes.frombytes(data["fact_indexes"])
        count = len(table.shown)
        starts = table._fact_starts
        if (
            len(table.paths) != count
            or len(table._stamps) != count * STAMP_WIDTH
            or len(table._places) != count * PLACE_WIDTH
            or len(starts) != count + 1
            or starts[0] != 0
            or starts[-1] != len(table._fact_indexes)
            or any(later < earlier for earlier, later in pairwise(starts))
            or any(index >= facts for index in table._fact_indexes)
        ):
            raise ValueError("a record's file table of another shape")
        return table


class FactTable:
    """The tree facts the rules of the checked files asked, each once: many
    files ask the same (a shared link target, a source and its two pages)."""

    def __init__(self) -> None:
        self.kinds: list[str] = []
        self.paths: list[str] = []
        self.values: list[object] = []
        self._latest: dict[str, dict[str, int]] | None = None
        """Per kind, the index of the latest fact of each path: made when a
        fact is first added (a replay that only checks the facts needs none)."""

    def __len__(self) -> int:
        return len(self.values)

    def add(self, kind: str, path: str, value: object) -> int:
        """The index of the fact, added unless the latest of its path holds."""
        if self._latest is None:
            self._latest = {}
            for number, (known_kind, known_path) in enumerate(
                zip(self.kinds, self.paths, strict=True)
            ):
                self._latest.setdefault(known_kind, {})[known_path] = number
        latest = self._latest.setdefault(kind, {})
        index = latest.get(path)
        if index is None or self.values[index] != value:
            index = latest[path] = len(self.values)
            self.kinds.append(kind)
            self.paths.append(path)
            self.values.append(value)
        return index

    def __iter__(self) -> Iterator[Fact]:
        return zip(self.kinds, self.paths, self.values, strict=True)

    def to_record(self) -> dict[str, Any]:
        return {"kinds": self.kinds, "paths": self.paths, "values": self.values}

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> FactTable:
        """The table a record holds; ValueError (or KeyError, TypeError) when
        it is not one."""
        table = cls()
        table.kinds, table.paths = list(data["kinds"]), list(data["paths"])
        table.values = list(data["values"])
        if not len(table.kinds) == len(table.paths) == len(table.values):
            raise ValueError("a record's fact table of another shape")
        return table

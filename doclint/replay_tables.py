"""The checked files and tree facts of a replay record, column by column.

A tree of 200,000 pages has as many checked files and more facts: as one tuple
of Python objects each (a stamp is a tuple of three integers, a place five),
a record took about 300 MiB to build and as much to read back. Numbers are
kept here in packed arrays, and strings in plain lists, which marshal writes
and reads as they are.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from hashlib import blake2b
from itertools import pairwise
from sys import intern
from typing import Any

from doclint.replay_inputs import PLACE_WIDTH, Stamp

STAMP_WIDTH = 3
Place = tuple[int, int, int, int, int]
"""A file's part of the output: byte offset (-1 for none), length, findings,
fixable findings (safe, unsafe-only)."""
OFFSET, LENGTH, COUNT, SAFE, UNSAFE = range(PLACE_WIDTH)
NO_PLACE: Place = (-1, 0, 0, 0, 0)
DIGEST_SIZE = 16


class FileTable:
    """Each checked file: its path as shown and relative to the root, its
    stamp, the indexes of the facts its rules asked, and its part of the output."""

    def __init__(self) -> None:
        self.shown: list[str] = []
        self._paths: list[str | None] = []
        """Relative to the root, None where that is the path as shown (a run
        in the root's folder shows every path so)."""
        self._stamps = array("q")
        self._places = array("q")
        self._fact_starts = array("I", [0])
        self._fact_indexes = array("I")

    def __len__(self) -> int:
        return len(self.shown)

    def add(self, shown: str, path: str, stamp: Stamp, facts: Iterable[int], place: Place) -> None:
        # Interned, a path named again (as shown and relative to the root,
        # by a file and by the facts about it) is one string: marshal writes
        # it once a column and marks it interned, and reading the columns
        # back makes it one string again.
        self.shown.append(intern(shown))
        self._paths.append(None if path == shown else intern(path))
        self._stamps.extend(stamp)
        self._fact_indexes.extend(facts)
        self._fact_starts.append(len(self._fact_indexes))
        self._places.extend(place)

    def path(self, index: int) -> str:
        """The file's path relative to the root."""
        path = self._paths[index]
        return self.shown[index] if path is None else path

    def stamp(self, index: int) -> Stamp:
        start = index * STAMP_WIDTH
        return tuple(self._stamps[start : start + STAMP_WIDTH])  # type: ignore[return-value]

    def facts(self, index: int) -> array[int]:
        return self._fact_indexes[self._fact_starts[index] : self._fact_starts[index + 1]]

    def place(self, index: int) -> Place:
        start = index * PLACE_WIDTH
        return tuple(self._places[start : start + PLACE_WIDTH])  # type: ignore[return-value]

    COLUMNS = ("shown", "_paths", "_stamps", "_places", "_fact_starts", "_fact_indexes")

    def drain(self) -> Iterator[object]:
        """The table's columns, in `COLUMNS` order, each leaving the table as
        it is given: a record's head is written a column at a time, and the
        columns of a big tree are freed as they are written, not all at the end.
        The arrays as they are: marshal writes them as bytes, without a copy."""
        return _drained(self, self.COLUMNS)

    @classmethod
    def from_record(cls, columns: Sequence[Any], facts: int) -> FileTable:
        """The table whose columns (`COLUMNS`) a record holds, whose fact
        indexes point among `facts` facts; ValueError (or TypeError) when it
        is not one."""
        shown, paths, stamps, places, fact_starts, fact_indexes = columns
        table = cls()
        table.shown, table._paths = _strings(shown), _strings(paths, None)
        table._stamps.frombytes(stamps)
        table._places.frombytes(places)
        table._fact_starts = array("I", fact_starts)
        table._fact_indexes.frombytes(fact_indexes)
        count = len(table.shown)
        starts = table._fact_starts
        if (
            len(table._paths) != count
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
    files ask the same (a shared link target, a source and its two pages).
    An answer is kept as a digest of its `repr` (the answers are numbers,
    stamps and flags, whose `repr` is the same in every process), which is
    all a replay compares: half a million answers of a big tree, as objects,
    were a third of its record."""

    def __init__(self) -> None:
        self.kind_names: list[str] = []
        """The kinds of question asked; a fact names its kind by its place here."""
        self._kinds = array("H")
        self.paths: list[str] = []
        self._digests = bytearray()
        self._latest: dict[int, dict[str, int]] | None = None
        """Per kind, the index of the latest fact of each path: made when a
        fact is first added (a replay that only checks the facts needs none)."""

    def __len__(self) -> int:
        return len(self._kinds)

    def add(self, kind: str, path: str, value: object) -> int:
        """The index of the fact, added unless the latest of its path holds."""
        if self._latest is None:
            self._latest = {}
            for number, known in enumerate(zip(self._kinds, self.paths, strict=True)):
                self._latest.setdefault(known[0], {})[known[1]] = number
        # A kind as a number: read back with each file's facts from its cache
        # blob, each fact's kind was a string of its own.
        if kind not in self.kind_names:
            self.kind_names.append(kind)
        code = self.kind_names.index(kind)
        # Interned before it is a key: the path read back with each file's
        # facts, kept as the key, was a second copy of half a million paths.
        path = intern(path)  # see FileTable.add
        latest = self._latest.setdefault(code, {})
        index = latest.get(path)
        digest = answer_digest(value)
        if index is None or self._digest(index) != digest:
            index = latest[path] = len(self._kinds)
            self._kinds.append(code)
            self.paths.append(path)
            self._digests += digest
        return index

    def changed(self, ask: Callable[[str, str], object]) -> set[int]:
        """The indexes of the facts whose answer `ask(kind, path)` now differs."""
        names = self.kind_names
        return {
            index
            for index, (code, path) in enumerate(zip(self._kinds, self.paths, strict=True))
            if answer_digest(ask(names[code], path)) != self._digest(index)
        }

    def _digest(self, index: int) -> bytes:
        start = index * DIGEST_SIZE
        return bytes(self._digests[start : start + DIGEST_SIZE])

    COLUMNS = ("kind_names", "_kinds", "paths", "_digests")

    def drain(self) -> Iterator[object]:
        """The table's columns, as `FileTable.drain` gives its own."""
        # The index of the latest facts goes first: on a big tree it is as big
        # as the rest of the table.
        self._latest = None
        return _drained(self, self.COLUMNS)

    @classmethod
    def from_record(cls, columns: Sequence[Any]) -> FactTable:
        """The table whose columns (`COLUMNS`) a record holds; ValueError (or
        TypeError) when it is not one."""
        kind_names, kinds, paths, digests = columns
        table = cls()
        table.kind_names, table.paths = _strings(kind_names), _strings(paths)
        table._kinds.frombytes(kinds)
        table._digests = bytearray(digests)
        count = len(table._kinds)
        if (
            len(table.paths) != count
            or len(table._digests) != count * DIGEST_SIZE
            or any(code >= len(table.kind_names) for code in table._kinds)
        ):
            raise ValueError("a record's fact table of another shape")
        return table


def _drained(table: object, columns: tuple[str, ...]) -> Iterator[object]:
    for name in columns:
        yield table.__dict__.pop(name)


def answer_digest(value: object) -> bytes:
    return blake2b(repr(value).encode(), digest_size=DIGEST_SIZE).digest()


def _strings(data: object, *allowed: None) -> list[Any]:
    """A list a record holds, of strings (or `allowed`); TypeError when it is not."""
    if type(data) is not list or not all(type(item) is str or item in allowed for item in data):
        raise TypeError("a record's list of paths of another shape")
    return data

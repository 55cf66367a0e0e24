"""A recorded run some of whose files changed (see replay.py): the fields of
a checked file in its record, and the stored parts of the files that did not
change, spliced with the new parts of those checked again."""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doclint.sealed import SealedFile

if TYPE_CHECKING:  # a replay imports no output module
    from doclint.output.layout import Buffer, NewPart, Tally

# The fields of a checked file in a record: its path as shown and relative to
# the root, its stamp, the indexes of the facts its rules asked for, and its
# part of the output (byte offset, -1 for none, and length; findings; fixable
# findings, safe and unsafe-only).
SHOWN, PATH, STAMP, FACTS, OFFSET, LENGTH, COUNT, SAFE, UNSAFE = range(9)
NO_PART = (-1, 0, 0, 0, 0)


class Partial:
    """A recorded run some of whose files changed: those to check again, and
    the stored output parts of the others, read from the record as they are
    written (`output.layout.StoredParts`). It keeps the record open."""

    def __init__(
        self, record: dict[str, Any], dirty: set[int], sealed: SealedFile, folder: Path
    ) -> None:
        self.record = record
        self.dirty = dirty
        self.folder = folder
        self.root: str = record["root"]
        self.files: list[tuple[Any, ...]] = record["files"]
        self.to_check = [self.files[index][SHOWN] for index in sorted(dirty)]
        """The files to check, as shown (relative to the working folder)."""
        self.elsewhere = sum(
            entry[COUNT] for index, entry in enumerate(self.files) if index not in dirty
        )
        """The findings of the files not checked again."""
        self._sealed = sealed
        weakref.finalize(self, sealed.close)

    def totals(self, new: dict[str, NewPart]) -> tuple[int, Tally]:
        """The files with findings and the fixable tally of the merged output."""
        files = safe = unsafe = 0
        for entry, fresh in self._chosen(new):
            tally = fresh[2] if fresh is not None else (entry[SAFE], entry[UNSAFE])
            files, safe, unsafe = files + 1, safe + tally[0], unsafe + tally[1]
        return files, (safe, unsafe)

    def merge(self, new: dict[str, NewPart]) -> Iterator[tuple[str, Buffer, int, Tally]]:
        """(path, part, findings, tally) of every file with findings, in order:
        the stored part of an unchanged file, `new[path]` for a file checked again."""
        for entry, fresh in self._chosen(new):
            if fresh is not None:
                yield entry[SHOWN], *fresh
            else:
                part = self._sealed.read(entry[OFFSET], entry[LENGTH])
                yield entry[SHOWN], part, entry[COUNT], (entry[SAFE], entry[UNSAFE])

    def _chosen(self, new: dict[str, NewPart]) -> Iterator[tuple[tuple[Any, ...], NewPart | None]]:
        """The entry of every file with findings, with its new part if it was checked again."""
        for index, entry in enumerate(self.files):
            if index in self.dirty:
                if entry[SHOWN] in new:
                    yield entry, new[entry[SHOWN]]
            elif entry[OFFSET] >= 0:
                yield entry, None

"""A recorded run some of whose files changed (see replay.py): the stored
parts of the files that did not change, spliced with the new parts of those
checked again."""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doclint.replay_tables import COUNT, LENGTH, OFFSET, SAFE, UNSAFE, FactTable, FileTable
from doclint.sealed import SealedFile

if TYPE_CHECKING:  # a replay imports no output module
    from doclint.output.layout import Buffer, NewPart, Tally
    from doclint.replay_tables import Place


class Partial:
    """A recorded run some of whose files changed: those to check again, and
    the stored output parts of the others, read from the record as they are
    written (`output.layout.StoredParts`). It keeps the record open."""

    def __init__(
        self,
        record: dict[str, Any],
        tables: tuple[FileTable, FactTable],
        dirty: set[int],
        sealed: SealedFile,
        folder: Path,
    ) -> None:
        self.record = record
        self.files, self.facts = tables
        self.dirty = dirty
        self.folder = folder
        self.root: str = record["root"]
        self.to_check = [self.files.shown[index] for index in sorted(dirty)]
        """The files to check, as shown (relative to the working folder)."""
        self.elsewhere = sum(
            self.files.place(index)[COUNT] for index in range(len(self.files)) if index not in dirty
        )
        """The findings of the files not checked again."""
        self._sealed = sealed
        weakref.finalize(self, sealed.close)

    def totals(self, new: dict[str, NewPart]) -> tuple[int, Tally]:
        """The files with findings and the fixable tally of the merged output."""
        files = safe = unsafe = 0
        for _, place, fresh in self._chosen(new):
            tally = fresh[2] if fresh is not None else (place[SAFE], place[UNSAFE])
            files, safe, unsafe = files + 1, safe + tally[0], unsafe + tally[1]
        return files, (safe, unsafe)

    def merge(self, new: dict[str, NewPart]) -> Iterator[tuple[str, Buffer, int, Tally]]:
        """(path, part, findings, tally) of every file with findings, in order:
        the stored part of an unchanged file, `new[path]` for a file checked again."""
        for shown, place, fresh in self._chosen(new):
            if fresh is not None:
                yield shown, *fresh
            else:
                part = self._sealed.read(place[OFFSET], place[LENGTH])
                yield shown, part, place[COUNT], (place[SAFE], place[UNSAFE])

    def _chosen(self, new: dict[str, NewPart]) -> Iterator[tuple[str, Place, NewPart | None]]:
        """Every file with findings, as shown, with its stored place, and its
        new part if it was checked again."""
        for index, shown in enumerate(self.files.shown):
            place = self.files.place(index)
            if index in self.dirty:
                if shown in new:
                    yield shown, place, new[shown]
            elif place[OFFSET] >= 0:
                yield shown, place, None

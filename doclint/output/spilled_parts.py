"""The rendered parts of a run's files, each file's (`FilePart`) and all of
them (`SpilledParts`): held in the run's own spill or in the files its
workers wrote, and read back in order. What a run's output holds of them
(`RunOutput.parts`) and what writes them (`doclint.output.parts`) both use
them, so they are a module of their own."""

from __future__ import annotations

import os
import weakref
from array import array
from collections.abc import Iterator, Sequence
from functools import partial

from doclint.models.findings import Counts, total
from doclint.util.private_folder import PrivateFolder
from doclint.util.records import NamedTuple
from doclint.util.spill import Spill


class FilePart(NamedTuple):
    """One file's part (`data`), or where a worker wrote it (`spool`,
    `offset`, `length`); its path as shown, unescaped; its key, if kept."""

    data: bytes
    shown: str
    counts: Counts
    key: bytes | None = None
    spool: str | None = None
    offset: int = 0
    length: int = 0


class SpilledParts:
    """The parts of a run: in the run's own spill (number 0) or the workers'
    files in `folder`, read back in order of the paths as shown (`sort`)."""

    def __init__(self, folder: PrivateFolder | None = None) -> None:
        self.folder = folder
        self._spill = Spill("doclint-parts-")
        self._readers = [self._spill.read]  # `os.pread` of the workers' files from 1 on
        self._spools: dict[str, int] = {}
        # Spill, offset, length and findings of each; packed: as tuples, 150 bytes a file.
        self._places = array("q")
        self._order: Sequence[int] | None = None
        self._shown: list[str] = []
        self.counts = Counts()

    def add(self, part: FilePart) -> None:
        spill, offset, length = self._spools.get(part.spool or ""), part.offset, part.length
        if part.spool is None:
            spill, offset, length = 0, self._spill.write(part.data), len(part.data)
        elif spill is None:
            spill = self._spools[part.spool] = self._open_spool(part.spool)
        self._places.extend((spill, offset, length, part.counts.findings))
        self._shown.append(part.shown)
        self.counts = total([self.counts, part.counts])

    def _open_spool(self, name: str) -> int:
        """Open a worker's file in the writer's folder, and unlink it."""
        if os.path.basename(name) != name or name in ("", ".", "..") or self.folder is None:
            raise ValueError(f"a worker named a part file outside its folder: {name!r}")
        descriptor = self.folder.open(name)
        weakref.finalize(self, os.close, descriptor)
        self._readers.append(partial(os.pread, descriptor))
        self.folder.unlink(name)
        return len(self._readers) - 1

    def sort(self) -> SpilledParts:
        self._order = array("q", sorted(range(len(self)), key=self._shown.__getitem__))
        return self

    def __len__(self) -> int:
        return len(self._shown)

    def __iter__(self) -> Iterator[tuple[str, bytes, int]]:
        """Each part's (path as shown, bytes, findings), in order."""
        return map(self.__getitem__, self._order if self._order is not None else range(len(self)))

    def __getitem__(self, part: int) -> tuple[str, bytes, int]:
        part = range(len(self))[part]  # from the end when negative, as a list
        spill, offset, length, count = self._places[part * 4 : part * 4 + 4]
        data = self._readers[spill](length, offset)
        if len(data) != length:
            raise OSError(f"a rendered part of {self._shown[part]} was cut short on disk")
        return self._shown[part], data, count

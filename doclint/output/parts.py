"""The output of a format written file by file: each file's part rendered
where the file is checked, kept on disk, read back in the order of the paths.

The command line gives a run a `PartWriter` (it implements the run's port,
run/sink.py): a worker renders each file's part of the findings it hands it,
writes it to a file of its own (`PartSpool`) and tells the run's process
only where it is (`PartPlace`); the run's process keeps parts answered by the
cache, or checked in process, in a spill of its own; `SpilledParts` gives
them back sorted by path, for a `Layout` to write between its head and tail.

On disk, not in memory: a tree of 200,000 pages gives millions of findings,
whose parts would take gigabytes in the main process if held until the run
ends. Sent whole, the parts crossed a pipe and were written again by the
main process: 2.27 GB for the `jsonl` report of a 210,088-page tree, 6 s of
the main process's CPU. The main process opens a worker's file the first time
it hears of it and unlinks it at once; its own spill has no name from the
start. The workers' folder (`spool_folder`) is removed when the workers stop,
however the run ends; only a run killed outright can leave it behind.
"""

from __future__ import annotations

import os
import tempfile
import weakref
from array import array
from collections.abc import Callable, Iterator, Sequence
from typing import IO, NamedTuple, overload

from doclint.models.findings import Finding, Fixable, fixable
from doclint.output.baseline import SourceLines
from doclint.output.layout import Layout
from doclint.output.run_output import RenderedParts, RunOutput
from doclint.util.private_folder import PrivateFolder


class FilePart(NamedTuple):
    """One file's findings as written, how many there are, and how many of
    them the fixes repair: counted from the findings where the part is
    rendered, so that a summary never reads the parts again to count them."""

    data: bytes
    count: int  # type: ignore[assignment]  # a field, not tuple's method of that name
    fixable: Fixable


class PartPlace(NamedTuple):
    """Where a worker wrote a file's part (`PartSpool`): its file's name in
    the run's folder, offset and length there; and its counts, as `FilePart`'s."""

    spool: str
    offset: int
    length: int
    count: int  # type: ignore[assignment]  # a field, not tuple's method of that name
    fixable: Fixable


class PartWriter(NamedTuple):
    """A layout's part of each file, in UTF-8, rendered where the file is
    checked, and where the parts go: the output's side of the run's port
    (run/sink.py)."""

    layout: Layout
    errors: str = "strict"
    color: bool = False

    def __call__(
        self, rows: list[Finding], file: str | None = None, lines: list[str] | None = None
    ) -> bytes:
        """The part of `rows`, all of one file (`file`, shown as their path);
        `lines` are that file's as checked, else they are read from it when
        the format shows them."""
        sources = SourceLines.showing(rows[0].path, file or rows[0].path, lines)
        output = RunOutput(rows, 1, sources=sources, color=self.color)
        return self.layout.encoded(rows, output, self.errors)

    def part(
        self, rows: list[Finding], file: str, lines: list[str] | None = None
    ) -> FilePart | None:
        """The part of a file's findings as reported (None: it has none), with
        its counts; `lines` are the lines checked, when the engine read some."""
        if not rows:
            return None
        return FilePart(self(rows, file, lines), len(rows), fixable(rows))

    def spool_folder(self) -> PrivateFolder:
        return spool_folder()

    def spool(self, folder: PrivateFolder) -> PartSpool:
        return PartSpool(folder)

    def parts(self, folder: Callable[[], PrivateFolder | None]) -> SpilledParts:
        return SpilledParts(folder)


# A part's file (its number in the run), spill, offset and length there,
# findings, and of those the safe and the unsafe-only fixable ones.
PLACE_WIDTH = 7
_OWN_SPILL = 0


def spool_folder() -> PrivateFolder:
    """A new private folder for the workers' part files of one run, held by
    its descriptor (util/private_folder.py): with a shared temporary folder, another
    user must not swap it, or a file in it, for one of theirs."""
    return PrivateFolder("doclint-parts-")


class PartSpool:
    """The file a worker process writes its rendered parts to, in the run's folder."""

    def __init__(self, folder: PrivateFolder) -> None:
        self.folder = folder
        self._file: IO[bytes] | None = None
        self._name = ""
        self._size = 0

    def place(self, part: FilePart | PartPlace) -> FilePart | PartPlace:
        """Write a part; where it is, for the main process to read."""
        if isinstance(part, PartPlace):
            return part  # written already
        if self._file is None:
            self._name, descriptor = self.folder.create("worker-")
            self._file = open(descriptor, "wb")  # noqa: SIM115 - open for the worker's life
        self._file.write(part.data)
        place = PartPlace(self._name, self._size, len(part.data), part.count, part.fixable)
        self._size += len(part.data)
        return place

    def flush(self) -> None:
        """Make what was written readable by the main process (at the end of each chunk)."""
        if self._file is not None:
            self._file.flush()


class SpilledParts(RenderedParts):
    """Each file's (path as shown, part, findings), read from temporary files."""

    def __init__(self, folder: Callable[[], PrivateFolder | None] = lambda: None) -> None:
        self._folder = folder
        """Where workers write their parts (`PartSpool`), if they were started."""
        # Open as long as the parts are read: the run's result outlives any block.
        self._spill = tempfile.TemporaryFile(prefix="doclint-parts-")  # noqa: SIM115
        self._descriptors = [self._spill.fileno()]
        """The open spills, by number; worker files are added as they are met."""
        self._spools: dict[str, int] = {}
        weakref.finalize(self, _close, self._spill, self._descriptors)
        self._places = array("q")
        """PLACE_WIDTH numbers a part: packed, as tuples they took 150 bytes a file."""
        self._order: Sequence[int] | None = None
        """The parts' numbers among `_places`, in the order they are read
        (`sort`); None: in the order they were added."""
        self._size = 0
        self._shown: Sequence[str] = ()
        self._findings = 0
        self._safe = self._unsafe = 0

    def add(self, index: int, part: FilePart | PartPlace | None) -> None:
        """Keep the part of the run's `index`-th file (None: no findings), or
        where a worker wrote it."""
        if part is None:
            return
        if isinstance(part, PartPlace):
            spill = self._spools.get(part.spool)
            if spill is None:
                spill = self._spools[part.spool] = self._open_spool(part.spool)
            offset, length = part.offset, part.length
        else:
            spill, offset, length = _OWN_SPILL, self._size, len(part.data)
            self._spill.write(part.data)
            self._size += length
        self._places.extend((index, spill, offset, length, part.count, *part.fixable))
        self._findings += part.count
        safe, unsafe = part.fixable
        self._safe, self._unsafe = self._safe + safe, self._unsafe + unsafe

    def _open_spool(self, name: str) -> int:
        """Open a worker's file (a name in the run's folder, nothing else, and
        a regular file of this user's) and unlink it."""
        folder = self._folder()
        if folder is None or os.path.basename(name) != name or name in ("", ".", ".."):
            raise ValueError(f"a worker named a part file outside its folder: {name!r}")
        descriptor = folder.open(name)
        self._descriptors.append(descriptor)
        folder.unlink(name)
        return len(self._descriptors) - 1

    def sort(self, shown: Sequence[str]) -> SpilledParts:
        """In the order of the files' paths as shown (`shown[index]`)."""
        self._shown, places = shown, self._places
        order = sorted(range(len(self)), key=lambda part: shown[places[part * PLACE_WIDTH]])
        self._order = array("q", order)
        return self

    def __len__(self) -> int:
        return len(self._places) // PLACE_WIDTH

    @property
    def findings(self) -> int:
        return self._findings

    @property
    def fixable(self) -> Fixable:
        return self._safe, self._unsafe

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
        index, spill, offset, length, count, _, _ = self._places[start : start + PLACE_WIDTH]
        if spill == _OWN_SPILL:
            self._spill.flush()
        data = os.pread(self._descriptors[spill], length, offset)
        if len(data) != length:
            raise OSError(f"a rendered part of {self._shown[index]} was cut short on disk")
        return self._shown[index], data, count


def _close(spill: IO[bytes], descriptors: list[int]) -> None:
    spill.close()
    for descriptor in descriptors[1:]:
        os.close(descriptor)

"""The output of a format written file by file: each file's part rendered
where the file is checked, kept on disk, read back in the order of the paths.

The command line makes a `PartWriter` and hands it to the run (it implements
the run's port, run/sink.py `FileSink`): the run gives it each file's
findings where the file is checked (`add`); the writer shows them
(output/shown.py) and renders the part. In a worker (whose copy of the
writer the pool's initializer marks, `start_worker`), it writes the part to
a file of its own in the writer's folder and gives back only where it is
(a `FilePart` without its bytes), which the run hands to `keep` in its process; parts made in
the run's process (answered by the cache, or checked in process) go to a
spill of its own. Once the run is over, the command line reads the parts
(`parts`) sorted by path, for a `Layout` to write between its head and tail.

On disk, not in memory: a tree of 200,000 pages gives millions of findings,
whose parts would take gigabytes in the main process if held until the run
ends. Sent whole, the parts crossed a pipe and were written again by the
main process: 2.27 GB for the `jsonl` report of a 210,088-page tree, 6 s of
the main process's CPU. The main process opens a worker's file the first time
it hears of it and unlinks it at once; its own spill has no name from the
start. The writer's folder is removed when it is closed (`close`), or when
the writer is collected; only a run killed outright can leave it behind.
"""

from __future__ import annotations

import os
import tempfile
import weakref
from array import array
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, NamedTuple

from doclint.models.findings import Counts, Finding, counts, total
from doclint.models.kept_findings import FileRows
from doclint.output.baseline import SourceLines
from doclint.output.layout import Layout
from doclint.output.part_memo import packed, part_key, unpacked, writer_context
from doclint.output.run_output import RenderedParts, RunOutput
from doclint.output.shown import in_order, shown_paths
from doclint.util.paths import display_path, printable
from doclint.util.private_folder import PrivateFolder


class FilePart(NamedTuple):
    """One file's findings as written (`data`), or where a worker wrote them
    (`spool`, the name of its file in the writer's folder, `offset` and
    `length` there); its path as shown (before escaping: the parts are
    sorted by it); their counts, counted where the part is rendered, so that
    a summary never reads the parts again to count them."""

    data: bytes
    shown: str
    counts: Counts
    key: bytes | None = None
    """Its key, when it was rendered to be kept with the file's result."""
    spool: str | None = None
    offset: int = 0
    length: int = 0


class PartWriter:
    """A layout's part of each file, in UTF-8, rendered where the file is
    checked, and the parts of a run gathered: the output's side of the run's
    port (run/sink.py `FileSink`)."""

    def __init__(
        self,
        layout: Layout,
        errors: str = "strict",
        color: bool = False,
        cwd: Path | None = None,
        keyed: bool = False,
    ) -> None:
        self.layout, self.errors, self.color = layout, errors, color
        self.cwd = cwd or Path.cwd()
        """What paths are shown relative to."""
        self.keyed = keyed
        """Whether parts are kept with the run's results (part_memo.py)."""
        self._context = writer_context(layout.part, errors, color) if keyed else b""
        # Made before the run forks its workers, who inherit it: each writes
        # to a file of its own there (util/private_folder.py: with a shared
        # temporary folder, another user must not swap it, or a file in it).
        self._folder = PrivateFolder("doclint-parts-")
        weakref.finalize(self, self._folder.remove)
        self._worker = False
        """Whether this is a worker's copy (`start_worker`), which writes its parts to its file."""
        self._spool: PartSpool | None = None
        """A worker's file of parts."""
        self._parts = SpilledParts(self._folder)

    def __getstate__(self) -> dict[str, Any]:
        # A spawned worker gets what renders and where to write, not the parts gathered.
        return {**self.__dict__, "_parts": None, "_spool": None}

    def __call__(
        self, rows: list[Finding], file: str | None = None, lines: list[str] | bytes | None = None
    ) -> bytes:
        """The part of `rows` as shown, all of one file (`file`, shown as
        their path); `lines` are that file's as checked (or its bytes), else
        they are read from it when the format shows them."""
        sources = SourceLines.showing(rows[0].path, file or rows[0].path, lines)
        output = RunOutput(rows, 1, sources=sources, color=self.color)
        return self.layout.encoded(rows, output, self.errors)

    def add(
        self,
        file: str,
        root: str,
        found: FileRows,
        lines: list[str] | bytes | None = None,
        content: bytes | None = None,
        parts: dict[bytes, bytes] | None = None,
    ) -> FilePart | None:
        """The part of a file's findings (None: it has none) as the run gives
        them, shown and rendered, or found among the `parts` kept with them
        (with `content`, the digest of the file's bytes, for findings
        encoded: then decoded only when missed there); in a worker, written
        to the worker's file, and where it is. `lines` are the lines checked,
        when the engine read some, or the file's bytes, when a lookup read them."""
        if found.none:
            return None
        shown = display_path(file, self.cwd)
        printed = printable(shown)
        key = kept = None
        if self.keyed and content is not None:
            key = part_key(self._context, printed, found, content, root, self.cwd)
            if key is not None and parts:
                kept = unpacked(parts.get(key))
        if kept is not None:
            data, kept_counts = kept
            part = FilePart(data, shown, kept_counts)
        else:
            rows = found.rows
            if not rows:
                return None
            rows = in_order(shown_paths(rows, root, self.cwd), printed)
            part = FilePart(self(rows, file, lines), shown, counts(rows), key)
        if not self._worker:
            return part
        if self._spool is None:
            self._spool = PartSpool(self._folder)
        return self._spool.place(part)

    def start_worker(self) -> None:
        """This copy of the writer is a worker's: its parts go to a file of its own."""
        self._worker = True

    def keep(self, parts: Iterable[FilePart]) -> dict[bytes, bytes]:
        """Keep the parts `add` gave of a file, in the run's process; those
        it rendered to be kept with the file's result, by their key."""
        rendered = {}
        for part in parts:
            self._parts.add(part)
            if part.key is not None:
                rendered[part.key] = packed(self._parts.last(), part.counts)
        return rendered

    def parts(self) -> SpilledParts:
        """The parts kept, in the order of the files' paths as shown."""
        return self._parts.sort()

    def close(self) -> None:
        """Remove the workers' folder (their files are open here by now)."""
        self._folder.remove()


# A part's spill, offset and length there, and its findings.
PLACE_WIDTH = 4
_OWN_SPILL = 0
# The most read at a time of parts that follow one another in a spill
# (`SpilledParts.buffers`): a bound on memory, whatever the tree.
READ_BOUND = 1 << 18


class PartSpool:
    """The file a worker process writes its rendered parts to, in the writer's folder."""

    def __init__(self, folder: PrivateFolder) -> None:
        self._name, self._descriptor = folder.create("worker-")
        self._size = 0

    def place(self, part: FilePart) -> FilePart:
        """Write a part; where it is, for the main process to read."""
        os.write(self._descriptor, part.data)
        offset, self._size = self._size, self._size + len(part.data)
        return part._replace(data=b"", spool=self._name, offset=offset, length=len(part.data))


class SpilledParts(RenderedParts):
    """Each file's (path as shown, part, findings), read from temporary files."""

    def __init__(self, folder: PrivateFolder) -> None:
        self._folder = folder
        """Where workers write their parts (`PartSpool`)."""
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
        self._shown: list[str] = []
        """Each part's file's path as shown, before escaping."""
        self._counts = Counts()

    def add(self, part: FilePart) -> None:
        """Keep a file's part, or where a worker wrote it."""
        if part.spool is not None:
            spill = self._spools.get(part.spool)
            if spill is None:
                spill = self._spools[part.spool] = self._open_spool(part.spool)
            offset, length = part.offset, part.length
        else:
            spill, offset, length = _OWN_SPILL, self._size, len(part.data)
            self._spill.write(part.data)
            self._size += length
        self._places.extend((spill, offset, length, part.counts.findings))
        self._shown.append(part.shown)
        self._counts = total([self._counts, part.counts])

    def _open_spool(self, name: str) -> int:
        """Open a worker's file (a name in the writer's folder, nothing else,
        and a regular file of this user's) and unlink it."""
        if os.path.basename(name) != name or name in ("", ".", ".."):
            raise ValueError(f"a worker named a part file outside its folder: {name!r}")
        descriptor = self._folder.open(name)
        self._descriptors.append(descriptor)
        self._folder.unlink(name)
        return len(self._descriptors) - 1

    def last(self) -> bytes:
        """The part added last."""
        return self._read(len(self) - 1)[1]

    def sort(self) -> SpilledParts:
        """In the order of the files' paths as shown."""
        self._order = array("q", sorted(range(len(self)), key=self._shown.__getitem__))
        return self

    def __len__(self) -> int:
        return len(self._places) // PLACE_WIDTH

    @property
    def counts(self) -> Counts:
        return self._counts

    def __iter__(self) -> Iterator[tuple[str, bytes, int]]:
        for part in self._in_order():
            yield self._read(part)

    def _in_order(self) -> Sequence[int]:
        return self._order if self._order is not None else range(len(self))

    def buffers(self) -> Iterator[memoryview]:
        """Each part's bytes, in order: parts that follow one another in a
        spill, as the work put them, are read together, at most READ_BOUND
        bytes at a time (a larger part alone): a read per part cost a system
        call each."""
        order, places = self._in_order(), self._places
        first, total = 0, len(order)
        while first < total:
            start = order[first] * PLACE_WIDTH
            spill, offset, end = places[start], places[start + 1], places[start + 2]
            end += offset
            last = first + 1
            while last < total:
                start = order[last] * PLACE_WIDTH
                length = places[start + 2]
                if places[start] != spill or places[start + 1] != end:
                    break
                if end + length - offset > READ_BOUND:
                    break
                end += length
                last += 1
            data = memoryview(self._pread(spill, offset, end - offset, order[first]))
            at = 0
            for number in range(first, last):
                length = places[order[number] * PLACE_WIDTH + 2]
                yield data[at : at + length]
                at += length
            first = last

    def _read(self, part: int) -> tuple[str, bytes, int]:
        start = part * PLACE_WIDTH
        spill, offset, length, count = self._places[start : start + PLACE_WIDTH]
        return self._shown[part], self._pread(spill, offset, length, part), count

    def _pread(self, spill: int, offset: int, length: int, part: int) -> bytes:
        """`length` bytes at `offset` of a spill, from the part `part` on."""
        if spill == _OWN_SPILL:
            self._spill.flush()
        data = os.pread(self._descriptors[spill], length, offset)
        if len(data) != length:
            raise OSError(f"a rendered part of {self._shown[part]} was cut short on disk")
        return data


def _close(spill: IO[bytes], descriptors: list[int]) -> None:
    spill.close()
    for descriptor in descriptors[1:]:
        os.close(descriptor)

"""The output of a format written file by file: each file's part rendered
where the file is checked (a worker writes it to a file of its own and sends
back where), read back from disk in the order of the paths. Not through a
pipe, which the main process would have to read every part of.
`part_key` digests all a part shows, so that a part the cache kept is given
instead of rendered, with no finding decoded."""

from __future__ import annotations

import json
import marshal
import os
import struct
import weakref
from array import array
from collections.abc import Iterable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from doclint.models.findings import Counts, FileFindings, Finding, counts, total
from doclint.models.kept_findings import PRINTABLE, FileResult, messages
from doclint.models.urls import documentation_base
from doclint.output.baseline import LinesRead, SourceLines
from doclint.output.layout import FileView, Layout
from doclint.output.shown import in_order, message_shown, shown_messages
from doclint.util.digests import blake2b
from doclint.util.paths import display_path, printable
from doclint.util.private_folder import PrivateFolder
from doclint.util.records import NamedTuple
from doclint.util.spill import Spill
from doclint.version import __version__

LENGTH = struct.Struct("<Q")
COUNTS = struct.Struct("<QQQQQ")  # a kept part starts with its `Counts`


def writer_context(writer: PartWriter) -> bytes:
    """What every part depends on besides its file (SARIF numbers the rules
    known; JSON and SARIF link the rules' pages)."""
    from doclint.output.sarif import known_codes  # only for parts kept with the cache

    codes, part = known_codes(), writer.layout.part
    name = f"{getattr(part, '__module__', '')}.{getattr(part, '__qualname__', type(part).__name__)}"
    context = [__version__, name, writer.errors, writer.color, list(codes), documentation_base()]
    return json.dumps(context).encode()  # canonical text, never a repr


def part_key(context: bytes, shown: str, found: FileResult, cwd: Path) -> bytes | None:
    """The key of a file's part (None: its findings are not encoded, or the
    digest of its bytes unknown), found without decoding a finding."""
    if found.encoded is None or found.content is None:
        return None
    hasher = blake2b(context, digest_size=16)
    for piece in (shown.encode("utf-8", "surrogatepass"), found.content, found.refined.encode()):
        hasher.update(LENGTH.pack(len(piece)) + piece)
    hasher.update(LENGTH.pack(len(found.encoded)) + found.encoded)
    if found.encoded[:1] != PRINTABLE:  # a message may be shown otherwise than as kept
        show = message_shown(found.root, cwd)
        texts = [show(text) for text in messages(found.encoded) if not text.isprintable()]
        # Version 0: the same bytes in every process (later ones mark interned strings).
        hasher.update(marshal.dumps(texts, 0))
    return hasher.digest()


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


class PartWriter:
    """The sink (run/sink.py) of a layout written file by file; `keyed`:
    parts are kept with the cached results."""

    def __init__(
        self,
        layout: Layout,
        errors: str = "strict",
        color: bool = False,
        cwd: Path | None = None,
        keyed: bool = False,
    ) -> None:
        self.layout, self.errors, self.color = layout, errors, color
        self.cwd, self.keyed = cwd or Path.cwd(), keyed
        self._context = b""  # made by the first part kept: a run of no findings makes none
        self._worker = False
        self._spool: tuple[str, int] | None = None  # a worker's file there: name, descriptor
        self._spooled = 0
        self._parts = SpilledParts()

    def prepare_workers(self) -> None:
        """Make the private folder each worker writes a file of its own in."""
        if self._parts.folder is None:
            self._parts.folder = PrivateFolder("doclint-parts-")
            weakref.finalize(self, self._parts.folder.remove)

    def __getstate__(self) -> dict[str, Any]:
        # A spawned worker gets what renders, not the parts nor this process's folder.
        return {**self.__dict__, "_parts": None, "_spool": None, "_spooled": 0}

    def __call__(
        self, rows: list[Finding], file: str = "", lines: LinesRead = None, plain: bool = False
    ) -> bytes:
        """The part of `rows`, all of one file, as shown; `plain`: each message is printable."""
        sources = SourceLines.showing(rows[0].path, file or rows[0].path, lines)
        view = FileView(sources, self.color, plain)
        return self.layout.encoded(rows, view, self.errors)

    def add(self, found: FileResult) -> FilePart | None:
        """A file's part (None: no findings), kept or rendered; in a worker, where it is."""
        if found.none:
            return None
        shown = display_path(found.file, self.cwd)
        key = kept = None
        if self.keyed and found.content is not None:
            self._context = self._context or writer_context(self)
            key = part_key(self._context, printable(shown), found, self.cwd)
            kept = found.parts.get(key) if key is not None else None
        if kept is not None and len(kept) > COUNTS.size:
            part = FilePart(kept[COUNTS.size :], shown, Counts(*COUNTS.unpack_from(kept)))
        elif rows := found.rows:
            rows, plain = shown_messages(rows, found.root, self.cwd)
            rows = in_order(rows, printable(shown))
            part = FilePart(self(rows, found.file, found.lines, plain), shown, counts(rows), key)
        else:
            return None
        if not self._worker or self._parts is None:
            return part
        assert self._parts.folder is not None, "prepare_workers made it before they started"
        name, descriptor = self._spool = self._spool or self._parts.folder.create("worker-")
        os.write(descriptor, part.data)
        offset, self._spooled = self._spooled, self._spooled + len(part.data)
        return part._replace(data=b"", spool=name, offset=offset, length=len(part.data))

    def start_worker(self) -> None:
        self._worker = True

    def keep(self, parts: Iterable[FilePart]) -> dict[bytes, bytes]:
        """Keep the parts `add` gave of a file; those to keep with its result, by key."""
        rendered = {}
        for part in parts:
            self._parts.add(part)
            if part.key is not None:
                rendered[part.key] = COUNTS.pack(*part.counts) + self._parts[-1][1]
        return rendered

    def delivered(self) -> tuple[list[FileFindings], SpilledParts]:
        """What the command line reports: no findings but in the parts, sorted."""
        return [], self._parts.sort()

    def close(self) -> None:
        """Remove the workers' folder (their files are open here by now)."""
        if self._parts.folder is not None:
            self._parts.folder.remove()


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

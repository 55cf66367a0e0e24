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
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from doclint.models.findings import Counts, FileFindings, Finding, counts
from doclint.models.kept_findings import PRINTABLE, FileResult, messages
from doclint.models.urls import documentation_base
from doclint.output.baseline import LinesRead, SourceLines
from doclint.output.layout import FileView, Layout
from doclint.output.shown import in_order, message_shown, shown_messages
from doclint.output.spilled_parts import FilePart, SpilledParts
from doclint.util.digests import blake2b
from doclint.util.paths import display_path, printable
from doclint.util.private_folder import PrivateFolder
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

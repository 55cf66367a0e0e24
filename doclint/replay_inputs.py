"""What a run looked at, for replaying it (see replay.py).

The modules that read the file system on a run's behalf (discovery,
configuration, the cache, the engine) report each input here: a file's stamp,
a folder's listing stamp, whether a path exists. Nothing is kept unless the
command line is being recorded, so the hooks cost nothing otherwise.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, NamedTuple, Protocol, TextIO

from doclint.sealed import Spool

Stamp = tuple[int, int, int]
PartPlace = tuple[str, int, int, int, int, int]
"""A file's part of the output: (display path, byte offset, length, findings,
and its fixable findings: safe, unsafe-only)."""
PLACE_WIDTH = 5
"""The numbers of a part's place (a `PartPlace` without its path)."""


class PartPlaces:
    """Where each file's part sits in the output, in the order written
    (`PartPlace` each): the numbers packed, since a tuple each took 150 bytes a
    file of a big tree."""

    def __init__(self) -> None:
        self._paths: list[str] = []
        self._numbers = array("q")

    def append(
        self, path: str, offset: int, length: int, count: int, safe: int, unsafe: int
    ) -> None:
        self._paths.append(path)
        self._numbers.extend((offset, length, count, safe, unsafe))

    def __len__(self) -> int:
        return len(self._paths)

    def __iter__(self) -> Iterator[PartPlace]:
        numbers = self._numbers
        for index, path in enumerate(self._paths):
            start = index * PLACE_WIDTH
            yield (path, *numbers[start : start + PLACE_WIDTH])  # type: ignore[misc]


class StoredResults(Protocol):
    """The results a run kept (cache.Cache), as a record of the run reads them."""

    def __contains__(self, path: str) -> bool: ...

    def entry(self, path: str) -> tuple[Stamp, bytes, list[tuple[str, str, object]]] | None:
        """A file's stamp, content hash and the facts its rules asked."""
        ...


class RunTree(NamedTuple):
    """The tree a run checked: its root and listing, each checked file's path as
    shown and relative to the root, and the results it kept."""

    root: str
    known_paths: list[str] | None
    shown: Sequence[str]
    paths: Sequence[str]
    results: StoredResults


def file_stamp(path: str | os.PathLike[str]) -> Stamp | None:
    """(mtime in ns, size, ctime in ns) of a file, None when it cannot be seen.
    The ctime moves when the file's mode, owner or ACL does: whether it can
    be read is an input too (a file made unreadable is reported so)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return stamp_of(info)


def stamp_of(info: os.stat_result) -> Stamp:
    """The stamp (see `file_stamp`) of a file whose stat is at hand."""
    return (info.st_mtime_ns, info.st_size, info.st_ctime_ns)


def _folder_stamp(path: str) -> int | None:
    """A folder's mtime: it moves whenever an entry is added, removed or renamed."""
    try:
        return os.stat(path).st_mtime_ns
    except (OSError, ValueError):
        return None


# How each kind of observation is made; the same function checks it again on replay.
OBSERVERS: dict[str, Callable[[str], object]] = {
    "stamp": file_stamp,
    "folder": _folder_stamp,
    "presence": os.path.lexists,
}


class Recorder:
    """The inputs and output of one run."""

    def __init__(self) -> None:
        self.observations: dict[tuple[str, str], object] = {}
        self.allowed = False
        self.refused = False
        self.tree: RunTree | None = None
        self.folder: Path | None = None
        self.output_file: str | None = None
        self.encoding = ("utf-8", "strict")
        """How the output was encoded, so that a replay writes the same bytes."""
        self.chunks: list[str] = []
        self.data: OutputCopy | None = None
        """The output, when it was written as bytes (in place of `chunks`)."""
        self.parts: PartPlaces | None = None
        """Where each file's part sits in `data`, when the format has parts."""
        self.partial: Any = None
        """The replay_partial.Partial this run completes: it checks only the files that
        changed (and those whose facts did), and keeps the other files' parts."""

    def observe(self, kind: str, path: str | os.PathLike[str]) -> None:
        path = os.path.abspath(path)
        if (kind, path) not in self.observations:
            self.observations[kind, path] = OBSERVERS[kind](path)


active: Recorder | None = None


def observe(kind: str, path: str | os.PathLike[str]) -> None:
    """Note an input of the run."""
    if active is not None:
        active.observe(kind, path)


def observe_all(kind: str, paths: Iterable[str | os.PathLike[str]]) -> None:
    if active is not None:
        for path in paths:
            active.observe(kind, path)


def allow() -> None:
    """The run is a plain cached check: its output may be replayed."""
    if active is not None:
        active.allowed = True


def refuse() -> None:
    """The run did something a replay would not repeat (a warning, a broken pipe)."""
    if active is not None:
        active.refused = True


def note_tree(tree: RunTree, folder: Path) -> None:
    """The tree a run checked, and the cache folder its record goes to."""
    if active is not None:
        active.tree = tree
        active.folder = folder


def keeps_output() -> bool:
    """Whether the run may be recorded, and so needs its output kept (`note_written`)."""
    return active is not None and active.allowed and not active.refused


def note_written(data: OutputCopy, parts: PartPlaces | None) -> None:
    """The output, written as bytes, and where each file's part sits in it."""
    if active is not None:
        active.data = data
        active.parts = parts


def partial_run() -> Any:
    """The replay_partial.Partial this run completes, or None for a whole run."""
    return active.partial if active is not None else None


def note_output(stream: TextIO, path: str | os.PathLike[str] | None) -> None:
    """Where the report goes: a file, or stdout with the stream's encoding."""
    if active is None:
        return
    if path is not None:
        active.output_file = os.path.abspath(path)
    elif getattr(stream, "encoding", None) and hasattr(stream, "buffer"):
        active.encoding = (stream.encoding, stream.errors or "strict")
    else:
        active.refused = True  # a stream of text only (io.StringIO): bytes cannot be replayed


class OutputCopy(Spool):
    """A binary stream that writes through, copying what it writes to a
    nameless temporary file for the run's record: kept in memory, the report
    of a tree of 200,000 pages would be gigabytes."""

    def __init__(self, stream: IO[bytes]) -> None:
        super().__init__("doclint-output-")
        self._stream = stream

    def write(self, data: bytes | memoryview, /) -> None:
        self._stream.write(data)
        super().write(data)


class RecordingStream:
    """A text stream that writes through, keeping a copy when a run is recorded."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        if active is not None:
            active.chunks.append(text)
        return self._stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)

"""The output's memo of rendered parts, kept in the cache folder: opaque
bytes under the keys the output derives (output/part_memo.py says what a key
stands for; this module never looks inside).

One memo file per cache folder, named by doclint's version and, in a
development install, the digest of its code (store.code_digest): a file of
another version or code is deleted when this one is written. The file is
sealed as the cache files are (sealed.py); its head holds each entry's key,
place in the body, the digest of its bytes and the last save that used it;
an entry is given only when its bytes match that digest, so a cut or
altered body gives a miss, never output.

Bounded: a save keeps the entries this run used or made, and the others
only while fewer than `KEEP_SAVES` saves have passed without using them.
A run that made nothing new and used only entries of the last save writes
nothing. Workers only read; what they made reaches the run's process
through the output (`keep`), which saves it.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import marshal
import struct
from pathlib import Path
from typing import Any, TypeGuard

from doclint import __version__
from doclint.incremental.cache import LOADED, SPILLED, Blobs, Body, open_found, write_cache_file
from doclint.incremental.store import ContentCache, code_digest
from doclint.tree.index import digest
from doclint.tree.reading import repository_root

FORMAT = 2
SUFFIX = ".parts"
KEEP_SAVES = 4
"""Saves an entry outlives unused (a run of another format, or a few files)."""
ENTRY = struct.Struct("<16sQQ16sQ")
"""An entry of the head: its key, offset and length in the body, the digest
of its bytes, and the number of the last save that used it."""


class PartMemos:
    """The memo of each cache folder of a run (the output's `PartMemo`):
    opened at the first part of a root asked for, in each process."""

    def __init__(self, stores: ContentCache) -> None:
        self.stores = stores
        self._roots: dict[str, MemoFile | None] = {}
        self._files: dict[Path, MemoFile] = {}

    def __getstate__(self) -> dict[str, Any]:
        # A spawned worker opens the files again: open files do not travel.
        return {**self.__dict__, "_roots": {}, "_files": {}}

    def part(self, root: str, key: bytes) -> bytes | None:
        memo = self._at(root)
        return memo.part(key) if memo is not None else None

    def keep(self, root: str, key: bytes, data: bytes | None) -> None:
        memo = self._at(root)
        if memo is not None:
            memo.keep(key, data)

    def save(self) -> None:
        """Write each memo that changed; failing to only costs speed."""
        for memo in self._files.values():
            memo.save()

    def _at(self, root: str) -> MemoFile | None:
        if root not in self._roots:
            folder = self.stores.folder_of(Path(root), repository_root(Path(root)))
            memo = None
            if folder is not None:
                memo = self._files.get(folder)
                if memo is None:
                    memo = self._files[folder] = MemoFile.load(folder / memo_name())
            self._roots[root] = memo
        return self._roots[root]


@functools.cache
def memo_name() -> str:
    """The memo file's name: doclint's version and the digest of its code
    where that changes under one version (store.code_digest, which reads
    every module of a development install: once a process)."""
    state = repr((__version__, code_digest(()))).encode()
    return hashlib.sha256(state).hexdigest()[:32] + SUFFIX


class MemoFile:
    """One memo file: its entries, those this run used, and those it made
    (kept in a temporary file until the memo is written)."""

    def __init__(self, file: Path) -> None:
        self.file = file
        self.context = f"parts {file.name}"
        """What the seal binds the file to."""
        self.generation = 0
        """The number of the save that wrote the file loaded."""
        self._blobs = Blobs("doclint-parts-")
        self._loaded = False
        self._index = b""
        self._keys: dict[bytes, int] = {}
        self._used: set[int] = set()
        self._new: dict[bytes, tuple[int, int, bytes]] = {}
        """Each entry made by this run: its offset and length in the spill, its digest."""
        self._full = False
        """Whether keeping a new entry failed: none is kept after it."""

    @classmethod
    def load(cls, file: Path) -> MemoFile:
        memo = cls(file)
        sealed, head, _ = open_found(file, memo.context, "these parts")
        if sealed is None:
            return memo
        if not _well_formed(head):
            sealed.close()
            return memo
        memo._blobs.load(sealed)
        memo._loaded, memo._index, memo.generation = True, head["index"], head["generation"]
        index = memo._index
        size = ENTRY.size
        memo._keys = {
            index[at : at + 16]: number for number, at in enumerate(range(0, len(index), size))
        }
        return memo

    def part(self, key: bytes) -> bytes | None:
        """The bytes kept under `key`, when they match their digest."""
        number = self._keys.get(key)
        if number is None or not self._loaded:
            return None
        _, offset, length, expected, _ = ENTRY.unpack_from(self._index, number * ENTRY.size)
        data = self._blobs.read(LOADED, offset, length)
        return data if len(data) == length and digest(data) == expected else None

    def keep(self, key: bytes, data: bytes | None) -> None:
        """Keep the entry of `key` (None: as loaded; else with `data`)."""
        if data is None:
            number = self._keys.get(key)
            if number is not None:
                self._used.add(number)
            return
        if self._full:
            return
        try:
            offset = self._blobs.spill(data)
        except OSError:  # a full disk: the memo only saves time, the run goes on
            self._full = True
            return
        self._new[key] = (offset, len(data), digest(data))

    def save(self) -> None:
        current = all(self._last(number) == self.generation for number in self._used)
        if not self._new and current:
            return
        generation = self.generation + 1
        entries = bytearray()
        body = Body(self._blobs.read)
        for number in range(len(self._index) // ENTRY.size):
            key, offset, length, expected, last = ENTRY.unpack_from(
                self._index, number * ENTRY.size
            )
            if number in self._used:
                last = generation
            if key in self._new or generation - last >= KEEP_SAVES:
                continue
            entries += ENTRY.pack(key, body.add(LOADED, offset, length), length, expected, last)
        for key, (offset, length, expected) in self._new.items():
            entries += ENTRY.pack(
                key, body.add(SPILLED, offset, length), length, expected, generation
            )
        head = marshal.dumps({"format": FORMAT, "generation": generation, "index": bytes(entries)})
        try:
            write_cache_file(self.file, self.context, head, body)
        except OSError:
            return
        # The folder may be the tree's own (.doclint_cache): what else it
        # holds under that suffix (a folder, a file not ours) is left alone.
        for other in self.file.parent.glob("*" + SUFFIX):
            if other != self.file:
                with contextlib.suppress(OSError):
                    other.unlink()

    def _last(self, number: int) -> int:
        last: int = ENTRY.unpack_from(self._index, number * ENTRY.size)[4]
        return last


def _well_formed(head: object) -> TypeGuard[dict[str, Any]]:
    return (
        isinstance(head, dict)
        and head.get("format") == FORMAT
        and isinstance(head.get("generation"), int)
        and isinstance(head.get("index"), bytes)
        and len(head["index"]) % ENTRY.size == 0
    )

"""The cache file: each file's findings by the digest of its bytes, reused
while every fact its rules asked about the tree (tree/index.py) holds: a
change re-checks the files whose rules looked at it, a checkout elsewhere
keeps its results. The sealed head (sealed.py) holds a RECORD per path, the
body a blob: marshalled facts, parts (output/parts.py) and whether no
generator wrote it, then the findings (models/kept_findings.py). New blobs
wait in this run's spill (util/spill.py) until the file is written."""

from __future__ import annotations

import contextlib
import marshal
import os
import stat
import struct
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from doclint.incremental.sealed import SealedFile, open_sealed, owned, write_new, write_sealed
from doclint.run.results import KeptResult
from doclint.tree.index import Fact, Stamp, digest, file_stamp
from doclint.tree.reading import MAX_FILE_SIZE, read_regular
from doclint.util.spill import Spill

FORMAT = 16
DEFAULT_FOLDER = ".doclint_cache"
SHARE = 1.0  # a root's cache files are pruned past this share of its newest's bytes
PARTS = 8  # the parts a blob keeps: the last ways its file was shown
KEY_PATTERN = "?" * 32 + ".bin"
PLACE_DIGITS = 8  # a cache file's name starts with this many digits of its root's place
MARKER = "CACHEDIR.TAG"
TAG = b"Signature: 8a477f597d28d172789f06886806bc55\n# doclint cache\n"
RECORD = struct.Struct("<Bqqq16sQQQ16s")
"""Where the blob is (LOADED: the file's body; SPILLED: this run's spill),
the file's stamp, its bytes' digest, the blob's offset, end of its facts,
length and digest. Packed: as tuples, ten times the room."""
LOADED, SPILLED = 0, 1


class Cache:
    """Stored results of one cache key."""

    def __init__(self, folder: Path, key: str, root: Path, keeps: bool = True) -> None:
        self.file, self.key, self.root = folder / f"{key}.bin", key, root
        self.keeps = keeps  # False in a worker: the run's process keeps what it used
        self.context = f"cache {key}"  # what the seal binds the file to
        self.changed = False
        self.problem: str | None = None  # why a cache file found was not used
        self._sealed: SealedFile | None = None
        self._spill = Spill("doclint-cache-")
        self._index = bytearray()  # the loaded RECORDs, then this run's
        self._used = bytearray()  # 1 for each record this run used or stored
        self._at: dict[str, int] = {}  # each path's current record
        self._holding: set[Fact] = set()  # facts found to hold: a set checks many in C

    @classmethod
    def load(cls, folder: Path, key: str, root: Path, keeps: bool = True) -> Cache:
        cache = cls(folder, key, root, keeps)
        if not os.path.lexists(cache.file):
            return cache
        sealed = open_sealed(cache.file, cache.context)
        if sealed is None:
            cache.problem = "not sealed by this user for these settings"
            return cache
        try:
            head = marshal.loads(sealed.head)
            paths, index = head["paths"], bytearray(head["index"])
            fits = len(index) == len(paths) * RECORD.size == len(set(paths)) * RECORD.size
            named = all(isinstance(path, str) for path in paths)
            if (head["format"], head["key"], fits, named) != (FORMAT, key, True, True):
                raise ValueError
        except (EOFError, ValueError, TypeError, KeyError):
            os.close(sealed.descriptor)
            cache.problem = "its index is not one this version of doclint wrote"
            return cache
        cache._sealed = sealed._replace(head=b"")  # not kept: 32 MB on 200,000 pages
        weakref.finalize(cache, os.close, sealed.descriptor)
        cache._index, cache._used = index, bytearray(len(paths))
        cache._at = {path: number for number, path in enumerate(paths)}
        return cache

    def lookup_entry(
        self, path: str, file: Path | str, ask: Callable[[str, str], object]
    ) -> KeptResult | None:
        """The result of `file`, if its bytes are those stored (read when its
        stamp moved) and `ask(kind, path)` answers each fact as before."""
        number = self._at.get(path)
        current = file_stamp(file)
        if number is None or current is None:
            return None
        _, *stamp, content_hash, _, facts_end, _, _ = record = self._record(number)
        data = None
        if current != tuple(stamp):
            with contextlib.suppress(OSError):
                data = read_regular(file, MAX_FILE_SIZE + 1)  # as the engine reads
            if data is None or digest(data) != content_hash:
                return None
        blob = self._blob(record)
        try:
            facts, parts, unread = marshal.loads(memoryview(blob)[:facts_end])
            for fact in set(facts).difference(self._holding):
                kind, fact_path, value = fact
                if ask(kind, fact_path) != value:
                    return None
                self._holding.add(fact)
        except (EOFError, ValueError, TypeError, KeyError):
            return None
        self.keep(path, current)
        return KeptResult(blob[facts_end:], current, content_hash, facts, data, parts, unread)

    def keep(self, path: str, stamp: Stamp, parts: dict[bytes, bytes] | None = None) -> None:
        """Keep the result of `path` under `stamp`, with `parts` first among its own."""
        number = self._at.get(path)
        if number is None or not self.keeps:
            return
        source, *old, content_hash, _, facts_end, _, _ = record = self._record(number)
        if parts:
            blob = self._blob(record)
            with contextlib.suppress(EOFError, ValueError, TypeError):
                facts, held, unread = marshal.loads(blob[:facts_end])
                parts = {**parts, **held}
                kept = KeptResult(blob[facts_end:], stamp, content_hash, facts, None, parts, unread)
                self.store(path, kept)
            return
        if tuple(stamp) != tuple(old):
            RECORD.pack_into(self._index, number * RECORD.size, source, *stamp, *record[4:])
            self.changed = True
        self._used[number] = 1

    def store(self, path: str, result: KeptResult) -> None:
        findings, stamp, content_hash, facts, _, parts, unread = result
        try:
            facts_data = marshal.dumps((facts, dict(list(parts.items())[:PARTS]), unread))
        except ValueError:
            return  # nothing a cache file can hold: checked again next time
        blob, at, end = facts_data + findings, self._spill.size, len(facts_data)
        try:
            record = RECORD.pack(SPILLED, *stamp, content_hash, at, end, len(blob), digest(blob))
        except struct.error:
            return
        self._index += record
        self._spill.write(blob)
        self._at[path] = len(self._used)
        self._used.append(1)
        self.changed = True

    def forget(self, path: str) -> None:
        if self._at.pop(path, None) is not None:
            self.changed = True

    def save(self) -> None:
        """Write the results used, and the others while their files exist (a
        pre-commit run keeps the tree's); failure only costs speed."""
        root, used, at = self.root, self._used, self._at
        paths = [path for path in at if used[at[path]] or os.path.exists(os.path.join(root, path))]
        if not self.changed and len(paths) == len(used):
            return
        index, size = bytearray(), 0
        for path in paths:
            _, *stamp, content, _, facts_end, length, blob_digest = self._record(at[path])
            index += RECORD.pack(LOADED, *stamp, content, size, facts_end, length, blob_digest)
            size += length
        head = marshal.dumps({"format": FORMAT, "key": self.key, "paths": paths, "index": index})
        folder = self.file.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
            info = os.lstat(folder)
            if not stat.S_ISDIR(info.st_mode) or not owned(info):
                return  # not a folder of this user's
            # A cache, for backup tools and git; a link in their place is replaced.
            write_new(folder / MARKER, [TAG], mode=0o644, replace=False)
            write_new(folder / ".gitignore", [b"*\n"], mode=0o644, replace=False)
            write_sealed(self.file, self.context, head, self._blobs(paths), size)
        except OSError:
            return
        prune(self.file, SHARE * sum(record[2] for record in RECORD.iter_unpack(index)))

    def _record(self, number: int) -> tuple[Any, ...]:
        return RECORD.unpack_from(self._index, number * RECORD.size)

    def _blobs(self, paths: list[str]) -> Iterator[bytes]:
        for path in paths:
            source, *_, offset, _, length, _ = self._record(self._at[path])
            blob = self._read(source, offset, length)
            if len(blob) != length:
                raise OSError("a blob of the cache could not be read back")
            yield blob

    def _blob(self, record: tuple[Any, ...]) -> bytes:
        """A blob, when whole and matching its digest; else b""."""
        source, offset, facts_end, length, expected = record[0], *record[5:]
        data = self._read(source, offset, length) if facts_end <= length else b""
        return data if digest(data) == expected else b""

    def _read(self, source: int, offset: int, length: int) -> bytes:
        """Bytes of the loaded body or of the spill (b"": not all there)."""
        sealed, data = self._sealed, b""
        with contextlib.suppress(OSError):
            if source == LOADED and sealed is not None and offset + length <= sealed.body_size:
                data = os.pread(sealed.descriptor, length, sealed.body_start + offset)
            elif source == SPILLED:
                data = self._spill.read(length, offset)
        return data if len(data) == length else b""


def prune(newest: Path, bound: float) -> None:
    """Delete the root of `newest`'s older files, oldest first, until all
    take at most `bound` bytes; and earlier versions' memos of parts."""
    for memo in newest.parent.glob(KEY_PATTERN[:-4] + ".parts"):
        with contextlib.suppress(OSError):
            memo.unlink()  # a folder so named stays
    with contextlib.suppress(OSError):
        pattern = newest.name[:PLACE_DIGITS] + KEY_PATTERN[PLACE_DIGITS:-4]
        endings = (".bin", ".run", ".stamps")  # and earlier versions' run records and stamps
        found = [file for ending in endings for file in newest.parent.glob(pattern + ending)]
        others = [(file.stat(), file) for file in found if file != newest]
        total = newest.stat().st_size + sum(info.st_size for info, _ in others)
        for info, old in sorted(others, key=lambda pair: pair[0].st_mtime_ns):
            if total <= bound:
                break
            old.unlink()
            total -= info.st_size

"""The cache file: each checked file's findings, kept by the digest of its
bytes, with every fact about the tree its rules asked for.

One cache file per key (store.py: version, rules, settings). A stored result
is reused when the file's bytes are the same (the stamp only spares reading
them again where it has not moved) and every recorded fact (tree/index.py)
still gets the same answer: a change to one file re-checks exactly the files
whose rules looked at it, and a checkout elsewhere, with new paths and
mtimes, keeps its results. The file is written whole and atomically, sealed
(sealed.py); one cut short, corrupt, foreign or another user's is ignored
(`problem` says why) and replaced.

The sealed head is an index: a RECORD per file. The body holds a blob per
file: marshalled, its facts, the output's parts rendered of it by their key
(output/parts.py `part_key`; the last `PARTS`) and whether no generator wrote it
(run/page_reading.py); then its findings as models/kept_findings.py encodes
them, given back undecoded. A blob is read when its file is looked up and
used once it matches its digest. What a run stores waits in a nameless
temporary file until the cache file is written, block by block, from the
old file and that one. New stamps alone (the same bytes in a fresh
checkout) go to the stamps file (`Cache.stamps_file`), bound to the cache
file it amends by the digest of that file's head.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import struct
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, TypeGuard

from doclint.incremental.sealed import (
    Piece,
    SealedFile,
    folder_ready,
    open_sealed,
    write_new,
    write_sealed,
)
from doclint.run.results import KeptResult
from doclint.tree.index import Fact, Stamp, digest, file_stamp
from doclint.tree.reading import MAX_FILE_SIZE, read_regular

FORMAT = 14
DEFAULT_FOLDER = ".doclint_cache"
SHARE = 1.0
"""A root's older cache files are pruned past this share of the bytes its
newest one holds results of."""
PARTS = 8
"""The parts an entry keeps: the last ways it was shown (one used is not
moved up: that would write the entry again)."""
KEY_PATTERN = "?" * 32 + ".bin"
PLACE_DIGITS = 8
"""A cache file's name starts with this many digits of its root's place."""
MARKER = "CACHEDIR.TAG"
TAG = b"Signature: 8a477f597d28d172789f06886806bc55\n# doclint cache\n"
RECORD = struct.Struct("<qqq16sQQQ16s")
"""An index line: stamp (mtime, size, ctime), bytes' hash, blob offset, end
of its facts, length, digest. Packed: tuples take ten times the room."""
LOADED, SPILLED = 0, 1  # a blob in the loaded file's body, or in this run's spill
_KEPT = struct.Struct("<B" + RECORD.format[1:])
STAMP = struct.Struct("<qqq")
"""A file's stamp in a stamps file (`Cache.stamps_file`)."""
_BLOCK = 1 << 20


class Cache:
    """Stored results of one cache key; `save` writes what this run used and
    keeps the rest."""

    def __init__(self, folder: Path, key: str, root: Path, keeps: bool = True) -> None:
        self.file, self.key, self.root = folder / f"{key}.bin", key, root
        self.keeps = keeps  # False in a worker: the run's process keeps what it used
        self.context = f"cache {key}"  # what the seal binds the file to
        self.changed = False
        self.problem: str | None = None  # why a cache file found was not used
        self.stamps_problem: str | None = None
        # The blobs: the loaded file's body (LOADED), and this run's in a
        # nameless temporary file until the cache file is written (SPILLED).
        self._sealed: SealedFile | None = None
        self._spill: IO[bytes] | None = None
        self._spilled = 0  # the offset of the next blob spilled
        self._paths: list[str] = []
        self._index = b""  # a RECORD per path of `_paths`
        self._stored: dict[str, int] = {}  # the loaded paths not forgotten, by number
        # The results this run used or stored: below len(_paths), the loaded
        # file's record as it is; above, one of `_new` ((source, *RECORD) each).
        self._kept: dict[str, int] = {}
        self._new = bytearray()
        self._new_paths: list[str] = []
        # Loaded results kept under new stamps (a fresh checkout): written to
        # the stamps file alone when nothing else changed.
        self._restamped: dict[int, Stamp] = {}
        self._identity = b""  # the digest of the loaded head: what stamps amend
        # Facts found to hold this run: many files share them, and a set
        # checks them in one C call.
        self._holding: set[Fact] = set()

    @classmethod
    def load(cls, folder: Path, key: str, root: Path, keeps: bool = True) -> Cache:
        cache = cls(folder, key, root, keeps)
        sealed, data, cache.problem = open_found(cache.file, cache.context, "these settings")
        if sealed is None:  # none, or not to be trusted: start empty, replace it
            return cache
        if not _well_formed_head(data, key):
            sealed.close()
            cache.problem = "its index is not one this version of doclint wrote"
            return cache
        # The decoded head is not kept (32 MB on 200,000 pages).
        cache._identity = digest(sealed.head)
        sealed.head = b""
        cache._sealed = sealed
        weakref.finalize(cache, sealed.close)
        cache._paths, cache._index = data["paths"], data["index"]
        cache._stored = {path: number for number, path in enumerate(cache._paths)}
        cache._restamp()
        return cache

    @property
    def stamps_file(self) -> Path:
        """The results' newer stamps, when only they changed (a restored
        cache in a fresh checkout): written in place of the cache file."""
        return self.file.with_suffix(".stamps")

    def _restamp(self) -> None:
        """Take the stamps of the stamps file, when it amends the file loaded."""
        sealed, data, self.stamps_problem = open_found(
            self.stamps_file, f"stamps {self.key}", "these settings"
        )
        if sealed is None:
            return
        sealed.close()
        count = len(self._paths)
        if not (
            isinstance(data, dict)
            and data.get("format") == FORMAT
            and isinstance(data.get("stamps"), bytes)
            and len(data["stamps"]) == count * STAMP.size
        ):
            self.stamps_problem = "its stamps are not ones this version of doclint wrote"
            return
        if data.get("of") != self._identity:
            return  # it amends a cache file written over since: no news
        index, stamps = bytearray(self._index), data["stamps"]
        for number in range(count):
            at = number * RECORD.size
            index[at : at + STAMP.size] = stamps[number * STAMP.size : (number + 1) * STAMP.size]
        self._index = bytes(index)

    def lookup_entry(
        self,
        path: str,
        file: Path | str,
        ask: Callable[[str, str], object],
    ) -> KeptResult | None:
        """The stored result of `file`, if its bytes are those stored (read
        only when its stamp moved) and `ask(kind, path)` answers every
        recorded fact as before."""
        number = self._stored.get(path)
        if number is None:
            return None
        record = RECORD.unpack_from(self._index, number * RECORD.size)
        stamp, content_hash = record[:3], record[3]
        current = file_stamp(file)
        if current is None:
            return None
        data = None
        if current != stamp:
            try:
                # As the engine reads: no named pipe, no huge file.
                data = read_regular(file, MAX_FILE_SIZE + 1)
            except OSError:
                return None
            if digest(data) != content_hash:
                return None
        blob = self._blob(LOADED, record)
        if blob is None:
            return None
        facts_end = record[5]
        try:
            facts, parts, unread = marshal.loads(memoryview(blob)[:facts_end])
            if not self._holding.issuperset(facts) and not self._still_hold(facts, ask):
                return None
        except (EOFError, ValueError, TypeError, KeyError):
            return None
        self.keep(path, current)
        return KeptResult(blob[facts_end:], current, content_hash, facts, data, parts, unread)

    def _still_hold(self, facts: list[Fact], ask: Callable[[str, str], object]) -> bool:
        """Whether `ask` answers each fact as recorded."""
        for fact in facts:
            if fact not in self._holding:
                kind, fact_path, value = fact
                if ask(kind, fact_path) != value:
                    return False
                self._holding.add(fact)
        return True

    def keep(self, path: str, stamp: Stamp, parts: dict[bytes, bytes] | None = None) -> None:
        """Keep the loaded result of `path` under `stamp`, with `parts` besides its own."""
        number = self._stored.get(path)
        if number is None or not self.keeps:
            return
        if parts:
            self._add_parts(path, stamp, parts)
            return
        record = RECORD.unpack_from(self._index, number * RECORD.size)
        if self._kept.get(path, number) != number:
            self._keep(path, LOADED, RECORD.pack(*stamp, *record[3:]))
            self.changed = True
            return
        self._kept[path] = number
        if tuple(stamp) != record[:3]:
            self._restamped[number] = tuple(stamp)  # type: ignore[assignment]
        else:
            self._restamped.pop(number, None)

    def _add_parts(self, path: str, stamp: Stamp, parts: dict[bytes, bytes]) -> None:
        """Keep the result of `path` anew, with `parts` first among its own."""
        source, record = self._kept_record(self._kept.get(path, self._stored[path]))
        blob = self._blob(source, record)
        if blob is None:
            return
        try:
            facts, held, unread = marshal.loads(blob[: record[5]])
        except (EOFError, ValueError, TypeError):
            return
        parts = {**parts, **held}
        self.store(path, stamp, record[3], facts, blob[record[5] :], parts, unread)

    def store(
        self,
        path: str,
        stamp: Stamp,
        content_hash: bytes,
        facts: list[Fact],
        findings: bytes,
        parts: dict[bytes, bytes] | None = None,
        unread: bool | None = None,
    ) -> None:
        kept = dict(list((parts or {}).items())[:PARTS])
        try:
            facts_data = marshal.dumps((facts, kept, unread))
        except ValueError:
            return  # nothing a cache file can hold: checked again next time
        length = len(facts_data) + len(findings)
        blob_digest = digest(facts_data + findings)
        try:
            record = RECORD.pack(
                *stamp, content_hash, self._spilled, len(facts_data), length, blob_digest
            )
        except struct.error:
            return
        if self._spill is None:
            import tempfile  # not on the way of a run that stores nothing

            self._spill = tempfile.TemporaryFile(prefix="doclint-cache-")  # noqa: SIM115
            weakref.finalize(self, self._spill.close)
        self._spill.write(facts_data)
        self._spill.write(findings)
        self._spilled += length
        self._keep(path, SPILLED, record)
        self.changed = True

    def forget(self, path: str) -> None:
        """Drop the result of `path`."""
        kept, stored = self._kept.pop(path, None), self._stored.pop(path, None)
        if kept is not None or stored is not None:
            self.changed = True

    def save(self) -> None:
        """Write the results this run used, and those of files it did not
        look at while they exist (a pre-commit run over three files keeps
        the tree's); failure only costs speed."""
        root = self.root
        others = sum(
            1
            for path in self._stored
            if path not in self._kept and os.path.exists(os.path.join(root, path))
        )
        if not self.changed and len(self._kept) + others == len(self._stored):
            if self._restamped:
                self._save_stamps()
            return
        paths, index, body = self._layout(root)
        head = marshal.dumps({"format": FORMAT, "key": self.key, "paths": paths, "index": index})
        try:
            write_cache_file(self.file, self.context, head, body)
        except OSError:
            return
        with contextlib.suppress(OSError):  # it amends the file replaced
            self.stamps_file.unlink()
        prune(self.file, SHARE * _bytes_of(index))

    def _save_stamps(self) -> None:
        """Write each loaded result's stamp, new or not."""
        stamps = bytearray()
        for number in range(len(self._paths)):
            stamp = self._restamped.get(number)
            if stamp is None:
                at = number * RECORD.size
                stamps += self._index[at : at + STAMP.size]
            else:
                stamps += STAMP.pack(*stamp)
        head = {"format": FORMAT, "of": self._identity, "stamps": bytes(stamps)}
        with contextlib.suppress(OSError):
            write_cache_file(self.stamps_file, f"stamps {self.key}", marshal.dumps(head))

    def _layout(self, root: Path) -> tuple[list[str], bytes, Body]:
        """The paths, index and body to write: the loaded blobs first, in
        order, then this run's, each source read straight through."""
        paths: list[str] = []
        index = bytearray()
        body = Body(self._read)
        for number, path in enumerate(self._paths):
            kept = self._kept.get(path)
            if kept == number:
                record = RECORD.unpack_from(self._index, number * RECORD.size)
                record = (*self._restamped.get(number, record[:3]), *record[3:])
            elif kept is not None:
                source, record = self._kept_record(kept)
                if source != LOADED:
                    continue  # stored by this run: written with the others below
            elif path in self._stored and os.path.exists(os.path.join(root, path)):
                record = RECORD.unpack_from(self._index, number * RECORD.size)
            else:
                continue
            paths.append(path)
            index += RECORD.pack(*record[:4], body.add(LOADED, record[4], record[6]), *record[5:])
        for number, path in enumerate(self._new_paths, start=len(self._paths)):
            if self._kept.get(path) == number:
                source, record = self._kept_record(number)
                if source == SPILLED:
                    paths.append(path)
                    index += RECORD.pack(
                        *record[:4], body.add(SPILLED, record[4], record[6]), *record[5:]
                    )
        return paths, bytes(index), body

    def _keep(self, path: str, source: int, record: bytes) -> None:
        """Keep a record made by this run for `path`."""
        kept = self._kept.get(path, -1) - len(self._paths)
        if kept >= 0:
            self._new[kept * _KEPT.size : (kept + 1) * _KEPT.size] = bytes([source]) + record
            return
        self._kept[path] = len(self._paths) + len(self._new_paths)
        self._new_paths.append(path)
        self._new += bytes([source]) + record

    def _kept_record(self, number: int) -> tuple[int, tuple[Any, ...]]:
        """Where the blob of a kept result lies, and its record."""
        if number < len(self._paths):
            return LOADED, RECORD.unpack_from(self._index, number * RECORD.size)
        source, *record = _KEPT.unpack_from(self._new, (number - len(self._paths)) * _KEPT.size)
        return source, tuple(record)

    def _blob(self, source: int, record: tuple[Any, ...]) -> bytes | None:
        """A blob, when it is whole and matches its digest."""
        offset, facts_end, length, expected = record[4:]
        if facts_end > length:
            return None
        data = self._read(source, offset, length)
        return data if len(data) == length and digest(data) == expected else None

    def _read(self, source: int, offset: int, length: int) -> bytes:
        """Bytes of the loaded body or of the spill (b"" when unreadable).
        Read, not mapped: a mapping's pages count in the process's memory."""
        try:
            if source == LOADED:
                return self._sealed.read(offset, length) if self._sealed is not None else b""
            if self._spill is None:
                return b""
            self._spill.flush()
            return os.pread(self._spill.fileno(), length, offset)
        except OSError:
            return b""


class Body:
    """A cache file's body being written: runs of bytes of its sources, read
    a block at a time by `read(source, offset, length)`."""

    def __init__(self, read: Callable[[int, int, int], bytes]) -> None:
        self._read = read
        self._runs: list[list[int]] = []
        self.size = 0

    def add(self, source: int, offset: int, length: int) -> int:
        """Append bytes of `source`; their offset in the body."""
        last = self._runs[-1] if self._runs else None
        if last is not None and last[0] == source and last[1] + last[2] == offset:
            last[2] += length
        else:
            self._runs.append([source, offset, length])
        self.size += length
        return self.size - length

    def blocks(self) -> Iterator[bytes]:
        for source, offset, length in self._runs:
            end = offset + length
            while offset < end:
                block = self._read(source, offset, min(_BLOCK, end - offset))
                if not block:
                    raise OSError("a blob of the cache could not be read back")
                yield block
                offset += len(block)


def open_found(
    file: Path, context: str, bound_to: str
) -> tuple[SealedFile | None, object, str | None]:
    """A sealed file of the cache folder, open, and its head decoded; or
    None, and why it is not used when there is one."""
    if not os.path.lexists(file):
        return None, None, None
    sealed = open_sealed(file, context)
    if sealed is None:
        return None, None, f"not sealed by this user for {bound_to}"
    try:
        return sealed, marshal.loads(sealed.head), None
    except (EOFError, ValueError, TypeError):
        return sealed, None, None


def prune(newest: Path, bound: float) -> None:
    """Delete the older cache files of the root of `newest` (and earlier
    versions' run records), oldest first, until all take at most `bound`
    bytes; and earlier versions' memos of parts (a folder so named stays)."""
    for memo in newest.parent.glob(KEY_PATTERN[:-4] + ".parts"):
        with contextlib.suppress(OSError):
            memo.unlink()
    try:
        pattern = newest.name[:PLACE_DIGITS] + KEY_PATTERN[PLACE_DIGITS:-4]
        others = [
            file
            for ending in (".bin", ".run", ".stamps")
            for file in newest.parent.glob(pattern + ending)
            if file != newest
        ]
        sized = sorted(
            ((file.stat(), file) for file in others), key=lambda pair: pair[0].st_mtime_ns
        )
        total = newest.stat().st_size + sum(info.st_size for info, _ in sized)
        for info, old in sized:
            if total <= bound:
                break
            old.unlink()
            total -= info.st_size
    except OSError:
        return


def _bytes_of(index: bytes) -> int:
    return sum(record[1] for record in RECORD.iter_unpack(index))


def write_cache_file(file: Path, context: str, head: bytes, *body: Piece) -> None:
    """Write a sealed file of the cache folder, whole or not at all; OSError
    when it cannot be (the folder is a link, or another user's)."""
    if not folder_ready(file.parent):
        raise OSError(f"{file.parent} is not a folder of this user's")
    # A cache, for backup tools and git; a link in their place is replaced.
    write_new(file.parent / MARKER, TAG, mode=0o644, replace=False)
    write_new(file.parent / ".gitignore", b"*\n", mode=0o644, replace=False)
    write_sealed(file, context, head, *body)


def _well_formed_head(data: object, key: str) -> TypeGuard[dict[str, Any]]:
    if not (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and data.get("key") == key
        and isinstance(data.get("paths"), list)
        and isinstance(data.get("index"), bytes)
    ):
        return False
    paths = data["paths"]
    return (
        len(data["index"]) == len(paths) * RECORD.size
        and all(isinstance(path, str) for path in paths)
        and len(set(paths)) == len(paths)
    )

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
(output/part_memo.py; the last `PARTS`) and whether no generator wrote it
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
"""The bound of a root's cache files, as a share of the bytes of the files
its newest cache file holds results of: older cache files of the root (other
settings or rules, used before) are deleted, oldest first, past it."""
PARTS = 8
"""The rendered parts an entry keeps: those of the last formats, colours and
working folders it was shown in (a part used is not moved up: that would
write the entry again)."""
KEY_PATTERN = "?" * 32 + ".bin"
PLACE_DIGITS = 8
"""A cache file's name starts with this many digits of its root's place."""
MARKER = "CACHEDIR.TAG"
TAG = b"Signature: 8a477f597d28d172789f06886806bc55\n# doclint cache\n"
RECORD = struct.Struct("<qqq16sQQQ16s")
"""A file's line of the index: its stamp (mtime, size, ctime), the hash of its
bytes, and its blob's offset in the body, where its facts end (its findings
follow), its length and its digest. Packed: as Python tuples, 200,000 of
them would take ten times the room."""
# Where a result this run keeps lies: the loaded cache file's body, or the
# temporary file of what this run stored.
LOADED, SPILLED = 0, 1
_KEPT = struct.Struct("<B" + RECORD.format[1:])
STAMP = struct.Struct("<qqq")
"""A file's stamp in a stamps file (`Cache.stamps_file`)."""
_BLOCK = 1 << 20


class Cache:
    """Stored results of one cache key; `save` writes what this run used and
    keeps the rest."""

    def __init__(self, folder: Path, key: str, root: Path, keeps: bool = True) -> None:
        self.file = folder / f"{key}.bin"
        self.keeps = keeps
        """False for a worker's view: what it looks up is kept by the run's process."""
        self.key = key
        self.root = root
        self.changed = False
        self.problem: str | None = None
        """Why a cache file found was not used (None when it was, or there was none)."""
        self.stamps_problem: str | None = None
        """Why its stamps file found was not used (`stamps_file`)."""
        self._blobs = Blobs("doclint-cache-")
        self._paths: list[str] = []
        self._index = b""
        """The loaded file's index: a RECORD per path of `_paths`."""
        self._stored: dict[str, int] = {}
        """Each path of the loaded file not forgotten, and its number there."""
        self._kept: dict[str, int] = {}
        """The results this run used or stored: a number below len(_paths) is
        the loaded file's record as it is; above, one of `_new`."""
        self._new = bytearray()
        """Records made by this run: (LOADED or SPILLED, *RECORD) each."""
        self._new_paths: list[str] = []
        self._restamped: dict[int, Stamp] = {}
        """The loaded results this run kept under new stamps (a checkout's
        new mtimes), by number: written apart, to the stamps file, when
        nothing else changed."""
        self._identity = b""
        """The digest of the loaded file's head: what a stamps file amends."""
        self._holding: set[Fact] = set()
        """The recorded facts `ask` answered as recorded, this run: many
        files record the same ones (a shared link target, a folder), and a
        set checks those it holds in one C call."""

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
        # The body is read blob by blob as files are looked up; the head,
        # decoded, is not kept (32 MB on a tree of 200,000 pages).
        cache._identity = digest(sealed.head)
        sealed.head = b""
        cache._blobs.load(sealed)
        cache._paths, cache._index = data["paths"], data["index"]
        cache._stored = {path: number for number, path in enumerate(cache._paths)}
        cache._restamp()
        return cache

    @property
    def stamps_file(self) -> Path:
        """The stamps the results of the cache file were last kept under,
        when only they changed (a restored cache in a fresh checkout): a
        few bytes a file, written in place of the whole cache file."""
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

    @property
    def context(self) -> str:
        """What the seal of the cache file binds it to."""
        return f"cache {self.key}"

    def lookup_entry(
        self,
        path: str,
        file: Path | str,
        ask: Callable[[str, str], object],
    ) -> KeptResult | None:
        """The stored result of `file`, if it still holds:
        the file's bytes are those stored (read again only when its stamp
        moved) and `ask(kind, path)`, which answers a tree fact as the rules
        would now get it, answers every recorded fact as before."""
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
                # As the engine reads a file to check: a named pipe put in
                # its place must not hold the run up, nor a huge file fill memory.
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
            facts, parts, unread = marshal.loads(blob[:facts_end])
            if not self._holding.issuperset(facts) and not self._still_hold(facts, ask):
                return None
        except (EOFError, ValueError, TypeError, KeyError):
            return None
        self.keep(path, current)
        return KeptResult(blob[facts_end:], current, content_hash, facts, data, parts, unread)

    def _still_hold(self, facts: list[Fact], ask: Callable[[str, str], object]) -> bool:
        """Whether `ask` answers each fact as recorded; those that hold are
        kept in `_holding`."""
        for fact in facts:
            if fact not in self._holding:
                kind, fact_path, value = fact
                if ask(kind, fact_path) != value:
                    return False
                self._holding.add(fact)
        return True

    def keep(self, path: str, stamp: Stamp, parts: dict[bytes, bytes] | None = None) -> None:
        """Keep the loaded result of `path` for the next run, under `stamp`
        (a checkout's new mtimes, once its bytes were found the same), with
        the rendered `parts` besides those it holds."""
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
            return  # nothing a cache file can hold: the file is checked again next time
        length = len(facts_data) + len(findings)
        blob_digest = digest(facts_data + findings)
        try:
            record = RECORD.pack(
                *stamp, content_hash, self._blobs.spilled, len(facts_data), length, blob_digest
            )
        except struct.error:
            return  # nothing a cache file can hold: the file is checked again next time
        self._blobs.spill(facts_data, findings)
        self._keep(path, SPILLED, record)
        self.changed = True

    def forget(self, path: str) -> None:
        """Drop the result of `path`: the cache file written next has none."""
        kept, stored = self._kept.pop(path, None), self._stored.pop(path, None)
        if kept is not None or stored is not None:
            self.changed = True

    def save(self) -> None:
        """Write the results this run used, and those of the files it did not
        look at while they exist (a pre-commit run over three files must not
        drop the rest of the tree's results); atomically; failure only costs speed."""
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
        """Write the stamps file: each loaded result's stamp, new or not."""
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
        """The paths, index and body of the cache file to write: the loaded
        file's blobs first, in their order, then this run's, so that each
        source is read straight through."""
        paths: list[str] = []
        index = bytearray()
        body = Body(self._blobs.read)
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
        """Keep a record made by this run for `path`, in place of any before."""
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
        data = self._blobs.read(source, offset, length)
        return data if len(data) == length and digest(data) == expected else None


class Blobs:
    """What a sealed file of the cache folder is written from: the blobs of
    the file loaded (LOADED), read from its body, and those this run made
    (SPILLED), kept in a nameless temporary file till then."""

    def __init__(self, prefix: str) -> None:
        self._prefix = prefix
        self._sealed: SealedFile | None = None
        self._spill: IO[bytes] | None = None
        self.spilled = 0
        """The bytes spilled so far: the offset of the next blob there."""

    def load(self, sealed: SealedFile) -> None:
        """Read the loaded blobs from `sealed`, closed when these blobs are collected."""
        self._sealed = sealed
        weakref.finalize(self, sealed.close)

    def spill(self, *pieces: bytes) -> int:
        """Keep a blob made of `pieces`; its offset among the spilled ones.
        OSError when it cannot be written (a full disk)."""
        if self._spill is None:
            import tempfile  # not on the way of a run that stores nothing

            self._spill = tempfile.TemporaryFile(prefix=self._prefix)  # noqa: SIM115
            weakref.finalize(self, self._spill.close)
        offset = self.spilled
        for piece in pieces:
            self._spill.write(piece)
            self.spilled += len(piece)
        return offset

    def read(self, source: int, offset: int, length: int) -> bytes:
        """Bytes of the loaded body or of the spill (b"" when they cannot be
        read). Read, not mapped: every page of a mapping read would count in
        the process's memory, a gigabyte by the end of a big tree."""
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
    """The body of a sealed file being written: runs of bytes of its sources
    (the loaded file, a spill), read a block at a time by `read(source,
    offset, length)`, anew each time."""

    def __init__(self, read: Callable[[int, int, int], bytes]) -> None:
        self._read = read
        self._runs: list[list[int]] = []
        self.size = 0

    def add(self, source: int, offset: int, length: int) -> int:
        """Append `length` bytes of `source` from `offset`; their offset in the new body."""
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
    """A sealed file of the cache folder, open, and its head decoded (None
    when it is no marshalled value); or None, and why it is not used when
    there is one (a file that is not, is no problem)."""
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
    """Delete the cache files of the same root beside `newest` (and the run
    records earlier versions wrote), oldest first, until they take at most
    `bound` bytes (`newest` is kept); failing to only costs space."""
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
    """The bytes of the files whose results an index holds (their stamps' sizes)."""
    return sum(record[1] for record in RECORD.iter_unpack(index))


def write_cache_file(file: Path, context: str, head: Piece, *body: Piece) -> None:
    """Write a sealed file of the cache folder, from its head and the pieces of
    its body, whole or not at all, so that runs
    sharing the folder never read half of one; OSError when it cannot be
    written (the folder is a link, or another user's)."""
    if not folder_ready(file.parent):
        raise OSError(f"{file.parent} is not a folder of this user's")
    # Mark the folder as a cache, for backup tools and `git status`; a link in
    # place of either file is replaced, never written through.
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

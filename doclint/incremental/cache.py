"""The cache file: each checked file's findings, kept by the digest of its
bytes, with every fact about the tree its rules asked for.

One cache file per key (store.py: doclint's version, the rules and the
settings), holding for each checked file, by its path relative to the root:
its stamp, the digest of its bytes, the findings, and the facts its rules
asked about other files, as digests of their answers (tree/index.py). A stored
result is reused when the file's bytes are the same (the stamp only spares
reading them again where it has not moved) and every recorded fact still
gets the same answer, so a change to one file re-checks exactly the files
whose rules looked at it, and a tree checked out elsewhere, with new paths
and mtimes, keeps its results. The file is written whole and atomically; it
is sealed (sealed.py), and one that is cut short, corrupt, foreign or another
user's is ignored (`problem` says why) and replaced.

The sealed head is an index (each file's stamp, digest and where its blob
lies in the body, with the digests of its two ends); the body holds one blob
per file: its facts (marshalled) and the memo of its findings as the last
run's output wrote them (`part_memo`), if any, then its findings
(marshalled). A lookup that finds its part in the memo reads and checks only
the first end: the findings are most of the blob. A blob is read when its file is
looked up, and decoded only once its bytes match the digest in the sealed
head. What a run stores goes to a nameless temporary file until the cache
file is written, block by block, from the old file and that one.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import struct
import weakref
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO

from doclint.incremental.replay import (
    BadRecord,
    OutputRecorder,
    Replay,
    file_system_now,
    replayed,
)
from doclint.incremental.sealed import (
    Piece,
    SealedFile,
    folder_ready,
    open_sealed,
    write_new,
    write_sealed,
)
from doclint.models.findings import Cause, Edit, Finding, Fix, FixSafety
from doclint.models.markdown import build_node
from doclint.output.parts import FilePart
from doclint.run.results import KeptResult
from doclint.run.sink import Part
from doclint.tree.index import Fact, Stamp, digest, file_stamp, question_of
from doclint.tree.reading import MAX_FILE_SIZE, read_regular

FORMAT = 9
DEFAULT_FOLDER = ".doclint_cache"
SHARE = 1.0
"""The bound of a root's cache files, as a share of the bytes of the files
its newest cache file holds results of: older cache files of the root (other
settings or rules, used before) are deleted, oldest first, past it."""
KEY_PATTERN = "?" * 32 + ".bin"
PLACE_DIGITS = 8
"""A cache file's name starts with this many digits of its root's place."""
MARKER = "CACHEDIR.TAG"
TAG = b"Signature: 8a477f597d28d172789f06886806bc55\n# doclint cache\n"
RECORD = struct.Struct("<qqq16sQQQQ16s16s")
"""A file's line of the index: its stamp (mtime, size, ctime), the hash of its
bytes, and its blob's offset in the body, where its facts end, where its
memo ends (its findings follow), its length, the digest of its facts and
memo and that of its findings. Packed: as Python tuples, 200,000 of them
would take ten times the room."""
# Where a result this run keeps lies: the loaded cache file's body, or the
# temporary file of what this run stored.
LOADED, SPILLED = 0, 1
_KEPT = struct.Struct("<B" + RECORD.format[1:])
_BLOCK = 1 << 20
_MEMO_HEAD = struct.Struct("<16sIII")
"""A memo's head: the digest of its part key, how many findings its part
shows, and how many of those the fixes repair (`FilePart`)."""


class Cache:
    """Stored results of one cache key; `save` writes what this run used and
    keeps the rest."""

    def __init__(
        self, folder: Path, key: str, root: Path, keeps: bool = True, output: str | None = None
    ) -> None:
        self.file = folder / f"{key}.bin"
        self.keeps = keeps
        """False for a worker's view: what it looks up is kept by the run's process."""
        self.output = output if keeps else None
        """The key of the output this run writes, when a run record may be kept
        of it (replay.py)."""
        self.started = 0
        """When the run started checking (`replayable`): a record trusts only
        stamps older than that."""
        self.replay: Replay | None = None
        """The output of an earlier run of the same command, once `replayable`."""
        self.record_problem: str | None = None
        """Why the record of this command found was not used, when it is unsound."""
        self._pages: Sequence[str] | None = None
        self._asked: set[tuple[str, str]] = set()
        """The tree facts (kind, path) the results of this run asked, for its record."""
        self._bound: float | None = None
        self.key = key
        self.root = root
        self.changed = False
        self.problem: str | None = None
        """Why a cache file found was not used (None when it was, or there was none)."""
        self._sealed: SealedFile | None = None
        """The loaded file, whose body is read blob by blob."""
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
        self._spill: IO[bytes] | None = None
        self._spilled = 0

    @classmethod
    def load(
        cls, folder: Path, key: str, root: Path, keeps: bool = True, output: str | None = None
    ) -> Cache:
        cache = cls(folder, key, root, keeps, output)
        sealed, cache.problem = _open_found(cache.file, cache.context, "these settings")
        if sealed is None:  # none, or not to be trusted: start empty, replace it
            return cache
        try:
            data = marshal.loads(sealed.head)
        except (EOFError, ValueError, TypeError):
            data = None
        if not _well_formed_head(data, key):
            sealed.close()
            cache.problem = "its index is not one this version of doclint wrote"
            return cache
        # The body is read blob by blob as files are looked up; the head,
        # decoded, is not kept (32 MB on a tree of 200,000 pages).
        sealed.head = b""
        weakref.finalize(cache, sealed.close)
        cache._sealed = sealed
        cache._paths, cache._index = data["paths"], data["index"]
        cache._stored = {path: number for number, path in enumerate(cache._paths)}
        return cache

    @property
    def context(self) -> str:
        """What the seal of the cache file binds it to."""
        return f"cache {self.key}"

    def lookup_entry(
        self,
        path: str,
        file: Path | str,
        ask: Callable[[str, str], object],
        part_key: bytes | None = None,
    ) -> KeptResult | None:
        """The stored result of `file`, if it still holds:
        the file's bytes are those stored (read again only when its stamp
        moved) and `ask(kind, path)`, which answers a tree fact as the rules
        would now get it, answers every recorded fact as before. With the
        part key of the output, its part when the memo was written for that
        key (the findings are then not decoded: the part is all the run needs)."""
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
        head = self._head(LOADED, record)
        if head is None:
            return None
        facts_end = record[5]
        try:
            facts = marshal.loads(head[:facts_end])
            if any(ask(kind, fact_path) != value for kind, fact_path, value in facts):
                return None
            part = _memo_part(head[facts_end:], part_key) if part_key is not None else None
            rows: list[Finding] = []
            if part is None:
                findings = self._findings(LOADED, record)
                if findings is None:
                    return None
                rows = _decoded(marshal.loads(findings))
        except (EOFError, ValueError, TypeError, KeyError):
            return None
        self.keep(path, current, facts=facts)
        return KeptResult(rows, current, content_hash, facts, data, part)

    def part_memo(self, part_key: bytes, part: Part | None) -> bytes:
        """What `keep` and `store` take to remember a file's part for outputs
        of `part_key` (None: the file has no findings to show), packed where
        it was rendered: compressing it costs a worker, not the run's process."""
        if part is None:
            text, count, (safe, unsafe) = b"", 0, (0, 0)
        else:
            assert isinstance(part, FilePart)  # the parts of output/parts.py's sink
            text, count, (safe, unsafe) = part
        head = _MEMO_HEAD.pack(digest(part_key), count, safe, unsafe)
        return head + zlib.compress(text, 1)

    def keep(
        self, path: str, stamp: Stamp, memo: bytes | None = None, facts: Iterable[Fact] = ()
    ) -> None:
        """Keep the loaded result of `path` for the next run, under `stamp`
        (a checkout's new mtimes, once its bytes were found the same), with
        `memo` (`part_memo`) in place of its memo when given; `facts`, those
        it holds, for the run's record."""
        number = self._stored.get(path)
        if number is None or not self.keeps:
            return
        self._ask(facts)
        record = RECORD.unpack_from(self._index, number * RECORD.size)
        if memo is not None:
            head, findings = self._head(LOADED, record), self._findings(LOADED, record)
            if head is not None and findings is not None:
                facts = head[: record[5]]
                self._spill_blob(path, stamp, record[3], facts, memo, findings, record[9])
        elif tuple(stamp) == record[:3]:
            self._kept[path] = number
        else:
            self._keep(path, LOADED, RECORD.pack(*stamp, *record[3:]))
            self.changed = True

    def store(
        self,
        path: str,
        stamp: Stamp,
        content_hash: bytes,
        facts: list[Fact],
        rows: list[Finding],
        memo: bytes = b"",
    ) -> None:
        self._ask(facts)
        try:
            facts_data, findings = marshal.dumps(facts), marshal.dumps(_encoded(rows))
        except ValueError:
            return  # nothing a cache file can hold: the file is checked again next time
        self._spill_blob(path, stamp, content_hash, facts_data, memo, findings)

    def _spill_blob(
        self,
        path: str,
        stamp: Stamp,
        content_hash: bytes,
        facts: bytes,
        memo: bytes,
        findings: bytes,
        findings_digest: bytes | None = None,
    ) -> None:
        """Keep a new blob for `path`: its facts, its memo, its findings (whose
        digest is given when they were kept before)."""
        head = facts + memo
        try:
            record = RECORD.pack(
                *stamp,
                content_hash,
                self._spilled,
                len(facts),
                len(head),
                len(head) + len(findings),
                digest(head),
                findings_digest or digest(findings),
            )
        except struct.error:
            return  # nothing a cache file can hold: the file is checked again next time
        if self._spill is None:
            import tempfile

            self._spill = tempfile.TemporaryFile(prefix="doclint-cache-")  # noqa: SIM115
            weakref.finalize(self, self._spill.close)
        self._spill.write(head)
        self._spill.write(findings)
        self._spilled += len(head) + len(findings)
        self._keep(path, SPILLED, record)
        self.changed = True

    def _ask(self, facts: Iterable[Fact]) -> None:
        if self.output is not None:
            self._asked.update(map(question_of, facts))

    @property
    def record_context(self) -> str:
        """What the seal of the run record binds it to: its command (by the
        name made of it), so that neither a cache file nor the record of
        another command passes for it."""
        return f"run record {self.record_file.name}"

    @property
    def record_file(self) -> Path:
        """Where the record of this run's command lies: named, like the cache
        file, after the root's place first (so `prune` counts it), then the
        cache key and the output key."""
        state = f"{self.key}\0{self.output}".encode()
        return self.file.with_name(
            self.key[:PLACE_DIGITS] + hashlib.sha256(state).hexdigest()[PLACE_DIGITS:32] + ".run"
        )

    def replayable(self, pages: Sequence[str]) -> bool:
        """Whether an earlier run of this command kept its output for exactly
        `pages`, every stamp it depended on the same (`replay` is then that
        output); without, `recorder` keeps this run's for the next."""
        if self.output is None:
            return False
        self._pages = pages
        self.started = file_system_now(self.file.parent)
        sealed, self.record_problem = _open_found(
            self.record_file, self.record_context, "this command"
        )
        if sealed is None:
            return False
        try:
            self.replay = replayed(sealed, str(self.root), pages)
        except BadRecord as error:
            self.record_problem = str(error)
        finally:
            sealed.close()
        return self.replay is not None

    def recorder(self) -> OutputRecorder | None:
        """What takes this run's output, to keep it as the record of its
        command: when the result of every file of the run is kept here. One
        that is not (a file too large, unreadable or outside the tree) is
        checked again by the next run, and so must not be answered by a record."""
        if self.output is None or self._pages is None or self.replay is not None:
            return None
        if len(self._kept) != len(self._pages):
            return None
        return OutputRecorder(
            str(self.root), self._pages, self._asked, self.started, self._save_record
        )

    def _save_record(self, head: bytes, body: bytes) -> None:
        try:
            write_cache_file(self.record_file, self.record_context, head, body)
        except OSError:
            return
        bound = self._bound if self._bound is not None else SHARE * _bytes_of(self._index)
        prune(self.record_file, bound, self.file)

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
            return
        paths, index, body = self._layout(root)
        head = marshal.dumps({"format": FORMAT, "key": self.key, "paths": paths, "index": index})
        try:
            write_cache_file(self.file, self.context, head, body)
        except OSError:
            return
        self._bound = SHARE * _bytes_of(index)
        prune(self.file, self._bound)

    def _layout(self, root: Path) -> tuple[list[str], bytes, _Body]:
        """The paths, index and body of the cache file to write: the loaded
        file's blobs first, in their order, then this run's, so that each
        source is read straight through."""
        paths: list[str] = []
        index = bytearray()
        body = _Body(self)
        for number, path in enumerate(self._paths):
            kept = self._kept.get(path)
            if kept == number:
                record = RECORD.unpack_from(self._index, number * RECORD.size)
            elif kept is not None:
                source, record = self._kept_record(kept)
                if source != LOADED:
                    continue  # stored by this run: written with the others below
            elif path in self._stored and os.path.exists(os.path.join(root, path)):
                record = RECORD.unpack_from(self._index, number * RECORD.size)
            else:
                continue
            paths.append(path)
            index += RECORD.pack(*record[:4], body.add(LOADED, record), *record[5:])
        for number, path in enumerate(self._new_paths, start=len(self._paths)):
            if self._kept.get(path) == number:
                source, record = self._kept_record(number)
                if source == SPILLED:
                    paths.append(path)
                    index += RECORD.pack(*record[:4], body.add(SPILLED, record), *record[5:])
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

    def _kept_record(self, number: int) -> tuple[int, tuple]:
        """Where the blob of a kept result lies, and its record."""
        if number < len(self._paths):
            return LOADED, RECORD.unpack_from(self._index, number * RECORD.size)
        source, *record = _KEPT.unpack_from(self._new, (number - len(self._paths)) * _KEPT.size)
        return source, tuple(record)

    def _head(self, source: int, record: tuple) -> bytes | None:
        """A blob's facts and memo, when they are whole and match their digest."""
        offset, facts_end, memo_end, length, head_digest, _ = record[4:]
        if not facts_end <= memo_end <= length:
            return None
        return self._piece(source, offset, memo_end, head_digest)

    def _findings(self, source: int, record: tuple) -> bytes | None:
        """A blob's findings (marshalled), when they are whole and match their
        digest: read alone, so that a lookup that read the head does not read
        and digest it again."""
        offset, _, memo_end, length, _, findings_digest = record[4:]
        if memo_end > length:
            return None
        return self._piece(source, offset + memo_end, length - memo_end, findings_digest)

    def _piece(self, source: int, offset: int, length: int, expected: bytes) -> bytes | None:
        data = self._read(source, offset, length)
        return data if len(data) == length and digest(data) == expected else None

    def _read(self, source: int, offset: int, length: int) -> bytes:
        """Bytes of the loaded body or of the spill. Read, not mapped: every
        page of a mapping read would count in the process's memory, a gigabyte
        by the end of a big tree."""
        try:
            if source == LOADED:
                return self._sealed.read(offset, length) if self._sealed is not None else b""
            assert self._spill is not None
            self._spill.flush()
            return os.pread(self._spill.fileno(), length, offset)
        except OSError:
            return b""


class _Body:
    """The body of a cache file being written: runs of blobs of the loaded
    file and of the spill, read a block at a time, anew each time."""

    def __init__(self, cache: Cache) -> None:
        self._cache = cache
        self._runs: list[list[int]] = []
        self.size = 0

    def add(self, source: int, record: tuple) -> int:
        """Append a blob; its offset in the new body."""
        offset, length = record[4], record[7]
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
                block = self._cache._read(source, offset, min(_BLOCK, end - offset))
                if not block:
                    raise OSError("a blob of the cache could not be read back")
                yield block
                offset += len(block)


def _open_found(file: Path, context: str, bound_to: str) -> tuple[SealedFile | None, str | None]:
    """A sealed file of the cache folder, open; or None, and why it is not
    used when there is one (a file that is not, is no problem)."""
    if not os.path.lexists(file):
        return None, None
    sealed = open_sealed(file, context)
    if sealed is None:
        return None, f"not sealed by this user for {bound_to}"
    return sealed, None


def prune(newest: Path, bound: float, *kept: Path) -> None:
    """Delete the cache files and run records of the same root beside
    `newest`, oldest first, until they take at most `bound` bytes (`newest`
    and `kept` are kept); failing to only costs space."""
    try:
        pattern = newest.name[:PLACE_DIGITS] + KEY_PATTERN[PLACE_DIGITS:-4]
        others = [
            file
            for ending in (".bin", ".run")
            for file in newest.parent.glob(pattern + ending)
            if file != newest and file not in kept
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


def _well_formed_head(data: object, key: str) -> bool:
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


def _memo_part(memo: bytes, part_key: bytes) -> FilePart | None:
    """The part a memo holds, when it was written for `part_key`; raises
    ValueError when it is not whole."""
    if len(memo) < _MEMO_HEAD.size:
        return None
    key_digest, count, safe, unsafe = _MEMO_HEAD.unpack_from(memo)
    if key_digest != digest(part_key):
        return None
    if safe + unsafe > count:
        raise ValueError("a memo that counts more fixes than findings")
    try:
        return FilePart(zlib.decompress(memo[_MEMO_HEAD.size :]), count, (safe, unsafe))
    except zlib.error as error:
        raise ValueError("a memo that does not decompress") from error


def _encoded(rows: list[Finding]) -> list[tuple[object, ...]]:
    """Findings as plain tuples (marshal takes no named tuple), without their
    path: the path is shown relative to the cwd, which changes between runs.
    Each cause is one plain tuple, as the rules' findings share one `Cause`:
    marshal writes an object it has written before as a reference to it."""
    plain: dict[Cause, tuple[str, str]] = {}
    return [
        (
            line,
            column,
            message,
            None if fix is None else (tuple(map(tuple, fix.edits)), str(fix[1]), fix[2]),
            None if cause is None else plain.setdefault(cause, (cause.id, cause.label)),
            code,
            name,
            severity,
        )
        for line, column, message, fix, cause, code, name, severity, _ in rows
    ]


_SAFETIES = {str(safety): safety for safety in FixSafety}


def _decoded(rows: object) -> list[Finding]:
    """The findings `_encoded` gave; ValueError, TypeError or KeyError for
    anything of another shape (the cache file's seal vouches for its bytes,
    its format number for their layout)."""
    if not isinstance(rows, list):
        raise TypeError("findings are not a list")
    causes: dict[object, Cause | None] = {None: None}
    found = []
    for line, column, message, fix, cause, code, name, severity in rows:
        if fix is not None:
            edits, applicability, fix_message = fix
            fix = Fix(tuple(map(Edit._make, edits)), _SAFETIES[applicability], fix_message)
        if cause in causes:
            known = causes[cause]
        else:
            known = causes[cause] = Cause._make(cause)
        # build_node, not Finding(...): a cache file may hold 300,000 findings.
        found.append(
            build_node(Finding, (line, column, message, fix, known, code, name, severity, ""))
        )
    return found

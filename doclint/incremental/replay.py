"""A whole run's output, written again when the same command finds the same tree.

The content cache (cache.py) spares checking a file again, but a run whose
every result is kept still looks each one up and proves its facts: 1.5 s for
the 14,710 pages of the generated corpus, where writing the same output
takes a few tenths. So a run with the cache on, whose output is written file
by file (the formats with parts), also keeps a run record beside its cache
file: the output as written, compressed, and the exit code, with the stamp
of everything the output depended on: each page checked and, for each tree
fact its rules asked, the path the fact names (for a source, also the
`X_docs.md` that stands in for it) and each folder on the way there (the
root only when a fact names it). The next run of the same command (the same cache key, and the same
output key: command line, working folder and how the output is written)
that discovers the same pages and finds every stamp the same writes the
record's output and exits with its code, looking nothing up.

A stamp is lstat's mtime, ctime, size, inode and mode. Any change moves the
ctime, which no tool sets back, so a stamp proves a file unchanged when it
was taken after the file's last change and the clock could tell the two
apart: a record is kept only when every stamp it holds is older than the
start of its run by more than CLOCK_STEP (a file changed while the run read
it, or just before, gets none; the next run keeps one). The start is taken
by the clock of the file system of the cache folder (`file_system_now`),
which, in the tree by default, is the tree's. A fact that names a
link, or passes one, gets no record either: its answer follows the link's
target, which no stamp of the link shows. The record is sealed as cache
files are (sealed.py), and read whole and checked against the digest in its
sealed head before a byte of it is written; any doubt is a miss, and the run
checks as it would without a record.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import stat
import struct
import tempfile
import time
import zlib
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from itertools import accumulate
from pathlib import Path

from doclint.incremental.sealed import SealedFile, folder_ready
from doclint.output.layout import Buffer, Sink
from doclint.tree.index import clean_path, digest, docs_page_of

FORMAT = 1
CLOCK_STEP = 2_000_000_000
"""How much older than its run (in ns) a stamp must be to be kept: the
coarsest step of the file times a tree's file system may keep (FAT's two
seconds)."""
_STAMP = struct.Struct("<qqqqq")
_MISSING = _STAMP.pack(-1, -1, -1, -1, -1)
_SEGMENT = 1 << 22
"""The bytes of output compressed as one segment of a record."""
_AHEAD = 8
"""How many segments may be inflated before they are written."""
_FIELDS = {
    "format": int,
    "pages": bytes,
    "paths": list,
    "stamps": bytes,
    "exit": int,
    "body": bytes,
    "lengths": list,
}


class Replay:
    """A kept run's output (its digest checked) and exit code. The output is
    kept in segments compressed apart (`lengths`, in the record): threads
    inflate the next segments while the record's stamps are checked and the
    output is written (zlib lets go of the interpreter while it works), which
    more than halves the time to write 100 MB. `close` when not written."""

    def __init__(self, body: bytes, lengths: list[int], exit_code: int) -> None:
        self.exit_code = exit_code
        self._pool = ThreadPoolExecutor(2)
        view, ends = memoryview(body), accumulate(lengths)
        self._segments = (view[end - size : end] for size, end in zip(lengths, ends, strict=True))
        self._pending: deque[Future[bytes]] = deque()
        self._inflate_ahead()

    def _inflate_ahead(self) -> None:
        while len(self._pending) < _AHEAD:
            segment = next(self._segments, None)
            if segment is None:
                return
            self._pending.append(self._pool.submit(zlib.decompress, segment))

    def write(self, out: Sink) -> None:
        try:
            while self._pending:
                out.write(self._pending.popleft().result())
                self._inflate_ahead()
        finally:
            self.close()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


def file_system_now(folder: Path) -> int:
    """Now (ns) as the file system of `folder` tells time: the mtime of a file
    made there and removed at once. A network file system stamps files by
    its server's clock, which may run behind this machine's; the local clock
    serves when no file can be made there."""
    if folder_ready(folder):
        try:
            handle, name = tempfile.mkstemp(dir=folder, prefix=".tmp-")
        except OSError:
            pass
        else:
            try:
                return os.fstat(handle).st_mtime_ns
            finally:
                os.close(handle)
                with contextlib.suppress(OSError):
                    os.unlink(name)
    return time.time_ns()


def depended_on(asked: Iterable[tuple[str, str]], pages: Iterable[str]) -> list[str]:
    """The paths besides `pages` whose stamps stand for the answers of the
    tree facts `asked`, each (kind, path): the path, the page that stands in
    for a source, and the folders on their way there (a folder replaced, or
    made a link, changes what lies below it). Not the root, unless a fact
    names it ("" is the root): its times move with every report written and
    cache folder made there, and a root replaced changes the stamp of every
    page. A path out of the tree names nothing whose change could change its
    answer."""
    paths: set[str] = set()
    for kind, path in asked:
        clean = clean_path(path)
        if clean is None:
            continue
        for name in (clean, docs_page_of(clean, "_docs.md")) if kind == "source" else (clean,):
            paths.add(name)
            folder = name.rpartition("/")[0]
            while folder and folder not in paths:  # one already there has its own
                paths.add(folder)
                folder = folder.rpartition("/")[0]
    return sorted(paths.difference(pages))


def stamps(root: str, paths: Iterable[str]) -> tuple[bytes, int] | None:
    """The stamps of `paths` (relative to `root`), packed, and the latest time
    among them; None when one of them is a link."""
    packed = bytearray()
    latest = 0
    prefix = os.path.join(root, "")
    for path in paths:
        try:
            info = os.lstat(prefix + path if path else root)
        except (OSError, ValueError):
            packed += _MISSING
            continue
        if stat.S_ISLNK(info.st_mode):
            return None
        packed += _STAMP.pack(
            info.st_mtime_ns, info.st_ctime_ns, info.st_size, info.st_ino, info.st_mode
        )
        latest = max(latest, info.st_mtime_ns, info.st_ctime_ns)
    return bytes(packed), latest


def _pages_digest(pages: Sequence[str]) -> bytes:
    return digest("\0".join(pages).encode("utf-8", "surrogatepass"))


class BadRecord(Exception):
    """A record that does not hold together: a format not this version's, or
    a body that is not the one its sealed head names."""


def replayed(sealed: SealedFile, root: str, pages: Sequence[str]) -> Replay | None:
    """The output a record holds, when it was kept for exactly `pages` (in
    their order) and every stamp it holds is the same now; None otherwise.
    BadRecord when the record itself is not sound."""
    try:
        head = marshal.loads(sealed.head)
    except (EOFError, ValueError, TypeError) as error:
        raise BadRecord("its head does not decode") from error
    if not (
        isinstance(head, dict)
        and all(isinstance(head.get(field), kind) for field, kind in _FIELDS.items())
        and head["format"] == FORMAT
        and all(isinstance(path, str) for path in head["paths"])
        and all(isinstance(length, int) and length >= 0 for length in head["lengths"])
        and sum(head["lengths"]) == sealed.body_size
    ):
        raise BadRecord("its head is not one this version of doclint writes")
    if head["pages"] != _pages_digest(pages):
        return None
    try:
        body = sealed.read(0, sealed.body_size)
    except OSError as error:
        raise BadRecord("it was cut short") from error
    if digest(body) != head["body"]:
        raise BadRecord("its output is not the one it was sealed with")
    replay = Replay(body, head["lengths"], head["exit"])  # inflating while the stamps are taken
    now = stamps(root, [*pages, *head["paths"]])
    if now is None or digest(now[0]) != head["stamps"]:
        replay.close()
        return None
    return replay


class OutputRecorder:
    """Takes a run's output as it is written (`write`), then keeps it with
    its exit code as the record of the run (`finish`), through `save(head,
    body)`, when the stamps of what it depended on can be trusted. A thread
    compresses the output beside the writing of it."""

    def __init__(
        self,
        root: str,
        pages: Sequence[str],
        asked: Iterable[tuple[str, str]],
        started: int,
        save: Callable[[bytes, bytes], None],
    ) -> None:
        self.root, self.pages, self.asked, self.started = root, pages, asked, started
        self._save = save
        self._pool = ThreadPoolExecutor(1)
        self._segment: list[bytes] = []
        self._segment_size = 0
        self._segments: list[Future[bytes]] = []

    def write(self, data: Buffer, /) -> None:
        self._segment.append(bytes(data))
        self._segment_size += len(data)
        if self._segment_size >= _SEGMENT:
            self._close_segment()

    def _close_segment(self) -> None:
        if len(self._segments) >= _AHEAD:  # the writing waits rather than fill memory
            self._segments[-_AHEAD].result()
        self._segments.append(self._pool.submit(zlib.compress, b"".join(self._segment), 1))
        self._segment, self._segment_size = [], 0

    def finish(self, exit_code: int | None) -> None:
        """Keep the output written with `exit_code`; None: it was not written
        whole, and is not kept."""
        if self._segment and exit_code is not None:
            self._close_segment()
        self._pool.shutdown(wait=True, cancel_futures=exit_code is None)
        if exit_code is None:
            return
        paths = depended_on(self.asked, self.pages)
        now = stamps(self.root, [*self.pages, *paths])
        if now is None or now[1] >= self.started - CLOCK_STEP:
            return
        segments = [segment.result() for segment in self._segments]
        body = b"".join(segments)
        head = {
            "format": FORMAT,
            "pages": _pages_digest(self.pages),
            "paths": paths,
            "stamps": digest(now[0]),
            "exit": exit_code,
            "body": digest(body),
            "lengths": [len(segment) for segment in segments],
        }
        self._save(marshal.dumps(head), body)

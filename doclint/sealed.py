"""Cache files doclint trusts: written by this user, intact, for this purpose.

A cache folder may sit in a tree someone else wrote, or in a folder other users
can write to; a file found there could be planted, cut short or meant for
another tree. So every file of the cache and of replay is sealed: a keyed hash
(HMAC-SHA256) over its length, its purpose (`context`: which cache key or
command line it answers) and its bytes, with a secret key only this user can
read. A file is used only when its seal holds and both it and its folder belong
to this user; anything else is ignored, and the next run replaces it.

The key is 32 random bytes in `$XDG_CACHE_HOME/doclint/key` (by default
`~/.cache/doclint/key`), in a folder of this user's only, readable by them
alone. Without it (no home folder to keep it in) nothing is read or written:
the cache only ever costs speed.

A sealed file is a prefix, a head and a body. The head (the part that says
what the body is) is checked before anything decodes it; the body, which can
be a hundred megabytes of stored output, is checked by its SHA-256 digest (in
the sealed prefix), which `SealedFile.body_check` computes while the caller
does other work.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import mmap
import os
import stat
import tempfile
import threading
from pathlib import Path

MAGIC = b"DLSEAL1\n"
_LENGTH = 8
_DIGEST = 32
PREFIX_SIZE = len(MAGIC) + 2 * _LENGTH + 2 * _DIGEST
KEY_SIZE = 32
_OPEN_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)

_key: bytes | None = None


def user_folder() -> Path | None:
    """This user's own doclint folder, made if missing; None when there is no
    such folder that only this user can write to."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base, "doclint")
    try:
        os.makedirs(base, mode=0o700, exist_ok=True)
        with contextlib.suppress(FileExistsError):
            os.mkdir(folder, 0o700)
        info = os.lstat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or not owned(info) or info.st_mode & 0o022:
        return None
    return folder


def secret_key() -> bytes | None:
    """This user's key, made on first use; None when it cannot be kept."""
    global _key
    if _key is None:
        folder = user_folder()
        if folder is not None:
            _key = _read_key(folder / "key") or _make_key(folder / "key")
    return _key


def _read_key(file: Path) -> bytes | None:
    try:
        descriptor = os.open(file, _OPEN_FLAGS)
    except OSError:
        return None
    with os.fdopen(descriptor, "rb") as stream:
        info = os.fstat(descriptor)
        if stat.S_ISREG(info.st_mode) and owned(info) and not info.st_mode & 0o077:
            key = stream.read(KEY_SIZE + 1)
            if len(key) == KEY_SIZE:
                return key
    return None


def _make_key(file: Path) -> bytes | None:
    """A new key, put in place whole; a key another process made first wins."""
    try:
        handle, temporary = tempfile.mkstemp(dir=file.parent, prefix=".tmp-")
    except OSError:
        return None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(os.urandom(KEY_SIZE))
        try:
            os.link(temporary, file)  # never replaces: the first key made stays
        except FileExistsError:
            if _read_key(file) is None:
                # Something else is in the way (a link, a file of another
                # shape), in this user's own folder: replaced, not written through.
                os.replace(temporary, file)
    except OSError:
        return None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
    return _read_key(file)


def owned(info: os.stat_result) -> bool:
    return info.st_uid == os.geteuid()


def folder_ready(folder: Path) -> bool:
    """Whether `folder` is a real folder (not a link) of this user's, made if missing."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and owned(info)


def write_new(file: Path, *data: bytes | memoryview, mode: int = 0o600, replace: bool) -> None:
    """Write `file` whole, through a new temporary file renamed into place: a
    link or any file at `file` is replaced, never written through. Without
    `replace`, a regular file of this user's already there is kept. OSError
    when it cannot be written."""
    if not replace:
        with contextlib.suppress(OSError):
            info = os.lstat(file)
            if stat.S_ISREG(info.st_mode) and owned(info):
                return
    # mkstemp creates with O_EXCL and O_NOFOLLOW, readable by this user only.
    handle, temporary = tempfile.mkstemp(dir=file.parent, prefix=".tmp-")
    try:
        with os.fdopen(handle, "wb") as stream:
            if mode != 0o600:
                os.fchmod(handle, mode)
            stream.writelines(data)
        os.replace(temporary, file)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_sealed(file: Path, context: str, head: bytes, body: bytes | memoryview = b"") -> None:
    """Write a sealed file (into a folder the caller made sure is this user's);
    OSError when it cannot."""
    key = secret_key()
    if key is None:
        raise OSError("no key of this user's to seal the cache with")
    lengths = len(head).to_bytes(_LENGTH, "little") + len(body).to_bytes(_LENGTH, "little")
    signed = MAGIC + lengths + hashlib.sha256(body).digest()
    tag = _tag(key, context, signed, head)
    write_new(file, signed, tag, head, body, replace=True)


def _tag(key: bytes, context: str, signed: bytes, head: bytes) -> bytes:
    mac = hmac.new(key, context.encode() + b"\0" + signed, hashlib.sha256)
    mac.update(head)
    return mac.digest()


class SealedFile:
    """An open sealed file whose head is intact; its body still to be checked."""

    def __init__(self, descriptor: int, head: bytes, body_size: int, digest: bytes) -> None:
        self.descriptor = descriptor
        self.head = head
        self.body_start = PREFIX_SIZE + len(head)
        self.body_size = body_size
        self._digest = digest
        self._view: memoryview | None = None

    def body(self) -> memoryview:
        """The body's bytes, mapped, not read."""
        if self._view is None:
            if not self.body_size:
                self._view = memoryview(b"")
            else:
                mapped = mmap.mmap(self.descriptor, 0, access=mmap.ACCESS_READ)
                self._view = memoryview(mapped)[self.body_start :]
        return self._view

    def body_check(self) -> BodyCheck:
        """Start checking the body, in a thread: hashing lets go of the GIL,
        so the caller's own work goes on meanwhile."""
        try:
            body = self.body()
        except (OSError, ValueError):
            body = None
        return BodyCheck(body, self._digest)

    def close(self) -> None:
        os.close(self.descriptor)


class BodyCheck:
    """The hashing of a sealed file's body, under way."""

    CHUNK = 1 << 22  # a check stopped halfway stops within one chunk

    def __init__(self, body: memoryview | None, digest: bytes) -> None:
        self._result: list[bool] = []
        self._stop = threading.Event()
        self._worker = threading.Thread(target=self._hash, args=(body, digest), daemon=True)
        self._worker.start()

    def _hash(self, body: memoryview | None, digest: bytes) -> None:
        if body is None:
            self._result.append(False)
            return
        hasher = hashlib.sha256()
        for start in range(0, len(body), self.CHUNK):
            if self._stop.is_set():
                return
            hasher.update(body[start : start + self.CHUNK])
        self._result.append(hmac.compare_digest(hasher.digest(), digest))

    def intact(self) -> bool:
        """Whether the body is as sealed (waits for the answer)."""
        self._worker.join()
        return self._result == [True]

    def cancel(self) -> None:
        """Stop hashing: the body will not be used."""
        self._stop.set()


def open_sealed(file: Path, context: str) -> SealedFile | None:
    """`file` open, when it and its folder are this user's, it is whole and
    its head is sealed with this user's key for `context`; else None."""
    key = secret_key()
    if key is None:
        return None
    try:
        folder = os.lstat(file.parent)
        descriptor = os.open(file, _OPEN_FLAGS)
    except OSError:
        return None
    try:
        sealed = _check_head(descriptor, key, context)
    except (OSError, ValueError, MemoryError):
        sealed = None
    if sealed is None or not (stat.S_ISDIR(folder.st_mode) and owned(folder)):
        os.close(descriptor)
        return None
    return sealed


def _check_head(descriptor: int, key: bytes, context: str) -> SealedFile | None:
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode) or not owned(info) or info.st_size < PREFIX_SIZE:
        return None
    prefix = os.pread(descriptor, PREFIX_SIZE, 0)
    signed, tag = prefix[: PREFIX_SIZE - _DIGEST], prefix[PREFIX_SIZE - _DIGEST :]
    if not signed.startswith(MAGIC):
        return None
    start = len(MAGIC)
    head_size = int.from_bytes(signed[start : start + _LENGTH], "little")
    body_size = int.from_bytes(signed[start + _LENGTH : start + 2 * _LENGTH], "little")
    if PREFIX_SIZE + head_size + body_size != info.st_size:
        return None  # cut short, or grown: either way not what was sealed
    head = os.pread(descriptor, head_size, PREFIX_SIZE)
    if len(head) != head_size or not hmac.compare_digest(_tag(key, context, signed, head), tag):
        return None
    return SealedFile(descriptor, head, body_size, signed[start + 2 * _LENGTH :])

"""Cache files doclint trusts: this user's, intact, for this purpose. A cache
folder may sit in a tree others can write to, so each file is sealed with a
BLAKE2b MAC of its lengths, purpose (`context`) and head, keyed with 32 random
bytes only this user can read (`$XDG_CACHE_HOME/doclint/key`; never one
inside the tree: store.py). The body needs no digest of its own: it is read
in blobs whose digests the head holds (cache.py)."""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
import struct
from collections.abc import Iterable
from hmac import compare_digest
from pathlib import Path

from doclint.tree.reading import read_regular_status
from doclint.util.digests import blake2b
from doclint.util.records import NamedTuple

MAGIC = b"DLSEAL3\n"
PREFIX = struct.Struct("<8sQQ32s")  # MAGIC, head's and body's lengths, the seal
KEY_SIZE = 32
_OPEN_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
# mkstemp's: never through a link, this user's only (mode 0600).
_NEW_FLAGS = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


class _Kept:
    key: bytes | None = None  # this user's key once read or made (None: tried again)


def key_folder() -> Path:
    """Where this user's key is kept."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    return Path(base if os.path.isabs(base) else os.path.expanduser("~/.cache"), "doclint")


def secret_key() -> bytes | None:
    """This user's key, made on first use; None when none can be kept."""
    if _Kept.key is None:
        folder = key_folder()
        try:
            os.makedirs(folder.parent, mode=0o700, exist_ok=True)
            os.makedirs(folder, mode=0o700, exist_ok=True)  # not a folder there: no key
            info = os.lstat(folder)
        except OSError:
            return None
        if stat.S_ISDIR(info.st_mode) and owned(info) and not info.st_mode & 0o022:
            _Kept.key = _read_key(folder / "key") or _make_key(folder / "key")
    return _Kept.key


def _read_key(file: Path) -> bytes | None:
    try:
        key, info = read_regular_status(file, KEY_SIZE + 1, follow_symlinks=False)
    except OSError:
        return None
    mine = owned(info) and not info.st_mode & 0o077
    return key if mine and len(key) == KEY_SIZE else None


def _make_key(file: Path) -> bytes | None:
    """A new key, put in place whole; one another process made first wins."""
    temporary = ""
    try:
        handle, temporary = new_file(file.parent)
        with os.fdopen(handle, "wb") as stream:
            stream.write(os.urandom(KEY_SIZE))
        try:
            os.link(temporary, file)  # never replaces: the first key made stays
        except FileExistsError:
            if _read_key(file) is None:  # a link or other shape: replaced
                os.replace(temporary, file)
    except OSError:
        return None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
    return _read_key(file)


def new_file(folder: Path) -> tuple[int, str]:
    """A new file as `tempfile.mkstemp` makes one, without importing tempfile
    (with `shutil`, `random`, `bz2` and `lzma`)."""
    while True:
        name = os.path.join(folder, f".tmp-{os.urandom(6).hex()}")
        with contextlib.suppress(FileExistsError):
            return os.open(name, _NEW_FLAGS, 0o600), name


def owned(info: os.stat_result) -> bool:
    return info.st_uid == os.geteuid()


def write_new(file: Path, data: Iterable[bytes], mode: int = 0o600, *, replace: bool) -> None:
    """Write `file` whole, renamed into place (a link there is replaced, not
    written through); without `replace`, a file of this user's there stays."""
    if not replace:
        with contextlib.suppress(OSError):
            info = os.lstat(file)
            if stat.S_ISREG(info.st_mode) and owned(info):
                return
    handle, temporary = new_file(file.parent)
    try:
        # A body comes a piece per file: buffered, not a call every few.
        with os.fdopen(handle, "wb", buffering=1 << 20) as stream:
            os.fchmod(handle, mode)  # whatever the umask
            stream.writelines(data)
        # ext4 flushes a file renamed over another before the rename returns
        # (auto_da_alloc), costlier than the write: the old file goes first.
        with contextlib.suppress(OSError):
            os.unlink(file)
        os.replace(temporary, file)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_sealed(file: Path, context: str, head: bytes, body: Iterable[bytes], size: int) -> None:
    """Write a sealed file of a head and a body of `size` bytes; OSError on failure."""
    key = secret_key()
    if key is None:
        raise OSError("no key of this user's to seal the cache with")
    prefix = PREFIX.pack(MAGIC, len(head), size, _tag(key, context, len(head), size, head))
    write_new(file, itertools.chain((prefix, head), body), replace=True)


def _tag(key: bytes, context: str, head_size: int, body_size: int, head: bytes) -> bytes:
    signed = f"{context}\0{head_size} {body_size}\0".encode() + head
    return blake2b(signed, key=key, digest_size=32).digest()


class SealedFile(NamedTuple):
    """An open sealed file whose head is intact; its body is read as the
    cache needs it, not mapped (a mapping counts in the process's memory)."""

    descriptor: int
    head: bytes
    body_start: int
    body_size: int


def open_sealed(file: Path, context: str) -> SealedFile | None:
    """`file` open when it and its folder are this user's, it is whole and
    its head is sealed with this user's key for `context`; else None."""
    key = secret_key()
    try:
        folder = os.lstat(file.parent)
        descriptor = os.open(file, _OPEN_FLAGS)
    except OSError:
        return None
    with contextlib.suppress(OSError, ValueError, MemoryError, struct.error):
        info = os.fstat(descriptor)
        magic, head_size, body_size, tag = PREFIX.unpack(os.pread(descriptor, PREFIX.size, 0))
        # Cut short, or grown: either way not what was sealed.
        whole = PREFIX.size + head_size + body_size == info.st_size and magic == MAGIC
        if key and whole and owned(info) and stat.S_ISREG(info.st_mode) and owned(folder):
            head = os.pread(descriptor, head_size, PREFIX.size)
            expected = _tag(key, context, head_size, body_size, head)
            if stat.S_ISDIR(folder.st_mode) and compare_digest(expected, tag):
                return SealedFile(descriptor, head, PREFIX.size + head_size, body_size)
    os.close(descriptor)
    return None

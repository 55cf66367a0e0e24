"""Reading a file whole without waiting on it: named pipes, devices and other
special files are refused at once, and the size is bounded by the caller."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

# The largest file read whole: a checked file (the default of --max-file-size)
# or one a rule reads about (a documented source, a link target's headings).
MAX_FILE_SIZE = 64 * 1024 * 1024
# Opening a FIFO for reading waits for a writer: open without waiting, then refuse it.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_SPECIAL_FILES = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def read_regular(path: Path | str, limit: int = -1, follow_symlinks: bool = True) -> bytes:
    """The bytes of a regular file, at most `limit` of them (-1: all).

    OSError for anything else, without waiting: a plain open() of a named pipe
    blocks until some process writes to it, and a device such as /dev/zero
    never ends. Without `follow_symlinks`, a symbolic link is an OSError too.
    """
    flags = _OPEN_FLAGS if follow_symlinks else _OPEN_FLAGS | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(path, flags)
    try:
        status = os.fstat(descriptor)
        mode = status.st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _SPECIAL_FILES if test(mode)), "a special file")
            raise OSError(errno.EINVAL, f"not a regular file ({kind})", str(path))
        return _read(descriptor, status.st_size + 1, limit)
    finally:
        os.close(descriptor)


def read_input(path: Path | str, limit: int) -> bytes:
    """A regular file an option names (a baseline, a listing), whole: OSError
    when it is over `limit` bytes or no regular file (a FIFO would hang the
    run, /dev/zero fill the memory)."""
    data = read_regular(path, limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"over the limit of {limit:,} bytes (--max-file-size)")
    return data


# What is asked for at a time once a file turns out longer than its stat.
_CHUNK = 1 << 20


def _read(descriptor: int, expected: int, limit: int) -> bytes:
    """Up to `limit` bytes (-1: all) of an open file, asking first for the
    `expected` size: a read of n bytes allocates n first, so asking for the
    limit would make a small file pay for megabytes. os.read skips the two
    buffered file objects os.fdopen makes."""
    parts: list[bytes] = []
    total, ask = 0, expected
    while limit < 0 or total < limit:
        part = os.read(descriptor, ask if limit < 0 else min(ask, limit - total))
        if not part:
            break
        parts.append(part)
        total += len(part)
        ask = _CHUNK  # the file grew since its stat, or the system read less
    return parts[0] if len(parts) == 1 else b"".join(parts)

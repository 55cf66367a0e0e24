"""Writing the files a run makes (`--output-file`, `--write-baseline`, the
HTML report) without ever writing through a link a tree may hold.

A report is written to a new file in the folder of its name, then renamed over
that name: a symbolic link committed at the name (`report.txt -> ../.profile`)
is itself replaced by the report, and what it pointed to is left untouched;
a reader never sees a report half written. Only a name that is no file on disk
is written into: a device or pipe named as it is (`-o /dev/null`), or a link
to this process's own standard output or error (`-o /dev/stdout`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC


@contextlib.contextmanager
def replacing(path: Path | str) -> Iterator[BinaryIO]:
    """A binary stream whose bytes become the file `path` when the block ends
    without an error (nothing changes at `path` otherwise). OSError when the
    folder cannot take a new file."""
    descriptor = _stream_to_write_into(path)
    if descriptor is not None:
        with os.fdopen(descriptor, "wb") as stream:
            yield stream
        return
    folder, name = os.path.split(os.path.abspath(path))
    # Made new (O_EXCL), as any new file is (0666 less the umask).
    temporary = os.path.join(folder, f".{name}.{os.urandom(8).hex()}.tmp")
    handle = os.open(temporary, _NEW_FILE, 0o666)
    try:
        with os.fdopen(handle, "wb") as stream:
            yield stream
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _stream_to_write_into(path: Path | str) -> int | None:
    """A descriptor open for writing on `path` when it names no file that a
    rename should replace, None when it should be replaced (or made)."""
    try:
        target = os.stat(path)
        named = os.lstat(path)
    except OSError:
        return None
    if stat.S_ISDIR(named.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if stat.S_ISREG(target.st_mode) or stat.S_ISDIR(target.st_mode):
        return None
    if stat.S_ISLNK(named.st_mode) and _identity(target) not in _own_streams():
        return None  # a link to a device or pipe elsewhere: the link is replaced
    # No wait on a FIFO without a reader (ENXIO), then blocking writes.
    descriptor = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    os.set_blocking(descriptor, True)
    return descriptor


def _identity(status: os.stat_result) -> tuple[int, int]:
    return status.st_dev, status.st_ino


def _own_streams() -> set[tuple[int, int]]:
    """What this process's stdout, stderr and the null device are."""
    own = set()
    for descriptor in (1, 2):
        with contextlib.suppress(OSError):
            own.add(_identity(os.fstat(descriptor)))
    with contextlib.suppress(OSError):
        own.add(_identity(os.stat(os.devnull)))
    return own

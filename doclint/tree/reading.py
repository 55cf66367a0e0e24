"""The one way doclint reads a file of a tree (a page, the source lines a
report prints, a listing, an ignore file, a configuration, a baseline):
`read_file`. Outside the root after resolving symbolic links, a named pipe, a
device or any other special file is refused before a byte is read, an open
never waits, and every kind of file has a stated limit on its size."""

from __future__ import annotations

import errno
import os
import stat
import threading
import weakref
from collections.abc import Iterable
from pathlib import Path

from doclint.util.paths import inside

# The largest file read whole: a checked file (the default of --max-file-size)
# or one a rule reads about (a documented source, a link target's headings).
MAX_FILE_SIZE = 64 * 1024 * 1024
# The limit of each kind of small file doclint reads for itself: git and the
# TOML readers read such files whole, and an 8 MB `.gitignore` costs
# gigabytes once compiled to patterns. Real ones are a few kilobytes.
IGNORE_FILE_LIMIT = 1024 * 1024
"""`.gitignore`, `.git/info/exclude`."""
CONFIG_LIMIT = 1024 * 1024
"""`doclint.toml`, `pyproject.toml`."""
# Opening a FIFO for reading waits for a writer: open without waiting, then refuse it.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_SPECIAL_FILES = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def read_regular(
    path: Path | str, limit: int = -1, follow_symlinks: bool = True, max_size: int = -1
) -> bytes:
    """The bytes of a regular file, at most `limit` of them (-1: all).

    OSError for anything else, without waiting: a plain open() of a named pipe
    blocks until some process writes to it, and a device such as /dev/zero
    never ends. Without `follow_symlinks`, a symbolic link is an OSError too;
    with a `max_size` (not -1), a file larger than that is an OSError (EFBIG,
    `OverLimit`) before a byte of it is read.
    """
    return read_regular_status(path, limit, follow_symlinks, max_size)[0]


class OverLimit(OSError):
    """A regular file over the size it may have (EFBIG); `status` is its stat."""

    status: os.stat_result


def read_regular_status(
    path: Path | str, limit: int = -1, follow_symlinks: bool = True, max_size: int = -1
) -> tuple[bytes, os.stat_result]:
    """`read_regular`, with the status of the file read: the open file's, so
    that a caller that wants both (the engine, for the cache) stats it once."""
    flags = _OPEN_FLAGS if follow_symlinks else _OPEN_FLAGS | getattr(os, "O_NOFOLLOW", 0)
    return _read_open(os.open(path, flags), path, limit, max_size)


def _read_open(
    descriptor: int, path: Path | str, limit: int, max_size: int
) -> tuple[bytes, os.stat_result]:
    """`read_regular_status` of a file opened as `descriptor` (closed here)."""
    try:
        status = os.fstat(descriptor)
        mode = status.st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _SPECIAL_FILES if test(mode)), "a special file")
            raise OSError(errno.EINVAL, f"not a regular file ({kind})", str(path))
        if 0 <= max_size < status.st_size:
            over = OverLimit(errno.EFBIG, f"over the limit of {max_size:,} bytes", str(path))
            over.status = status
            raise over
        return _read(descriptor, status.st_size + 1, limit), status
    finally:
        os.close(descriptor)


# Whether a file can be opened relative to a folder's descriptor (not on Windows).
_BENEATH = (
    os.open in os.supports_dir_fd and hasattr(os, "O_DIRECTORY") and hasattr(os, "O_NOFOLLOW")
)
_FOLDER_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_DIRECTORY", 0)
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
)
# A symbolic link met where O_NOFOLLOW refuses it (ENOTDIR: a link where
# O_DIRECTORY wants a folder).
_LINK_ERRORS = frozenset({errno.ELOOP, errno.ENOTDIR, errno.EMLINK})


def read_beneath(
    root: str, relative: str, limit: int = -1, max_size: int = -1, held: RootFolder | None = None
) -> tuple[bytes, os.stat_result]:
    """`read_regular_status` of the file `relative` (a clean POSIX path) of
    the folder `root`, opened folder by folder from the root without
    following a link: the file read is the file checked to lie in the tree,
    whatever another process swaps meanwhile (a page made a link to a file
    outside, between the check and the read, is refused, not read). A path
    that holds a link is resolved once and read the same way through its
    real path, which must lie in the real root (else OutsideRoot). With
    `held`, the root's folder `held` keeps open (`RootFolder`, of `root`) is
    where the walk starts; without, the root is opened by its path."""
    parts = relative.split("/")
    if not all(parts) or "." in parts or ".." in parts:  # `..` would climb out of the root
        raise OutsideRoot(errno.EXDEV, f"not a clean path of the root {root}; not read", relative)
    if not _BENEATH:
        return read_regular_status(os.path.join(root, relative), limit, True, max_size)
    folder = held if held is not None else RootFolder(root)
    try:
        return _read_through_links(folder, relative, limit, max_size)
    finally:
        if held is None:
            folder.close()


def _read_through_links(
    root: RootFolder, relative: str, limit: int, max_size: int
) -> tuple[bytes, os.stat_result]:
    try:
        return _read_beneath(root, relative, limit, max_size)
    except OSError as error:
        if error.errno not in _LINK_ERRORS:
            raise
    # A link on the way (one inside the tree is followed, as before): read the
    # file it leads to, with no link on the way this time.
    real_root = root.path
    real = os.path.realpath(os.path.join(real_root, relative))
    if not real.startswith(os.path.join(real_root, "")):
        raise OutsideRoot(errno.EXDEV, f"outside the root {root.given}; not read", relative)
    return _read_beneath(root, os.path.relpath(real, real_root), limit, max_size)


class RootFolder:
    """The real folder of a tree's root, opened once (at the first read) and
    held open for the reads of a process's run, which walk from it folder by
    folder (`read_beneath`): a run reads thousands of files, and opening the
    root by its path for each cost an open and a close. Only the root is
    held: a sub-folder held open would still be read after it was moved out
    of the tree, while whatever is below the root's folder is the tree,
    wherever it is moved. The real path is opened without following a link,
    so that a root swapped for one before the first read is refused, and one
    swapped after it no longer leads the reads elsewhere (docs/trust.md).
    The tree that holds it closes it when the run is over (`close`; a read
    after that opens the root afresh), or it is closed when collected. A
    forked child inherits the descriptor, which names the same folder and
    has no offset that the walk moves."""

    def __init__(self, root: str) -> None:
        self.given = root
        self.path = os.path.realpath(root)
        # At most one descriptor; a list, for the finalizer to close what it holds.
        self._held: list[int] = []
        self._lock = threading.Lock()
        weakref.finalize(self, _close_held, self._held)

    def open(self, name: str, flags: int) -> int:
        """The entry `name` of the root's folder, opened with `flags`
        (relative to the folder held, opened by its real path if none is)."""
        held = self._held
        # Under the lock: two threads' first reads open it once, and a
        # `close` never closes the descriptor an open is about to use.
        with self._lock:
            if not held:
                held.append(os.open(self.path, _FOLDER_FLAGS))
            return os.open(name, flags, dir_fd=held[0])

    def close(self) -> None:
        """Close the folder held; a later read opens it again."""
        with self._lock:
            _close_held(self._held)


def _close_held(held: list[int]) -> None:
    while held:
        os.close(held.pop())


def _read_beneath(
    root: RootFolder, relative: str, limit: int, max_size: int
) -> tuple[bytes, os.stat_result]:
    *folders, name = relative.split("/")
    file_flags = _OPEN_FLAGS | os.O_NOFOLLOW
    if not folders:
        return _read_open(root.open(name, file_flags), relative, limit, max_size)
    folder = root.open(folders[0], _FOLDER_FLAGS)
    try:
        for part in folders[1:]:
            inner = os.open(part, _FOLDER_FLAGS, dir_fd=folder)
            os.close(folder)
            folder = inner
        return _read_open(os.open(name, file_flags, dir_fd=folder), relative, limit, max_size)
    finally:
        os.close(folder)


class OutsideRoot(OSError):
    """A file whose real place lies outside the root it is read for."""


def read_file(
    path: Path | str,
    limit: int,
    root: Path | str | None = None,
    follow_symlinks: bool = True,
    limit_name: str = "",
) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them, or an
    OSError that says why not: over the limit (EFBIG; `limit_name` tells which
    option sets it), not a regular file, or, with a `root`, a file whose real
    place is outside that root (OutsideRoot: it is never opened). The open
    never waits (a FIFO) and never reads more than the limit (/dev/zero)."""
    if root is not None:
        path = inside_root(path, root, follow_symlinks)
        follow_symlinks = False  # resolved: a link there now is a swap since
    over = OSError(
        errno.EFBIG,
        f"over the limit of {limit:,} bytes" + (f" ({limit_name})" if limit_name else ""),
    )
    try:
        # One byte more than the limit tells a file that grew since its stat.
        data = read_regular(path, limit + 1, follow_symlinks, limit)
    except OSError as error:
        if error.errno == errno.EFBIG:
            raise over from None
        raise
    if len(data) > limit:
        raise over
    return data


def read_named(path: Path | str, limit: int, limit_name: str = "") -> bytes:
    """`read_file` for a file named on the command line or found beside a
    tree (a listing, a baseline, a configuration): a tree can ship one as a
    symbolic link to a file outside it (`LISTING.txt -> ~/.git-credentials`),
    so it is read only when its real place lies in the checkout that holds
    its name (`repository_root`), or, outside any checkout, in the folder of
    its name; otherwise OutsideRoot, and nothing of it is read."""
    folder = Path(os.path.abspath(path)).parent
    bound = repository_root(folder) or folder
    try:
        return read_file(path, limit, bound, limit_name=limit_name)
    except OutsideRoot:
        raise OutsideRoot(
            errno.EXDEV, f"a link out of {bound}; a file a tree can ship is read only inside it"
        ) from None


def repository_root(folder: Path) -> Path | None:
    """The nearest folder at or above `folder` that holds `.git`, if any: the
    checkout (git's top level, found without running git). A checkout
    reached through a symbolic link out of the checkout the run is in (the
    one holding the working folder: `link -> ../other`, where `other` holds
    `.git`) is not it: the name lies in the outer checkout, which a link it
    commits cannot widen. (Elsewhere, a folder of projects linked from a
    home folder that is a checkout keeps its own checkouts.)"""
    found = _nearest_checkout(folder)
    while found is not None:
        outer = _nearest_checkout(found.parent) if found.parent != found else None
        if outer is None or inside(found, outer) or not _working_in(outer):
            return found
        found = outer
    return None


def _working_in(folder: Path) -> bool:
    try:
        return inside(Path(os.getcwd()), folder)
    except OSError:  # no working folder any more
        return False


def _nearest_checkout(folder: Path) -> Path | None:
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


def leads_out(path: str, bounds: Iterable[str] = ()) -> bool:
    """Whether the absolute `path`, once its links are resolved, leads out
    of the folder its name lies in: the checkout holding it
    (`repository_root`), or outside any checkout, each of `bounds` (absolute
    folders: the working and configuration folders) holding it. The one
    rule for a path below a link out of the tree (`link/docs` with `link ->
    ../outside`), whether the command line names it, a page's title or a
    wiki's folder implies it as a root: it is refused as the link itself
    is (file-outside-root), nothing below it is listed or read."""
    checkout = repository_root(Path(path))
    if checkout is not None:
        held = [str(checkout)]
    else:
        held = [
            bound for bound in bounds if path == bound or path.startswith(os.path.join(bound, ""))
        ]
    return not all(inside(Path(path), Path(bound)) for bound in held)


def inside_root(path: Path | str, root: Path | str, follow_symlinks: bool = True) -> str:
    """The real path of `path` (symbolic links resolved; without
    `follow_symlinks`, all but its last part), OutsideRoot when it does not lie
    in the real `root`."""
    if follow_symlinks:
        real = os.path.realpath(path)
    else:
        folder, name = os.path.split(os.path.abspath(path))
        real = os.path.join(os.path.realpath(folder), name)
    real_root = os.path.realpath(root)
    if real != real_root and not real.startswith(os.path.join(real_root, "")):
        raise OutsideRoot(errno.EXDEV, f"outside the root {root}; not read", str(path))
    return real


# What is asked for at a time once a file turns out longer than its stat.
_CHUNK = 1 << 20


def _read(descriptor: int, expected: int, limit: int) -> bytes:
    """Up to `limit` bytes (-1: all) of an open regular file, asking first
    for the `expected` size: a read of n bytes allocates n first, so asking
    for the limit would make a small file pay for megabytes. A read of a
    regular file that gives less than it was asked for stopped at the file's
    end once it gave the size the stat said: no read more to hear it say so.
    A file that filled the read (it grew since its stat), or one read short
    of its size (a file system may give less than asked), is read on until
    a read gives nothing. os.read skips the two buffered file objects
    os.fdopen makes."""
    parts: list[bytes] = []
    total, ask = 0, expected
    while limit < 0 or total < limit:
        asked = ask if limit < 0 else min(ask, limit - total)
        part = os.read(descriptor, asked)
        if not part:
            break
        parts.append(part)
        total += len(part)
        if len(part) < asked and total >= expected - 1:
            break
        ask = _CHUNK  # the file grew since its stat, or was read short
    return parts[0] if len(parts) == 1 else b"".join(parts)

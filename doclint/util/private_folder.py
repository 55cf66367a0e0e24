"""A temporary folder held by its descriptor: the workers' part files of a run
(output/parts.py) and the scratch copies of fix mode (fixes/fix_mode.py).

The system's temporary folder may be shared and, on a
badly set up machine, not sticky: another user can then rename a folder of
ours away and put one of theirs, or a FIFO or a symbolic link, under the
same name. So the folder is made by `mkdtemp` (mode 0700), opened once,
checked to be ours, and every entry is created (`O_EXCL`, `O_NOFOLLOW`, mode
0600), opened, checked and removed relative to that descriptor: its name is
never looked up again, and what is read back is the file written there.
"""

from __future__ import annotations

import os
import stat

_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_READ = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


class PrivateFolder:
    """A new folder of this user's in the system's temporary folder. Forked
    processes inherit its descriptor, and use it as the process that made it."""

    def __init__(self, prefix: str) -> None:
        # Imported here: most runs (one page, no process pool) make no folder,
        # and `tempfile` with `shutil` cost them more than this module.
        import tempfile

        self.path = tempfile.mkdtemp(prefix=prefix)
        """Its name: for messages and the removal of what a killed run left."""
        self.descriptor = os.open(self.path, _DIRECTORY)
        try:
            _check_ours(os.fstat(self.descriptor), self.path, directory=True)
        except OSError:
            os.close(self.descriptor)
            raise
        self._owner = os.getpid()

    def create(self, prefix: str, suffix: str = "") -> tuple[str, int]:
        """A new file's name and a descriptor open for writing it."""
        import secrets

        while True:
            name = f"{prefix}{secrets.token_hex(6)}{suffix}"
            try:
                return name, os.open(name, _CREATE, 0o600, dir_fd=self.descriptor)
            except FileExistsError:
                continue

    def write(self, data: bytes, prefix: str = "", suffix: str = "") -> str:
        """The name of a new file holding `data`."""
        name, descriptor = self.create(prefix, suffix)
        with open(descriptor, "wb") as file:
            file.write(data)
        return name

    def open(self, name: str) -> int:
        """A descriptor open for reading the regular file `name` of the folder,
        this user's; OSError for anything else (a FIFO, a link, another's file)."""
        if os.path.basename(name) != name or name in ("", ".", ".."):
            raise ValueError(f"not a name in the folder: {name!r}")
        descriptor = os.open(name, _READ, dir_fd=self.descriptor)
        try:
            _check_ours(os.fstat(descriptor), f"{self.path}/{name}", directory=False)
            os.set_blocking(descriptor, True)
        except OSError:
            os.close(descriptor)
            raise
        return descriptor

    def read(self, name: str, limit: int = -1) -> bytes:
        """The bytes of the file `name` (the first `limit` of them if given)."""
        with open(self.open(name), "rb") as file:
            return file.read(limit)

    def size(self, name: str) -> int:
        descriptor = self.open(name)
        try:
            return os.fstat(descriptor).st_size
        finally:
            os.close(descriptor)

    def unlink(self, name: str) -> None:
        os.unlink(name, dir_fd=self.descriptor)

    def remove(self) -> None:
        """Remove the folder and what it holds, through the descriptor; its
        name only when it still leads to this folder. Only in the process that
        made it (a forked worker leaves it be)."""
        if os.getpid() != self._owner or self.descriptor < 0:
            return
        try:
            for name in os.listdir(self.descriptor):
                try:
                    os.unlink(name, dir_fd=self.descriptor)
                except IsADirectoryError:
                    import shutil

                    shutil.rmtree(name, dir_fd=self.descriptor, ignore_errors=True)
                except FileNotFoundError:
                    pass
            here = os.fstat(self.descriptor)
            there = os.lstat(self.path)
            if (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino):
                os.rmdir(self.path)
        except OSError:
            pass  # gone already, or swapped for another's: not ours to remove
        finally:
            os.close(self.descriptor)
            self.descriptor = -1


def _check_ours(info: os.stat_result, shown: str, directory: bool) -> None:
    kind = stat.S_ISDIR(info.st_mode) if directory else stat.S_ISREG(info.st_mode)
    if not kind or info.st_uid != os.geteuid() or (directory and info.st_mode & 0o077):
        what = "a private folder" if directory else "a regular file"
        raise PermissionError(f"{shown}: not {what} of this user's: changed by someone else")

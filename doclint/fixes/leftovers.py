"""Temporary files of fix mode, and their removal after a run that was killed.

A fix run writes each file through a temporary beside it and keeps fixed
texts in a scratch folder of the system's temporary folder; `kill -9` leaves
both behind. Their names say which process made them, so a later run
removes exactly those of its user's runs that ended: a name of ours, owned
by this user, older than the run, and no process of that number alive (a
run going on beside this one keeps its files).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path

from doclint.util.lazy_regex import compiled_on_use

_RANDOM = "[a-z0-9_]{8}"  # what mkstemp and mkdtemp add
_WRITE = compiled_on_use(rf"\..+\.doclint-(\d+)-{_RANDOM}\.tmp")
_SCRATCH = compiled_on_use(rf"doclint-fix-(\d+)-{_RANDOM}")


def write_prefix(file: Path) -> str:
    """The name's start of the temporary that replaces `file`."""
    return f".{file.name}.doclint-{os.getpid()}-"


def scratch_prefix() -> str:
    """The name's start of a fix run's scratch folder."""
    return f"doclint-fix-{os.getpid()}-"


def remove_stale(folders: Iterable[Path | str], started: float) -> None:
    """Remove the temporaries of ended runs from the system's temporary
    folder and from `folders` (those of the files a run fixes)."""
    _sweep(tempfile.gettempdir(), _SCRATCH, started)
    for folder in folders:
        _sweep(folder, _WRITE, started)


def _sweep(folder: Path | str, pattern: re.Pattern[str], started: float) -> None:
    try:
        with os.scandir(folder) as entries:
            stale = [entry for entry in entries if _stale(entry, pattern, started)]
    except OSError:
        return
    for entry in stale:
        try:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
        except OSError:
            pass  # gone meanwhile, or not ours to remove after all: leave it


def _stale(entry: os.DirEntry[str], pattern: re.Pattern[str], started: float) -> bool:
    match = pattern.fullmatch(entry.name)
    if match is None:
        return False
    try:
        status = entry.stat(follow_symlinks=False)
    except OSError:
        return False
    return (
        status.st_uid == os.getuid()
        and status.st_mtime < started
        and not _alive(int(match.group(1)))
    )


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # someone else's process, or no pid at all: leave it be
    return True

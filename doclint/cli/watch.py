"""`doclint check --watch`: wait until a checked path changes."""

from __future__ import annotations

import os
import time
from collections.abc import Iterable

# Often enough that a re-run follows a generator's write at once; a stat per
# file each time, so not more often.
POLL_SECONDS = 0.5
# Folders a watch does not look into: what doclint and tools write themselves.
_SKIPPED = frozenset({".git", ".hg", ".svn", ".doclint_cache", "__pycache__", "node_modules"})


def stamps(paths: Iterable[str]) -> dict[str, tuple[int, int]]:
    """(mtime, size) of every file and folder under `paths`: a folder's mtime
    moves when an entry is added, removed or renamed, a file's when it is written."""
    found: dict[str, tuple[int, int]] = {}
    for path in paths:
        _stamp(path, found)
        for folder, folders, files in os.walk(path):
            folders[:] = [name for name in folders if name not in _SKIPPED]
            for name in (*folders, *files):
                _stamp(os.path.join(folder, name), found)
    return found


def _stamp(path: str, found: dict[str, tuple[int, int]]) -> None:
    try:
        status = os.stat(path)
    except OSError:  # gone meanwhile: its folder's stamp tells
        return
    found[path] = (status.st_mtime_ns, status.st_size)


def wait_for_change(paths: list[str], before: dict[str, tuple[int, int]]) -> None:
    """Return once something under `paths` differs from the stamps `before`."""
    while stamps(paths) == before:
        time.sleep(POLL_SECONDS)

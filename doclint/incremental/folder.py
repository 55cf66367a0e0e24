"""`doclint clean`: removes a cache folder only if doclint made it and every
entry (a link removed, never followed): a mistyped or planted cache-dir
deletes nothing of the user's."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from doclint.incremental.cache import MARKER, TAG
from doclint.incremental.sealed import owned
from doclint.tree.reading import read_regular_status
from doclint.util.lazy_regex import compiled_on_use
from doclint.util.paths import inside

# What doclint writes there (earlier versions: run records, stamps, part memos).
OWN_ENTRIES = compiled_on_use(
    r"CACHEDIR\.TAG|\.gitignore|[0-9a-f]{32}\.(?:bin|run|parts|stamps)|\.tmp-[A-Za-z0-9_]+"
)


def clean(folder: Path, tree: Path | None) -> str:
    """Remove the cache folder `folder`; what was done. ValueError when it
    is not one doclint made, or lies outside `tree` (when given)."""
    if tree is not None and not inside(folder, tree):
        raise ValueError(f"{folder} lies outside {tree}; left alone")
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        return f"no cache at {folder}"
    if not stat.S_ISDIR(info.st_mode):
        raise ValueError(f"{folder} is not a folder; left alone")
    try:
        data, marker = read_regular_status(folder / MARKER, len(TAG) + 1, follow_symlinks=False)
        ours = data == TAG and owned(marker)
    except OSError:
        ours = False
    if not ours:
        raise ValueError(f"{folder} is not a doclint cache (no {MARKER} of doclint's); left alone")
    names = os.listdir(folder)
    for name in sorted(names):
        if not OWN_ENTRIES.fullmatch(name):
            raise ValueError(f"{folder} holds {name!r}, which doclint did not write; left alone")
        if stat.S_ISDIR(os.lstat(folder / name).st_mode):
            raise ValueError(f"{folder} holds the folder {name!r}; left alone")
    for name in names:
        os.unlink(folder / name)
    os.rmdir(folder)
    return f"removed {folder}"

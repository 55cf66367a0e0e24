"""Which files a run checks: named files as they are, folders walked for Markdown."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

MARKDOWN_SUFFIXES = (".md", ".markdown")
SKIPPED_FOLDERS = frozenset(
    {".git", ".hg", ".svn", "node_modules", ".doclint_cache", "__pycache__"}
)


class MissingPathError(FileNotFoundError):
    """A path named on the command line does not exist."""


def discover(paths: Iterable[Path]) -> Iterator[Path]:
    """Files to check, each once: a named file whatever its extension, and the
    Markdown files under a named folder (symlinked folders are not followed)."""
    seen: set[Path] = set()
    for path in paths:
        if path.is_dir():
            found: Iterable[Path] = _walk(path)
        elif path.exists() or path.is_symlink():
            found = [path]
        else:
            raise MissingPathError(f"{path}: no such file or directory")
        for file in found:
            key = file.absolute()
            if key not in seen:
                seen.add(key)
                yield file


def _walk(folder: Path) -> Iterator[Path]:
    for current, folders, files in os.walk(folder):
        folders[:] = sorted(name for name in folders if name not in SKIPPED_FOLDERS)
        for name in sorted(files):
            if name.lower().endswith(MARKDOWN_SUFFIXES):
                yield Path(current) / name

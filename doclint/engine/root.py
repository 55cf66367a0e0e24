"""The root of the tree a run checks against: given, implied by the pages, or the cwd."""

from __future__ import annotations

import os
from pathlib import Path

from doclint.engine.settings import Settings
from doclint.parsing.recognition import expected_page_path, recognise
from doclint.tree import Tree, read_regular


def absolute_path(path: Path) -> Path:
    """An absolute path with `..` folded away, symlinks left as they are."""
    return Path(os.path.abspath(path))


def choose_root(paths: list[Path], cwd: Path) -> Path:
    """The tree root: the cwd when every path lies in it, else their common folder."""
    absolute = [absolute_path(path) for path in paths] or [cwd]
    if all(path == cwd or path.is_relative_to(cwd) for path in absolute):
        return cwd
    folders = [path if path.is_dir() else path.parent for path in absolute]
    return Path(os.path.commonpath([str(folder) for folder in folders]))


def infer_root(files: list[Path], sample: int = 50) -> Path | None:
    """The root a generated tree lives in, from a page whose path ends with the
    path its title gives it (`/repo/docs/a/b.py_kw.md` -> `/repo`)."""
    for file in files[:sample]:
        try:
            first = read_regular(file, 4096)  # a named pipe would block open()
        except OSError:
            continue
        root = root_from_title(first, file)
        if root is not None:
            return root
    return None


def root_from_title(start: bytes, file: Path) -> Path | None:
    """The root implied by a page at `file` whose text starts with `start`."""
    title = start.split(b"\n", 1)[0].decode("utf-8", errors="replace").lstrip("\ufeff").strip()
    if not title.startswith("# "):
        return None
    expected = expected_page_path(*recognise(title[2:]))
    absolute = absolute_path(file).as_posix()
    if expected is not None and absolute.endswith("/" + expected):
        return Path(absolute[: -len(expected) - 1] or "/")
    return None


def tree_root(settings: Settings, paths: list[Path], files: list[Path], cwd: Path) -> Path:
    """The root of a run: --root, else the root the pages imply, else the cwd
    (or the common folder of paths outside it)."""
    return settings.root or infer_root(files) or choose_root(paths, cwd)


def make_tree_at(settings: Settings, root: Path) -> Tree:
    """The tree index a run's rules ask, rooted at `root`."""
    return Tree(root, settings.known_paths)

"""The roots a run checks against: given, implied by the pages, or the cwd.

Every generated page names the source it documents in its title, and the
generator writes it at a path that follows from that name
(`docs/a/b.py_kw.md` for `# Keyword Index: `a/b.py``): the folder above is
the root of its tree. Other files belong to the innermost such root that
holds them, else to the working folder (or the common folder of those
outside it). `--root` puts every file in one root.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from doclint.engine.settings import Settings
from doclint.parsing.pages import FOLDER_PAGES, expected_page_path, recognise
from doclint.paths import absolute
from doclint.tree import Tree, read_regular

# A title only implies a root for a file at the path it announces, and every
# such path ends with one of these: other files are not opened to look.
_PAGE_NAME_ENDINGS = ("_docs.md", "_kw.md", *FOLDER_PAGES)
_TITLE_BYTES = 4096


def absolute_path(path: Path) -> Path:
    """An absolute path with `..` folded away, symlinks left as they are."""
    return Path(os.path.abspath(path))


def choose_root(paths: Iterable[Path], cwd: Path) -> Path:
    """The root of plain files: the cwd when every path lies in it, else their common folder."""
    absolute = [absolute_path(path) for path in paths] or [cwd]
    if all(path == cwd or path.is_relative_to(cwd) for path in absolute):
        return cwd
    folders = [path if path.is_dir() else path.parent for path in absolute]
    return Path(os.path.commonpath([str(folder) for folder in folders]))


def root_from_title(start: bytes, file: Path | str) -> Path | None:
    """The root implied by a page at `file` whose text starts with `start`."""
    title = start.split(b"\n", 1)[0].decode("utf-8", errors="replace").lstrip("\ufeff").strip()
    if not title.startswith("# "):
        return None
    expected = expected_page_path(*recognise(title[2:]))
    path = absolute(file)
    if expected is not None and path.endswith("/" + expected):
        return Path(path[: -len(expected) - 1] or "/")
    return None


def title_root(file: Path) -> Path | None:
    """The root the title of the page at `file` implies, if it is one."""
    if not file.name.endswith(_PAGE_NAME_ENDINGS):
        return None
    try:
        start = read_regular(file, _TITLE_BYTES)  # a named pipe would block open()
    except OSError:
        return None
    return root_from_title(start, file)


def roots_of_files(settings: Settings, files: list[Path], cwd: Path) -> dict[Path, list[Path]]:
    """The files of a run under the root each is checked in, roots sorted. The
    answer depends on the set of files, not on their order."""
    if settings.root is not None or not files:
        # A run of no files still has a root: its rules are selected, its cache kept.
        return {absolute_path(settings.root or cwd): list(files)}
    own = {file: title_root(file) for file in files}
    # Innermost first: a plain file belongs to the deepest tree that holds it.
    found = {root for root in own.values() if root is not None}
    roots = sorted(found, key=lambda root: len(root.parts), reverse=True)
    placed: dict[Path, list[Path]] = {}
    outside: list[Path] = []
    for file, root in own.items():
        root = root or _holding_root(file, roots)
        if root is None:
            outside.append(file)
        else:
            placed.setdefault(root, []).append(file)
    if outside:
        placed.setdefault(choose_root(outside, cwd), []).extend(outside)
    return dict(sorted(placed.items()))


def _holding_root(file: Path, roots: list[Path]) -> Path | None:
    path = absolute(file)
    for root in roots:
        text = str(root)
        if path.startswith(text.rstrip("/") + "/"):
            return root
    return None


def make_tree_at(settings: Settings, root: Path) -> Tree:
    """The tree index the rules of a root's files ask, rooted at `root`."""
    return Tree(root, settings.known_paths)

"""The files of one root of a run, kept as strings.

A run asks each file for its path in the tree (relative to the root) and its
path as shown (relative to the working folder), at each step of the run. As
`pathlib.Path` objects, with those two paths made anew at each asking, a tree
of 200,000 pages took a kilobyte a file in the main process. Here a file is
one (interned) string when its three paths are equal, as they are when
doclint runs at the root of the tree, and at most three strings when they
are not; a `Path` is made only when one is asked for.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from sys import intern
from typing import overload

from doclint.util.paths import relative_to


class RunFiles(Sequence[Path]):
    """The files of one root, in the order given, each with its path in the
    tree (`tree_paths`) and as shown (`shown`)."""

    def __init__(self, files: Iterable[str | os.PathLike[str]], root: Path, cwd: Path) -> None:
        root_text, cwd_text = str(root), str(cwd)
        self.texts: list[str] = []
        """Each file's path as found (relative to the working folder, or absolute)."""
        self.tree_paths: list[str] = []
        self.shown: list[str] = []
        # Interned: the facts a file's rules ask name other files by these
        # paths, and would otherwise hold a second copy of each.
        for file in files:
            text = intern(os.fspath(file))
            tree_path = intern(relative_to(text, root_text))
            self.texts.append(text)
            self.tree_paths.append(tree_path)
            # Run at the root (the usual way), a file is shown by its tree path.
            shown = tree_path if root_text == cwd_text else intern(relative_to(text, cwd_text))
            self.shown.append(shown)

    def __len__(self) -> int:
        return len(self.texts)

    @overload
    def __getitem__(self, item: int) -> Path: ...
    @overload
    def __getitem__(self, item: slice) -> list[Path]: ...
    def __getitem__(self, item: int | slice) -> Path | list[Path]:
        if isinstance(item, slice):
            return [Path(text) for text in self.texts[item]]
        return Path(self.texts[item])

    def __iter__(self) -> Iterator[Path]:
        return map(Path, self.texts)


def file_texts(files: Sequence[Path]) -> Iterable[str]:
    """The files' paths as strings, without making a `Path` of each where
    they are kept as strings (`RunFiles`)."""
    return files.texts if isinstance(files, RunFiles) else map(str, files)

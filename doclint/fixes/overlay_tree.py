"""The tree as fix mode sees it during a pass: fixed files read from scratch
copies of their new bytes, nothing is written until the tree settles. The
copies are files of a private folder, read through its descriptor."""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import TYPE_CHECKING

from doclint.tree.index import Tree
from doclint.util.private_folder import PrivateFolder

if TYPE_CHECKING:
    from doclint.rule_api_generators import Generators


class OverlayTree(Tree):
    """The tree as the fixes so far leave it: a fixed file reads from the
    scratch copy of its new bytes; every other answer comes from disk."""

    def __init__(
        self,
        root: Path,
        known_paths: list[str] | None,
        overlay: dict[str, str],
        scratch: PrivateFolder,
        generators: Generators | None = None,
    ) -> None:
        super().__init__(root, known_paths, generators)
        self.overlay = overlay
        """Tree path -> name of the scratch copy of its new bytes in `scratch`."""
        self.scratch = scratch

    def _scratch(self, path: str) -> str | None:
        if not self.overlay or not self.is_file(path):
            return None
        return self.overlay.get(posixpath.normpath(path))

    def read_bytes(self, path: str) -> bytes | None:
        scratch = self._scratch(path)
        return self.scratch.read(scratch) if scratch is not None else super().read_bytes(path)

    def file_size(self, path: str) -> int | None:
        scratch = self._scratch(path)
        return self.scratch.size(scratch) if scratch is not None else super().file_size(path)

    def is_binary(self, path: str) -> bool | None:
        scratch = self._scratch(path)
        if scratch is None:
            return super().is_binary(path)
        return b"\0" in self.scratch.read(scratch, 8192)

"""Paths made absolute and relative at the cost of string operations.

A run asks where each of its files is several times (its place in the tree,
its path as shown, whether a walk saw it already). os.path.abspath splits and
rejoins every path, os.path.relpath does more; for paths with nothing to
normalise, as walks yield them, a join and a slice give the same answer.
"""

from __future__ import annotations

import os
from pathlib import Path


def absolute(path: Path | str) -> str:
    """os.path.abspath(path), without its normalisation where a path has no
    "." or ".." part, no empty part and no trailing separator."""
    text = os.fspath(path)
    if (
        os.sep != "/"
        or not text
        or "//" in text
        or "/." in text  # may be a hidden name, not a "." part: abspath decides
        or text.startswith(".")
        or text.endswith("/")
    ):
        return os.path.abspath(text)
    return text if text.startswith("/") else f"{os.getcwd().rstrip('/')}/{text}"


def relative_to(file: Path | str, folder: str) -> str:
    """`file` relative to the absolute `folder`, POSIX style; a plain slice in the
    common case of a file inside it."""
    path = absolute(file)
    inside = path.startswith(folder) and path[len(folder) : len(folder) + 1] == os.sep
    if inside and not folder.endswith(os.sep):  # not the filesystem root
        relative = path[len(folder) + 1 :]
    else:
        relative = os.path.relpath(path, folder)
    return relative if os.sep == "/" else relative.replace(os.sep, "/")


def display_path(file: Path, cwd: Path) -> str:
    """How a path is shown: relative to the cwd, POSIX style."""
    return relative_to(file, str(cwd))

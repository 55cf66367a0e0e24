"""The distributions installed as folders in the folders of `sys.path`, found
as `importlib.metadata` finds them, without importing it.

`importlib.metadata` imports `email`, `zipfile` and `csv`: a good part of a
bare interpreter start, paid by every run that reads an entry point or a
distribution's metadata (checking one page is mostly the process starting).
Where a distribution may be found otherwise (a zip file on the path, an
import hook that finds distributions), `elsewhere()` says so and the caller
asks `importlib.metadata`.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Iterator
from functools import cache


def elsewhere() -> bool:
    """Whether a distribution may be installed other than as a folder in a
    folder of `sys.path`."""
    from importlib.machinery import PathFinder

    return any(os.path.isfile(folder) for folder in sys.path if folder) or any(
        hasattr(finder, "find_distributions") and finder is not PathFinder
        for finder in sys.meta_path
    )


def distributions(paths: Iterable[str]) -> Iterator[tuple[str, str]]:
    """(normalized name, metadata folder) of each distribution in the folders
    `paths`, the first of a name only, in the order of `paths`."""
    seen: set[str] = set()
    for folder in paths:
        try:
            names = os.listdir(folder or ".")
        except OSError:
            continue
        for name in names:
            stem, _, suffix = name.rpartition(".")
            if suffix.lower() not in ("dist-info", "egg-info"):
                continue
            distribution = normalized(stem.partition("-")[0])
            if distribution not in seen:
                seen.add(distribution)
                yield distribution, os.path.join(folder or ".", name)


def normalized(name: str) -> str:
    """A distribution's name as `importlib.metadata` compares them: each run
    of `-`, `_` and `.` one `_`, lower case (no pattern to compile)."""
    name = name.replace("-", "_").replace(".", "_").lower()
    while "__" in name:
        name = name.replace("__", "_")
    return name


def read(folder: str, name: str) -> str | None:
    """The text of the metadata file `name` (UTF-8) in `folder`; None when there is none."""
    try:
        with open(os.path.join(folder, name), "rb") as file:
            return file.read().decode("utf-8", "replace")
    except OSError:
        return None


@cache
def editable_install(name: str) -> bool:
    """Whether the distribution `name` (normalized), the first of that name
    on `sys.path`, may be installed editable (`editable`); True when it is
    found on no folder of the path (a checkout put on it, say)."""
    if not elsewhere():
        for found, folder in distributions(sys.path):
            if found == name:
                return editable(folder)
    return True


def editable(folder: str) -> bool:
    """Whether the distribution of the metadata folder `folder` may be
    installed editable: its code a checkout's, which may change after the
    install. So says PEP 610 (`dir_info.editable` of `direct_url.json`), and
    so is taken an `.egg-info` folder: what a checkout holds beside its code
    once built in place (pip installs a `.dist-info`)."""
    if folder.endswith(".egg-info"):
        return True
    text = read(folder, "direct_url.json")
    if text is None:
        return False
    try:
        info = json.loads(text).get("dir_info")
    except (ValueError, AttributeError):
        return True  # unreadable: as good as editable, whose code is checked
    return isinstance(info, dict) and info.get("editable") is True

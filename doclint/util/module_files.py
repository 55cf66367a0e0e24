"""The modules of a package's folders, listed as `pkgutil.iter_modules` lists
them, without `inspect`: pkgutil names each file through
`inspect.getmodulename`, and an editable install's check lists the rules'
and the language readers' folders at every start."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator


def folder_modules(folders: Iterable[str]) -> list[tuple[str, str]]:
    """The modules `pkgutil.iter_modules(folders)` finds, sorted by name, each
    with the file of its code as its import names it (a package's
    `__init__.py`); the first folder's of a name repeated. Where a folder is
    no folder (a zip file's path), pkgutil itself lists them."""
    folders = list(folders)
    if not all(os.path.isdir(folder) for folder in folders):
        return _listed_by_pkgutil(folders)
    from importlib.machinery import all_suffixes

    suffixes = sorted(all_suffixes(), key=len, reverse=True)
    listed: dict[str, str] = {}
    for folder in folders:
        for name, file in _in_folder(folder, suffixes):
            listed.setdefault(name, file)
    return sorted(listed.items())


def _in_folder(folder: str, suffixes: list[str]) -> Iterator[tuple[str, str]]:
    # As pkgutil's file finder: sorted, so that a package comes before a module of its name.
    for entry in sorted(_listing(folder)):
        name = _module_name(entry, suffixes)
        path = os.path.join(folder, entry)
        if name is None and "." not in entry and os.path.isdir(path):
            if any(_module_name(inner, suffixes) == "__init__" for inner in _listing(path)):
                yield entry, os.path.join(path, "__init__.py")
        elif name and name != "__init__" and "." not in name:
            yield name, os.path.join(folder, f"{name}.py")


def _module_name(file: str, suffixes: list[str]) -> str | None:
    """`inspect.getmodulename(file)`: its name without the longest suffix of
    a module's file it ends with."""
    return next((file[: -len(end)] for end in suffixes if file.endswith(end)), None)


def _listing(folder: str) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []


def _listed_by_pkgutil(folders: list[str]) -> list[tuple[str, str]]:
    import pkgutil

    listed = []
    for module in sorted(pkgutil.iter_modules(folders), key=lambda info: info.name):
        folder = getattr(module.module_finder, "path", "")
        code = os.path.join(module.name, "__init__.py") if module.ispkg else f"{module.name}.py"
        listed.append((module.name, os.path.join(folder, code)))
    return listed

"""The content cache as the run's `ResultStores` (run/results.py): where a
root's cache file lives, and its key (never an install path or an mtime)."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

from doclint.incremental.cache import DEFAULT_FOLDER, PLACE_DIGITS, Cache
from doclint.incremental.sealed import key_folder
from doclint.run.results import ResultKey
from doclint.tree.reading import repository_root
from doclint.util.digests import blake2b
from doclint.util.paths import inside, tree_folder
from doclint.version import __version__


class ContentCache:
    """Each root's cache file in `folder` (else `.doclint_cache` at the root)."""

    def __init__(self, folder: Path | None, warn: Callable[[str], None]) -> None:
        self.folder, self.warn = folder, warn

    def open(self, root: Path, key: ResultKey, worker: bool = False) -> Cache | None:
        warn = self.warn if not worker else (lambda _: None)  # the run's process warns
        checkout = repository_root(root)
        if (shipped := tree_folder(checkout or root)) and inside(key_folder(), shipped):
            # A tree can ship a key file, owner and mode included.
            warn(
                f"the cache key folder {key_folder()} lies inside the tree's checkout or folder "
                f"{shipped}; cache not used (set XDG_CACHE_HOME outside it)"
            )
            return None
        folder = self.folder or root / DEFAULT_FOLDER
        name = cache_key(key, root_place(root, folder, checkout))
        stored = Cache.load(folder, name, root, not worker)
        if stored.problem is not None:
            warn(f"{stored.file}: not used ({stored.problem}); it will be replaced")
        return stored


def root_place(root: Path, folder: Path, checkout: Path | None) -> str:
    """Where `root` lies in its `checkout` (else the working folder, else
    its cache `folder`): roots sharing a cache folder are told apart by it,
    the same in every checkout of a tree (a CI cache restored elsewhere)."""
    base = checkout or Path.cwd()
    base = base if inside(root, base) else folder
    return Path(os.path.relpath(os.path.realpath(root), os.path.realpath(base))).as_posix()


def cache_key(key: ResultKey, place: str = ".") -> str:
    """The cache file's name: the place's digest first (prune's pattern), the key's."""
    state = json.dumps([__version__, code_digest(key.rule_modules), key.description])
    where = blake2b(place.encode()).hexdigest()[:PLACE_DIGITS]
    return where + blake2b(state.encode()).hexdigest()[: 32 - PLACE_DIGITS]


def code_digest(rule_modules: Iterable[str]) -> str:
    """The digest of the code a result may change with under one version:
    doclint's and its rules' in an editable install (an installed copy's is
    the version's), rule plugins' folders; each .py, .toml and .json file
    (the profiles' and the rules' data decide findings as code does) by its
    path in its folder."""
    import doclint_rules

    own = {Path(__file__).parents[1], Path(doclint_rules.__file__).parent}
    mine = tuple(f"{folder}{os.sep}" for folder in own)  # the engine's rules' too
    folders = {Path(module).parent for module in rule_modules if not module.startswith(mine)}
    hasher = blake2b()
    for folder in sorted(folders | own if _editable() else folders):
        found = [
            os.path.relpath(os.path.join(where, name), folder).split(os.sep)
            for where, _, names in os.walk(folder)
            for name in names
            if name.endswith((".py", ".toml", ".json"))
        ]
        for parts in sorted(found):
            data = b""  # a file gone since the walk
            with contextlib.suppress(OSError), open(os.path.join(folder, *parts), "rb") as file:
                data = file.read()
            hasher.update(f"{folder.name}/{'/'.join(parts)}\0".encode())
            hasher.update(blake2b(data).digest())
    return hasher.hexdigest()


@cache
def _editable() -> bool:
    """Whether doclint runs from a checkout, not site's folders (told
    without `sysconfig`, which every run would import)."""
    import site

    return not any(inside(Path(__file__), Path(f)) for f in site.getsitepackages())

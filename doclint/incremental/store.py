"""The content cache as the run's `ResultStores` (run/results.py): where a
root's cache file lives, under which key, and whether it may be used at all.

The key: doclint's version, the deciding settings and rules (`ResultKey`),
and the digest of the code that can change under one version (an editable
install's, rule plugins'). Never an install path or an mtime: an install of
the same commit elsewhere finds the results of another.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path

from doclint import __version__
from doclint.incremental.cache import DEFAULT_FOLDER, PLACE_DIGITS, Cache
from doclint.incremental.folder import inside
from doclint.incremental.sealed import key_folder
from doclint.run.results import ResultKey
from doclint.tree.reading import repository_root

PACKAGES = ("doclint", "doclint_rules")


def _silent(message: str) -> None:
    """Workers keep quiet: the run's process warns."""


class ContentCache:
    """Each root's cache file in `folder`, or in `.doclint_cache` at the
    root; `warn` gets a line per cache file found unusable (then replaced)."""

    def __init__(self, folder: Path | None, warn: Callable[[str], None]) -> None:
        self.folder = folder
        self.warn = warn

    def open(self, root: Path, key: ResultKey, worker: bool = False) -> Cache | None:
        warn = self.warn if not worker else _silent
        repository = repository_root(root)
        folder = self.folder_of(root, repository, warn)
        if folder is None:
            return None
        name = cache_key(key, root_place(root, folder, repository))
        stored = Cache.load(folder, name, root, keeps=not worker)
        if stored.problem is not None:
            warn(f"{stored.file}: not used ({stored.problem}); it will be replaced")
        return stored

    def folder_of(
        self, root: Path, repository: Path | None, warn: Callable[[str], None] = _silent
    ) -> Path | None:
        """The cache folder of `root`; None, said to `warn`, when no cache
        may be used there."""
        checkout = repository or root
        if inside(key_folder(), checkout):
            # A tree can ship a key file, owner and mode included.
            warn(
                f"the cache key folder {key_folder()} lies inside the tree's checkout "
                f"{checkout}; cache not used (set XDG_CACHE_HOME outside it)"
            )
            return None
        return self.folder or root / DEFAULT_FOLDER


def root_place(root: Path, folder: Path, checkout: Path | None) -> str:
    """Where `root` lies in its `checkout` (else the working folder, else
    its cache `folder`): roots sharing a cache folder are told apart by it,
    the same in every checkout of a tree (a CI cache restored elsewhere)."""
    real = os.path.realpath(root)
    base = os.path.realpath(checkout or Path.cwd())
    if os.path.commonpath([real, base]) != base:
        base = os.path.realpath(folder)
    return Path(os.path.relpath(real, base)).as_posix()


def cache_key(key: ResultKey, place: str = ".") -> str:
    """The name of the cache file of `key` for a root at `place`: the
    place's digest first (cache.prune prunes a root's files), then the key's."""
    state = json.dumps([__version__, code_digest(key.rule_modules), key.description])
    return (
        hashlib.sha256(place.encode()).hexdigest()[:PLACE_DIGITS]
        + hashlib.sha256(state.encode()).hexdigest()[: 32 - PLACE_DIGITS]
    )


def code_digest(rule_modules: Iterable[str]) -> str:
    """The digest of the code a result may change with under one version:
    doclint's and its rules' in an editable install, rule plugins' folders;
    files named by their paths inside their folder, not where installed."""
    import doclint_rules

    import doclint

    own = {Path(doclint.__file__).parent, Path(doclint_rules.__file__).parent}
    folders = {Path(module).parent for module in rule_modules} - own
    if _editable():
        folders |= own
    hasher = hashlib.sha256()
    for folder in sorted(folders):
        # The profiles' TOML data (phrase books included) decides findings as code does.
        for parts in sorted(_code_files(str(folder))):
            try:
                with open(os.path.join(folder, *parts), "rb") as file:
                    data = file.read()
            except OSError:
                data = b""
            hasher.update(f"{folder.name}/{'/'.join(parts)}\0".encode())
            hasher.update(hashlib.sha256(data).digest())
    return hasher.hexdigest()


def _code_files(folder: str) -> Iterator[tuple[str, ...]]:
    """The `.py` and `.toml` files under `folder`, each as the parts of its
    path inside it (sorted as paths sort), found by `os.scandir`: the digest
    is taken by every cached run of an editable install, where `Path.rglob`
    cost more than reading the files."""
    stack: list[tuple[str, tuple[str, ...]]] = [(folder, ())]
    while stack:
        where, parts = stack.pop()
        try:
            entries = list(os.scandir(where))
        except OSError:
            continue
        for entry in entries:
            if os.path.splitext(entry.name)[1] in (".py", ".toml"):
                yield (*parts, entry.name)
            if entry.is_dir(follow_symlinks=False):
                stack.append((entry.path, (*parts, entry.name)))


@cache
def _editable() -> bool:
    """Whether doclint runs from a development checkout (not from the
    interpreter's installed packages)."""
    import sysconfig

    import doclint

    here = os.path.realpath(os.path.dirname(doclint.__file__))
    installed = {os.path.realpath(sysconfig.get_paths()[name]) for name in ("purelib", "platlib")}
    return not any(os.path.commonpath([here, folder]) == folder for folder in installed)

"""A content cache, like ruff's: an unchanged file in an unchanged tree is not
checked again.

One cache file per combination of doclint code, selected rules and settings
(its key), holding for each checked file: its (mtime, size) stamp, a hash of
its bytes, the findings, and every fact about the tree its rules asked for
(does this link target exist, what is that source's stamp, which files does
that folder hold). A stored result is reused when the file's stamp (or, if
only the stamp moved, its hash) matches and every recorded fact still gets
the same answer, so a change to one file re-checks exactly the files whose
rules looked at it. The file is written whole and atomically, so runs that
share it never see half a cache; it is sealed (sealed.py), and one that is
cut short, corrupt, foreign or another user's is ignored and replaced.
"""

from __future__ import annotations

import hashlib
import marshal
import os
from collections.abc import Iterable
from pathlib import Path
from typing import get_args

from doclint import __version__, replay_inputs
from doclint.findings import Row
from doclint.gc_pause import gc_paused
from doclint.replay_inputs import Stamp, file_stamp
from doclint.sealed import Piece, folder_ready, open_sealed, write_new, write_sealed

FORMAT = 3
DEFAULT_FOLDER = ".doclint_cache"
# Cache files kept per folder: one per combination of settings and doclint code
# used lately. Older ones (tens of megabytes each on a big tree) are deleted.
KEPT = 4
KEY_PATTERN = "?" * 32 + ".bin"
ROW_FIELDS = len(get_args(Row))
TAG = b"Signature: 8a477f597d28d172789f06886806bc55\n# doclint cache\n"

Fact = tuple[str, str, object]
Entry = tuple[Stamp, bytes, list[Fact], list[Row]]


def digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def code_fingerprint(modules: Iterable[str]) -> str:
    """Stamps of the source files of doclint and of the rules in use (with the
    helpers beside them): editing a rule or the parser invalidates results even
    without a version bump."""
    import doclint

    folders = {Path(doclint.__file__).parent, *(Path(module).parent for module in modules)}
    files = sorted({file for folder in folders for file in folder.rglob("*.py")})
    replay_inputs.observe_all("stamp", files)
    stamps = [(str(file), file_stamp(file)) for file in files]
    return hashlib.sha256(repr((__version__, stamps)).encode()).hexdigest()[:24]


class Cache:
    """Stored results of one cache key; `save` writes what this run used and
    keeps the rest."""

    def __init__(self, folder: Path, key: str) -> None:
        self.file = folder / f"{key}.bin"
        self.key = key
        self.entries: dict[str, Entry] = {}
        self.kept: dict[str, Entry] = {}
        self.changed = False

    @classmethod
    def load(cls, folder: Path, key: str) -> Cache:
        cache = cls(folder, key)
        sealed = open_sealed(cache.file, cache.context)
        if sealed is None:
            return cache  # missing, unreadable or not to be trusted: start empty
        try:
            with gc_paused():
                data = marshal.loads(sealed.head)
        except (EOFError, ValueError, TypeError):
            return cache
        finally:
            sealed.close()
        if (
            isinstance(data, dict)
            and data.get("format") == FORMAT
            and data.get("key") == key
            and isinstance(data.get("entries"), dict)
        ):
            cache.entries = data["entries"]
        return cache

    @property
    def context(self) -> str:
        """What the seal of the cache file binds it to."""
        return f"cache {self.key}"

    def lookup(self, path: str, file: Path, ask) -> list[Row] | None:
        """The stored findings of `file` if they still hold, else None.

        `ask(kind, path)` answers a tree fact as the rules would now get it.
        """
        entry = self.entries.get(path)
        if not _well_formed(entry):
            return None
        stamp, content_hash, facts, rows = entry
        current = file_stamp(file)
        if current is None:
            return None
        if current != stamp:
            try:
                if digest(file.read_bytes()) != content_hash:
                    return None
            except OSError:
                return None
            self.changed = True
        try:
            if any(ask(kind, fact_path) != value for kind, fact_path, value in facts):
                return None
        except (ValueError, TypeError):
            return None
        self.kept[path] = (current, content_hash, facts, rows)
        return rows

    def store(
        self, path: str, stamp: Stamp, content_hash: bytes, facts: list[Fact], rows: list[Row]
    ) -> None:
        self.kept[path] = (stamp, content_hash, facts, rows)
        self.changed = True

    def save(self, root: Path) -> None:
        """Write the results this run used, and those of the files it did not
        look at while they exist (a pre-commit run over three files must not
        drop the rest of the tree's results); atomically; failure only costs speed."""
        others = {
            path: entry
            for path, entry in self.entries.items()
            if path not in self.kept and os.path.exists(os.path.join(root, path))
        }
        if not self.changed and len(self.kept) + len(others) == len(self.entries):
            return
        entries = {**others, **self.kept}
        payload = marshal.dumps({"format": FORMAT, "key": self.key, "entries": entries})
        try:
            write_cache_file(self.file, self.context, payload)
        except OSError:
            return
        prune(self.file.parent, KEY_PATTERN, KEPT)


def prune(folder: Path, pattern: str, keep: int) -> None:
    """Delete all but the `keep` newest files of `folder` matching `pattern`;
    failing to only costs space."""
    try:
        files = sorted(folder.glob(pattern), key=lambda file: file.stat().st_mtime_ns)
        for old in files[:-keep]:
            old.unlink()
    except OSError:
        return


def write_cache_file(file: Path, context: str, head: bytes, *body: Piece) -> None:
    """Write a sealed file of the cache folder, from its head and the pieces of
    its body, whole or not at all, so that runs
    sharing the folder never read half of one; OSError when it cannot be
    written (the folder is a link, or another user's)."""
    if not folder_ready(file.parent):
        raise OSError(f"{file.parent} is not a folder of this user's")
    # Mark the folder as a cache, for backup tools and `git status`; a link in
    # place of either file is replaced, never written through.
    write_new(file.parent / "CACHEDIR.TAG", TAG, mode=0o644, replace=False)
    write_new(file.parent / ".gitignore", b"*\n", mode=0o644, replace=False)
    write_sealed(file, context, head, *body)


def _well_formed(entry: object) -> bool:
    if not (
        isinstance(entry, tuple)
        and len(entry) == 4
        and isinstance(entry[0], tuple)
        and isinstance(entry[1], bytes)
        and isinstance(entry[2], list)
        and isinstance(entry[3], list)
    ):
        return False
    try:
        return all(len(row) == ROW_FIELDS for row in entry[3])
    except TypeError:
        return False

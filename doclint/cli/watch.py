"""`doclint check --watch`: wait until a file the check reads changes.

What is watched is what the check's own walk meets (`walk_named`, with the
run's `exclude`, `.gitignore` files and the rest of its settings): each folder
it enters and each file of it no pattern leaves out. Nothing is followed: a
symbolic link is stamped as a link, never where it leads, so a tree's link to
an outside folder neither has that folder listed or stat-ed nor starts a
check when it changes. A tick stats the entries found (no listing, no
reading); when a folder's stamp moved (an entry came, went or was renamed),
or is too recent to be trusted, the paths are walked again, and only a file
that walk keeps, come, gone or changed, counts as a change."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path

from doclint.tree.discovery import MissingPathError, PathFilter, walk_named

# Often enough that a re-run follows a generator's write at once; a stat per
# entry each time, so not more often.
POLL_SECONDS = 0.5
# What doclint and other tools write for themselves: never watched, even when
# a configuration's `exclude` replaces the default list that leaves them out.
_SKIPPED = (".git/", ".hg/", ".svn/", ".doclint_cache/", "__pycache__/", "node_modules/")

# How long a folder's stamp is not trusted after its mtime: a file system
# that keeps whole seconds (or two, FAT) adds a second entry within that time
# without moving it, and an entry added between a walk's listing of a folder
# and its stat is in the stamp but not the listing. While the newest folder
# stamp is this recent, each tick walks again (as git treats a racily clean
# file); once it is older, a tick only stats.
RECENT_NS = 2_000_000_000

Stamp = tuple[int, int, int, int]
"""An entry's type and mode, inode, mtime and size, as lstat gives them."""


class Watch:
    """The stamps of what a check of `paths` reads, taken by the walk that
    check makes with `path_filter` (the run's `Settings.path_filter()`)."""

    def __init__(self, paths: Sequence[Path], path_filter: PathFilter) -> None:
        self._paths = paths
        self._filter = path_filter.excluding(_SKIPPED)
        self._entries = self._survey()
        self._trusted_from = _trusted_from(self._entries)

    def _survey(self) -> list[tuple[str, bool, Stamp | None]]:
        """(path, is a folder, stamp) of each entry the walk meets, in its
        order: a folder before its files and before the folders under it, so
        that a tick stats a folder's entries only once the folder is seen
        unchanged (a sub-folder swapped for a link is caught at its own
        stamp, before a stat could pass through it)."""
        entries: list[tuple[str, bool, Stamp | None]] = []
        walked = []
        for path in self._paths:
            link = _link_on_the_way(path)
            if link is None:
                walked.append(path)
            else:
                entries.append((link, False, _stamp(link)))
        for folder, files in walk_named(walked, self._filter):
            if folder is not None:
                entries.append((folder, True, _stamp(folder)))
            entries.extend((file, False, _stamp(file)) for file in files)
        return entries

    def changed(self) -> bool:
        """Whether a file watched changed, came or went since the stamps were
        taken (or a named path is gone)."""
        for path, is_folder, before in self._entries:
            if _stamp(path) != before:
                if not is_folder:
                    return True
                break
        else:
            if time.time_ns() >= self._trusted_from:
                return False
        try:
            entries = self._survey()
        except MissingPathError:  # the check that follows says so
            return True
        if _files(entries) != _files(self._entries):
            return True
        # Only what the check does not read changed (a file a pattern
        # leaves out), or nothing: the new stamps stand.
        self._entries = entries
        self._trusted_from = _trusted_from(entries)
        return False

    def wait(self) -> None:
        """Return once `changed`."""
        while not self.changed():
            time.sleep(POLL_SECONDS)


def _stamp(path: str) -> Stamp | None:
    """The stamp of the entry `path` itself (a link's own, not its target's);
    None when it is gone."""
    try:
        status = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return (status.st_mode, status.st_ino, status.st_mtime_ns, status.st_size)


def _trusted_from(entries: list[tuple[str, bool, Stamp | None]]) -> int:
    """When (time.time_ns) the folder stamps of `entries` can be trusted."""
    mtimes = (before[2] for _, is_folder, before in entries if is_folder and before)
    return max(mtimes, default=0) + RECENT_NS


def _link_on_the_way(path: Path) -> str | None:
    """The first folder on the way from the working folder to the named
    `path` that is a symbolic link, None when there is none (or `path` lies
    outside the working folder: the way there is the user's). The check
    walks `docs/api` where a link `docs` leads, to report each page as
    outside the root; the watch stamps the link instead."""
    parts = os.path.relpath(os.path.abspath(path)).split(os.sep)
    if parts[0] == os.pardir:
        return None
    for end in range(1, len(parts)):
        folder = os.path.join(*parts[:end])
        if os.path.islink(folder):
            return folder
    return None


def _files(entries: list[tuple[str, bool, Stamp | None]]) -> dict[str, Stamp | None]:
    return {path: before for path, is_folder, before in entries if not is_folder}

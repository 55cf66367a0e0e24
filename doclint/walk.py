"""The walk of a folder of the tree, for `discovery` (the files a run checks)
and for the quoted globs doclint expands itself (`cli_arguments`)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

from doclint import replay_inputs
from doclint.output.escape import printable


def walk_tree(top: str) -> Iterator[tuple[str, list[str], list[str], list[str]]]:
    """As `os.walk(top)` (top-down: the caller may prune `folders`), with each
    list sorted, but without recursion (a tree 1,000 folders deep exceeded
    Python's recursion limit in os.walk), with a folder that cannot be listed
    said once and passed over,
    and with symbolic links to folders in a list of their own, `links`, never
    entered: a link to `.` would loop, one to an outside folder would make its
    files part of the tree. A link to a file stays in `files`."""
    stack = [top]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as error:
            _warn(current, f"folder not read: {error.strerror}")
            continue
        folders, files, links = [], [], []
        for entry in entries:
            if _is_folder(entry, follow=False):
                folders.append(entry.name)
            elif entry.is_symlink() and _is_folder(entry, follow=True):
                links.append(entry.name)
            else:
                files.append(entry.name)
        yield current, folders, files, links
        stack += (os.path.join(current, name) for name in reversed(folders))


def _is_folder(entry: os.DirEntry[str], follow: bool) -> bool:
    try:
        return entry.is_dir(follow_symlinks=follow)
    except OSError:
        return False


_SAID: set[str] = set()


def skipped_link(path: str) -> None:
    """Say, once a process, that a symbolic link to a folder is not followed."""
    _warn(path, "symbolic link to a folder, not followed")


def _warn(path: str, problem: str) -> None:
    """One line on stderr about a path of the walk, once a process."""
    if path in _SAID:
        return
    _SAID.add(path)
    replay_inputs.refuse()  # a replay would not repeat the warning
    try:
        shown = os.path.relpath(path)
    except (OSError, ValueError):  # no working folder any more
        shown = path
    print(f"doclint: warning: {printable(shown)}: {problem}", file=sys.stderr)

"""What `doclint check`'s arguments mean, settled before anything runs: quoted
globs expanded, rule selections and output formats that cannot work refused
(UsageError, exit 2), and the warning for a run that checked nothing."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from doclint.config.suggestions import check_selectors
from doclint.engine import Settings
from doclint.engine.registry import Registry, SelectionError
from doclint.tree.discovery import compile_pattern, discover
from doclint.tree.reading import leads_out
from doclint.util.paths import printable, say, skipped_link, walk_tree

# What --statistics writes in each output format: a table, or JSON for machines.
STATISTICS_FORMATS = ("full", "concise", "json", "jsonl")


GLOB_CHARACTERS = frozenset("*?[")


class UsageError(Exception):
    """Options, configuration or files that make the run impossible (exit 2)."""


def expand_globs(paths: list[str]) -> list[str]:
    """The paths, each glob that names no existing path replaced by what it
    matches (`**` crossing folders), as a shell would, though symbolic links
    to folders are not followed (glob_matches); UsageError for a
    glob that matches nothing."""
    expanded = []
    for path in paths:
        _check_name(path)
        if os.path.lexists(path) or not GLOB_CHARACTERS & set(path):
            expanded.append(path)
            continue
        matches = glob_matches(path)
        if not matches:
            raise UsageError(f"{path}: no file or folder matches")
        expanded += matches
    return expanded


def glob_matches(pattern: str) -> list[str]:
    """What a quoted glob names, sorted, as `glob.glob(pattern, recursive=True)`
    (`**` crosses folders, `*` and `?` do not, hidden names only for a part
    that starts with `.`), but walked as a folder is (walk_tree): symbolic
    links to folders are said once and not followed, and no recursion."""
    base, rest = _glob_base(pattern)
    compiled = compile_pattern("/" + "/".join(rest))
    if compiled is None or not os.path.isdir(base or "."):
        return []
    hidden = any(part.startswith(".") for part in rest)
    depth = None if "**" in rest else len(rest)
    top = base or "."
    if leads_out(os.path.abspath(top), (os.getcwd(),)):
        # Nothing below a link out of the checkout is listed: the folder
        # stands for what it holds, refused as the link is (file-outside-root).
        return [base]
    matches = []
    for current, folders, files, links in walk_tree(top):
        relative = os.path.relpath(current, top)
        prefix = "" if relative == "." else relative + "/"
        if not hidden:
            folders[:] = _shown(folders)
            files, links = _shown(files), _shown(links)
        for name in links:
            skipped_link(os.path.join(current, name))
        for name in sorted([*folders, *files]):
            path = prefix + name
            if compiled.regex.fullmatch(name if compiled.on_name else path):
                matches.append(os.path.join(base, path) if base else path)
        if depth is not None and prefix.count("/") + 1 >= depth:
            folders[:] = []
    return sorted(matches)


def _glob_base(pattern: str) -> tuple[str, list[str]]:
    """The folder a glob's walk starts in (its leading parts without glob
    characters; "" for the current folder) and the parts left to match."""
    parts = pattern.split("/")
    fixed = 0
    while fixed < len(parts) - 1 and not GLOB_CHARACTERS & set(parts[fixed]):
        fixed += 1
    base = "/".join(parts[:fixed]) or ("/" if pattern.startswith("/") else "")
    return base, parts[fixed:]


def _shown(names: list[str]) -> list[str]:
    """The names a glob part not starting with `.` can match: not hidden ones."""
    return [name for name in names if not name.startswith(".")]


def _check_name(path: str) -> None:
    """UsageError for a path the system cannot even look up (a name too long,
    a loop of links, a file taken for a folder); a missing one is said later."""
    try:
        os.lstat(path)
    except (FileNotFoundError, ValueError):
        pass
    except OSError as error:
        raise UsageError(f"{printable(path)}: {error.strerror}") from None


def check_selection(registry: Registry, settings: Settings) -> None:
    """UsageError for an unknown rule (with the closest one) or a selection that
    leaves no rule to run."""
    selectors = [*(settings.select or []), *settings.extend_select, *settings.ignore]
    try:
        check_selectors(registry, selectors)
    except SelectionError as error:
        raise UsageError(str(error)) from None
    chosen = settings.rules(registry)
    if not chosen or (settings.select == [] and not settings.extend_select):
        raise UsageError("no rules selected: --select, --ignore or the configuration leave none")


def check_statistics(args: argparse.Namespace) -> None:
    if args.statistics and args.output_format not in STATISTICS_FORMATS:
        raise UsageError(
            f"--statistics writes a table (full, concise) or JSON (json, jsonl), "
            f"not {args.output_format}"
        )


def nothing_checked(paths: list[str], settings: Settings) -> int:
    """A wrong path must not pass a CI gate unseen: exit 0 as ruff, but say so.
    A shard that gets none of the files (fewer files than shards) is no wrong path."""
    shard = settings.shard
    files = discover([Path(path) for path in paths], settings.path_filter())
    if shard is not None and next(iter(files), None) is not None:
        why = (
            f"shard {shard.index}/{shard.count} got none of the files of the paths "
            "(a file's shard is a hash of its path)"
        )
    else:
        why = "the paths hold no Markdown file (or exclude leaves them all out)"
    say(f"warning: no files were checked: {why}")
    return 0

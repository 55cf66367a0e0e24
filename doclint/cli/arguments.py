"""What `doclint check`'s arguments mean, settled before anything runs: quoted
globs expanded, rule selections and output formats that cannot work refused
(UsageError, exit 2), and the warning for a run that checked nothing."""

from __future__ import annotations

import argparse
import glob
import os
import sys

from doclint.config.suggestions import check_selectors
from doclint.engine import Settings
from doclint.engine.registry import Registry, SelectionError

# What --statistics writes in each output format: a table, or JSON for machines.
STATISTICS_FORMATS = ("full", "concise", "json", "jsonl")
GLOB_CHARACTERS = frozenset("*?[")


class UsageError(Exception):
    """Options, configuration or files that make the run impossible (exit 2)."""


def expand_globs(paths: list[str]) -> list[str]:
    """The paths, each glob that names no existing path replaced by what it
    matches (`**` crossing folders), as a shell would; UsageError for a glob
    that matches nothing."""
    expanded = []
    for path in paths:
        if os.path.lexists(path) or not GLOB_CHARACTERS & set(path):
            expanded.append(path)
            continue
        matches = sorted(glob.glob(path, recursive=True))
        if not matches:
            raise UsageError(f"{path}: no file or folder matches")
        expanded += matches
    return expanded


def check_selection(registry: Registry, settings: Settings) -> None:
    """UsageError for an unknown rule (with the closest one) or a selection that
    leaves no rule to run."""
    selectors = [*(settings.select or []), *settings.extend_select, *settings.ignore]
    try:
        check_selectors(registry, selectors)
    except SelectionError as error:
        raise UsageError(str(error)) from None
    chosen = registry.select(settings.select, settings.ignore, settings.extend_select)
    if not chosen or (settings.select == [] and not settings.extend_select):
        raise UsageError("no rules selected: --select, --ignore or the configuration leave none")


def check_statistics(args: argparse.Namespace) -> None:
    if args.statistics and args.output_format not in STATISTICS_FORMATS:
        raise UsageError(
            f"--statistics writes a table (full, concise) or JSON (json, jsonl), "
            f"not {args.output_format}"
        )


def nothing_checked() -> int:
    """A wrong path must not pass a CI gate unseen: exit 0 as ruff, but say so."""
    print(
        "doclint: warning: no files were checked: the paths hold no Markdown file "
        "(or exclude leaves them all out)",
        file=sys.stderr,
    )
    return 0

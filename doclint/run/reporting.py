"""From a file's findings, as the engine returns or the cache keeps them, to
what a run reports of it: per-file ignores and severities applied, the tree
paths messages name shown from the cwd, escaped, deduplicated and sorted."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from doclint.engine.suppressions import FindingFilter
from doclint.models.findings import Finding, place
from doclint.models.markdown import build_node
from doclint.rule_api import TREE_PATH_MARK
from doclint.util.paths import printable, relative_to


def shown_paths(rows: list[Finding], root: Path, cwd: Path) -> list[Finding]:
    """Rows whose messages are as shown: the tree paths they name
    (`shown_tree_path`) relative to `cwd`, as the findings' own paths are
    shown, and what they quote of a tree escaped (`printable`), for every
    format and the API alike."""
    # TREE_PATH_MARK is no printable character: one C scan a message tells both.
    if all(row.message.isprintable() for row in rows):
        return rows
    root_text, cwd_text = str(root), str(cwd)

    def message(text: str) -> str:
        parts = text.split(TREE_PATH_MARK)
        for index in range(1, len(parts), 2):
            parts[index] = relative_to(f"{root_text}/{parts[index]}", cwd_text)
        return printable("".join(parts))

    return [
        row if row.message.isprintable() else row._replace(message=message(row.message))
        for row in rows
    ]


class FileReporter(NamedTuple):
    """Turns a file's findings into what is reported of it."""

    finding_filter: FindingFilter
    cwd: Path
    root: Path

    def diagnostics(self, file: Path | str, shown: str, rows: list[Finding]) -> list[Finding]:
        """The findings as reported (`shown` is the file's path as shown,
        escaped by `printable` where it came from a file name): per-file
        ignores and severities applied, deduplicated, sorted."""
        rows = shown_paths(self.finding_filter.rows(file, rows), self.root, self.cwd)
        kept = sorted(set(rows), key=place)
        # Not row._replace: a run may report 300,000.
        return [build_node(Finding, (*row[:8], shown)) for row in kept]

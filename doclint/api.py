"""The public API: check files and folders, check one text, parse one page."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from doclint.diagnostics import Report
from doclint.engine import Linter, Settings, shown_paths
from doclint.models.findings import DiagnosticRow
from doclint.models.generated import AnyPage
from doclint.parsing.pages import parse_page
from doclint.run import root_from_title, run
from doclint.tree.index import Tree

# The title is the first line: this much text holds it.
_TITLE_CHARS = 4096


def parse(text: str, path: str = "<text>") -> AnyPage:
    """The typed model of a page: its kind, parts and their line numbers."""
    return parse_page(text, path)


def check_paths(paths: Iterable[str | Path], settings: Settings | None = None) -> Report:
    """Check files and folders; folders are walked for Markdown files, and each
    file is checked in the tree of its root. FileNotFoundError for a path that
    does not exist."""
    result = run(paths, settings)
    return Report.from_rows(result.diagnostics, result.files_checked)


def check_text(text: str, path: str = "<text>", settings: Settings | None = None) -> Report:
    """Check one text as if it were the file `path` of the tree. With
    `settings.root`, a relative `path` is relative to that root; without, it is
    relative to the cwd, and the root is the one the text's title implies
    there (a generated page) or else the cwd, as for a file on disk."""
    settings = settings or Settings()
    file = Path(path)
    cwd = Path.cwd()
    root = settings.root or root_from_title(text[:_TITLE_CHARS].encode(), cwd / file) or cwd
    linter = Linter(settings, Tree(root, settings.known_paths))
    given_root = settings.root is not None and not file.is_absolute()
    tree_path = file.as_posix() if given_root else linter.tree_path(file)
    rows, _ = linter.check_text(text, tree_path)
    rows = settings.finding_filter(linter.registry).rows(linter.tree.root / tree_path, rows)
    rows = shown_paths(rows, linter.tree.root, cwd)
    return Report.from_rows(sorted({DiagnosticRow(path, *row) for row in rows}), 1)

"""The public API: check files and folders, check one text, parse one page."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from doclint.diagnostics import Report
from doclint.engine import Linter, Settings, run, shown_paths
from doclint.findings import DiagnosticRow
from doclint.models.generated import AnyPage
from doclint.parsing.pages import parse_page
from doclint.tree import Tree


def parse(text: str, path: str = "<text>") -> AnyPage:
    """The typed model of a page: its kind, parts and their line numbers."""
    return parse_page(text, path)


def check_paths(paths: Iterable[str | Path], settings: Settings | None = None) -> Report:
    """Check files and folders; folders are walked for Markdown files."""
    result = run(paths, settings)
    return Report.from_rows(result.diagnostics, result.files_checked)


def check_text(text: str, path: str = "<text>", settings: Settings | None = None) -> Report:
    """Check one text as if it were the file `path` (relative to the root) of the tree."""
    settings = settings or Settings()
    tree = Tree(settings.root or Path.cwd(), settings.known_paths)
    linter = Linter(settings, tree)
    file = Path(path)
    tree_path = linter.tree_path(file) if file.is_absolute() else file.as_posix()
    rows, _ = linter.check_text(text, tree_path)
    rows = settings.finding_filter(linter.registry).rows(tree.root / tree_path, rows)
    rows = shown_paths(rows, tree.root, Path.cwd())
    return Report.from_rows(sorted({DiagnosticRow(path, *row) for row in rows}), 1)

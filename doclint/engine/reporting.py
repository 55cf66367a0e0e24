"""From a file's stored findings to what a run reports of it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

from doclint.findings import DiagnosticRow, Row
from doclint.models.markdown import build_node
from doclint.paths import display_path
from doclint.suppressions import FindingFilter

PartRenderer = Callable[[list[DiagnosticRow]], bytes]
"""How the output writes one file's findings (there are some). A command line
whose format is written file by file gives one to `run`, so that the workers
render what they checked."""
FilePart = tuple[bytes, int]
"""One file's findings as written, and how many there are."""


class FileReporter(NamedTuple):
    """Turns a file's stored findings into what is reported of it."""

    finding_filter: FindingFilter
    cwd: Path
    render: PartRenderer | None = None

    def diagnostics(self, file: Path, shown: str, rows: list[Row]) -> list[DiagnosticRow]:
        """The findings as reported (`shown` is the file's path as shown):
        per-file ignores and severities applied, deduplicated, sorted."""
        kept = sorted(set(self.finding_filter.rows(file, rows)))
        # Not DiagnosticRow._make: a run may report 300,000.
        return [build_node(DiagnosticRow, (shown, *row)) for row in kept]

    def part(self, file: Path, rows: list[Row]) -> FilePart | None:
        """The file's rendered part, None when it has no findings to report."""
        assert self.render is not None
        diagnostics = self.diagnostics(file, display_path(file, self.cwd), rows)
        return (self.render(diagnostics), len(diagnostics)) if diagnostics else None


class RunResult(NamedTuple):
    """All findings of a run, sorted, and how many files were checked."""

    diagnostics: list[DiagnosticRow]
    files_checked: int
    from_cache: int
    files: Sequence[Path] = ()
    """The files checked, as absolute paths."""
    elsewhere: int = 0
    """Findings of files a partial replay did not check again (replay.py)."""
    parts: Sequence[tuple[str, bytes, int]] | None = None
    """With a renderer, each file's (path as shown, part, findings), sorted by
    path (read from disk: engine/spill.py), in place of `diagnostics`."""

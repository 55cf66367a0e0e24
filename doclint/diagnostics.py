"""The results of a run: diagnostics and the report that carries them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict, Field

from doclint.models.findings import DiagnosticRow, FixData
from doclint.rule_api import Severity


class Diagnostic(BaseModel):
    """One finding of one rule at one place of one file."""

    model_config = ConfigDict(frozen=True)

    path: str = Field(description="The file, as the user named it or relative to the cwd.")
    line: int
    column: int
    code: str
    name: str
    severity: Severity
    message: str
    fix: FixData | None = Field(
        None,
        description="(safety, description, edits as (line, column, end_line, end_column, "
        "replacement)) of the fix that repairs the finding, if any.",
    )

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.path, self.line, self.column, self.code, self.message)


class Report(BaseModel):
    """Everything one run found, sorted by path, line and column."""

    diagnostics: list[Diagnostic] = []
    files_checked: int = 0

    @property
    def ok(self) -> bool:
        return not self.diagnostics

    @classmethod
    def from_rows(cls, rows: Iterable[DiagnosticRow], files_checked: int) -> Report:
        return cls(
            diagnostics=[Diagnostic(**row._asdict()) for row in rows], files_checked=files_checked
        )

    def counts(self) -> dict[str, int]:
        """Findings per rule code."""
        return dict(sorted(Counter(d.code for d in self.diagnostics).items()))

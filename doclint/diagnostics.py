"""The results of a run: diagnostics and the report that carries them.

A `Diagnostic` holds every field of a row of `--output-format json`
(output/json_formats.py), under the same names, and its fix is a typed model
with the names of that format (ruff's): applicability, message, edits.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_serializer, field_validator

from doclint.models.findings import DiagnosticRow, FixData
from doclint.models.urls import rule_url
from doclint.rule_api import Cause, Severity


class Edit(BaseModel):
    """One replacement of a fix: the text from (line, column) up to
    (end_line, end_column), 1-based, end excluded, becomes `content`."""

    model_config = ConfigDict(frozen=True)

    line: int
    column: int
    end_line: int
    end_column: int
    content: str


class Fix(BaseModel):
    """The repair a finding offers: `safe` fixes apply with `--fix`, `unsafe`
    ones also need `--unsafe-fixes` (they may change meaning)."""

    model_config = ConfigDict(frozen=True)

    applicability: Literal["safe", "unsafe"]
    message: str
    edits: list[Edit]

    @classmethod
    def from_data(cls, fix: FixData) -> Fix:
        safety, message, edits = fix
        return cls(
            applicability=safety,  # type: ignore[arg-type]
            message=message,
            edits=[
                Edit(line=line, column=column, end_line=end_line, end_column=end, content=text)
                for line, column, end_line, end, text in edits
            ],
        )

    def to_data(self) -> FixData:
        """The fix as the engine carries it (findings.FixData)."""
        edits = tuple((e.line, e.column, e.end_line, e.end_column, e.content) for e in self.edits)
        return self.applicability, self.message, edits


class Diagnostic(BaseModel):
    """One finding of one rule at one place of one file: the fields of a row of
    `doclint check --output-format json`."""

    model_config = ConfigDict(frozen=True)

    path: str = Field(
        description="The file, as the user named it or relative to the cwd; a control "
        "character or a byte that is not UTF-8 in it escaped (`\\n`, `\\xff`)."
    )
    line: int
    column: int
    end_line: int = Field(description="Rules report a point: the end is the start.")
    end_column: int
    code: str
    name: str
    severity: Severity
    message: str
    fix: Fix | None = Field(None, description="The fix that repairs the finding, if any.")
    cause: Cause | None = Field(
        None,
        description="Why the rule fired: a stable id (`rule-name/sub-cause`) and a short label.",
    )
    url: str = Field(description="Where the rule is documented.")

    @classmethod
    def from_row(cls, row: DiagnosticRow) -> Diagnostic:
        return cls(
            path=row.path,
            line=row.line,
            column=row.column,
            end_line=row.line,
            end_column=row.column,
            code=row.code,
            name=row.name,
            severity=Severity(row.severity),
            message=row.message,
            fix=None if row.fix is None else Fix.from_data(row.fix),
            cause=None if row.cause is None else Cause(*row.cause),
            url=rule_url(row.code),
        )

    def to_row(self) -> DiagnosticRow:
        """The finding as the engine and the output formats carry it."""
        fix = None if self.fix is None else self.fix.to_data()
        row = (self.line, self.column, self.code, self.name, str(self.severity), self.message)
        cause = None if self.cause is None else (self.cause.id, self.cause.label)
        return DiagnosticRow(self.path, *row, fix, cause)

    @field_validator("cause", mode="before")
    @classmethod
    def _cause_from_object(cls, value: object) -> object:
        """The JSON row's `{"id": ..., "label": ...}` read back."""
        if isinstance(value, dict):
            return Cause(str(value.get("id", "")), str(value.get("label", "")))
        return value

    @field_serializer("cause")
    def _cause_object(self, cause: Cause | None) -> dict[str, str] | None:
        """As the JSON row writes it: an object, not a pair."""
        return None if cause is None else {"id": cause.id, "label": cause.label}

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
            diagnostics=[Diagnostic.from_row(row) for row in rows], files_checked=files_checked
        )

    def counts(self) -> dict[str, int]:
        """Findings per rule code."""
        return dict(sorted(Counter(d.code for d in self.diagnostics).items()))

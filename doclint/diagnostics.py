"""The results of a run: diagnostics and the report that carries them.

A `Diagnostic` holds every field of a row of `--output-format json`
(output/json_formats.py), under the same names: the validated model of a
`models.findings.Finding`, for the public API only. Its fix and cause are the
finding's own (`Fix`, `Edit`, `Cause`), dumped and read back as that format
writes them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict, Field, field_serializer, field_validator

from doclint.models.findings import Cause, Edit, Finding, Fix, FixSafety, Severity, fix_object
from doclint.models.urls import rule_url


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
    def from_row(cls, row: Finding) -> Diagnostic:
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
            fix=row.fix,
            cause=row.cause,
            url=rule_url(row.code),
        )

    def to_row(self) -> Finding:
        """The finding as the engine and the output formats carry it."""
        return Finding(
            self.line,
            self.column,
            self.message,
            self.fix,
            self.cause,
            self.code,
            self.name,
            str(self.severity),
            self.path,
        )

    @field_validator("fix", mode="before")
    @classmethod
    def _fix_from_object(cls, value: object) -> object:
        """The JSON row's `{"applicability": ..., "message": ..., "edits": [...]}` read back."""
        if not isinstance(value, dict):
            return value
        try:
            edits = tuple(
                Edit(
                    int(edit["line"]),
                    int(edit["column"]),
                    int(edit["end_line"]),
                    int(edit["end_column"]),
                    str(edit["content"]),
                )
                for edit in value.get("edits", ())
            )
            return Fix(edits, FixSafety(value["applicability"]), str(value.get("message", "")))
        except (KeyError, TypeError) as error:
            raise ValueError(f"a malformed fix: {error}") from None

    @field_serializer("fix")
    def _fix_object(self, fix: Fix | None) -> dict[str, object] | None:
        """As the JSON row writes it: named fields, not a tuple."""
        return fix_object(fix)

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
    def from_rows(cls, rows: Iterable[Finding], files_checked: int) -> Report:
        return cls(
            diagnostics=[Diagnostic.from_row(row) for row in rows], files_checked=files_checked
        )

    def counts(self) -> dict[str, int]:
        """Findings per rule code."""
        return dict(sorted(Counter(d.code for d in self.diagnostics).items()))

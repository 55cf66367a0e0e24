"""A finding, from the rule that yields it to the output that writes it.

One type, `Finding`, read by name: a rule makes one of the place, the
message and, if it has them, a fix and a cause; the engine adds its rule's
code, name and severity; the run, the file's path as shown. A named tuple:
a run may report hundreds of thousands of findings, and a model (pydantic,
a frozen dataclass) costs several times a tuple to make. The public API's
`diagnostics.Diagnostic` is the one validated model of it.

`Edit`, `Fix` and `Cause` are the parts of a finding, named as the JSON
output names them (ruff's: applicability, message, edits, content).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from enum import StrEnum
from operator import attrgetter
from pathlib import Path
from typing import Any

from doclint.models.records import NamedTuple


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class FixSafety(StrEnum):
    """Whether a rule can repair what it finds, and whether that keeps meaning."""

    NONE = "none"
    SAFE = "safe"
    UNSAFE = "unsafe"


class Edit(NamedTuple):
    """Replace the text from (line, column) up to (end_line, end_column),
    1-based, end exclusive, with `content` (LF newlines)."""

    line: int
    column: int
    end_line: int
    end_column: int
    content: str


class Fix(NamedTuple):
    """A repair a rule offers: edits applied together, and how safe they are.
    SAFE fixes keep the page's meaning (`--fix`); UNSAFE ones may change it
    (`--fix --unsafe-fixes`). `message` says what the fix does."""

    edits: tuple[Edit, ...]
    applicability: FixSafety
    message: str


class Cause(NamedTuple):
    """Why a finding fired, as data: `id` is stable (`rule-name/sub-cause`,
    what JSON and `--statistics` carry and tools may key on), `label` a short
    noun for people ("Python keyword listed as a class"), never a message. A
    rule declares its causes (`Rule.causes`) and sets one on each finding."""

    id: str
    label: str


class Finding(NamedTuple):
    """One finding. A rule gives the first five fields; the engine the rule's
    `code`, `name` and `severity` (and a cause, when the rule gave none);
    the run the file's `path` as shown. The path is set last: it is shown
    relative to the cwd, which changes between runs that share a cache.

    A built-in rule may give `path` itself, a file of the tree relative to
    its root: the finding then stands on that file, not on the page the rule
    checked (a module without its page stands on the module). It is kept,
    and its page's directives do not apply to it; the run shows it at that
    file (`by_file`), where per-file ignores and baselines match it."""

    line: int
    column: int
    message: str
    fix: Fix | None = None
    cause: Cause | None = None
    code: str = ""
    name: str = ""
    severity: str = ""
    path: str = ""


class FileFindings(NamedTuple):
    """A file's findings as a run hands them to the output: filtered (per-file
    ignores and severities), each as the engine gives it (no path; the tree
    paths a message names marked, relative to `root`). How they are shown is
    the output's (output/shown.py)."""

    file: str
    """The file's path as the run found it (relative to the working folder, or absolute)."""
    root: Path | str
    rows: list[Finding]


report_order = attrgetter("path", "line", "column", "code", "name", "severity", "message")
"""A finding's place in a run's report: path, line, column, code, name,
severity, message (not its fix: a finding is not ordered by its edits).
Within a file's report, output/shown.py `in_order` orders them so."""


_path = attrgetter("path")
_severity = attrgetter("severity")
_fix = attrgetter("fix")
_applicability = attrgetter("applicability")
_ERROR, _WARNING, _INFO = map(str, Severity)


def by_file(file: str, root: Path | str, rows: list[Finding]) -> list[tuple[str, list[Finding]]]:
    """The findings of the page `file` by the file each stands on: `file`
    for those on the page, first, then each other file of the tree a rule
    gave (`Finding.path`, relative to `root`) as an absolute path, their path
    cleared; one entry for `file` alone when every finding is on the page."""
    if not any(map(_path, rows)):  # most pages: told in C
        return [(file, rows)]
    on: dict[str, list[Finding]] = {file: []}
    for row in rows:
        if row.path:
            other = os.path.join(os.path.abspath(root), row.path)
            on.setdefault(other, []).append(row._replace(path=""))
        else:
            on[file].append(row)
    return list(on.items())


def cause_of(row: Finding) -> Cause:
    """(id, label) of a finding's cause; its rule's name for a row made
    without one (the engine gives every finding its cause)."""
    return Cause(row.name, row.name) if row.cause is None else row.cause


def fix_object(fix: Fix | None) -> dict[str, Any] | None:
    """The fix as JSON writes it (ruff's names): applicability (safe or
    unsafe), message, edits with named fields, not tuples."""
    if fix is None:
        return None
    return {
        "applicability": str(fix.applicability),
        "message": fix.message,
        "edits": [edit._asdict() for edit in fix.edits],
    }


def shifted(finding: Finding, lines: int) -> Finding:
    """A copy of the finding `lines` further down, with its fix."""
    # tuple.__new__, not Finding(...), Fix(...), Edit(...): a named tuple's own
    # __new__ is a Python function, at twice the cost, and most findings of a
    # page embedded in another carry a fix.
    line, column, message, fix, *rest = finding
    if fix is not None:
        moved = tuple(
            [
                tuple.__new__(Edit, (start + lines, first, end + lines, last, content))
                for start, first, end, last, content in fix.edits
            ]
        )
        fix = tuple.__new__(Fix, (moved, fix.applicability, fix.message))
    return tuple.__new__(Finding, (line + lines, column, message, fix, *rest))


class Counts(NamedTuple):
    """What a summary and the exit code read of findings: how many there are
    of each severity, how many `--fix` repairs (`safe`) and how many more
    only `--fix --unsafe-fixes` does (`unsafe`). Counted by `counts` where
    the findings are (collected, or rendered file by file), added up by
    `total`: nothing reads the findings again to count them."""

    error: int = 0
    warning: int = 0
    info: int = 0
    safe: int = 0
    unsafe: int = 0

    @property
    def findings(self) -> int:
        return self.error + self.warning + self.info

    def at_least(self, severity: str) -> int:
        """The findings of `severity` or a worse one (`--fail-on`)."""
        kept = (self.error, self.warning, self.info)
        return sum(kept[: tuple(Severity).index(Severity(severity)) + 1])


def counts(findings: Sequence[Finding]) -> Counts:
    """The `Counts` of `findings`."""
    # Counted in C (a run counts every finding it renders): a list's count
    # compares each item with the one text; a fix is a tuple, never empty.
    severities = list(map(_severity, findings))
    safeties = list(map(_applicability, filter(None, map(_fix, findings))))
    return Counts(
        severities.count(_ERROR),
        severities.count(_WARNING),
        severities.count(_INFO),
        safeties.count(FixSafety.SAFE),
        safeties.count(FixSafety.UNSAFE),
    )


def total(parts: Iterable[Counts]) -> Counts:
    """The counts of several files' findings, added up."""
    return Counts(*map(sum, zip(*parts, strict=True)))

"""The shapes a finding takes after a rule yields it (`rule_api.Finding`).

Two plain tuples carry every finding through the engine, the cache and the
output formats; `diagnostics.Diagnostic` is the same record as a
validated model, for the public API (`Report`) only.

- `Row`: one file's finding, without the file: what the linter makes of a
  `Finding`, what the cache stores and a page pass reuses for a copy of the
  page (shifted by lines). It cannot carry the path: the path is shown
  relative to the cwd, which changes between runs that share a cache.
- `DiagnosticRow`: a `Row` with the path as shown, as a run reports it and
  the output formats write it. A named tuple, not a model: a run may report
  hundreds of thousands of findings.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Sequence
from typing import NamedTuple

EditData = tuple[int, int, int, int, str]
"""(line, column, end_line, end_column, replacement) of one edit, as `rule_api.Edit`."""
FixData = tuple[str, str, tuple[EditData, ...]]
"""(safety, description, edits) of the fix a finding offers: plain tuples,
which the cache stores as they are."""


class Cause(NamedTuple):
    """Why a finding fired, as data (`rule_api` gives it to rules): `id` is
    stable (`rule-name/sub-cause`, what JSON and `--statistics` carry and
    tools may key on), `label` a short noun for people ("Python keyword
    listed as a class"), never a message. A rule declares its causes
    (`Rule.causes`) and sets one on each finding."""

    id: str
    label: str


CauseData = tuple[str, str]
"""(id, label) of a finding's cause, as `Cause` (a plain tuple: the cache
marshals rows, and marshal takes no named tuple)."""
Row = tuple[int, int, str, str, str, str, FixData | None, CauseData]
"""(line, column, code, name, severity, message, fix, cause) of a finding in one file."""


def shifted_fix(fix: FixData | None, lines: int) -> FixData | None:
    """The fix of a copy of the finding `lines` further down."""
    if fix is None or not lines:
        return fix
    safety, description, edits = fix
    moved = tuple((line + lines, column, end + lines, *rest) for line, column, end, *rest in edits)
    return safety, description, moved  # type: ignore[return-value]


class DiagnosticRow(NamedTuple):
    """A finding as reported: the fields of `diagnostics.Diagnostic`, without
    a model's construction cost."""

    path: str
    line: int
    column: int
    code: str
    name: str
    severity: str
    message: str
    fix: FixData | None = None
    cause: CauseData | None = None
    """None only for a row made outside the engine (the engine sets every cause)."""


Fixable = tuple[int, int]
"""How many findings `--fix` repairs, and how many more only `--fix
--unsafe-fixes` does."""


def fixable(rows: Iterable[DiagnosticRow]) -> Fixable:
    """How many of `rows` `--fix` repairs, and how many only `--unsafe-fixes` does."""
    safeties = [row.fix[0] for row in rows if row.fix is not None]
    return safeties.count("safe"), safeties.count("unsafe")


class RenderedParts(Sequence[tuple[str, bytes, int]]):
    """Files' parts as rendered (path as shown, part, findings), in order,
    kept where reading them again costs (run/spill.py): what a run gives
    the output in place of its findings when the workers rendered them."""

    @property
    @abstractmethod
    def findings(self) -> int:
        """How many findings the parts show, known without reading them."""

    @property
    @abstractmethod
    def fixable(self) -> Fixable:
        """How many of those the fixes repair (`fixable`), known without reading them."""

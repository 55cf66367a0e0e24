"""The shapes a finding takes after a rule yields it (`rule_api.Finding`).

Two plain tuples carry every finding through the engine, the cache, replay
and the output formats; `diagnostics.Diagnostic` is the same record as a
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

from typing import NamedTuple

Row = tuple[int, int, str, str, str, str]
"""(line, column, code, name, severity, message) of a finding in one file."""


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

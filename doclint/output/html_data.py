"""What the HTML report shows, gathered in one pass over the findings.

A tree of 200,000 pages gives millions of findings; the report must open in a
browser all the same. So everything is aggregated as the findings stream by
(counts per rule, severity, folder, file and cause), and only a bounded number
of findings is kept whole, each rule getting its fair share of them: the first
findings of every rule, in path order, until the limit. Findings come sorted by
path, so a file's counts are complete when the next file starts.
"""

from __future__ import annotations

import heapq
import posixpath
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import groupby, islice
from operator import attrgetter, itemgetter
from typing import Any

from doclint.models.findings import DiagnosticRow
from doclint.output.baseline import SourceLines
from doclint.output.causes import Causes, example
from doclint.rule_api import Rule

FINDINGS_LIMIT = 20_000
"""Findings embedded whole; the others are counted only."""
WORST_FILES = 25
FRAME_CONTEXT = 2
"""Lines shown above and below a finding's line."""
LONGEST_LINE = 300
_RULE = itemgetter(3, 4, 5)
"""(code, name, severity) of a DiagnosticRow."""


@dataclass
class _Kept:
    """Findings kept whole per rule: at most `cap` each, the cap lowered as
    rules fill up so that all of them together stay within twice the limit."""

    limit: int
    cap: int = 0
    rows: dict[str, list[DiagnosticRow]] = field(default_factory=dict)
    size: int = 0

    def __post_init__(self) -> None:
        self.cap = self.limit

    def add(self, code: str, rows: Iterable[DiagnosticRow]) -> None:
        kept = self.rows.setdefault(code, [])
        room = self.cap - len(kept)
        if room <= 0:
            return
        before = len(kept)
        kept += islice((row for row in rows if row.code == code), room)
        self.size += len(kept) - before
        if self.size > 2 * self.limit:
            self._lower(self.limit)

    def _lower(self, budget: int) -> None:
        """Cut each rule's list to the level at which they add up to `budget`."""
        self.cap = fair_share([len(rows) for rows in self.rows.values()], budget)
        for rows in self.rows.values():
            del rows[self.cap :]
        self.size = sum(len(rows) for rows in self.rows.values())

    def finish(self) -> list[DiagnosticRow]:
        if self.size > self.limit:
            self._lower(self.limit)
        return sorted(row for rows in self.rows.values() for row in rows)


def fair_share(sizes: Sequence[int], budget: int) -> int:
    """The largest cap such that the sizes, each cut to it, add up to no more
    than `budget` (water filling: small lists stay whole); `budget` when all fit."""
    remaining = budget
    ordered = sorted(sizes)
    for position, size in enumerate(ordered):
        share = remaining // (len(ordered) - position)
        if size > share:
            return share
        remaining -= size
    return budget


@dataclass
class ReportData:
    """The aggregates of a run's findings, as the page's script reads them."""

    rules: dict[str, type[Rule]]
    sources: SourceLines
    limit: int = FINDINGS_LIMIT
    by_rule: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    folders: dict[str, Counter[str]] = field(default_factory=dict)
    files_with_findings: int = 0
    fixable: int = 0
    """Findings whose fix `--fix` applies (a safe one), as the text summary counts them."""
    causes: Causes = field(default_factory=Causes)
    _worst: list[tuple[int, str, dict[str, int]]] = field(default_factory=list)
    _kept: _Kept | None = None

    def add_all(self, rows: Iterable[DiagnosticRow]) -> ReportData:
        """Every finding of a run, a file's findings together (as runs give them)."""
        kept = self._kept = _Kept(self.limit)
        for path, group in groupby(rows, key=attrgetter("path")):
            file_rows = list(group)
            by_rule = Counter(map(_RULE, file_rows))
            self.by_rule.update(by_rule)
            counts = Counter({code: n for (code, _, _), n in by_rule.items()})
            self._add_file(path, counts)
            for row in file_rows:
                self.causes.add(row)
            self.fixable += sum(
                1 for row in file_rows if row.fix is not None and row.fix[0] == "safe"
            )
            for code in counts:
                kept.add(code, file_rows)
        return self

    @property
    def total(self) -> int:
        return self.by_rule.total()

    def by_severity(self) -> dict[str, int]:
        counts: Counter[str] = Counter()
        for (_, _, severity), count in self.by_rule.items():
            counts[severity] += count
        return dict(counts.most_common())

    def _add_file(self, path: str, counts: Counter[str]) -> None:
        self.files_with_findings += 1
        folder = posixpath.dirname(path)
        self.folders.setdefault(folder, Counter()).update(counts)
        entry = (counts.total(), path, dict(counts.most_common()))
        if len(self._worst) < WORST_FILES:
            heapq.heappush(self._worst, entry)
        elif entry[0] > self._worst[0][0]:
            heapq.heapreplace(self._worst, entry)

    def _finding(self, row: DiagnosticRow) -> dict[str, Any]:
        finding: dict[str, Any] = {
            "path": row.path,
            "line": row.line,
            "column": row.column,
            "code": row.code,
            "message": row.message,
        }
        if self.sources.line(row) is not None:
            lines = self.sources.lines(row.path)
            first = max(1, row.line - FRAME_CONTEXT)
            shown = lines[first - 1 : row.line + FRAME_CONTEXT]
            finding["frame"] = [first, [text[:LONGEST_LINE] for text in shown]]
        return finding

    def folder_totals(self) -> list[tuple[str, int, dict[str, int]]]:
        """(folder, findings, findings per rule) of every folder with findings,
        its subfolders' included, in path order."""
        totals: dict[str, Counter[str]] = {}
        for folder, counts in self.folders.items():
            for ancestor in _ancestors(folder):
                totals.setdefault(ancestor, Counter()).update(counts)
        return [
            (folder, sum(counts.values()), dict(counts.most_common()))
            for folder, counts in sorted(totals.items())
        ]

    def as_json(self, files_checked: int) -> dict[str, Any]:
        kept = self._kept.finish() if self._kept is not None else []
        # Read in path order, each file once (SourceLines keeps the last).
        findings = [self._finding(row) for row in kept]
        rules = [
            {
                "code": code,
                "name": name,
                "severity": severity,
                "count": count,
                "fix": str(self.rules[code].fix_safety) if code in self.rules else "none",
                "summary": self.rules[code].summary if code in self.rules else "",
            }
            for (code, name, severity), count in sorted(
                self.by_rule.items(), key=lambda item: (-item[1], item[0])
            )
        ]
        return {
            "totals": {
                "files_checked": files_checked,
                "files_with_findings": self.files_with_findings,
                "findings": self.total,
                "fixable": self.fixable,
                "by_severity": self.by_severity(),
            },
            "rules": rules,
            "folders": self.folder_totals(),
            "worst": [
                {"path": path, "count": count, "rules": counts}
                for count, path, counts in sorted(self._worst, key=lambda w: (-w[0], w[1]))
            ],
            "causes": [
                {
                    "code": cause.code,
                    "name": cause.name,
                    "cause": cause.cause,
                    "count": cause.count,
                    "share": cause.count / self.total,
                    "example": example(cause.example),
                }
                for cause in self.causes.biggest_first()
            ],
            "findings": findings,
            "limit": self.limit,
        }


def parent_folder(folder: str) -> str | None:
    """The folder above, None above the top: "" (the current folder) holds
    every other, "/" and ".." included, so the folders make one tree."""
    if not folder:
        return None
    return "" if folder == "/" else posixpath.dirname(folder)


def _ancestors(folder: str) -> list[str]:
    """The folder and every folder above it, "" last."""
    found = [folder]
    while (parent := parent_folder(folder)) is not None:
        found.append(parent)
        folder = parent
    return found

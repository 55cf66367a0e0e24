"""Findings grouped by the generator behaviour behind them.

Whoever maintains the generator wants the few fixes that remove most findings:
not "28,000 stopword-keyword findings" but "the identifier regex takes the
generator's own heading words: 172,000". Each finding carries its cause as
data, set by its rule (`rule_api.Cause`: a stable id such as
`keyword-as-class/python-keyword` and a short label): grouping is counting.

`causes_of` is the one way to group: it is built in one pass over the
findings (or fed row by row through `Causes.add`), keeps a count and one
example per cause, and `Causes.records` gives the groups as the outputs write
them: `--statistics` in JSON and the HTML report alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from doclint.models.findings import Finding, cause_of
from doclint.output.text import MARKS


@dataclass
class CauseGroup:
    """The findings of one cause: how many, and the first of them."""

    code: str
    name: str
    id: str
    cause: str
    """The cause's label, as people read it."""
    example: Finding
    count: int = 0


@dataclass
class Causes:
    """Counts per (rule, cause), with the first finding of each."""

    total: int = 0
    groups: dict[tuple[str, str], CauseGroup] = field(default_factory=dict)

    def add(self, row: Finding) -> None:
        self.total += 1
        cause_id, label = cause_of(row)
        group = self.groups.get((row.code, cause_id))
        if group is None:
            group = CauseGroup(row.code, row.name, cause_id, label, row)
            self.groups[(row.code, cause_id)] = group
        group.count += 1

    def biggest_first(self) -> list[CauseGroup]:
        return sorted(self.groups.values(), key=lambda c: (-c.count, c.code, c.id))

    def share(self, cause: CauseGroup) -> float:
        return cause.count / self.total if self.total else 0.0

    def record(self, cause: CauseGroup) -> dict[str, object]:
        """A cause as JSON writes it: its rule, id, label, count, share of all
        findings and an example."""
        return {
            "code": cause.code,
            "name": cause.name,
            "id": cause.id,
            "cause": cause.cause,
            "count": cause.count,
            "share": round(self.share(cause), 6),
            "example": example(cause.example),
        }

    def records(self) -> list[dict[str, object]]:
        """Every cause, biggest first, as JSON writes it."""
        return [self.record(cause) for cause in self.biggest_first()]

    def per_rule(self) -> dict[str, list[CauseGroup]]:
        """Each rule's causes, biggest first, by rule code."""
        grouped: dict[str, list[CauseGroup]] = {}
        for cause in self.biggest_first():
            grouped.setdefault(cause.code, []).append(cause)
        return grouped


def causes_of(rows: Iterable[Finding]) -> Causes:
    """The findings grouped by cause."""
    causes = Causes()
    for row in rows:
        causes.add(row)
    return causes


def example(row: Finding) -> dict[str, object]:
    return {"path": row.path, "line": row.line, "column": row.column, "message": row.message}


def statistics_detail(
    counts: Sequence[tuple[int, str, str, str | None]], causes: Causes
) -> list[dict[str, object]]:
    """`--statistics` in JSON: per rule (most frequent first) its count, whether
    `--fix` repairs some (`fixable`), the safety of its fixes (`fix`: "safe",
    "unsafe" when only `--unsafe-fixes` applies them, or null), and its causes,
    biggest first, each with its id, label, share of all findings and an example."""
    per_rule = causes.per_rule()
    return [
        {
            "code": code,
            "name": name,
            "count": count,
            "fixable": fix == "safe",
            "fix": fix,
            "causes": [
                {key: value for key, value in causes.record(cause).items() if key not in _RULE}
                for cause in per_rule.get(code, [])
            ],
        }
        for count, code, name, fix in counts
    ]


def statistics_lines(
    counts: Sequence[tuple[int, str, str, str | None]], causes: Causes
) -> list[str]:
    """`--statistics` as text: a line per rule (most frequent first), as ruff
    writes it, marked as `concise` marks its findings (`[*]`: `--fix` repairs
    some, `[~]`: only `--fix --unsafe-fixes` does), and under it a line per
    cause of its findings, biggest first."""
    width = max((len(f"{count:,}") for count, *_ in counts), default=1)
    per_rule = causes.per_rule()
    lines = []
    for count, code, name, fix in counts:
        mark = MARKS.get(fix or "", "    ")
        lines.append(f"{count:>{width},}  {code:<6} {mark}{name}")
        lines += [
            f"{'':>{width}}  {cause.count:>{width},}  {cause.cause}  [{cause.id}]"
            for cause in per_rule.get(code, [])
        ]
    return lines


_RULE = ("code", "name")
"""The keys of a cause's record that its rule's entry already gives."""

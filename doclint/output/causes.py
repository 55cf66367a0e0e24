"""Findings grouped by the generator behaviour behind them.

Whoever maintains the generator wants the few fixes that remove most findings:
not "28,000 stopword-keyword findings" but "the identifier regex takes the
generator's own heading words: 172,000". A finding's cause is its rule and a
sub-cause read from its message: the rules word each reason differently, so a
table of message patterns per rule names the behaviour (`SUB_CAUSES`). A
message no pattern knows falls back to its wording with the names, numbers and
quoted values taken out, which still groups findings of one reason together.

The grouping is built in one pass over the findings and keeps a count and one
example per cause: it serves `--statistics` in JSON and the HTML report alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from doclint.models.findings import DiagnosticRow

SUB_CAUSES: dict[str, tuple[tuple[str, str], ...]] = {
    "DL103": ((r'boilerplate \("([^"]*)"', 'boilerplate "{}"'),),
    "DL201": (
        (r"is an? (?:Python|C\+\+|CUDA) keyword", "keyword"),
        (r"English word caught from prose", "prose word from a comment"),
        (r"is an export macro", "export macro"),
        (r"is a template parameter", "template parameter"),
        (r"is not a class defined in", "not in the source"),
    ),
    "DL202": (
        (r"is an English stop word", "English stop word"),
        (r"configured `extra-stop-words`", "configured stop word"),
        (r"generator's own headings|word the generator wrote itself", "generator's own word"),
    ),
    "DL203": (
        (r"is an? (?:Python|C\+\+|CUDA) keyword", "keyword"),
        (r"\(its constructor\)", "constructor listed as a function"),
        (r"listed as a function but is not (?:defined|declared)", "function not in the source"),
        (r"listed as an import but", "import not in the source"),
        (r"listed as an include but", "include not in the source"),
    ),
    "DL401": (
        (r"target `[^`]*_docs\.md(?:#[^`]*)?` does not exist", "link to a page not generated"),
        (r"target `[^`]*\.md(?:#[^`]*)?` does not exist", "link to a missing Markdown page"),
        (r"target `[^`]*/(?:#[^`]*)?` does not exist", "link to a missing folder"),
        (r"does not exist", "link to a missing file"),
    ),
    "DL303": (
        (r"KB but", "size in KB disagrees with the bytes"),
        (r"claims [\d,]+ bytes", "size in bytes"),
        (r"claims path", "path"),
        (r"claims type", "file type"),
        (r"claims (?:`[^`]*`|no extension); ", "extension"),
    ),
    "DL304": (
        (r"the source defines", "classes and functions miscounted"),
        (r"claims [\d,]+ (?:`[^`]*`|extensionless) file\(s\)", "files of one extension miscounted"),
        (r"claims [\d,]+ file\(s\)", "files of a folder miscounted"),
        (r"claims [\d,]+ subfolder\(s\)", "subfolders miscounted"),
    ),
    "DL305": (
        (r"is not a module that", "module the source does not import"),
        (r"is not a Python module name", "not a module name"),
        (r"is not a name that can be imported", "name not importable from the module"),
    ),
    "DL501": ((r"\((\S+ read as [^)]+)\)", "{}"),),
}
"""Per rule code, (pattern searched in the message, sub-cause), first match
wins; `{}` in a sub-cause stands for what the pattern's group caught."""

_COMPILED = {
    code: tuple((re.compile(pattern), label) for pattern, label in patterns)
    for code, patterns in SUB_CAUSES.items()
}
# The parts of a message that name a particular entry, file or number.
_PARTICULARS = re.compile(r"`[^`]*`+|'[^']*'|\d[\d,.]*")
_LONGEST = 160
_REMEMBERED = 20_000


def sub_cause(code: str, message: str) -> str:
    """The generator behaviour a finding of rule `code` comes from."""
    for pattern, label in _COMPILED.get(code, ()):
        match = pattern.search(message)
        if match:
            return label.format(*match.groups())
    general = _PARTICULARS.sub("…", message)
    return general if len(general) <= _LONGEST else general[: _LONGEST - 1] + "…"


@dataclass
class Cause:
    code: str
    name: str
    cause: str
    example: DiagnosticRow
    count: int = 0


@dataclass
class Causes:
    """Counts per (rule, sub-cause), with the first finding of each."""

    total: int = 0
    groups: dict[tuple[str, str], Cause] = field(default_factory=dict)
    _known: dict[tuple[str, str], str] = field(default_factory=dict)

    def add(self, row: DiagnosticRow) -> None:
        self.total += 1
        code, message = row.code, row.message
        # Most messages open with the entry they are about (`name` is ...), and
        # the rest repeats for a file's entries: no pattern reads that name, so
        # the rest classifies the message (a run may give millions of them).
        key = (code, message[message.find("` ", 1) :] if message[:1] == "`" else message)
        label = self._known.get(key)
        if label is None:
            if len(self._known) >= _REMEMBERED:
                self._known.clear()
            label = self._known[key] = sub_cause(code, message)
        group = self.groups.get((code, label))
        if group is None:
            group = self.groups[(code, label)] = Cause(code, row.name, label, row)
        group.count += 1

    def biggest_first(self) -> list[Cause]:
        return sorted(self.groups.values(), key=lambda c: (-c.count, c.code, c.cause))

    def share(self, cause: Cause) -> float:
        return cause.count / self.total if self.total else 0.0


def causes_of(rows: Iterable[DiagnosticRow]) -> Causes:
    causes = Causes()
    for row in rows:
        causes.add(row)
    return causes


def example(row: DiagnosticRow) -> dict[str, object]:
    return {"path": row.path, "line": row.line, "column": row.column, "message": row.message}


def statistics_detail(
    counts: Sequence[tuple[int, str, str, bool]], causes: Causes
) -> list[dict[str, object]]:
    """`--statistics` in JSON: per rule (most frequent first) its count, whether
    `--fix` repairs some, and its causes, biggest first, each with its share of
    all findings and an example."""
    per_rule: dict[str, list[dict[str, object]]] = {}
    for cause in causes.biggest_first():
        per_rule.setdefault(cause.code, []).append(
            {
                "cause": cause.cause,
                "count": cause.count,
                "share": round(causes.share(cause), 6),
                "example": example(cause.example),
            }
        )
    return [
        {
            "code": code,
            "name": name,
            "count": count,
            "fixable": fixable,
            "causes": per_rule.get(code, []),
        }
        for count, code, name, fixable in counts
    ]

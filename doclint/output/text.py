"""For people: `concise` (one line a finding) and `full` (the line shown too)."""

from __future__ import annotations

from collections.abc import Sequence

from doclint.findings import DiagnosticRow
from doclint.output.layout import Layout
from doclint.output.run_output import RunOutput, summary


def headline(d: DiagnosticRow) -> str:
    """`path:line:col: CODE [name] message`, the line editors and CI logs parse."""
    return f"{d.path}:{d.line}:{d.column}: {d.code} [{d.name}] {d.message}"


def _concise_part(rows: Sequence[DiagnosticRow], output: RunOutput) -> str:
    return "".join(headline(d) + "\n" for d in rows)


def _full_part(rows: Sequence[DiagnosticRow], output: RunOutput) -> str:
    """Each finding's line under its headline, with a caret at its column (like ruff)."""
    shown = []
    for d in rows:
        shown.append(headline(d) + "\n")
        line = output.sources.line(d)
        if line is not None:
            shown.append(snippet(d, line) + "\n")
    return "".join(shown)


def _summary_frame(output: RunOutput) -> tuple[str, str]:
    return "", "" if output.quiet else summary(output) + "\n"


def snippet(d: DiagnosticRow, line: str) -> str:
    gutter = " " * len(str(d.line))
    # Tabs stay tabs so the caret lines up however the terminal shows them.
    before = "".join(c if c == "\t" else " " for c in line[: d.column - 1])
    return f"{gutter} |\n{d.line} | {line.rstrip()}\n{gutter} | {before}^ {d.code}\n{gutter} |\n"


CONCISE = Layout(_concise_part, _summary_frame)
FULL = Layout(_full_part, _summary_frame)

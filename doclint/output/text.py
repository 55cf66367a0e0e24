"""For people: `concise` (one line a finding) and `full` (the line shown too)."""

from __future__ import annotations

from collections.abc import Iterator

from doclint.diagnostics import DiagnosticRow
from doclint.output.run import RunOutput, summary


def headline(d: DiagnosticRow) -> str:
    """`path:line:col: CODE [name] message`, the line editors and CI logs parse."""
    return f"{d.path}:{d.line}:{d.column}: {d.code} [{d.name}] {d.message}"


def concise(output: RunOutput) -> Iterator[str]:
    for d in output.diagnostics:
        yield headline(d) + "\n"
    if not output.quiet:
        yield summary(output) + "\n"


def full(output: RunOutput) -> Iterator[str]:
    """Each finding's line under its headline, with a caret at its column (like ruff)."""
    for d in output.diagnostics:
        yield headline(d) + "\n"
        line = output.sources.line(d)
        if line is not None:
            yield snippet(d, line) + "\n"
    if not output.quiet:
        yield summary(output) + "\n"


def snippet(d: DiagnosticRow, line: str) -> str:
    gutter = " " * len(str(d.line))
    # Tabs stay tabs so the caret lines up however the terminal shows them.
    before = "".join(c if c == "\t" else " " for c in line[: d.column - 1])
    return f"{gutter} |\n{d.line} | {line.rstrip()}\n{gutter} | {before}^ {d.code}\n{gutter} |\n"

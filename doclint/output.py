"""Render the findings of a run for people or machines."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from doclint.diagnostics import DiagnosticRow


def concise(diagnostics: Sequence[DiagnosticRow], files_checked: int) -> str:
    lines = [f"{d.path}:{d.line}:{d.column}: {d.code} [{d.name}] {d.message}" for d in diagnostics]
    return "\n".join([*lines, summary(len(diagnostics), files_checked)]) + "\n"


def as_json(diagnostics: Sequence[DiagnosticRow], files_checked: int) -> str:
    # One object per line: diffable, and json's C encoder stays in use (indent disables it).
    body = ",\n".join(json.dumps(d._asdict(), ensure_ascii=False) for d in diagnostics)
    return f"[\n{body}\n]\n" if body else "[]\n"


def summary(count: int, files_checked: int) -> str:
    files = f"{files_checked} file{'s' if files_checked != 1 else ''}"
    if not count:
        return f"All checks passed ({files} checked)."
    return f"Found {count} problem{'s' if count != 1 else ''} in {files}."


FORMATS: dict[str, Callable[[Sequence[DiagnosticRow], int], str]] = {
    "concise": concise,
    "json": as_json,
}

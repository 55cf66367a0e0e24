"""Render a report for people or machines."""

from __future__ import annotations

import json
from collections.abc import Callable

from doclint.diagnostics import Report


def concise(report: Report) -> str:
    lines = [
        f"{d.path}:{d.line}:{d.column}: {d.code} [{d.name}] {d.message}" for d in report.diagnostics
    ]
    return "\n".join([*lines, summary(report)]) + "\n"


def as_json(report: Report) -> str:
    return json.dumps([d.model_dump(mode="json") for d in report.diagnostics], indent=2) + "\n"


def summary(report: Report) -> str:
    files = f"{report.files_checked} file{'s' if report.files_checked != 1 else ''}"
    count = len(report.diagnostics)
    if not count:
        return f"All checks passed ({files} checked)."
    return f"Found {count} problem{'s' if count != 1 else ''} in {files}."


FORMATS: dict[str, Callable[[Report], str]] = {"concise": concise, "json": as_json}

"""For GitHub Actions: workflow commands, shown as annotations on the diff.

https://docs.github.com/actions/reference/workflow-commands-for-github-actions
"""

from __future__ import annotations

from collections.abc import Sequence

from doclint.models.findings import DiagnosticRow
from doclint.output.layout import Layout, no_frame
from doclint.output.run_output import RunOutput

LEVELS = {"error": "error", "warning": "warning", "info": "notice"}


def _github_part(rows: Sequence[DiagnosticRow], output: RunOutput) -> str:
    return "".join(_command(d) for d in rows)


def _command(d: DiagnosticRow) -> str:
    level = LEVELS.get(d.severity, "error")
    properties = ",".join(
        f"{key}={_property(str(value))}"
        for key, value in (
            ("file", d.path),
            ("line", d.line),
            ("col", d.column),
            ("title", f"{d.code} [{d.name}]"),
        )
    )
    return f"::{level} {properties}::{_data(d.message)}\n"


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


GITHUB = Layout(_github_part, no_frame)

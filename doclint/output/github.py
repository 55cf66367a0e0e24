"""For GitHub Actions: workflow commands, shown as annotations on the diff.

https://docs.github.com/actions/reference/workflow-commands-for-github-actions
"""

from __future__ import annotations

from collections.abc import Iterator

from doclint.output.run import RunOutput

LEVELS = {"error": "error", "warning": "warning", "info": "notice"}


def as_github(output: RunOutput) -> Iterator[str]:
    for d in output.diagnostics:
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
        yield f"::{level} {properties}::{_data(d.message)}\n"


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")

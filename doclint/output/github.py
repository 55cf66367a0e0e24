"""For GitHub Actions: workflow commands, shown as annotations on the diff.

https://docs.github.com/actions/reference/workflow-commands-for-github-actions
"""

from __future__ import annotations

from collections.abc import Sequence

from doclint.models.findings import Finding
from doclint.output.layout import Layout, Shown
from doclint.output.run_output import RunOutput, unread_note
from doclint.util.paths import workflow_data

LEVELS = {"error": "error", "warning": "warning", "info": "notice"}
# GitHub shows at most this many error annotations of a step (and as many
# warnings); the others are in the log only.
SHOWN_PER_STEP = 10


def _github_part(rows: Sequence[Finding], view: Shown) -> str:
    return "".join(_command(d) for d in rows)


def _command(d: Finding) -> str:
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
    return f"::{level} {properties}::{workflow_data(d.message)}\n"


def _property(text: str) -> str:
    return workflow_data(text).replace(":", "%3A").replace(",", "%2C")


def _github_frame(output: RunOutput) -> tuple[str, str]:
    """A last notice when GitHub will not show every annotation: it says so,
    and where every finding can be seen (code scanning, from a SARIF upload);
    and one when pages matched no generator."""
    notices = ""
    unread = unread_note(output)
    if unread:
        notices += f"::notice title=doclint::{workflow_data(unread)}\n"
    if output.count > SHOWN_PER_STEP:
        notices += (
            f"::notice title=doclint::{output.count:,} findings; GitHub shows only "
            f"{SHOWN_PER_STEP} error and {SHOWN_PER_STEP} warning annotations per step, "
            "the rest are in this log. To see every finding on the pull request, upload "
            "--output-format sarif to code scanning (github/codeql-action/upload-sarif).\n"
        )
    return "", notices


GITHUB = Layout(_github_part, _github_frame)

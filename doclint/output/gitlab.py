"""For GitLab merge requests: a Code Quality report (`artifacts:reports:codequality`).

https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format
Each issue's fingerprint is the baseline key of the finding, hashed, so it
stays the same when edits elsewhere move the finding's line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from doclint.output.baseline import keys
from doclint.output.run_output import RunOutput

SEVERITIES = {"error": "major", "warning": "minor", "info": "info"}


def as_gitlab(output: RunOutput) -> Iterator[str]:
    rows = output.diagnostics
    issues = [
        {
            "type": "issue",
            "check_name": d.code,
            "description": f"{d.code} [{d.name}] {d.message}",
            "severity": SEVERITIES.get(d.severity, "major"),
            "fingerprint": key.fingerprint(),
            "location": {
                "path": d.path,
                "positions": {"begin": {"line": d.line, "column": d.column}},
            },
        }
        for d, key in zip(rows, keys(rows, output.sources), strict=True)
    ]
    encode = json.JSONEncoder(ensure_ascii=False).encode
    yield "[\n" + ",\n".join(map(encode, issues)) + "\n]\n" if issues else "[]\n"

"""For code scanning (GitHub, Azure DevOps, IDEs): SARIF 2.1.0.

https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html
The rule metadata (summary, documentation, default severity) comes from the
rule classes, as `doclint rule` shows it. Locations are relative to the
current folder (`%SRCROOT%`), which is what code scanning expects when doclint
runs from the repository root. Each result carries the baseline key of its
finding, hashed, as a partial fingerprint that survives lines moving.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

from doclint import __version__
from doclint.baseline import keys
from doclint.findings import DiagnosticRow
from doclint.output.run_output import RunOutput
from doclint.rule_api import Rule

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
ROOT = "%SRCROOT%"
FINGERPRINT = "doclint/v1"


def as_sarif(output: RunOutput) -> Iterator[str]:
    rules = list(output.rules)
    index = {rule.code: position for position, rule in enumerate(rules)}
    rows = output.diagnostics
    uris = {path: quote(path) for path in dict.fromkeys(d.path for d in rows)}
    results = [
        _result(d, uris[d.path], index.get(d.code), key.fingerprint())
        for d, key in zip(rows, keys(rows, output.sources), strict=True)
    ]
    log = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "doclint",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": [_descriptor(rule) for rule in rules],
                    }
                },
                "originalUriBaseIds": {ROOT: {"uri": Path.cwd().absolute().as_uri() + "/"}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
    yield json.dumps(log, ensure_ascii=False) + "\n"


def _descriptor(rule: type[Rule]) -> dict[str, Any]:
    documentation = rule.documentation()
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": documentation.split("\n\n", 1)[0].replace("\n", " ")},
        "help": {"text": documentation, "markdown": documentation},
        "defaultConfiguration": {
            "level": LEVELS.get(str(rule.severity), "error"),
            "enabled": rule.default_enabled,
        },
        "properties": {"tags": ["documentation"], "scope": str(rule.scope)},
    }


def _result(d: DiagnosticRow, uri: str, rule_index: int | None, fingerprint: str) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": d.code,
        "level": LEVELS.get(d.severity, "error"),
        "message": {"text": d.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": uri, "uriBaseId": ROOT},
                    "region": {"startLine": d.line, "startColumn": d.column},
                }
            }
        ],
        "partialFingerprints": {FINGERPRINT: fingerprint},
    }
    if rule_index is not None:
        result["ruleIndex"] = rule_index
    return result

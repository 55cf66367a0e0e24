"""For code scanning (GitHub, Azure DevOps, IDEs): SARIF 2.1.0.

https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html
The rule metadata (summary, documentation, default severity) comes from the
rule classes, as `doclint rule` shows it. Locations are relative to the
current folder (`%SRCROOT%`), which is what code scanning expects when doclint
runs from the repository root. Each result carries the baseline key of its
finding, hashed, as a partial fingerprint that survives lines moving, and
the id of its cause in its `properties`.

The log is written as a `Layout`: the rules and the start of the results
first, then one part per file, so that a run over a large tree writes it from
the parts its workers render, in the memory of `json`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from json.encoder import encode_basestring
from pathlib import Path
from typing import Any
from urllib.parse import quote

from doclint.engine.registry import load_registry
from doclint.models.findings import Finding, cause_of
from doclint.models.urls import rule_url
from doclint.output.baseline import keys
from doclint.output.layout import Layout, Shown
from doclint.output.run_output import RunOutput, unread_note
from doclint.rule_api import Rule
from doclint.version import __version__

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
ROOT = "%SRCROOT%"
FINGERPRINT = "doclint/v1"
RESULTS = '"results":['
"""Where the head ends and the results begin."""


def _rules(view: Shown) -> Sequence[type[Rule[Any]]]:
    """The rules the log describes: those of the run, else every known one (a
    worker renders its parts without them, and must index the same list)."""
    return view.rules or known_rules()


@cache
def known_rules() -> tuple[type[Rule[Any]], ...]:
    """Every rule installed, in code order, loaded once a process."""
    return tuple(load_registry().sorted_rules())


@cache
def known_codes() -> tuple[str, ...]:
    """The code of every rule installed, in order, known without importing the rules."""
    return tuple(entry.code for entry in load_registry().sorted_entries())


def _sarif_frame(output: RunOutput) -> tuple[str, str]:
    run = {
        "tool": {
            "driver": {
                "name": "doclint",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": rule_url(),
                "rules": [_descriptor(rule) for rule in _rules(output)],
            }
        },
        "originalUriBaseIds": {ROOT: {"uri": Path.cwd().absolute().as_uri() + "/"}},
        "columnKind": "unicodeCodePoints",
    }
    unread = unread_note(output)
    if unread:
        # The run's one note, as SARIF holds what a tool says of its run.
        notice = {"level": "note", "message": {"text": unread}}
        run["invocations"] = [{"executionSuccessful": True, "toolExecutionNotifications": [notice]}]
    log = {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}
    # The run's object is left open for its results.
    head = json.dumps(log, ensure_ascii=False, separators=(",", ":"))[: -len("}]}")]
    if not output.count:
        return f"{head},{RESULTS}]}}]}}\n", ""
    return f"{head},{RESULTS}\n", "\n]}]}\n"


def _descriptor(rule: type[Rule[Any]]) -> dict[str, Any]:
    documentation = rule.documentation()
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": documentation.split("\n\n", 1)[0].replace("\n", " ")},
        "help": {"text": documentation, "markdown": documentation},
        "helpUri": rule_url(rule.code),
        "defaultConfiguration": {
            "level": LEVELS.get(str(rule.severity), "error"),
            "enabled": rule.default_enabled,
        },
        "properties": {"tags": ["documentation"], "scope": str(rule.scope)},
    }


def _sarif_part(rows: Sequence[Finding], view: Shown) -> str:
    """One file's results, one a line. Built as text, not dicts: a run may
    report hundreds of thousands of findings."""
    index = {rule.code: position for position, rule in enumerate(_rules(view))}
    location = (
        '"locations":[{"physicalLocation":{"artifactLocation":{"uri":'
        f'{encode_basestring(quote(rows[0].path))},"uriBaseId":"{ROOT}"}},"region":'
    )
    results = []
    for d, key in zip(rows, keys(rows, view.sources), strict=True):
        rule_index = index.get(d.code)
        results.append(
            f'{{"ruleId":{encode_basestring(d.code)},'
            f'"level":"{LEVELS.get(d.severity, "error")}",'
            f'"message":{{"text":{encode_basestring(d.message)}}},'
            f'{location}{{"startLine":{d.line},"startColumn":{d.column}}}}}}}],'
            f'"partialFingerprints":{{"{FINGERPRINT}":"{key.fingerprint()}"}},'
            f'"properties":{{"cause":{encode_basestring(cause_of(d).id)}}}'
            + (f',"ruleIndex":{rule_index}}}' if rule_index is not None else "}")
        )
    return ",\n".join(results)


SARIF = Layout(_sarif_part, _sarif_frame, ",\n")

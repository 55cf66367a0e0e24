"""Run the command line in-process, in a folder, and keep what it printed."""

from __future__ import annotations

import base64
import gzip
import io
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from doclint.cli.main import main


@dataclass
class Outcome:
    code: int
    out: str
    err: str


def run_cli(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    cwd: Path,
    *args: str,
    stdin: bytes | None = None,
) -> Outcome:
    monkeypatch.chdir(cwd)
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = main(list(args))
    captured = capsys.readouterr()
    return Outcome(code, captured.out, captured.err)


def findings_in(page: str) -> list[dict]:
    """The findings embedded in a report, decoded here as the page's script does:
    each part base64, gunzip, JSON columns of indexes into string tables, and
    the kind of page of each path."""
    data = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', page)
    assert data is not None
    kinds = [kind["key"] for kind in json.loads(data.group(1))["page_kinds"]]
    parts = re.findall(
        r'<script type="application/octet-stream" class="report-findings">([A-Za-z0-9+/=]*)'
        r"</script>",
        page,
    )
    found = []
    for part in parts:
        document = json.loads(gzip.decompress(base64.b64decode(part)))
        tables, columns = document["tables"], document["columns"]
        assert {len(column) for column in columns.values()} == {document["count"]}
        assert len(document["path_kind"]) == len(tables["path"])
        names = ("path", "line", "column", "rule", "cause", "message", "text")
        found += [
            {
                "path": tables["path"][path],
                "kind": kinds[document["path_kind"][path]],
                "line": line,
                "column": column,
                "code": tables["rule"][rule],
                "cause": tables["cause"][cause],
                "message": tables["message"][message],
                "text": tables["text"][text] if text >= 0 else None,
            }
            for path, line, column, rule, cause, message, text in zip(
                *(columns[name] for name in names), strict=True
            )
        ]
    return found

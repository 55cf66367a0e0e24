"""For programs: `json` (one array) and `jsonl` (one object a line).

Objects have the keys of `doclint.Diagnostic`: path, line, column, code, name,
severity, message, and are exactly what `json.dumps(row._asdict(),
ensure_ascii=False)` gives. They are put together from json's C string encoder,
each repeated string (path, code, name) encoded once, since a run may report
hundreds of thousands of findings.
"""

from __future__ import annotations

from collections.abc import Sequence
from json.encoder import encode_basestring

from doclint.findings import DiagnosticRow
from doclint.output.layout import Layout, no_frame
from doclint.output.run_output import RunOutput


def _json_part(rows: Sequence[DiagnosticRow], output: RunOutput) -> str:
    return ",\n".join(encode_rows(rows))


def _json_frame(output: RunOutput) -> tuple[str, str]:
    return ("[\n", "\n]\n") if output.count else ("[]\n", "")


def _jsonl_part(rows: Sequence[DiagnosticRow], output: RunOutput) -> str:
    return "".join(row + "\n" for row in encode_rows(rows))


def encode_rows(rows: Sequence[DiagnosticRow]) -> list[str]:
    # The text before the line number depends on the path only, and the text
    # between column and message on the rule only: each is built once.
    heads: dict[str, str] = {}
    middles: dict[tuple[str, str, str], str] = {}
    encoded = []
    for path, line, column, code, name, severity, message in rows:
        head = heads.get(path)
        if head is None:
            head = heads[path] = f'{{"path": {encode_basestring(path)}, "line": '
        rule = (code, name, severity)
        middle = middles.get(rule)
        if middle is None:
            middle = middles[rule] = (
                f', "code": {encode_basestring(code)}, "name": {encode_basestring(name)}, '
                f'"severity": {encode_basestring(severity)}, "message": '
            )
        encoded.append(f'{head}{line}, "column": {column}{middle}{encode_basestring(message)}}}')
    return encoded


JSON = Layout(_json_part, _json_frame, ",\n")
JSONL = Layout(_jsonl_part, no_frame)

"""For programs: `json` (one array) and `jsonl` (one object a line).

Each object is `json_object(row)`: path, line, column, end_line, end_column,
code, name, severity, message, fix, cause (the id of its cause, as
`rule_api.Cause` and `doclint rule CODE` list them) and url, and the text is exactly what
`json.dumps(json_object(row), ensure_ascii=False)` gives. It is put together
from json's C string encoder, each repeated string (path, rule) encoded once,
since a run may report hundreds of thousands of findings.
"""

from __future__ import annotations

from collections.abc import Sequence
from json.encoder import encode_basestring
from typing import Any

from doclint.models.findings import Cause, Finding, Fix, cause_of, fix_object
from doclint.models.urls import rule_url
from doclint.output.layout import Layout, Shown, no_frame
from doclint.output.run_output import RunOutput
from doclint.output.text import encoded_pieces


def json_object(row: Finding) -> dict[str, Any]:
    """A finding as `json` and `jsonl` write it. Rules report a point, so the
    end is the start until a rule reports a range; `fix` is null for a finding
    no fix repairs; `cause` why its rule fired (its id and label); `url` is where its
    rule is documented."""
    return {
        "path": row.path,
        "line": row.line,
        "column": row.column,
        "end_line": row.line,
        "end_column": row.column,
        "code": row.code,
        "name": row.name,
        "severity": row.severity,
        "message": row.message,
        "fix": fix_object(row.fix),
        "cause": cause_object(row),
        "url": rule_url(row.code),
    }


def cause_object(row: Finding) -> dict[str, str]:
    """Why the finding's rule fired: the stable `id` tools key on, and the
    short `label` people read."""
    cause = cause_of(row)
    return {"id": cause.id, "label": cause.label}


def _json_part(rows: Sequence[Finding], view: Shown) -> str:
    return ",\n".join(encode_rows(rows))


def _json_encoded(rows: Sequence[Finding], view: Shown, errors: str) -> bytes:
    # Encoded a row at a time where one is not ASCII (`encoded_pieces`): a
    # message with one wide character would make the whole part wide.
    encoded = encode_rows(rows)
    pieces = [",\n"] * (2 * len(encoded) - 1)
    pieces[::2] = encoded
    return encoded_pieces(pieces, errors)


def _json_frame(output: RunOutput) -> tuple[str, str]:
    return ("[\n", "\n]\n") if output.count else ("[]\n", "")


def _jsonl_part(rows: Sequence[Finding], view: Shown) -> str:
    return "".join(row + "\n" for row in encode_rows(rows))


def encode_rows(rows: Sequence[Finding]) -> list[str]:
    # The text before the line number depends on the path only, the text
    # between message and fix on the rule only, and the tail on the cause
    # and the rule: each is built once.
    heads: dict[str, str] = {}
    middles: dict[tuple[str, str, str], tuple[str, str]] = {}
    tails: dict[tuple[Cause | None, str], str] = {}
    encoded = []
    for row in rows:
        line, column, message, fix, _, code, name, severity, path = row
        head = heads.get(path)
        if head is None:
            head = heads[path] = f'{{"path": {encode_basestring(path)}, "line": '
        rule = (code, name, severity)
        middle = middles.get(rule)
        if middle is None:
            middle = middles[rule] = (
                f', "code": {encode_basestring(code)}, "name": {encode_basestring(name)}, '
                f'"severity": {encode_basestring(severity)}, "message": ',
                f', "url": {encode_basestring(rule_url(code))}}}',
            )
        known = (row.cause, code)
        tail = tails.get(known)
        if tail is None:
            cause = cause_object(row)
            tail = tails[known] = (
                f', "cause": {{"id": {encode_basestring(cause["id"])}, '
                f'"label": {encode_basestring(cause["label"])}}}{middle[1]}'
            )
        fixed = "null" if fix is None else _fix_text(fix)
        encoded.append(
            f'{head}{line}, "column": {column}, "end_line": {line}, "end_column": {column}'
            f'{middle[0]}{encode_basestring(message)}, "fix": {fixed}{tail}'
        )
    return encoded


def _fix_text(fix: Fix) -> str:
    """`fix_object(fix)` as json encodes it, without building the objects:
    most findings of a generated tree carry a fix, most fixes one edit."""
    edits, applicability, message = fix.edits, fix.applicability, fix.message
    if len(edits) == 1:
        encoded = _edit_text(*edits[0])
    else:
        encoded = ", ".join(_edit_text(*edit) for edit in edits)
    return (
        f'{{"applicability": {encode_basestring(applicability)}, '
        f'"message": {encode_basestring(message)}, "edits": [{encoded}]}}'
    )


def _edit_text(line: int, column: int, end_line: int, end_column: int, content: str) -> str:
    return (
        f'{{"line": {line}, "column": {column}, "end_line": {end_line}, '
        f'"end_column": {end_column}, "content": {encode_basestring(content)}}}'
    )


JSON = Layout(_json_part, _json_frame, ",\n", encoded_part=_json_encoded)
JSONL = Layout(_jsonl_part, no_frame)

"""A file's findings as bytes (models/kept_findings.py): what a cache keeps
and a run hands its sink, decoded only when read."""

from __future__ import annotations

import marshal
import pickle

import pytest

from doclint.models.findings import Cause, Edit, Finding, Fix, FixSafety
from doclint.models.kept_findings import (
    ELSEWHERE,
    EMPTY,
    PRINTABLE,
    SHOWN_OTHERWISE,
    FileResult,
    UnreadableFindings,
    decode_findings,
    encode_findings,
    messages,
)
from doclint.rule_api import shown_tree_path

CAUSE = Cause("broken-link/missing-file", "missing file")
FIX = Fix((Edit(3, 1, 3, 9, "other.md"),), FixSafety.SAFE, "point at other.md")
ROWS = [
    Finding(3, 1, "gone", FIX, CAUSE, "DL401", "broken-link", "error"),
    Finding(5, 2, "gone too", None, CAUSE, "DL401", "broken-link", "warning"),
]


def test_findings_come_back_as_they_were():
    encoded = encode_findings(ROWS)
    assert encoded is not None and encoded[:1] == PRINTABLE
    decoded = decode_findings(encoded)
    assert decoded == ROWS
    assert decoded[0].fix.applicability is FixSafety.SAFE and decoded[0].cause is decoded[1].cause
    assert messages(encoded) == ["gone", "gone too"]
    assert encode_findings([]) == EMPTY and decode_findings(EMPTY) == []


def test_a_message_naming_a_tree_path_is_marked_in_the_first_byte():
    named = ROWS[0]._replace(message=f"resolved to `{shown_tree_path('docs/b.md')}`")
    encoded = encode_findings([named])
    assert encoded is not None and encoded[:1] == SHOWN_OTHERWISE


def test_a_finding_on_another_file_keeps_that_file_and_marks_the_first_byte():
    # A rule's finding that stands on a file of the tree, not the page it checked.
    rows = [ROWS[0], ROWS[1]._replace(path="pkg/units.py")]
    encoded = encode_findings(rows)
    assert encoded is not None and encoded[:1] == ELSEWHERE
    assert decode_findings(encoded) == rows


@pytest.mark.parametrize(
    "data",
    [b"", PRINTABLE + b"\xff", PRINTABLE + marshal.dumps([(3,)]), b"\x07" + EMPTY[1:]],
)
def test_bytes_of_another_shape_are_unreadable(data):
    with pytest.raises(UnreadableFindings):
        decode_findings(data)
    with pytest.raises(UnreadableFindings):
        FileResult("a.md", ".", None, data).rows  # noqa: B018  # reading decodes


def test_kept_findings_are_decoded_and_filtered_as_read():
    seen = []

    def refine(rows):
        seen.append(len(rows))
        return rows[:1]

    kept = FileResult("a.md", ".", None, encode_findings(ROWS))
    found = kept._replace(refined="[DL401 once]", refine=refine)
    assert not found.none and seen == []
    assert found.rows == [ROWS[0]._replace(path="")] and kept.rows == ROWS
    assert seen == [2]
    assert FileResult("a.md", ".", None, EMPTY).none and FileResult("a.md", ".", []).none


@pytest.mark.parametrize("encoded", [None, encode_findings(ROWS)])
def test_a_result_handed_over_keeps_what_the_runs_process_needs(encoded):
    """A worker sends each file's result back once its sink had it: what the
    sink gave, and what the cache keeps; not the page's lines nor its rows,
    which its chunk would otherwise hold till its last file."""
    cached = {"content": b"digest", "stamp": (1, 2, 3), "facts": [("exists", "b.md", True)]}
    result = FileResult("a.md", "root", ROWS, encoded, lines=["# A"], kept=True, **cached)
    left = result.handed_over(["note"])
    for sent in (left, pickle.loads(pickle.dumps(left))):
        assert (sent.file, sent.root, sent.encoded, sent.kept, sent.notes) == (
            "a.md", "root", encoded, True, ["note"]
        )  # fmt: skip
        assert {name: getattr(sent, name) for name in cached} == cached
        assert sent.lines is None and sent.given == (None if encoded else [])

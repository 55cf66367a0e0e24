"""bench/score_heldout.py pairs doclint's findings with labels of a real area made by reading.

A label naming a rule code pairs with a finding of that code on its (path, line); a
misclaimed-sentence label names a false claim, not a rule, and pairs with a finding of any
code there, but only with one the code labels leave.
"""

from __future__ import annotations

from tests.conftest import bench_module

PAGE = "docs/torch/_lazy/doc.md"


def _finding(line: int, code: str) -> dict[str, object]:
    return {"path": PAGE, "line": line, "code": code, "message": "m"}


def test_a_code_label_pairs_only_with_its_code_and_a_sentence_label_with_any():
    score = bench_module("score_heldout")
    labels = [
        score.Label(PAGE, 5, "misclaimed-sentence", "F-ROLE-TORCH"),
        score.Label(PAGE, 5, "DL302", "test claim"),
        score.Label(PAGE, 9, "DL401", "broken link"),
    ]
    findings = [_finding(5, "DL302"), _finding(5, "DL760"), _finding(9, "DL402")]
    matched, missed, extra = score.score(labels, findings)
    assert matched == {"DL302": 1, "misclaimed-sentence": 1}
    assert [label.line for label in missed] == [9]
    assert extra == [_finding(9, "DL402")]


def test_the_sentence_label_does_not_take_the_finding_a_code_label_needs():
    score = bench_module("score_heldout")
    labels = [
        score.Label(PAGE, 5, "misclaimed-sentence", "PN-GPU"),
        score.Label(PAGE, 5, "DL302", "gpu claim"),
    ]
    matched, missed, extra = score.score(labels, [_finding(5, "DL302")])
    assert matched == {"DL302": 1}
    assert [label.kind for label in missed] == ["misclaimed-sentence"]
    assert extra == []

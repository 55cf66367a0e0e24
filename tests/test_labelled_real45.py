"""doclint against the hand-labelled pages of `tests/real45/`: real pages of
the generator's tree, one of each kind of issue 45's examples (a folder page,
Python file documentations with docstring examples, a C++ documentation and
keyword index), labelled by reading each page and its source (see
`tests/labels/README.md`, "Issue 45's kinds"). On the codes the labels cover,
doclint's (path, line, code) set must equal them exactly.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.labelled_set import LabelledSet, files_present

REAL45 = Path(__file__).resolve().parent / "real45"
# Class lists (DL201), stop words and prose words (DL202, DL204: namespaces
# included) and the fixed sentences (DL302: roles, code claims, folder roles).
CODES = ("DL201", "DL202", "DL204", "DL302")
LABELLED = LabelledSet(REAL45, "real45_files.txt", "real45_findings.tsv", CODES, files_present)


def test_labels_name_labelled_files_only():
    assert not LABELLED.stray_labels()
    assert not LABELLED.missing_files()


def test_doclint_matches_the_labels():
    disagreement = LABELLED.disagreement()
    assert not disagreement, disagreement


@pytest.mark.parametrize("code", ("DL201", "DL204", "DL302"))
def test_every_judged_code_is_labelled_somewhere(code):
    assert any(key[2] == code for key in LABELLED.labelled_findings())

"""doclint against the hand-labelled keyword indexes of the real-kinds slice:
YAML, shell, CMake, Java, Objective-C++ and an older-template configure header.

`tests/labels/real_kinds_findings.tsv` holds every identifier entry a careful
reader marked on the pages of `real_kinds_files.txt` (see `tests/labels/README.md`,
"Real kinds"), labelled by reading each page and its embedded source before
prose-keyword (DL204) ran. doclint runs once over the slice; on the codes the
labels cover its (path, line, code) set must equal them exactly.
"""

from __future__ import annotations

import pytest

from tests.conftest import SHARED, require_shared
from tests.labelled_set import LabelledSet
from tests.test_labelled_real import listing

REAL_KINDS = SHARED / "corpus" / "real-kinds"
# The identifier entries of keyword indexes: stop words and the generator's
# own words (DL202), prose, language keywords and repeats (DL204); and the
# fixed purpose and performance sentences the files do not earn (DL302).
CODES = ("DL202", "DL204", "DL302")
LABELLED = LabelledSet(
    REAL_KINDS, "real_kinds_files.txt", "real_kinds_findings.tsv", CODES, listing
)


def test_labels_name_labelled_files_only():
    require_shared()
    assert not LABELLED.stray_labels()
    assert not LABELLED.missing_files()


def test_doclint_matches_the_labels():
    require_shared()
    disagreement = LABELLED.disagreement()
    assert not disagreement, disagreement


@pytest.mark.parametrize("code", CODES)
def test_every_judged_code_is_labelled_somewhere(code):
    # A set whose labels never name a code could not catch that code's silence.
    assert any(key[2] == code for key in LABELLED.labelled_findings())

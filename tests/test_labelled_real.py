"""doclint against a hand-labelled sample of the real slice.

`tests/labels/real_findings.tsv` holds every finding a careful reader expects on the
files of `tests/labels/real_files.txt` (see `tests/labels/README.md`). doclint runs
once over the whole slice; restricted to the labelled files, its (path, line, code)
set must equal the labels exactly.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import REAL, require_shared
from tests.labelled_set import LabelledSet

# The rules the labels cover; opt-in rules (DL103, DL603) are not labelled.
LABELLED_CODES = (
    *("DL101", "DL102"),  # template headings, fences
    *("DL201", "DL202", "DL203"),  # keyword lists
    *("DL301", "DL302", "DL303", "DL304", "DL305"),  # claims about the documented file
    *("DL401", "DL402", "DL403"),  # links, placement
    *("DL501", "DL502"),  # encoding
    *("DL601", "DL602"),  # coverage of the tree
)


def listing(root: Path) -> list[str]:
    return (root / "LISTING.txt").read_text(encoding="utf-8").splitlines()


REAL_SET = LabelledSet(REAL, "real_files.txt", "real_findings.tsv", LABELLED_CODES, listing)


def test_labels_name_labelled_files_only():
    require_shared()
    stray = REAL_SET.stray_labels()
    assert not stray, f"labels outside the labelled files or their judged codes: {stray}"
    missing = REAL_SET.missing_files()
    assert not missing, f"labelled files not in the slice: {missing}"


def test_doclint_matches_the_labels():
    require_shared()
    disagreement = REAL_SET.disagreement()
    assert not disagreement, disagreement

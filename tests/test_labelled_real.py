"""doclint against the hand-labelled real slices: the Python one and the
C/C++/CUDA one.

`tests/labels/real_findings.tsv` and `real_cpp_findings.tsv` hold every finding a
careful reader expects on the files of `real_files.txt` and `real_cpp_files.txt`
(see `tests/labels/README.md`). doclint runs once over each slice; restricted to the
labelled files, its (path, line, code) set must equal the labels exactly.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import REAL, SHARED, require_shared
from tests.labelled_set import LabelledSet

REAL_CPP = SHARED / "corpus" / "real-cpp"

# The rules the labels cover; opt-in rules (DL103, DL603) are not labelled.
LABELLED_CODES = (
    *("DL101", "DL102"),  # template headings, fences
    *("DL201", "DL202", "DL203", "DL205"),  # keyword lists
    *("DL301", "DL302", "DL303", "DL304", "DL305"),  # claims about the documented file
    *("DL401", "DL402", "DL403"),  # links, placement
    *("DL501", "DL502"),  # encoding
    *("DL601", "DL602"),  # coverage of the tree
)
_LEVEL_1_DOCS = re.compile(r"docs/(?P<source>aten/src/ATen/cuda/detail/[^/]+)_docs\.md")


def listing(root: Path) -> list[str]:
    return (root / "LISTING.txt").read_text(encoding="utf-8").splitlines()


def real_cpp_tree(root: Path) -> list[str]:
    """The C++ slice's listing (pages only) plus the sources its level-1 file
    documentations document: they exist in the real tree, and the labels assume so."""
    pages = listing(root)
    return [*pages, *(m["source"] for page in pages if (m := _LEVEL_1_DOCS.fullmatch(page)))]


SETS = [
    pytest.param(
        LabelledSet(REAL, "real_files.txt", "real_findings.tsv", LABELLED_CODES, listing),
        id="python",
    ),
    pytest.param(
        LabelledSet(
            REAL_CPP, "real_cpp_files.txt", "real_cpp_findings.tsv", LABELLED_CODES, real_cpp_tree
        ),
        id="cpp",
    ),
]


@pytest.mark.parametrize("labelled", SETS)
def test_labels_name_labelled_files_only(labelled: LabelledSet):
    require_shared()
    stray = labelled.stray_labels()
    assert not stray, f"labels outside the labelled files or their judged codes: {stray}"
    missing = labelled.missing_files()
    assert not missing, f"labelled files not in the slice: {missing}"


@pytest.mark.parametrize("labelled", SETS)
def test_doclint_matches_the_labels(labelled: LabelledSet):
    require_shared()
    disagreement = labelled.disagreement()
    assert not disagreement, disagreement


def test_the_cpp_tree_holds_the_fifteen_documented_sources():
    require_shared()
    sources = set(real_cpp_tree(REAL_CPP)) - set(listing(REAL_CPP))
    assert len(sources) == 15
    assert "aten/src/ATen/cuda/detail/CUDAHooks.cpp" in sources

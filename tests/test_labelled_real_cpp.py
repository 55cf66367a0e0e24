"""doclint against the hand-labelled C/C++/CUDA slice.

`tests/labels/real_cpp_findings.tsv` holds every finding a careful reader expects on
the 96 pages of `../shared/corpus/real-cpp` (`tests/labels/README.md`, "C/C++/CUDA
set"). doclint runs once over the slice; on the judged codes its (path, line, code)
set must equal the labels exactly.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import SHARED, require_shared
from tests.labelled_set import LabelledSet
from tests.test_labelled_real import LABELLED_CODES, listing

REAL_CPP = SHARED / "corpus" / "real-cpp"
JUDGED_CODES = frozenset(LABELLED_CODES)
_LEVEL_1_DOCS = re.compile(r"docs/(?P<source>aten/src/ATen/cuda/detail/[^/]+)_docs\.md")


def real_tree(root: Path) -> list[str]:
    """The listing (pages only) plus the sources the level-1 file documentations
    document: they exist in the real tree, and the labels assume so."""
    pages = listing(root)
    return [*pages, *(m["source"] for page in pages if (m := _LEVEL_1_DOCS.fullmatch(page)))]


REAL_CPP_SET = LabelledSet(
    REAL_CPP, "real_cpp_files.txt", "real_cpp_findings.tsv", LABELLED_CODES, real_tree
)


def test_labels_name_labelled_files_only():
    require_shared()
    stray = REAL_CPP_SET.stray_labels()
    assert not stray, f"labels outside the labelled files or their judged codes: {stray}"
    missing = REAL_CPP_SET.missing_files()
    assert not missing, f"labelled files not in the slice: {missing}"


def test_the_tree_holds_the_fifteen_documented_sources():
    require_shared()
    sources = set(real_tree(REAL_CPP)) - set(listing(REAL_CPP))
    assert len(sources) == 15
    assert "aten/src/ATen/cuda/detail/CUDAHooks.cpp" in sources


def test_doclint_matches_the_labels():
    require_shared()
    disagreement = REAL_CPP_SET.disagreement(JUDGED_CODES)
    assert not disagreement, disagreement

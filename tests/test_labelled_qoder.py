"""doclint against a Qoder Repo Wiki labelled by reading (issue 80):
CedarVerse/vandamme-proxy's `.qoder/repowiki/`, run with no configuration on
a clone of its whole history (tests/wiki_repos/PROVENANCE_qoder.md).

The labels were written before the run (tests/labels/qoder_vandamme-proxy/
README.md says how, and the one reading the run corrected). doclint's findings
of the citation kinds on the labelled pages must equal them exactly, in
either direction."""

from __future__ import annotations

import subprocess
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import SHARED, require_shared
from tests.wiki_labels import LABELS, Row, doclint_rows, read_labels

pytestmark = pytest.mark.slow

BUNDLE = SHARED / "corpus" / "wikis80" / "CedarVerse+vandamme-proxy" / "repo.bundle"
CITATION_KINDS = {
    "cited-file-missing",
    "range-outside-file",
    "cited-lines-changed",
    "malformed-citation",
    "source-list-missing",
}
"""The kinds labelled on this set: its names, diagrams and heading links were not."""


def clone(tmp_path: Path) -> Path:
    require_shared()
    if not BUNDLE.is_file():
        pytest.skip(f"{BUNDLE} is not there (see tests/wiki_repos/PROVENANCE_qoder.md)")
    repo = tmp_path / "vandamme-proxy"
    subprocess.run(["git", "clone", "-q", "-b", "main", str(BUNDLE), str(repo)], check=True)
    return repo


def test_qoder_labels_are_held_with_no_configuration(tmp_path):
    repo = clone(tmp_path)
    pages, labels = read_labels(LABELS / "qoder_vandamme-proxy", "vandamme")
    found: Counter[Row] = Counter(
        {
            row: n
            for row, n in doclint_rows(repo, ".qoder", pages).items()
            if row[2] in CITATION_KINDS
        }
    )
    assert sorted((labels - found).items()) == [], "labels doclint misses"
    assert sorted((found - labels).items()) == [], "findings beyond the labels"
    assert sum(labels.values()) == 205

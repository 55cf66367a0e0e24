"""doclint against a DeepWiki-format wiki written below the root with links
from the root, labelled by reading (issue 80): blixten85/bastion's
`.cubic/wiki/`, run with no configuration on a clone of its history
(tests/wiki_repos/PROVENANCE_cubic.md). Read from the page's folder, each of
its citations gave two false findings; read as meant, the citation kinds on
the labelled pages must equal the labels exactly."""

from __future__ import annotations

import subprocess
from collections import Counter

import pytest

from tests.conftest import SHARED, require_shared
from tests.wiki_labels import LABELS, Row, doclint_rows, read_labels

pytestmark = pytest.mark.slow

BUNDLE = SHARED / "corpus" / "wikis80" / "blixten85+bastion" / "repo.bundle"
CITATION_KINDS = {
    "cited-file-missing",
    "range-outside-file",
    "cited-lines-changed",
    "malformed-citation",
    "source-list-missing",
}


def test_cubic_labels_are_held_with_no_configuration(tmp_path):
    require_shared()
    if not BUNDLE.is_file():
        pytest.skip(f"{BUNDLE} is not there (see tests/wiki_repos/PROVENANCE_cubic.md)")
    repo = tmp_path / "bastion"
    subprocess.run(["git", "clone", "-q", "-b", "wiki", str(BUNDLE), str(repo)], check=True)
    pages, labels = read_labels(LABELS / "cubic_bastion", "bastion")
    found: Counter[Row] = Counter(
        {
            row: n
            for row, n in doclint_rows(repo, ".cubic/wiki", pages).items()
            if row[2] in CITATION_KINDS
        }
    )
    assert sorted((labels - found).items()) == [], "labels doclint misses"
    assert sorted((found - labels).items()) == [], "findings beyond the labels"
    assert sum(labels.values()) == 12

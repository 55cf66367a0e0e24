"""doclint against a Qoder Repo Wiki labelled by reading (issue 80):
CedarVerse/vandamme-proxy's `.qoder/repowiki/`, run with no configuration on
a clone of its whole history (tests/wiki_repos/PROVENANCE_qoder.md).

The labels were written before the run (tests/labels/qoder_vandamme-proxy/
README.md says how, and the one reading the run corrected). doclint's findings
of the citation kinds on the labelled pages must equal them exactly, in
either direction."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SHARED
from tests.wiki_labels import LABELS, assert_citations_held, bundled_checkout

pytestmark = pytest.mark.slow

BUNDLE = SHARED / "corpus" / "wikis80" / "CedarVerse+vandamme-proxy" / "repo.bundle"


def clone(tmp_path: Path) -> Path:
    return bundled_checkout(BUNDLE, "main", tmp_path / "vandamme-proxy")


def test_qoder_labels_are_held_with_no_configuration(tmp_path):
    repo = clone(tmp_path)
    labels = LABELS / "qoder_vandamme-proxy"
    assert assert_citations_held(repo, ".qoder", labels, "vandamme") == 205

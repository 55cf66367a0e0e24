"""doclint against a DeepWiki-format wiki written below the root with links
from the root, labelled by reading (issue 80): blixten85/bastion's
`.cubic/wiki/`, run with no configuration on a clone of its history
(tests/wiki_repos/PROVENANCE_cubic.md). Read from the page's folder, each of
its citations gave two false findings; read as meant, the citation kinds on
the labelled pages must equal the labels exactly."""

from __future__ import annotations

import pytest

from tests.conftest import SHARED
from tests.wiki_labels import LABELS, assert_citations_held, bundled_checkout

pytestmark = pytest.mark.slow

BUNDLE = SHARED / "corpus" / "wikis80" / "blixten85+bastion" / "repo.bundle"


def test_cubic_labels_are_held_with_no_configuration(tmp_path):
    repo = bundled_checkout(BUNDLE, "wiki", tmp_path / "bastion")
    assert assert_citations_held(repo, ".cubic/wiki", LABELS / "cubic_bastion", "bastion") == 12

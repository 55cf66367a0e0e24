"""doclint against maintainers' own repairs of stale citations (issue 80):
each labelled citation a fix re-anchored is found, each one a fix changed
while it was right stays silent, and the safe fix moves each found one
where the maintainers moved it. The misses are listed with their reason:
a citation that appears in or leaves either list fails the test."""

from __future__ import annotations

import shutil

import pytest

from tests.citation_repairs import Score, build, findings, fixed, score

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

# The lines these cited are the same where the citation was written and at
# the fix's parent: they were wrong when written (the claim is a name's, the
# number another line's), which no comparison of lines can tell.
LEAN_ZIP_MISSED = {
    "case05:5",  # `Zip/Archive.lean:192`: the method field since written; the claim is the header's
    "case07:1434",  # `:1147`: a comment line since written
    "case18:1640",  # `:1199`: the throw's first line, the message on the next one
}


def _names(items: list[str]) -> set[str]:
    return {item.split(" ", 1)[0] for item in items}


@pytest.fixture(scope="module")
def lean_zip(tmp_path_factory: pytest.TempPathFactory) -> Score:
    repo = tmp_path_factory.mktemp("lean-zip") / "repo"
    cases = build("lean-zip", repo)
    result = score(cases, findings(repo))
    fixed(repo, cases, result)
    return result


def test_lean_zip_stale_citations_are_found_and_the_right_ones_left(lean_zip: Score) -> None:
    assert _names(lean_zip.missed) == LEAN_ZIP_MISSED
    assert lean_zip.false == []
    assert len(lean_zip.found) == 19
    assert _names(lean_zip.right_silent) == {"case22:5", "case23:5"}


def test_lean_zip_fix_moves_each_found_citation_where_the_maintainers_did(lean_zip: Score) -> None:
    assert lean_zip.fixed_otherwise == []
    assert sorted(lean_zip.fixed_as_maintainers) == sorted(_names(lean_zip.found))

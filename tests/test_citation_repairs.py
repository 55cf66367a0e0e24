"""doclint against maintainers' own repairs of stale citations (issue 80):
each labelled citation a fix re-anchored is found, each one a fix changed
while it was right stays silent, and the safe fix moves each found one
where the maintainers moved it. The misses are listed with their reason:
a citation that appears in or leaves either list fails the test."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.citation_repairs import (
    Score,
    build,
    build_history,
    findings,
    fixed,
    fixed_page,
    score,
    score_page,
)

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
    if "/ :1273 remain" in (repo / "case08" / "PAGE.md").read_text(encoding="utf-8"):
        result.fixed_as_maintainers.append("case08:1041")  # the bare follow-on, as 0825e312
    return result


# Found beyond the labels, which were read from the fixes' links only: the
# bare follow-on `:1248` after `[Zip/Archive.lean:1244](…)`, which the same
# fix (0825e312) re-anchored to `:1273`, as its message says.
LEAN_ZIP_FOUND_UNLABELLED = ["case08/PAGE.md:1041 DL803 (unlabelled)"]


def test_lean_zip_stale_citations_are_found_and_the_right_ones_left(lean_zip: Score) -> None:
    assert _names(lean_zip.missed) == LEAN_ZIP_MISSED
    assert lean_zip.false == LEAN_ZIP_FOUND_UNLABELLED
    assert len(lean_zip.found) == 19
    assert _names(lean_zip.right_silent) == {"case22:5", "case23:5"}


def test_lean_zip_fix_moves_each_found_citation_where_the_maintainers_did(lean_zip: Score) -> None:
    assert lean_zip.fixed_otherwise == []
    assert sorted(lean_zip.fixed_as_maintainers) == sorted([*_names(lean_zip.found), "case08:1041"])


# Labelled right from issue #661 (section 10 corrected by #656), they were
# found moved: cc185d4 and 7d396fa changed ats-resume-model.ts after #656
# and before the fix's parent (`joinHeader` at 576 there, not 583), and the
# fix rewrote them with the rest. The labels stay as written; these are
# where the code at the parent contradicts them.
OFFLINECV_RIGHT_BUT_MOVED = {
    "218:50",
    "218:77",
    "219:34",
    "220:57",
    "221:40",
    "222:30",
    "223:44",
    "224:41",
    "224:68",
    "225:63",
    "225:90",
    "225:98",
    "225:106",
    "226:66",
}


def test_offlinecv_stale_citations_are_found(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    labelled = build_history("offlinecv", repo)
    result = score_page(labelled, findings(repo))
    assert len(result.found) == 18
    assert result.missed == []
    assert _names(result.false) == OFFLINECV_RIGHT_BUT_MOVED
    assert result.unlabelled == []


# Re-anchored to the line the author read when writing the citation (the
# bindings' call, now at 658 and 460), where the maintainer chose the
# `int` conversion (666) and the function's `def` line (442).
BTCLIB_FIXED_OTHERWISE = {"147:6 btclib/bip32/bip32.py:658", "149:6 btclib/script/taproot.py:460"}


def test_btclib_stale_citations_are_found_and_moved_with_their_lines(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    labelled = build_history("btclib", repo)
    result = score_page(labelled, findings(repo))
    assert len(result.found) == 3
    assert result.missed == result.false == result.unlabelled == []
    fixed_page(repo, labelled, result)
    assert result.fixed_as_maintainers == ["119:6"]
    assert set(result.fixed_otherwise) == BTCLIB_FIXED_OTHERWISE


def test_offlinecv_without_its_history_names_tell_the_stale_citations(tmp_path: Path) -> None:
    """Outside a checkout no line is compared; name-not-in-cited-lines (opt-in)
    still finds names its citation no longer shows, each at a stale one."""
    repo = tmp_path / "repo"
    labelled = build_history("offlinecv", repo)
    shutil.rmtree(repo / ".git")
    found = findings(repo, "--extend-select", "DL807")
    stale_lines = {int(c["line"]) for c in labelled["citations"] if c["stale"]}  # type: ignore[attr-defined]
    named = [(int(f["line"]), int(f["column"])) for f in found if f["code"] == "DL807"]  # type: ignore[call-overload]
    assert named == [
        (20, 7),
        (20, 39),
        (28, 348),
        (28, 397),
        (45, 68),
        (45, 89),
        (45, 162),
        (118, 9),
        (128, 148),
    ]
    assert {line for line, _ in named} <= stale_lines
    assert [f for f in found if f["code"] != "DL807"] == []


def _scored(name: str, repo: Path, history: bool) -> tuple[dict[str, object], Score, Score]:
    """`name`'s page scored with no configuration and with
    subject-not-in-cited-lines (DL811) selected too, in its replayed history
    or, without `history`, as a tarball gives the tree (no .git)."""
    labelled = build_history(name, repo)
    if not history:
        shutil.rmtree(repo / ".git")
    found = findings(repo, "--extend-select", "DL811")
    default = [f for f in found if f["code"] != "DL811"]
    return labelled, score_page(labelled, default), score_page(labelled, found)


# Labelled before doclint was first run on them (their PROVENANCE.md gives
# the first run's figures); each a maintainer's repair on a tree nobody
# tuned doclint to.


def test_aos_reminders_partial_paths_in_a_table_column(tmp_path: Path) -> None:
    """The "Where" column cites `payment/pricingPlans.tsx:132`, a path under
    `src/components/` named only before the table: both stale ones found by
    blame, the five right ones silent; without history DL811 sees one: the
    other's class, `pricing-card-title`, is shown by its parts (`card-header`
    heading the cited `supportPlan.title`)."""
    labelled, default, subject = _scored("aos-reminders", tmp_path / "repo", history=True)
    stale = {"499:16", "503:26"}
    for result in (default, subject):
        assert _names(result.found) == stale
        assert result.missed == result.false == result.unlabelled == []
        assert len(result.right_silent) == 5
    # The maintainers dropped the numbers (no truth to fix to): the safe fix
    # moves each with its line.
    findings(tmp_path / "repo", "--fix")
    lines = (tmp_path / "repo" / str(labelled["page"])).read_text(encoding="utf-8").split("\n")
    assert "`payment/pricingPlans.tsx:141`" in lines[498]
    assert "`payment/pricingPlans.tsx:117`" in lines[502]
    _, default, subject = _scored("aos-reminders", tmp_path / "tarball", history=False)
    assert default.found == [] and _names(default.missed) == stale
    assert _names(subject.found) == {"499:16"} and _names(subject.missed) == {"503:26"}
    assert subject.false == subject.unlabelled == [] and len(subject.right_silent) == 5


# Stale at the parent but left by the fix (not labelled): found as well.
LATTICE_LEFT_STALE = {
    "33:98",
    "82:13",
    "88:64",
    "93:43",
    "144:138",
    "145:138",
    "145:164",
    "146:138",
    "149:138",
    "153:138",
}
LATTICE_STALE = {
    "9:13",
    "13:14",
    "19:79",
    "20:89",
    "21:82",
    "23:21",
    "67:13",
    "73:71",
    "99:13",
    "101:156",
    "109:98",
}


def test_lattice_rust_config_reference_with_and_without_history(tmp_path: Path) -> None:
    labelled, default, subject = _scored("lattice", tmp_path / "repo", history=True)
    for result in (default, subject):
        assert _names(result.found) == LATTICE_STALE
        assert result.missed == result.false == []
        assert _names(result.right_silent) == {"41:44"}
        assert {item.split(" ")[0] for item in result.unlabelled} == LATTICE_LEFT_STALE
    fixed_page(tmp_path / "repo", labelled, default)
    assert sorted(default.fixed_as_maintainers) == ["19:79", "20:89", "21:82"]
    assert default.fixed_otherwise == [
        "73:71 generate.rs:127"
    ]  # `fn default`, the maintainers' its `impl`
    _, default, subject = _scored("lattice", tmp_path / "tarball", history=False)
    assert default.found == default.unlabelled == []
    assert _names(subject.found) == {
        "19:79",
        "20:89",
        "21:82",
        "23:21",
        "67:13",
        "101:156",
        "109:98",  # found since the first run: `RoPE` no longer shown by `fused_qk_norm_rope`
    }
    assert subject.false == []
    assert {item.split(" ")[0] for item in subject.unlabelled} == LATTICE_LEFT_STALE


def test_mostro_entries_wrong_when_written_and_drifted(tmp_path: Path) -> None:
    """Two pages citing Rust functions by their opening line: blame finds
    the one that drifted (`release.rs:160`) and one wrong when written whose
    line changed since; the two wrong when written on unchanged lines, and
    all four without history, are missed (their items name no function)."""
    _, default, subject = _scored("mostro", tmp_path / "repo", history=True)
    for result in (default, subject):
        assert _names(result.found) == {"56:100", "docs/EVENT_ROUTING.md:21:12"}
        assert _names(result.missed) == {"53:95", "55:105"}
        assert result.false == result.unlabelled == []
        assert len(result.right_silent) == 2
    _, default, subject = _scored("mostro", tmp_path / "tarball", history=False)
    for result in (default, subject):
        assert result.found == result.false == result.unlabelled == []
        assert len(result.missed) == 4 and len(result.right_silent) == 2

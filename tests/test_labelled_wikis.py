"""doclint against the DeepWiki trees labelled by reading (issue 58):
scriptcat's `.deepwiki/` (relative citations, one commit) and
philipz/restate-cloudflare-workers-poc's `docs/deepwiki/` (citations pinned
to a commit, with the whole history), each run with no configuration.

The labels were written before the rules (tests/labels/deepwiki_*/README*.md
say how). doclint's findings on the labelled pages, by kind, must equal the
labels exactly, but for the disagreements `tests/wiki_disagreements/` lists,
each with its reason: a finding or a label that appears or goes away fails
the test, in either direction. Mermaid's kind is compared only where
Mermaid's parser is installed (DOCLINT_MERMAID or the user cache: .ci/run
installs it).
"""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from doclint.diagrams.mermaid import install_folder, installed_version
from tests.conftest import PROJECT, SHARED, require_shared
from tests.wiki_labels import LABELS, Row, score

# Whole runs over two real wikis (2 s each): .ci/run's slow step, keeping the default run short.
pytestmark = pytest.mark.slow

DEEPWIKI = SHARED / "corpus" / "deepwiki"
SCRIPTCAT = DEEPWIKI / "scriptscat+scriptcat" / "repo"
RESTATE_BUNDLE = DEEPWIKI / "philipz+restate-cloudflare-workers-poc" / "repo.bundle"
DISAGREEMENTS = PROJECT / "tests" / "wiki_disagreements"


def disagreements(name: str) -> tuple[Counter[Row], Counter[Row]]:
    """The findings doclint misses and the ones it makes beyond the labels,
    as `wiki_disagreements/<name>.tsv` records them."""
    missed: Counter[Row] = Counter()
    extra: Counter[Row] = Counter()
    path = DISAGREEMENTS / f"{name}.tsv"
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        side, page, number, kind, _reason = line.split("\t")
        (missed if side == "missed" else extra)[(page, int(number), kind)] += 1
    return missed, extra


def mermaid_runs() -> bool:
    """Whether the run can check Mermaid blocks (Node and the parser installed)."""
    return shutil.which("node") is not None and installed_version(install_folder()) is not None


def held(repo: Path, folder: str, labels: Path, name: str) -> None:
    result = score(repo, folder, labels, name)
    missed, extra = result.missed, result.extra
    if not mermaid_runs():
        missed = Counter({r: n for r, n in missed.items() if r[2] != "mermaid-invalid"})
    want_missed, want_extra = disagreements(name)
    if not mermaid_runs():
        want_missed = Counter({r: n for r, n in want_missed.items() if r[2] != "mermaid-invalid"})
    assert sorted(missed.items()) == sorted(want_missed.items()), "labels doclint misses"
    assert sorted(extra.items()) == sorted(want_extra.items()), "findings beyond the labels"


@pytest.mark.parametrize("name", ["scriptcat_a", "scriptcat_b"])
def test_scriptcat_labels_are_held(name):
    require_shared()
    held(SCRIPTCAT, ".deepwiki", LABELS / "deepwiki_scriptcat", name)


def test_restate_labels_are_held(tmp_path):
    require_shared()
    if not RESTATE_BUNDLE.is_file():
        pytest.skip(f"{RESTATE_BUNDLE} is not there (see tests/wiki_repos/PROVENANCE.md)")
    repo = tmp_path / "restate"
    subprocess.run(["git", "clone", "-q", str(RESTATE_BUNDLE), str(repo)], check=True)
    labels = LABELS / "deepwiki_restate-cloudflare-workers-poc"
    held(repo, "docs/deepwiki", labels, "restate-cloudflare-workers-poc")


def test_every_disagreement_says_why():
    for path in DISAGREEMENTS.glob("*.tsv"):
        rows = path.read_text(encoding="utf-8").splitlines()
        assert rows[0] == "side\tpath\tline\tkind\treason"
        for row in rows[1:]:
            side, _page, _line, _kind, reason = row.split("\t")
            assert side in ("missed", "extra") and len(reason) > 20, row

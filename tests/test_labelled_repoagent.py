"""RepoAgent's own `markdown_docs/`, labelled by reading (tests/labels/README.md,
"RepoAgent set"), held exactly: every label found, no finding on a line the
labels do not name, with no configuration (the profile is recognised).

The labels name kinds of defect; one table maps each kind to the rule that
reports it. Two kinds have no line of a page: an undocumented object is
labelled at line 1 of its module's page (where DL704 reports it), and an
undocumented module at line 1 of the source file, where DL708 reports it
(a finding on a file that is not a page).
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from doclint import Settings, check_paths
from tests.conftest import SHARED, bench_module
from tests.labelled_set import LABELS

CORPUS = SHARED / "corpus" / "repoagent"

RULE_OF_KIND = bench_module("score_repoagent").CODE_OF_KIND

Finding = tuple[str, int, str]


def labelled() -> dict[Finding, str]:
    path = LABELS / "repoagent_findings.tsv"
    with open(path, encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        return {(r["path"], int(r["line"]), RULE_OF_KIND[r["kind"]]): r["note"] for r in rows}


def found() -> set[Finding]:
    """doclint's findings on the corpus, the labelled rules only, mapped as the labels are."""
    pages = [
        line
        for line in (LABELS / "repoagent_files.txt").read_text(encoding="utf-8").splitlines()
        if line
    ]
    settings = Settings(select=sorted(set(RULE_OF_KIND.values())), root=CORPUS)
    report = check_paths([CORPUS / page for page in pages], settings)
    assert report.files_checked == len(pages)
    findings = set()
    for diagnostic in report.diagnostics:
        path = Path(os.path.abspath(diagnostic.path)).relative_to(CORPUS).as_posix()
        assert path in pages or diagnostic.code == "DL708"
        findings.add((path, diagnostic.line, diagnostic.code))
    return findings


@pytest.fixture(scope="module")
def outcome() -> tuple[dict[Finding, str], set[Finding]]:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus/repoagent is not beside the checkout")
    return labelled(), found()


def test_every_label_is_found(outcome):
    labels, findings = outcome
    missed = {key: note for key, note in labels.items() if key not in findings}
    assert missed == {}


def test_no_finding_on_an_unlabelled_line(outcome):
    labels, findings = outcome
    assert sorted(findings - labels.keys()) == []

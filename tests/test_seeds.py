"""The five real files the project started from: every defect must be reported.

Expected findings were written by reading each seed line by line. The seeds
sit outside their tree, so each is reported once as misplaced (DL403) and its
relative links are not judged.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from doclint import Settings, check_paths
from tests.conftest import SEEDS, require_shared

ISSUE_TWO_RULES = ["DL101", "DL201", "DL301", "DL401", "DL402", "DL403"]

EXPECTED = {
    # docs of a keyword index, which embeds that index in a ```markdown block
    "000_5344d29dba543be9.txt": [
        (1, "DL403"),  # belongs at docs/docs/.../test_dtensor_compile.py_kw.md_docs.md
        (30, "DL101"),  # ### Classs
        (40, "DL201"),  # `def` listed as a class
        (241, "DL301"),  # python docs/.../test_dtensor_compile.py_kw.md
    ],
    # keyword index of a docs page: identifiers only, no class list, no commands
    "001_3986df099c7677a1.txt": [(1, "DL403")],
    "002_0743ccf477027f0d.txt": [
        (1, "DL403"),
        (30, "DL101"),
        (37, "DL201"),  # `is`
        (38, "DL201"),  # `requires`
        (222, "DL301"),
    ],
    "003_3c857cd570a698e3.txt": [(1, "DL403"), (30, "DL101"), (189, "DL301")],
    "004_52eb25f0fe833852.txt": [(1, "DL403"), (30, "DL101"), (33, "DL201"), (172, "DL301")],
}


@pytest.fixture(scope="module")
def seed_report():
    require_shared()
    return check_paths(sorted(SEEDS.glob("*.txt")), Settings(select=ISSUE_TWO_RULES))


@pytest.mark.parametrize("seed", sorted(EXPECTED))
def test_each_seed_gets_exactly_the_expected_findings(seed_report, seed):
    got = [(d.line, d.code) for d in seed_report.diagnostics if d.path.endswith(seed)]
    assert got == EXPECTED[seed]


def test_heading_suggestion_and_keyword_messages(seed_report):
    messages = {(d.path.rsplit("/", 1)[-1][:3], d.line): d.message for d in seed_report.diagnostics}
    assert messages[("000", 30)].endswith("did you mean `### Classes`?")
    assert "`def` is a Python keyword" in messages[("000", 40)]
    assert "`requires` is an English word" in messages[("002", 38)]
    assert "not a Python file" in messages[("004", 172)]


def test_cli_on_the_seeds_exits_one_with_the_acceptance_findings():
    require_shared()
    seeds = [str(path) for path in sorted(SEEDS.glob("*.txt"))]
    result = subprocess.run(
        [sys.executable, "-m", "doclint", "check", "--no-cache", *seeds],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    for seed in ("000", "002", "003", "004"):
        assert any(
            f"{seed}_" in line and ":30:1: DL101 error [unknown-heading]" in line
            for line in result.stdout.splitlines()
        )
    assert any(line.startswith("Found ") for line in result.stdout.splitlines()[-3:])

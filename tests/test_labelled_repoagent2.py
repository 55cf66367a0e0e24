"""A second RepoAgent tree, with drift (`tests/labelled_repoagent2/`, copied from
Tesla2000/Autodoc-hook), labelled by reading before doclint ran on it
(tests/labels/README.md, "A second RepoAgent tree, with drift"), held exactly.

The project keeps RepoAgent's pages in `docs/source/`, with `.project_doc_record/`
at its root. Two runs are held:

- `bare`: as a user runs doclint on the project, with no configuration;
- `profile`: with RepoAgent's own profile told that the pages are in `docs/source/`,
  which judges the pages' claims apart from recognising the folder.

Every disagreement doclint has today is one entry of `KNOWN_MISSES` (a label doclint
does not report) or `KNOWN_EXTRAS` (a finding no label names), with why. The lists
are held exactly both ways: when doclint gets one right, its test fails and names
the entry to delete. Labels are not changed to agree with doclint.

Findings are mapped as in tests/test_labelled_repoagent.py: DL708 (a module without
a page) to its source at line 1, whichever page carries it.
"""

from __future__ import annotations

import csv
import os
import re
from pathlib import Path

import pytest

from doclint import Settings, check_paths
from doclint.profiles import Profile, parse_profile
from tests.conftest import bench_module
from tests.labelled_set import LABELS

TREE = Path(__file__).resolve().parent / "labelled_repoagent2"
RULE_OF_KIND: dict[str, str] = bench_module("score_repoagent").CODE_OF_KIND  # type: ignore[attr-defined]
_FIRST_PATH = re.compile(r"^`([^`]+)`")
_SHIPPED = Path(__file__).resolve().parents[1] / "doclint" / "profiles" / "repoagent.toml"

Finding = tuple[str, int, str]

_ALL_LABELS_MISSED = "the pages are not in `markdown_docs/`: no page is read as RepoAgent's"

KNOWN_MISSES: dict[tuple[str, str, int, str], str] = {
    ("bare", "docs/source/_add_markdowns.md", 5, "DL703"): _ALL_LABELS_MISSED,
    ("bare", "docs/source/_add_markdowns.md", 6, "DL703"): _ALL_LABELS_MISSED,
    ("bare", "docs/source/main.md", 1, "DL701"): _ALL_LABELS_MISSED,
    ("bare", "docs/source/main.md", 26, "DL701"): _ALL_LABELS_MISSED,
    ("bare", "docs/source/main.md", 39, "DL701"): _ALL_LABELS_MISSED,
    ("bare", "docs/source/main.md", 54, "DL701"): _ALL_LABELS_MISSED,
    ("bare", "docs/source/src/__init__.md", 1, "DL701"): _ALL_LABELS_MISSED,
    ("bare", "docs/source/src/custom_argument_parser.md", 40, "DL702"): _ALL_LABELS_MISSED,
    ("bare", "docs/source/src/modify_file.md", 1, "DL709"): _ALL_LABELS_MISSED,
    ("bare", "src/transform/modify_file.py", 1, "DL708"): _ALL_LABELS_MISSED,
    ("bare", "tests/fib.py", 1, "DL708"): _ALL_LABELS_MISSED,
}

KNOWN_EXTRAS: dict[tuple[str, str, int, str], str] = {}

MODES = ("bare", "profile")


def labelled() -> dict[Finding, str]:
    with open(LABELS / "repoagent2_findings.tsv", encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        return {(r["path"], int(r["line"]), RULE_OF_KIND[r["kind"]]): r["note"] for r in rows}


def pages() -> list[str]:
    text = (LABELS / "repoagent2_files.txt").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line]


def docs_source_profile() -> Profile:
    """RepoAgent's shipped profile with `docs/source` as its pages' folder. Read as a
    built-in one: its caller patterns use lookarounds, which user profiles (RE2) lack."""
    text = _SHIPPED.read_text(encoding="utf-8")
    moved = text.replace('docs_folder = "markdown_docs"', 'docs_folder = "docs/source"')
    assert moved != text, "repoagent.toml no longer states docs_folder as this test expects"
    moved = moved.replace('name = "repoagent"', 'name = "repoagent-docs-source"')
    return parse_profile(moved, "repoagent-docs-source.toml", builtin=True)


def found(mode: str) -> set[Finding]:
    """doclint's findings on the tree, the labelled rules only, mapped as the labels are."""
    listed = pages()
    profiles = (docs_source_profile(),) if mode == "profile" else ()
    settings = Settings(select=sorted(set(RULE_OF_KIND.values())), root=TREE, profiles=profiles)
    report = check_paths([TREE / page for page in listed], settings)
    assert report.files_checked == len(listed)
    findings = set()
    for diagnostic in report.diagnostics:
        path = Path(os.path.abspath(diagnostic.path)).relative_to(TREE).as_posix()
        source = _FIRST_PATH.match(diagnostic.message)
        if diagnostic.code == "DL708" and path in listed:
            assert source is not None, diagnostic.message
            findings.add((source.group(1), 1, "DL708"))
        else:
            findings.add((path, diagnostic.line, diagnostic.code))
    return findings


def known(table: dict[tuple[str, str, int, str], str], mode: str) -> set[Finding]:
    return {(path, line, code) for (run, path, line, code) in table if run == mode}


@pytest.fixture(scope="module", params=MODES)
def outcome(request: pytest.FixtureRequest) -> tuple[str, dict[Finding, str], set[Finding]]:
    return request.param, labelled(), found(request.param)


def test_every_label_is_found_but_the_known_misses(
    outcome: tuple[str, dict[Finding, str], set[Finding]],
) -> None:
    mode, labels, findings = outcome
    missed = set(labels) - findings
    assert sorted(missed - known(KNOWN_MISSES, mode)) == [], "labels doclint misses"
    assert sorted(known(KNOWN_MISSES, mode) - missed) == [], (
        f"found now: delete these ({mode!r}, ...) entries of KNOWN_MISSES"
    )


def test_no_unlabelled_finding_but_the_known_extras(
    outcome: tuple[str, dict[Finding, str], set[Finding]],
) -> None:
    mode, labels, findings = outcome
    extra = findings - set(labels)
    assert sorted(extra - known(KNOWN_EXTRAS, mode)) == [], "findings no label names"
    assert sorted(known(KNOWN_EXTRAS, mode) - extra) == [], (
        f"gone now: delete these ({mode!r}, ...) entries of KNOWN_EXTRAS"
    )


def test_the_known_lists_name_labelled_rules_and_misses_name_labels() -> None:
    """An entry of a known list that cannot match (a typo, a label since rewritten)
    would hold the test to nothing."""
    labels = labelled()
    for mode, path, line, code in KNOWN_MISSES:
        assert mode in MODES and (path, line, code) in labels
    for mode, path, line, code in KNOWN_EXTRAS:
        assert mode in MODES and (path, line, code) not in labels
        assert code in RULE_OF_KIND.values()


def test_the_labels_are_of_the_listed_pages_and_the_trees_sources() -> None:
    listed = set(pages())
    assert all((TREE / page).is_file() for page in listed)
    for path, _line, code in labelled():
        if code == "DL708":
            assert path.endswith(".py") and (TREE / path).is_file()
        else:
            assert path in listed

"""The subject labels of issue 92 (tests/labels/subjects_*/) are well formed
and name what is there: every row parses, its verdict is one of four, and its
page holds the citation on the labelled line and its file is in its tree at
the commit the row was judged at. The labels were written before any rule
reads subjects; this checks the labels, not a rule."""

from __future__ import annotations

import csv
import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.conftest import SHARED

LABELS = Path(__file__).parent / "labels"
COLUMNS = [
    "page",
    "line",
    "citation",
    "path",
    "lines",
    "subject",
    "verdict",
    "place",
    "within_window",
    "note",
]
VERDICTS = {"shows", "elsewhere", "never", "unjudged"}
# The trees judged from a bundle in ../shared: each labels' folder, its bundle and the
# branch its pages are read at.
BUNDLED = {
    "subjects_cubic_bastion": ("wikis80/blixten85+bastion/repo.bundle", "wiki"),
    "subjects_deepwiki_restate": (
        "deepwiki/philipz+restate-cloudflare-workers-poc/repo.bundle",
        "main",
    ),
    "subjects_handwritten_cfdb": ("handwritten/yannickgranger+cfdb/repo.bundle", "develop"),
    "subjects_qoder_pyoffice": ("wikis80/CoderWanFeng+python-office/repo.bundle", "develop"),
    "subjects_qoder_vandamme": ("wikis80/CedarVerse+vandamme-proxy/repo.bundle", "main"),
}
# The trees copied into the repository (`tree/` beside the labels), with no history: the
# planning pages of a tarball, two cubic wikis (one whose citations were all written at the
# commit copied, one whose pages are copied as published beside the newest cited files that
# could be had), and a DeepWiki wiki whose pinned commit's files are the files copied.
COPIED = (
    "subjects_cubic_arena",
    "subjects_cubic_productdescriber",
    "subjects_deepwiki_modularmonolith",
    "subjects_tarball_readabilityrs",
)
# The trees of repositories with no licence, of which nothing is copied: the paths of
# `tree_files.txt` beside the labels, shown at the commit judged from a local git directory
# of the public repository ($DOCLINT_SUBJECT_REPOS/<owner>+<name>/repo, a `git clone
# --mirror`); where that is not there their tests are skipped.
FETCHED = {
    "subjects_cubic_nous": ("immagiov4+Nous", "e3d4e55"),
    "subjects_deepwiki_kanstack": ("KanStack+KanStack", "5058259"),
    "subjects_deepwiki_dnschecker": ("manuxio+batch-dns-checker", "26dc342"),
    "subjects_qoder_octalfoundry": ("DanEinstein+octal-Foundry", "9b276e4"),
}
# The trees with history cloned from such a local git directory, where no bundle of the
# repository is in ../shared: the repository and the branch its pages are read at. Nothing of
# them is copied here; where that directory is not there their tests are skipped.
CLONED = {
    "subjects_qoder_landingzone": (
        "AlibabaCloudLandingZone+alibabacloud-landingzone-accelerator-github-demo",
        "main",
    ),
    "subjects_handwritten_tmi": ("ericfitz+tmi", "main"),
}


def fetched_git_dir(folder: str) -> Path | None:
    """The local git directory a fetched tree is shown from, if there is one."""
    root = os.environ.get("DOCLINT_SUBJECT_REPOS")
    if not root:
        return None
    git_dir = Path(root) / {**FETCHED, **CLONED}[folder][0] / "repo"
    return git_dir if git_dir.is_dir() else None


def show(git_dir: Path, spec: str) -> bytes:
    """A file at a commit (`commit:path`), byte for byte."""
    done = subprocess.run(["git", "--git-dir", str(git_dir), "show", spec], capture_output=True)
    assert done.returncode == 0, spec
    return done.stdout


def show_lines(git_dir: Path, spec: str) -> list[str]:
    return show(git_dir, spec).decode("utf-8").splitlines()


def rows(folder: str) -> list[dict[str, str]]:
    with (LABELS / folder / "subjects.tsv").open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        assert next(reader) == COLUMNS
        return [dict(zip(COLUMNS, row, strict=True)) for row in reader]


def judged_at(row: dict[str, str]) -> str:
    found = re.search(r"judged at ([0-9a-f]{7,40})$", row["note"])
    assert found, f"{row['page']}:{row['line']}: the note does not end with the commit judged"
    return found.group(1)


def test_every_tree_has_labels_and_every_row_is_well_formed():
    folders = sorted(p.name for p in LABELS.glob("subjects_*") if (p / "subjects.tsv").is_file())
    assert folders == sorted([*BUNDLED, *CLONED, *COPIED, *FETCHED])
    for folder in folders:
        labelled = rows(folder)
        assert labelled, folder
        for row in labelled:
            where = f"{folder}: {row['page']}:{row['line']} {row['citation']}"
            assert row["verdict"] in VERDICTS, where
            assert row["within_window"] in {"yes", "no", ""}, where
            assert re.fullmatch(r"\d+(-\d+)?(,\d+(-\d+)?)*", row["lines"]), where
            assert int(row["line"]) > 0, where
            if row["verdict"] == "shows":
                assert row["within_window"] == "yes", where
            if row["verdict"] == "elsewhere":
                assert row["place"], where
            if row["verdict"] != "unjudged":
                assert row["subject"], where
            judged_at(row)


@pytest.mark.parametrize("folder", COPIED)
def test_copied_pages_hold_their_citations_and_cite_files_in_the_tree(folder):
    tree = LABELS / folder / "tree"
    for row in rows(folder):
        page = (tree / row["page"]).read_text(encoding="utf-8").splitlines()
        assert row["citation"] in page[int(row["line"]) - 1], f"{row['page']}:{row['line']}"
        if row["verdict"] != "unjudged":
            cited = (tree / row["path"]).read_text(encoding="utf-8").splitlines()
            first = int(re.match(r"\d+", row["lines"]).group())
            assert first <= len(cited), f"{row['page']}:{row['line']}"


@pytest.mark.slow
@pytest.mark.parametrize("folder", sorted(BUNDLED))
def test_bundled_pages_hold_their_citations_and_cite_files_at_the_commit_judged(folder, tmp_path):
    bundle = SHARED / "corpus" / BUNDLED[folder][0]
    if not bundle.is_file():
        pytest.skip(f"{bundle} is not there")
    repo = tmp_path / "repo"
    subprocess.run(["git", "clone", "-q", "--bare", str(bundle), str(repo)], check=True)
    _pages_hold_their_citations_and_cite_files_at_the_commit_judged(
        folder, repo, BUNDLED[folder][1]
    )


@pytest.mark.parametrize("folder", sorted(CLONED))
def test_cloned_pages_hold_their_citations_and_cite_files_at_the_commit_judged(folder):
    git_dir = fetched_git_dir(folder)
    if git_dir is None:
        pytest.skip(f"no clone of {CLONED[folder][0]} under $DOCLINT_SUBJECT_REPOS")
    _pages_hold_their_citations_and_cite_files_at_the_commit_judged(
        folder, git_dir, CLONED[folder][1]
    )


def _pages_hold_their_citations_and_cite_files_at_the_commit_judged(
    folder: str, git_dir: Path, branch: str
) -> None:
    pages: dict[str, list[str]] = {}
    for row in rows(folder):
        lines = pages.setdefault(row["page"], show_lines(git_dir, f"{branch}:{row['page']}"))
        assert row["citation"] in lines[int(row["line"]) - 1], f"{row['page']}:{row['line']}"
        if row["verdict"] != "unjudged":
            show(git_dir, f"{judged_at(row)}:{row['path']}")


@pytest.mark.parametrize("folder", sorted(FETCHED))
def test_fetched_pages_hold_their_citations_and_their_tree_lists_every_file(folder):
    git_dir = fetched_git_dir(folder)
    if git_dir is None:
        pytest.skip(f"no clone of {FETCHED[folder][0]} under $DOCLINT_SUBJECT_REPOS")
    # One path a line: a wiki's page names hold spaces.
    listed = (LABELS / folder / "tree_files.txt").read_text(encoding="utf-8").splitlines()
    for row in rows(folder):
        assert judged_at(row) == FETCHED[folder][1], row["note"]
        page = show_lines(git_dir, f"{FETCHED[folder][1]}:{row['page']}")
        assert row["citation"] in page[int(row["line"]) - 1], f"{row['page']}:{row['line']}"
        assert row["page"] in listed, row["page"]
        if row["verdict"] != "unjudged":
            assert row["path"] in listed, row["path"]

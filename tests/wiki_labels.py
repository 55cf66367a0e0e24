"""The labelled DeepWiki trees (tests/labels/deepwiki_*/), scored against a
doclint run: each label's kind is one claim of issue 58, proven by one rule.

A label is (page, line, kind); doclint's findings on the labelled pages are
mapped to kinds by their rule, and each finding and each label matches at
most once (two citations of one range on one line are two labels). A habit
said once a page (range-outside-file's ranges running to one line past their
file's end) is one finding for several citations, each labelled as the fault it is:
it counts once at each page line its message names."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

LABELS = Path(__file__).parent / "labels"

KINDS = {
    "DL401": "page-link-broken",
    "DL801": "cited-file-missing",
    "DL802": "range-outside-file",
    "DL803": "cited-lines-changed",
    "DL804": "malformed-citation",
    "DL805": "source-list-missing",
    "DL806": "name-not-in-code",
    "DL807": "name-not-in-cited-lines",
    "DL808": "site-link-to-local-page",
    "DL809": "mermaid-invalid",
    "DL810": "generator-markup",
}
"""The rule that proves each kind of label."""

Row = tuple[str, int, str]


@dataclass(frozen=True)
class Score:
    labels: Counter[Row]
    found: Counter[Row]

    @property
    def missed(self) -> Counter[Row]:
        return self.labels - self.found

    @property
    def extra(self) -> Counter[Row]:
        return self.found - self.labels

    def by_kind(self) -> dict[str, tuple[int, int, int]]:
        """Per kind: (labels, findings, both)."""
        kinds = {row[2] for row in (*self.labels, *self.found)}
        both = self.labels & self.found
        return {
            kind: (
                sum(n for r, n in self.labels.items() if r[2] == kind),
                sum(n for r, n in self.found.items() if r[2] == kind),
                sum(n for r, n in both.items() if r[2] == kind),
            )
            for kind in sorted(kinds)
        }


def read_labels(folder: Path, name: str) -> tuple[list[str], Counter[Row]]:
    """The labelled pages and labels of set `name` in `folder`."""
    pages = [
        line.split("\t")[0]
        for line in (folder / f"{name}_files.txt").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    rows: Counter[Row] = Counter()
    for line in (folder / f"{name}_findings.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        if line.strip():
            path, number, kind, *_ = line.split("\t")
            rows[(path, int(number), kind)] += 1
    return pages, rows


def doclint_rows(repo: Path, folder: str, pages: list[str]) -> Counter[Row]:
    """doclint's findings on `pages` (paths from `repo`), run on `folder` of
    `repo` with no configuration, mapped to kinds."""
    command = [sys.executable, "-m", "doclint", "check", folder, "--no-cache"]
    # The labels judge every claim: the opt-in name-not-in-cited-lines too.
    command += ["--output-format", "json", "--isolated", "--extend-select", "DL807"]
    done = subprocess.run(command, cwd=repo, capture_output=True, text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    wanted = set(pages)
    rows: Counter[Row] = Counter()
    for finding in json.loads(done.stdout):
        kind = KINDS.get(finding["code"])
        path = finding["path"]
        if kind is not None and path in wanted:
            for line in lines_said(finding):
                rows[(path, line, kind)] += 1
    return rows


SAID_ONCE = {"range-outside-file/one-past-end"}
"""The causes whose one finding a page stands for several citations, each
a labelled fault: it names their page lines last (`...; on lines 12, 30`)."""


def lines_said(finding: dict[str, Any]) -> list[int]:
    """The page lines a finding stands for: its own, or, for a habit said
    once a page, each citation's it names."""
    cause = finding.get("cause") or {}
    if cause.get("id") not in SAID_ONCE:
        return [finding["line"]]
    named = finding["message"].rpartition("; on lines ")[2]
    return [int(number) for number in named.split(", ")]


def score(repo: Path, folder: str, label_folder: Path, name: str) -> Score:
    pages, labels = read_labels(label_folder, name)
    return Score(labels, doclint_rows(repo, folder, pages))


def main() -> None:
    """`python -m tests.wiki_labels REPO FOLDER LABEL_FOLDER SET`: the score
    and every disagreement."""
    repo, folder, label_folder, name = sys.argv[1:5]
    result = score(Path(repo), folder, Path(label_folder), name)
    for kind, (labels, found, both) in result.by_kind().items():
        print(f"{kind:28} labels {labels:4} found {found:4} both {both:4}")
    for row, n in sorted(result.missed.items()):
        print("MISSED", *row, n)
    for row, n in sorted(result.extra.items()):
        print("EXTRA", *row, n)


if __name__ == "__main__":
    main()


CITATION_KINDS = frozenset(
    {
        "cited-file-missing",
        "range-outside-file",
        "cited-lines-changed",
        "malformed-citation",
        "source-list-missing",
    }
)
"""The kinds labelled on the wikis read from a bundle: their names, diagrams
and heading links were not."""


def bundled_checkout(bundle: Path, branch: str, into: Path) -> Path:
    """A clone of the wiki's repository from its bundle in ../shared; the
    test skips where it is not there."""
    from tests.conftest import require_shared

    require_shared()
    if not bundle.is_file():
        pytest.skip(f"{bundle} is not there (see tests/wiki_repos/)")
    subprocess.run(["git", "clone", "-q", "-b", branch, str(bundle), str(into)], check=True)
    return into


def assert_citations_held(repo: Path, folder: str, labels_folder: Path, name: str) -> int:
    """The citation kinds doclint finds on the labelled pages equal the
    labels, in either direction; how many labels there are."""
    pages, labels = read_labels(labels_folder, name)
    found = Counter(
        {row: n for row, n in doclint_rows(repo, folder, pages).items() if row[2] in CITATION_KINDS}
    )
    assert sorted((labels - found).items()) == [], "labels doclint misses"
    assert sorted((found - labels).items()) == [], "findings beyond the labels"
    return sum(labels.values())

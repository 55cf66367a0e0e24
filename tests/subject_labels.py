"""subject-not-in-cited-lines (DL811) scored on the subject labels of issue
92 (tests/labels/subjects_*/): each labelled citation is found (a finding at
its place) or not, with and without history.

A label is a citation of a page line (its text as written); a finding is
matched to the label whose citation it stands on (the first occurrence of
the citation's text on the line at or after the finding's column). Right
citations (`shows`) measure precision; wrong ones (`elsewhere`, `never`)
recall; `unjudged` rows are neither.

`python -m tests.subject_labels` prints each set's figures (`-v`: and every
disagreement; `--defaults`: with every rule on by default beside DL811;
other words: only the sets whose names hold one of them)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import SHARED
from tests.test_subject_labels import (
    BUNDLED,
    CLONED,
    COPIED,
    FETCHED,
    LABELS,
    fetched_git_dir,
    judged_at,
    rows,
    show,
    show_lines,
)

FOLDERS = {
    "subjects_cubic_bastion": ".cubic/wiki",
    "subjects_deepwiki_restate": "docs/deepwiki",
    "subjects_handwritten_cfdb": "docs",
    "subjects_tarball_readabilityrs": "plans",
    "subjects_cubic_productdescriber": ".cubic/wiki",
    "subjects_deepwiki_modularmonolith": "docs/deepwiki",
    "subjects_qoder_pyoffice": ".qoder/repowiki",
    "subjects_qoder_vandamme": ".qoder/repowiki",
    "subjects_cubic_nous": ".cubic/wiki",
    "subjects_cubic_arena": ".cubic/wiki",
    "subjects_deepwiki_kanstack": "docs/wiki",
    "subjects_qoder_landingzone": ".qoder/repowiki",
    "subjects_deepwiki_dnschecker": "docs/deepwiki",
    "subjects_handwritten_tmi": "docs",
    "subjects_qoder_octalfoundry": ".qoder/repowiki",
}
"""The folder of each tree doclint is run on."""


@dataclass(frozen=True)
class Scored:
    right: int
    right_flagged: int
    wrong: int
    wrong_found: int
    findings: int
    """Findings on the labelled citations (each matched to one)."""
    disagreements: tuple[str, ...]
    right_flagged_changed: int = 0
    """Right citations flagged whose cited lines, in the tree checked, are not
    the lines they were judged at: a tree without history checked at a later
    commit than its pages were written (right when written, stale now)."""

    @property
    def precision_on_right(self) -> float:
        return 1 - self.right_flagged / self.right if self.right else 1.0

    @property
    def recall(self) -> float:
        return self.wrong_found / self.wrong if self.wrong else 1.0

    @property
    def precision(self) -> float:
        return self.wrong_found / self.findings if self.findings else 1.0


PINNED = {
    "subjects_deepwiki_modularmonolith": (
        "30c9bf30",
        "https://github.com/philipz/spring-modular-monolith.git",
    ),
    "subjects_deepwiki_dnschecker": (
        "ba4e9a28",
        "https://github.com/manuxio/batch-dns-checker.git",
    ),
}
"""The copied or fetched trees whose pages pin every citation to a commit
whose cited files are the ones in the tree: the pin and the repository's
URL. A citation pinned to a commit the history lacks is not judged, nor one
of a repository no remote names, so with history the tree's files are
committed (the pin's stand-in: the same files), the pages' pins point at
that commit, and a remote names the repository, as a clone of it has."""


def tree(folder: str, into: Path, history: bool) -> Path:
    """The labelled tree checked out in `into`; without its `.git` where
    `history` is False (a tarball of the checkout)."""
    repo = into / folder
    if folder in COPIED:
        shutil.copytree(LABELS / folder / "tree", repo)
        if history and folder in PINNED:
            _pinned_history(repo, folder)
        return repo
    if folder in FETCHED:
        git_dir = fetched_git_dir(folder)
        assert git_dir is not None, f"no clone of {FETCHED[folder][0]}"
        # One path a line: a wiki's page names hold spaces.
        for path in (LABELS / folder / "tree_files.txt").read_text(encoding="utf-8").splitlines():
            (repo / path).parent.mkdir(parents=True, exist_ok=True)
            (repo / path).write_bytes(show(git_dir, f"{FETCHED[folder][1]}:{path}"))
        if history and folder in PINNED:
            _pinned_history(repo, folder)
        return repo
    if folder in CLONED:
        git_dir = fetched_git_dir(folder)
        assert git_dir is not None, f"no clone of {CLONED[folder][0]}"
        source, branch = git_dir, CLONED[folder][1]
    else:
        source, branch = SHARED / "corpus" / BUNDLED[folder][0], BUNDLED[folder][1]
    subprocess.run(["git", "clone", "-q", "-b", branch, str(source), str(repo)], check=True)
    if not history:
        # Kept beside the tree, out of doclint's sight: the scorer reads the
        # cited lines as they were judged from it.
        (repo / ".git").rename(_kept_history(repo))
    return repo


def _kept_history(repo: Path) -> Path:
    return repo.with_name(repo.name + ".git")


def _pinned_history(repo: Path, folder: str) -> None:
    """`repo` committed as the stand-in of its pages' pin, its pages then
    pinned to that commit (a pin of the same length: no column moves)."""
    from tests.citation_repairs import _git

    pin, url = PINNED[folder]
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", f"the files at {pin}", date="1762871365")
    stand_in = _stand_in(repo, pin)
    for page in (repo / FOLDERS[folder]).rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        page.write_text(text.replace(f"/blob/{pin}/", f"/blob/{stand_in}/"), encoding="utf-8")
    _git(repo, "commit", "-q", "-am", "the pages pinned to it", date="1763802000")
    _git(repo, "remote", "add", "origin", url)


def _stand_in(repo: Path, pin: str) -> str:
    """The commit standing in for `pin` in `repo`, abbreviated as the pin is
    ("" where the tree has no history, so the pin stands)."""
    if not (repo / ".git").is_dir():
        return ""
    done = subprocess.run(
        ["git", "rev-list", "--max-parents=0", "HEAD"],
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()[: len(pin)]


def findings(repo: Path, folder: str, defaults: bool = False) -> list[dict[str, object]]:
    """doclint's findings on `folder` of `repo`: DL811's alone, or with
    `defaults` every rule on by default beside it, as a user selecting it
    runs doclint (drift and ranges past a file's end stand on citations
    too)."""
    command = [sys.executable, "-m", "doclint", "check", folder, "--no-cache", "--isolated"]
    rules = ["--extend-select", "DL811"] if defaults else ["--select", "DL811,DL001"]
    command += ["--output-format", "json", *rules]
    done = subprocess.run(command, cwd=repo, capture_output=True, text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    found: list[dict[str, object]] = json.loads(done.stdout)
    assert not [f for f in found if f["code"] == "DL001"], "the rule crashed"
    return found


def score(folder: str, repo: Path, defaults: bool = False) -> Scored:
    every = rows(folder)
    labelled = [row for row in every if row["verdict"] != "unjudged"]
    if folder in PINNED and (stand_in := _stand_in(repo, PINNED[folder][0])):
        pin = PINNED[folder][0]
        for row in every:
            row["citation"] = row["citation"].replace(f"/blob/{pin}/", f"/blob/{stand_in}/")
    # A finding standing on an unjudged citation (a file the commit lacks) is
    # that citation's, counted for none: not the next labelled one's on its line.
    by_line: dict[tuple[str, int], list[dict[str, str]]] = {}
    for row in every:
        by_line.setdefault((row["page"], int(row["line"])), []).append(row)
    flagged: dict[int, str] = {}
    for finding in findings(repo, FOLDERS[folder], defaults):
        key = (str(finding["path"]), int(str(finding["line"])))
        candidates = by_line.get(key, [])
        page_line = (repo / key[0]).read_text(encoding="utf-8").splitlines()[key[1] - 1]
        column = int(str(finding["column"])) - 1
        row = _at(candidates, page_line, column)
        if row is not None:
            flagged[id(row)] = str(finding["message"])
    disagreements = []
    right = [row for row in labelled if row["verdict"] == "shows"]
    wrong = [row for row in labelled if row["verdict"] != "shows"]
    for row in labelled:
        said = id(row) in flagged
        if said or row["verdict"] != "shows":
            what = (
                ("FLAGGED" if said else "")
                if row["verdict"] == "shows"
                else ("FOUND" if said else "MISSED")
            )
            disagreements.append(
                f"{what} {row['page']}:{row['line']} {row['citation']} [{row['subject']}] "
                f"{flagged.get(id(row), '')}"
            )
    return Scored(
        right=len(right),
        right_flagged=sum(id(row) in flagged for row in right),
        wrong=len(wrong),
        wrong_found=sum(id(row) in flagged for row in wrong),
        findings=sum(id(row) in flagged for row in labelled),
        disagreements=tuple(disagreements),
        right_flagged_changed=sum(
            _changed_since_judged(repo, row) for row in right if id(row) in flagged
        ),
    )


def _changed_since_judged(repo: Path, row: dict[str, str]) -> bool:
    """Whether the lines a labelled citation cites differ, in the tree checked,
    from the lines at the commit its label was judged at (a bundled tree's
    history, kept beside it where the check runs without it)."""
    git_dir = _kept_history(repo)
    if not git_dir.is_dir():
        return False
    if not (repo / row["path"]).is_file():
        return True
    now = (repo / row["path"]).read_text(encoding="utf-8").splitlines()
    then = show_lines(git_dir, f"{judged_at(row)}:{row['path']}")
    for piece in row["lines"].split(","):
        first, _, last = piece.partition("-")
        cited = slice(int(first) - 1, int(last or first))
        if now[cited] != then[cited]:
            return True
    return False


def _at(candidates: list[dict[str, str]], line: str, column: int) -> dict[str, str] | None:
    """The labelled citation a finding at `column` of `line` stands on: the
    one whose text begins nearest at or after it."""
    best: tuple[int, dict[str, str]] | None = None
    for row in candidates:
        start = line.find(row["citation"], max(column - 2, 0))
        if start >= 0 and (best is None or start < best[0]):
            best = (start, row)
    return best[1] if best is not None else None


def main() -> None:
    import tempfile

    defaults = "--defaults" in sys.argv
    wanted = [a for a in sys.argv[1:] if not a.startswith("-")]
    for folder in FOLDERS:
        if wanted and not any(w in folder for w in wanted):
            continue
        if folder in {**FETCHED, **CLONED} and fetched_git_dir(folder) is None:
            name = {**FETCHED, **CLONED}[folder][0]
            print(f"{folder}: skipped, no clone of {name} under $DOCLINT_SUBJECT_REPOS")
            continue
        for history in (True, False):
            with tempfile.TemporaryDirectory() as scratch:
                result = score(folder, tree(folder, Path(scratch), history), defaults)
            print(
                f"{folder} history={history}: right {result.right} flagged "
                f"{result.right_flagged} ({result.right_flagged_changed} on lines changed "
                f"since judged); wrong {result.wrong} found {result.wrong_found}; "
                f"precision on right {result.precision_on_right:.3f} recall "
                f"{result.recall:.3f} precision {result.precision:.3f}"
            )
            if "-v" in sys.argv:
                for line in result.disagreements:
                    print("  ", line)


if __name__ == "__main__":
    main()

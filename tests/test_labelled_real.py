"""doclint against a hand-labelled sample of the real slice.

`tests/labels/real_findings.tsv` holds every finding a careful reader expects on the
files of `tests/labels/real_files.txt` (see `tests/labels/README.md`). doclint runs
once over the whole slice; restricted to the labelled files, its (path, line, code)
set must equal the labels exactly.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

from doclint import Report, Settings, check_paths
from doclint.registry import load_registry
from tests.conftest import REAL, require_shared

LABELS = Path(__file__).resolve().parent / "labels"

# The rules the labels cover; opt-in rules (DL103, DL603) are not labelled.
LABELLED_CODES = (
    *("DL101", "DL102"),  # template headings, fences
    *("DL201", "DL202", "DL203"),  # keyword lists
    *("DL301", "DL302", "DL303", "DL304", "DL305"),  # claims about the documented file
    *("DL401", "DL402", "DL403"),  # links, placement
    *("DL501", "DL502"),  # encoding
    *("DL601", "DL602"),  # coverage of the tree
)

Finding = tuple[str, int, str]


def labelled_files() -> dict[str, frozenset[str]]:
    """Each labelled file and the codes judged on it (a partially listed folder's
    pages are judged only on rules the listing cannot mislead)."""
    files: dict[str, frozenset[str]] = {}
    for row in (LABELS / "real_files.txt").read_text(encoding="utf-8").splitlines():
        if not row.strip():
            continue
        path, _, codes = row.partition("\t")
        files[path] = frozenset(codes.split(",")) if codes else frozenset(LABELLED_CODES)
    return files


def labelled_findings() -> dict[Finding, str]:
    """(path, line, code) -> the note that says what the finding is."""
    with open(LABELS / "real_findings.tsv", encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        return {(row["path"], int(row["line"]), row["code"]): row["note"] for row in rows}


def run_doclint() -> tuple[Report, list[str]]:
    """One run over the slice with every labelled rule registered so far, and the
    labelled codes that have no rule yet (their labels can only be missed)."""
    available = load_registry().rules
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    select = [code for code in LABELLED_CODES if code in available]
    report = check_paths([REAL / "docs"], Settings(select=select, root=REAL, known_paths=listing))
    return report, [code for code in LABELLED_CODES if code not in available]


def slice_path(display: str) -> str:
    """A reported path, relative to the slice root."""
    return Path(os.path.relpath(Path(display).absolute(), REAL)).as_posix()


def describe(findings: list[Finding], notes: dict[Finding, str]) -> str:
    return "\n".join(
        f"  {path}:{line} {code} {notes[path, line, code]}" for path, line, code in findings
    )


def test_labels_name_labelled_files_only():
    require_shared()
    files = labelled_files()
    stray = [
        key for key in labelled_findings() if key[0] not in files or key[2] not in files[key[0]]
    ]
    assert not stray, f"labels outside the labelled files or their judged codes: {stray}"
    missing = [path for path in files if not (REAL / path).is_file()]
    assert not missing, f"labelled files not in the slice: {missing}"


def test_doclint_matches_the_labels():
    require_shared()
    files = labelled_files()
    expected = labelled_findings()
    notes = dict(expected)
    actual: set[Finding] = set()
    report, unregistered = run_doclint()
    for diagnostic in report.diagnostics:
        path = slice_path(diagnostic.path)
        if diagnostic.code in files.get(path, ()):
            key = (path, diagnostic.line, diagnostic.code)
            actual.add(key)
            notes.setdefault(key, diagnostic.message)
    missing = sorted(set(expected) - actual)
    unexpected = sorted(actual - set(expected))
    assert not missing and not unexpected, (
        f"rules not registered yet: {', '.join(unregistered) or 'none'}\n"
        f"{len(missing)} labelled finding(s) doclint misses:\n{describe(missing, notes)}\n"
        f"{len(unexpected)} finding(s) doclint makes that are not labelled:\n"
        f"{describe(unexpected, notes)}"
    )

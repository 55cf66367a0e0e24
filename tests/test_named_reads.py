"""Findings, fixes and edits are read by name: a field added to one of the
named tuples must not shift what a positional read gets, silently.

The check reads the source of doclint/ and rules/ for the positional reads
such code uses: `itemgetter` with integers, and an integer index or slice
of a variable named as a finding, its fix or an edit. A few reads of that
shape are of other tuples; each is listed with what it reads, by its text,
so that any change to it is looked at again."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import PROJECT

POSITIONAL = re.compile(
    r"itemgetter\(\s*-?\d"
    r"|\b(?:row|finding|diagnostic|fix|edit)\[\s*-?\d*\s*:?\s*-?\d"
)
NOT_FINDINGS = {
    # (kind, path) of a tree fact, a plain (kind, path, answer) tuple.
    ("doclint/tree/index.py", "question_of: Callable[[Fact], tuple[str, str]] = itemgetter(0, 1)"),
    # The cells of a row of the rule table, strings.
    ("doclint/cli/rule_listing.py", "+ row[5]"),
}


def positional_reads(root: Path) -> list[tuple[str, int, str]]:
    """Each line of the Python files under `root`'s doclint/ and rules/ that
    reads a tuple by position as a finding would be read: (path, line, text)."""
    found = []
    for folder in ("doclint", "rules"):
        for file in sorted((root / folder).rglob("*.py")):
            path = file.relative_to(root).as_posix()
            for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
                if POSITIONAL.search(line) and (path, line.strip()) not in NOT_FINDINGS:
                    found.append((path, number, line.strip()))
    return found


def test_no_finding_is_read_by_position() -> None:
    assert positional_reads(PROJECT) == []


def test_the_check_sees_each_kind_of_positional_read(tmp_path: Path) -> None:
    module = tmp_path / "doclint" / "reads.py"
    module.parent.mkdir()
    (tmp_path / "rules").mkdir()
    module.write_text(
        "place = itemgetter(0, 1)\n"
        "message = row[2]\n"
        "head = finding[:8]\n"
        "applicability = fix[1]\n"
        "end = edit[-1]\n"
        "line = row.line\n"
        "first = rows[0].path\n"
        'by_name = attrgetter("line", "column")\n',
        encoding="utf-8",
    )
    assert [number for _, number, _ in positional_reads(tmp_path)] == [1, 2, 3, 4, 5]


def test_the_exceptions_are_still_there() -> None:
    """An exception whose line is gone is to be struck from the list."""
    for path, text in NOT_FINDINGS:
        lines = {line.strip() for line in (PROJECT / path).read_text().splitlines()}
        assert text in lines, path

"""Baselines: recorded findings stay unreported while edits only move them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from doclint.models.findings import Finding
from doclint.output.baseline import HEADER, SourceLines, read_baseline, write_baseline
from doclint.output.text import lines_of
from tests.checking import run_cli
from tests.conftest import REAL, require_shared
from tests.pages import keyword_index, write

KW = "docs/pkg/mod.py_kw.md"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    write(tmp_path, {KW: keyword_index("pkg/mod.py", ["def", "Thing"]), "pkg/mod.py": "x = 1\n"})
    return tmp_path


def reported(outcome) -> list[tuple[int, str]]:
    return [(d["line"], d["code"]) for d in json.loads(outcome.out)]


def edit(path: Path, change) -> None:
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")


def test_write_then_check_reports_nothing(cli, tree):
    written = cli("--write-baseline", "baseline.txt", "docs")
    assert written.code == 0 and written.out == ""
    assert "recorded 6 findings in baseline.txt" in written.err
    text = (tree / "baseline.txt").read_text()
    entries = [line for line in text.splitlines() if not line.startswith("#")]
    assert text.startswith(HEADER + "\n") and len(entries) == 6
    assert entries == sorted(entries) and all(e.startswith(KW + "\t") for e in entries)
    again = cli("--baseline", "baseline.txt", "--output-format", "concise", "docs")
    assert again.code == 0
    assert again.out == "All checks passed (1 file checked) (6 more in the baseline).\n"


def test_the_file_is_stable(cli, tree):
    cli("--write-baseline", "a.txt", "docs")
    edit(tree / KW, lambda text: "\n\n" + text)
    cli("--write-baseline", "b.txt", "docs")
    assert (tree / "a.txt").read_bytes() == (tree / "b.txt").read_bytes()


def test_moved_lines_stay_known_new_and_edited_lines_are_reported(cli, tree):
    cli("--write-baseline", "baseline.txt", "docs")
    edit(tree / KW, lambda text: "\n" + text.replace("### Classs", "\n\n### Classs"))
    assert cli("--baseline", "baseline.txt", "--output-format", "json", "docs").code == 0
    # a new finding, and an old one whose line was edited, are both reported
    edit(tree / KW, lambda text: text.replace("**`def`**", "**`if`**") + "\n## Stray\n")
    outcome = cli("--baseline", "baseline.txt", "--output-format", "json", "docs")
    assert outcome.code == 1
    lines = (tree / KW).read_text().split("\n")
    edited = lines.index("- **`if`**: [mod.py_docs.md](./mod.py_docs.md)") + 1
    # every finding on the edited line is new: its broken link too
    assert reported(outcome) == [
        (edited, "DL201"),
        (edited, "DL401"),
        (lines.index("## Stray") + 1, "DL101"),
    ]


def test_occurrences_of_the_same_line_text(cli, tree):
    edit(tree / KW, lambda text: text.replace("### Classs", "### Classs\n\n### Classs"))
    cli("--write-baseline", "baseline.txt", "docs")
    edit(tree / KW, lambda text: text.replace("### Classs\n\n### Classs", "### Classs"))
    assert cli("--baseline", "baseline.txt", "docs").code == 0
    edit(
        tree / KW, lambda text: text.replace("### Classs", "### Classs\n\n### Classs\n\n### Classs")
    )
    outcome = cli("--baseline", "baseline.txt", "--output-format", "json", "docs")
    assert [code for _, code in reported(outcome)] == ["DL101"]


def test_paths_are_relative_to_the_baseline_file(cli, tree):
    (tree / "ci").mkdir()
    cli("--write-baseline", "ci/baseline.txt", "docs")
    assert (tree / "ci" / "baseline.txt").read_text().count("\n../docs/pkg/mod.py_kw.md\t") == 6
    outcome = cli(
        "--baseline", str(tree / "ci" / "baseline.txt"), str(tree / "docs"), cwd=tree.parent
    )
    assert outcome.code == 0


def test_baseline_errors_exit_two(cli, tree):
    missing = cli("--baseline", "nope.txt", "docs")
    assert missing.code == 2 and "nope.txt: cannot read" in missing.err
    (tree / "other.txt").write_text("path\tcode\n")
    assert "not a doclint baseline" in cli("--baseline", "other.txt", "docs").err
    (tree / "bad.txt").write_text(f"{HEADER}\ndocs/a.md\tDL101\n")
    bad = cli("--baseline", "bad.txt", "docs")
    assert bad.code == 2 and "bad.txt:2: malformed entry" in bad.err
    unwritable = cli("--write-baseline", "no/such/folder/b.txt", "docs")
    assert unwritable.code == 2 and "cannot write" in unwritable.err


def test_baseline_and_write_baseline_exclude_each_other(cli):
    with pytest.raises(SystemExit) as exit_info:
        cli("--baseline", "a.txt", "--write-baseline", "b.txt", "docs")
    assert exit_info.value.code == 2


def test_tabs_and_newlines_in_paths_and_messages_round_trip(tmp_path):
    odd = tmp_path / "a\tb.md"
    odd.write_text("one\ntwo\n")
    row = Finding(
        2, 1, "x\ty\nstack", code="DL101", name="unknown-heading", severity="error", path=str(odd)
    )
    file = tmp_path / "baseline.txt"
    assert write_baseline(file, [row], SourceLines()) == 1
    assert "a\\tb.md\tDL101\t" in file.read_text() and "x\\ty\n" in file.read_text()
    (key,) = read_baseline(file)
    assert key.path == "a\tb.md" and key.occurrence == 1


def test_lines_of_reads_each_file_once_and_gives_each_finding_its_line():
    """A part of the `full` format asks for the lines of all its findings at
    once: each file's lines are looked up once for the findings that come
    together on it, and each finding gets what `line` gives it."""
    texts = {"a.md": "one\ntwo\n", "b.md": "only\n"}
    sources = SourceLines(texts)
    asked: list[str] = []
    lines = sources.lines
    sources.lines = lambda path: asked.append(path) or lines(path)  # type: ignore[method-assign]
    rows = [
        Finding(2, 1, "m", code="DL101", path="a.md"),
        Finding(9, 1, "past the end", code="DL101", path="a.md"),
        Finding(1, 1, "not read", code="DL002", path="a.md"),  # unreadable-file: no line
        Finding(1, 1, "m", code="DL101", path="b.md"),
        Finding(1, 1, "m", code="DL101", path="a.md"),
    ]
    assert lines_of(rows, sources) == ["two", None, None, "only", "one"]
    assert asked == ["a.md", "b.md", "a.md"]
    assert [SourceLines(texts).line(row) for row in rows] == ["two", None, None, "only", "one"]


# The real slice, as the acceptance asks.


def _unlisted_page_with_findings(findings: list[dict], listing: set[str]) -> str:
    """A page with findings that no other page documents: inserting a line
    changes its size, which a documentation page of it would claim."""
    for path in sorted({d["path"] for d in findings}):
        if path.endswith("_kw.md") and f"docs/{path}_docs.md" not in listing:
            return path
    raise AssertionError("no suitable page in the real slice")


@pytest.mark.slow  # the real slice checked several times
def test_real_slice_baseline_acceptance(monkeypatch, capsys, tmp_path):
    require_shared()
    tree = tmp_path / "real"
    shutil.copytree(REAL, tree)
    common = ("check", "docs", "--root", ".", "--known-paths", "LISTING.txt", "--no-cache")

    def check(*args: str):
        return run_cli(monkeypatch, capsys, tree, *common, "--output-format", "json", *args)

    everything = json.loads(check().out)
    assert len(everything) > 1000
    assert check("--write-baseline", "baseline.txt").code == 0
    first = check("--baseline", "baseline.txt")
    assert (first.code, json.loads(first.out)) == (0, [])

    listing = set((tree / "LISTING.txt").read_text().split())
    page = tree / _unlisted_page_with_findings(everything, listing)
    edit(page, lambda text: "\n" + text)
    moved = check("--baseline", "baseline.txt")
    assert (moved.code, json.loads(moved.out)) == (0, [])

    edit(page, lambda text: text + "\n## Not A Template Heading\n")
    added = check("--baseline", "baseline.txt")
    assert added.code == 1
    (finding,) = json.loads(added.out)
    assert finding["code"] == "DL101" and finding["path"] == str(page.relative_to(tree))
    assert finding["line"] == page.read_text().count("\n")

"""The unsafe fix of cited-lines-changed (issue 80): a citation whose lines
changed, which no safe fix can move, re-anchored at the construct its
sentence names where that construct is defined once in the cited file now."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from doclint import Settings, check_paths
from doclint.models.findings import FixSafety

from .test_any_page_citations import _git, needs_git

WRITTEN = "package spans\n\nfunc mergeSpans(a, b int) int {\n\treturn a + b\n}\n"
# mergeSpans edited (its body grown by a line) and moved down: its old
# lines stand nowhere.
EDITED = (
    "package spans\n\n// other is new.\nfunc other() int {\n\treturn 1\n}\n\n"
    "func mergeSpans(a, b int) int {\n\tsum := b + a\n\treturn sum\n}\n"
)
# Two types' methods of that name: nothing tells which one was cited.
TWICE = (
    "package spans\n\ntype A struct{}\ntype B struct{}\n\n"
    "func (x A) mergeSpans(a, b int) int {\n\treturn b + a\n}\n\n"
    "func (x B) mergeSpans(a, b int) int {\n\treturn a - b\n}\n"
)
PAGE = "# Design\n\n{sentence} (`src/spans.go:3-5`, [here](../src/spans.go#L3-L5)).\n"


def _checkout(
    folder: Path, sentence: str, now: str, page: str = PAGE, written: str = WRITTEN
) -> Path:
    """A checkout whose page cites `mergeSpans` where it was written, and
    whose source then became `now`."""
    (folder / "src").mkdir()
    (folder / "docs").mkdir()
    (folder / "src" / "spans.go").write_text(written)
    (folder / "docs" / "design.md").write_text(page.format(sentence=sentence))
    _git(folder, "init", "-q")
    _git(folder, "add", "-A")
    _git(folder, "commit", "-q", "-m", "written")
    (folder / "src" / "spans.go").write_text(now)
    _git(folder, "commit", "-q", "-am", "edited")
    return folder


def _fixes(folder: Path) -> list[tuple[int, int, str, FixSafety | None, str]]:
    settings = Settings(select=["DL803"], root=folder, cache=False)
    report = check_paths([folder / "docs" / "design.md"], settings)
    found = []
    for d in report.diagnostics:
        fix = d.fix
        edits = "" if fix is None else " ".join(e.content for e in fix.edits)
        safety = None if fix is None else fix.applicability
        found.append((d.line, d.column, d.message, safety, edits))
    return found


def _fix(folder: Path, *flags: str) -> str:
    command = [sys.executable, "-m", "doclint", "check", ".", "--no-cache", "--isolated"]
    done = subprocess.run(
        [*command, "--fix", *flags],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    return (folder / "docs" / "design.md").read_text()


@needs_git
def test_an_edited_moved_function_gets_the_unsafe_fix(tmp_path: Path) -> None:
    folder = _checkout(tmp_path, "`mergeSpans` joins two spans", EDITED)
    found = _fixes(folder)
    # The message is the one without the fix: the lines changed.
    assert [(line, column) for line, column, *_ in found] == [(3, 31), (3, 51)]
    for _, _, message, safety, edits in found:
        assert message.startswith("`src/spans.go:3-5`: the cited lines changed since ")
        assert "now stand" not in message
        assert safety == FixSafety.UNSAFE
        assert edits == "8 11"  # to its end, as Go's reader tells it
    assert _fix(folder) == PAGE.format(sentence="`mergeSpans` joins two spans")
    assert _fix(folder, "--unsafe-fixes") == (
        "# Design\n\n`mergeSpans` joins two spans (`src/spans.go:8-11`, "
        "[here](../src/spans.go#L8-L11)).\n"
    )


@needs_git
@pytest.mark.parametrize(
    ("sentence", "source"),
    [
        ("`mergeSpans` joins two spans", TWICE),  # a function defined twice
        ("Two spans are joined", EDITED),  # a sentence naming nothing
        ("`joinSpans` joins two spans", EDITED),  # a name the file does not define
    ],
)
def test_a_sentence_naming_no_one_definition_gets_no_fix(
    tmp_path: Path, sentence: str, source: str
) -> None:
    folder = _checkout(tmp_path, sentence, source)
    found = _fixes(folder)
    assert len(found) == 2
    assert all(safety is None for *_, safety, _ in found)
    assert _fix(folder, "--unsafe-fixes") == PAGE.format(sentence=sentence)


@needs_git
def test_a_name_of_the_function_around_the_cited_lines_gets_no_fix(tmp_path: Path) -> None:
    # The name says where the function went, not where the lines inside it did.
    page = "# Design\n\n{sentence} (`src/spans.go:4-5`).\n"
    _checkout(tmp_path, "`mergeSpans` adds them", EDITED, page)
    found = _fixes(tmp_path)
    assert len(found) == 1
    assert found[0][3] is None


@needs_git
def test_a_comment_cited_above_the_definition_moves_with_it(tmp_path: Path) -> None:
    # Cited from its comment (line 3), the function defined at 4 to 6: the
    # range keeps its place against the definition, now at 9 to 12.
    written = "package spans\n\n// mergeSpans joins two spans.\n" + WRITTEN.split("\n\n", 1)[1]
    now = EDITED.replace("func mergeSpans", "// mergeSpans joins two spans.\nfunc mergeSpans")
    page = "# Design\n\n{sentence} (`src/spans.go:3-6`).\n"
    _checkout(tmp_path, "`mergeSpans` joins them", now, page, written)
    found = _fixes(tmp_path)
    assert [(safety, edits) for *_, safety, edits in found] == [(FixSafety.UNSAFE, "8 12")]


@needs_git
def test_a_range_short_of_the_end_keeps_its_length(tmp_path: Path) -> None:
    # The signature and first line cited (3-4), not the function's end (5).
    _checkout(
        tmp_path, "`mergeSpans` starts so", EDITED, "# Design\n\n{sentence} (`src/spans.go:3-4`).\n"
    )
    found = _fixes(tmp_path)
    assert [(safety, edits) for *_, safety, edits in found] == [(FixSafety.UNSAFE, "8 9")]


# `return a + b` (line 4) moved: it stands once now, below a new comment, or
# at two places, `plus` added above with the same statement.
ONCE = "package spans\n\n// other is new.\n\nfunc mergeSpans(a, b int) int {\n\treturn a + b\n}\n"
TWO = (
    "package spans\n\n// plus is new.\nfunc plus(a, b int) int {\n\treturn a + b\n}\n\n"
    "func mergeSpans(a, b int) int {\n\treturn a + b\n}\n"
)


@needs_git
def test_a_line_standing_at_two_places_now_is_said_changed_not_placed(tmp_path: Path) -> None:
    # Which copy is the cited one nothing tells: naming the first (5) would
    # send the reader to `plus`.
    _checkout(tmp_path, "It returns the sum", TWO, "# Design\n\n{sentence} (`src/spans.go:4`).\n")
    [(line, _, message, safety, _)] = _fixes(tmp_path)
    assert line == 3 and safety is None
    assert message.startswith("`src/spans.go:4`: the cited line changed since ")
    assert "stand" not in message


@needs_git
def test_a_line_standing_once_now_is_placed(tmp_path: Path) -> None:
    _checkout(tmp_path, "It returns the sum", ONCE, "# Design\n\n{sentence} (`src/spans.go:4`).\n")
    [(line, _, message, safety, edits)] = _fixes(tmp_path)
    assert line == 3 and message.endswith("; it now stands at 6")
    assert (safety, edits) == (FixSafety.SAFE, "6")

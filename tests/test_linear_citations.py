"""Citations linear in the page, and a bare name's lookup kept inside the
tree (issue 89): the work a page's citations cost is counted here, not
timed, so the tests say the same on every machine."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType

import pytest

from doclint import Settings, check_paths
from doclint.parsing.citations import read_citations
from doclint.parsing.markdown import parse_markdown


def _calls(run: Callable[[], object]) -> int:
    """The functions (Python's and C's, a generator resumed included) called
    while `run` runs: the work it does, counted."""
    count = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return count


def _grows_linearly(work: Callable[[int], int], size: int) -> None:
    """Twice the citations cost at most a little over twice the work (a
    cost in their square costs four times as much)."""
    work(size // 4)  # warm: what a run imports and compiles once
    once, twice = work(size), work(2 * size)
    assert twice < 2.4 * once, (once, twice)


def test_prose_citations_among_code_spans_on_one_line_cost_linear_work() -> None:
    """A line of code spans with a prose citation after each: whether a
    citation stands in a span is found by position, not by a look at each
    span of the line."""

    def work(count: int) -> int:
        text = "# P\n\n" + " ".join(f"`a{n}` src/x.py:{n + 1}" for n in range(count)) + "\n"
        markdown = parse_markdown(text)
        lines = text.split("\n")
        found: list[int] = []
        calls = _calls(lambda: found.append(len(read_citations("p.md", lines, markdown).citations)))
        assert found == [count]
        return calls

    _grows_linearly(work, 1_000)


def test_citations_by_bare_file_name_cost_linear_work(tmp_path: Path) -> None:
    """`x.py:N` on every line, the file at `src/x.py`: each citation looks
    up the distinct files of that name the page named, not every citation
    of them before it."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "x.py").write_text("".join(f"v{n} = {n}\n" for n in range(50)))
    page = tmp_path / "p.md"
    settings = Settings(select=["DL802"], root=tmp_path, cache=False)

    def work(count: int) -> int:
        page.write_text("# P\n\n" + "".join(f"See x.py:{n % 60 + 1}.\n" for n in range(count)))
        found: list[int] = []
        calls = _calls(lambda: found.append(len(check_paths([page], settings).diagnostics)))
        # Lines 51 to 60 are past the file's end: each is said.
        assert found == [sum(1 for n in range(count) if n % 60 >= 50)]
        return calls

    _grows_linearly(work, 1_000)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
@pytest.mark.parametrize("outside_exists", [True, False])
def test_a_bare_name_s_lookup_does_not_follow_a_link_out_of_the_tree(
    tmp_path: Path, outside_exists: bool
) -> None:
    """A committed link named like the cited file, to a folder outside the
    checkout: whether that folder exists (the link then reads as a folder,
    else as a file) must not show as an ambiguity of the citation."""
    tree, outside = tmp_path / "tree", tmp_path / "outside"
    (tree / "src").mkdir(parents=True)
    (tree / "b").mkdir()
    (tree / "src" / "x.py").write_text("v = 1\n")
    if outside_exists:
        (outside / "folder").mkdir(parents=True)
    (tree / "b" / "x.py").symlink_to(outside / "folder")
    (tree / "p.md").write_text("# P\n\nSee x.py:1 and x.py:9.\n")
    settings = Settings(select=["DL802", "DL804"], root=tree, cache=False)
    found = check_paths([tree / "p.md"], settings).diagnostics
    # `src/x.py` is the one file of that name: its line 9 is past its end.
    assert [(d.line, d.column, d.code) for d in found] == [(3, 16, "DL802")]
    assert "src/x.py" in found[0].message


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_to_a_file_inside_the_tree_is_still_a_file_of_its_name(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "src" / "x.py").write_text("v = 1\n")
    (tmp_path / "b" / "x.py").symlink_to(tmp_path / "src" / "x.py")
    (tmp_path / "p.md").write_text("# P\n\nSee x.py:1.\n")
    settings = Settings(select=["DL804"], root=tmp_path, cache=False)
    found = check_paths([tmp_path / "p.md"], settings).diagnostics
    assert [(d.line, d.code) for d in found] == [(3, "DL804")]
    assert "`b/x.py`, `src/x.py`" in found[0].message


def test_which_of_several_files_writes_a_name_is_read_once_a_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """300 citations of `core.py` (two files of that name), each after a
    name neither writes, so each stays ambiguous: each file is searched for
    the name once, not once a citation (each search reads the whole file)."""
    from doclint_rules.wiki import _any_page

    for folder, name in (("a", "update_skew"), ("b", "other")):
        body = f"def {name}():\n    pass\n"
        (tmp_path / "lib" / folder).mkdir(parents=True)
        (tmp_path / "lib" / folder / "core.py").write_text(body * 500)
    page = tmp_path / "p.md"
    page.write_text("# P\n\n" + "`merge_spans` (`core.py:1`) merges.\n" * 300)
    searched: list[str] = []
    original = _any_page._writes

    def counted(text: str, name: str) -> bool:
        searched.append(name)
        return original(text, name)

    monkeypatch.setattr(_any_page, "_writes", counted)
    settings = Settings(select=["DL802", "DL804"], root=tmp_path, cache=False)
    found = check_paths([page], settings).diagnostics
    assert [d.code for d in found] == ["DL804"] * 300
    assert searched == ["merge_spans"] * 2

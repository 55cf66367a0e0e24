"""`source_span` finds the Original Source block by searching a page's text:
it must give what reading the page's lines gives (`intended_source_end`, the
reading the page parser uses), on every real page and on built edge cases."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doclint.models.markdown_lines import FENCE_OPEN
from doclint.profiles.original_source import intended_source_end, source_span
from tests.conftest import SEEDS, SHARED, require_shared


def by_lines(text: str) -> tuple[int, int] | None:
    """The span as the page's lines give it: the first line that is the
    heading, the first fence after it (a heading before one ends the
    section), the generator's closing fence as the parser finds it."""
    lines = text.split("\n")
    if "## Original Source" not in lines:
        return None
    for index in range(lines.index("## Original Source") + 1, len(lines)):
        fence = FENCE_OPEN.match(lines[index])
        if fence:
            first = index + 1
            end = intended_source_end(lines, index, fence.group(1))
            end = len(lines) if end is None else end
            start = sum(map(len, lines[:first])) + first
            return start, start + sum(map(len, lines[first:end])) + max(end - first - 1, 0)
        if lines[index].startswith("#"):
            return None
    return None


def _pages() -> list[Path]:
    return sorted(path for path in (SHARED / "corpus").rglob("*.md") if path.is_file()) + sorted(
        SEEDS.glob("*.txt")
    )


def test_the_span_of_every_real_page_is_the_span_its_lines_give():
    require_shared()
    pages = _pages()
    found = 0
    for page in pages:
        text = page.read_text(encoding="utf-8", errors="replace").replace("\r\n", "\n")
        assert source_span(text) == by_lines(text), page
        found += source_span(text) is not None
    # The slices hold 122 pages with the block: the search is exercised.
    assert found > 100, found


# Pieces a page is built from: the headings and fences the search looks for,
# near misses of each, and other lines.
PIECES = [
    "## Original Source",
    "## Original Source ",
    " ## Original Source",
    "## High-Level Overview",
    "## High-Level Overview  ",
    "## High-Level Overview\x1c",
    "## High-Level Overviews",
    "x## High-Level Overview",
    "```",
    "```python",
    "````",
    "  ```  ",
    "~~~",
    "~~~~ text",
    "``",
    "# Title",
    "### Sub",
    "",
    " ",
    "text",
    "def f():",
]


LINES = st.lists(st.sampled_from(PIECES), max_size=8)


@given(LINES, LINES, LINES, st.booleans())
def test_the_span_of_a_built_page_is_the_span_its_lines_give(before, body, after, final_newline):
    # Most built pages hold the heading and a fence, so the search goes past them.
    lines = [*before, "## Original Source", "```", *body, *after]
    text = "\n".join(lines) + ("\n" if final_newline else "")
    assert source_span(text) == by_lines(text)


@pytest.mark.parametrize(
    "text",
    [
        "## Original Source\n```",
        "## Original Source\n```\n",
        "## Original Source\n```\n```\n## High-Level Overview",
        "## Original Source\n```\na\n```\n## High-Level Overview\n",
        "## Original Source\n\n~~~\n```\n~~~\n## High-Level Overview\n~~~\n## High-Level Overview",
        "## High-Level Overview\n## Original Source\n```\nb\n",
        *(
            f"## Original Source\n```python\na\n```\n{heading}\n"
            for heading in PIECES
            if "Overview" in heading
        ),
    ],
)
def test_edges_of_the_span(text):
    assert source_span(text) == by_lines(text)

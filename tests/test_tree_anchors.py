"""The tree index reads a link target's anchors as the target's own page has
them: setext headings included, fenced code left out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from doclint.models.markdown_lines import heading_texts, normalize_newlines
from doclint.parsing.markdown import parse_markdown
from doclint.tree.slugs import github_slug, unique_slugs
from tests.checking import run_cli
from tests.conftest import REAL, SEEDS, require_shared
from tests.pages import write


def test_a_setext_heading_is_a_link_target(tmp_path, monkeypatch, capsys):
    write(
        tmp_path,
        {
            "docs/A.md": "# A\n\nSee [ok](B.md#title) and [near miss](B.md#titel).\n",
            "docs/B.md": "Title\n=====\n\nText.\n",
        },
    )
    outcome = run_cli(
        monkeypatch,
        capsys,
        tmp_path,
        "check",
        "docs",
        "--select",
        "DL402",
        "--no-cache",
        "--output-format",
        "json",
    )
    found = [(row["path"], row["line"], row["column"]) for row in json.loads(outcome.out)]
    assert found == [("docs/A.md", 3, 26)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Title\n=====\n", ["Title\n"]),
        ("Two\nlines\n---\n", ["Two\nlines\n"]),
        ("- item\n---\n", []),
        ("\n---\n# Closed ##\n#\n", ["Closed"]),
        ("```\n# not\nTitle\n===\n```\n## After\n", ["After"]),
        ("    indented\n===\n", []),
    ],
)
def test_heading_texts(text, expected):
    assert heading_texts(text) == expected


def _anchor_pages() -> list[Path]:
    require_shared()
    return sorted(SEEDS.glob("*.txt")) + sorted(REAL.rglob("*.md"))


def test_same_anchors_as_the_page_parser_on_real_pages():
    """Over the seeds and the real slice, the tree's cheap scan finds the
    anchors the parsed page finds for its own headings."""
    pages = _anchor_pages()
    for path in pages:
        text = normalize_newlines(path.read_text(encoding="utf-8", errors="replace"))
        parsed = [heading.text for heading in parse_markdown(text).headings]
        assert unique_slugs(heading_texts(text)) == unique_slugs(parsed), path
    assert len(pages) >= 200


def _commonmark_slug(heading_text: str) -> str:
    """The anchor of the text markdown-it (a CommonMark implementation) renders
    for a heading, with GitHub's steps after it."""
    rendered = "".join(
        token.content for token in _COMMONMARK.parseInline(heading_text)[0].children or []
    )
    dropped = "".join(char for char in rendered.strip().lower() if char.isalnum() or char in "_- ")
    return dropped.replace(" ", "-")


_COMMONMARK = MarkdownIt("commonmark")


@settings(max_examples=3000, deadline=None, database=None)
@given(
    st.lists(
        st.sampled_from(["*", "_", "a", "b", " ", ".", "\\", "(", "é", "🚀", "—", "\u00a0"]),
        max_size=14,
    )
)
def test_emphasis_leaves_the_text_commonmark_renders(pieces):
    """`*` and `_` are paired as CommonMark pairs them: `_a_b_`, `__a_`,
    `*_a_*`, escaped marks, a run that both opens and closes."""
    heading = "".join(pieces)
    assert github_slug(heading) == _commonmark_slug(heading), heading


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ("`load_all` and __init__", "load_all-and-init"),
        ("patched__init__(self)", "patched__init__self"),
        ("_unclosed and snake_case", "_unclosed-and-snake_case"),
        ("![logo](a.png) [Guide](g.md) [not a link]", "logo-guide-not-a-link"),
    ],
)
def test_a_heading_s_anchor(heading, anchor):
    assert github_slug(heading) == anchor

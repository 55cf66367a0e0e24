"""The tree index reads a link target's anchors as the target's own page has
them: setext headings included, fenced code left out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from doclint.models.markdown_lines import heading_texts, normalize_newlines
from doclint.parsing.markdown import parse_markdown
from doclint.tree.slugs import unique_slugs
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

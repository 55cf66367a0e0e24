"""Line and column numbers are exact: a finding at the wrong line is wrong.

mistune's AST has no positions; the parser attaches them. These tests check
every positioned part of every seed and real page against the raw lines.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from doclint.models.markdown_lines import normalize_newlines
from doclint.parsing.markdown import parse_markdown
from doclint.parsing.pages import parse_page
from tests.conftest import REAL, SEEDS, require_shared


def _pages() -> list[Path]:
    if not SEEDS.is_dir():
        return []
    return sorted(SEEDS.glob("*.txt")) + sorted((REAL / "docs").rglob("*.md"))


@pytest.mark.parametrize("path", _pages(), ids=lambda p: p.name)
def test_every_part_sits_where_the_parser_says(path: Path):
    text = normalize_newlines(path.read_text(encoding="utf-8"))
    lines = text.split("\n")
    layer = parse_markdown(text)
    for heading in layer.headings:
        assert lines[heading.line - 1][heading.column - 1 :].startswith("#")
        assert heading.text in lines[heading.line - 1]
    for item in layer.list_items:
        assert lines[item.line - 1][item.column - 1 :].startswith(item.marker)
        assert item.text.split("\n")[0] in lines[item.line - 1]
    for link in layer.links:
        assert lines[link.line - 1][link.column - 1 :].startswith(("[", "![", "<"))
        assert link.target in lines[link.line - 1] or link.kind == "reference"
    for block in layer.code_blocks:
        if block.fenced:
            assert lines[block.line - 1].lstrip().startswith(block.marker)
            if block.closed:
                assert lines[block.end_line - 1].strip().startswith(block.marker[0] * 3)
    for row in layer.table_rows:
        assert lines[row.line - 1].lstrip().startswith("|")


def test_nested_containers_keep_their_lines():
    text = (
        "# T\n\n- a [x](one.md)\n- b\n\n  - c [y](two.md)\n\n    > quote [z](three.md)\n"
        "1. first\n2. second [w](four.md)\n\n> - in quote\n>   [v](five.md)\n"
    )
    layer = parse_markdown(text)
    lines = text.split("\n")
    assert [(item.line, item.depth) for item in layer.list_items] == [
        (3, 0),
        (4, 0),
        (6, 1),
        (9, 0),
        (10, 0),
        (12, 0),
    ]
    assert [(link.target, link.line) for link in layer.links] == [
        ("one.md", 3),
        ("two.md", 6),
        ("three.md", 8),
        ("four.md", 10),
        ("five.md", 13),
    ]
    for link in layer.links:
        assert lines[link.line - 1][link.column - 1] == "["


def test_crlf_and_lone_cr_count_as_one_line_each():
    page = parse_page("# T\r\n\r\n## A\r## B\n", "x.md")
    assert [h.line for h in page.markdown.headings] == [1, 3, 4]


def test_embedded_page_is_numbered_at_the_outer_file_lines():
    require_shared()
    text = (SEEDS / "000_5344d29dba543be9.txt").read_text(encoding="utf-8")
    page = parse_page(
        text, "docs/docs/test/distributed/tensor/test_dtensor_compile.py_kw.md_docs.md"
    )
    embedded = page.source.document
    assert embedded.kind == "keyword-index"
    assert embedded.title.line == 17
    classes = embedded.categories[0]
    assert (classes.heading, classes.line) == ("Classs", 30)
    assert (classes.entries[-1].name, classes.entries[-1].line) == ("def", 40)

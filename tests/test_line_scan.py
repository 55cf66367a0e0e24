"""The exact line scan and mistune give the same generic layer wherever the
scan does not give up, and the scan gives up only on pages that need mistune."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doclint.models import markdown_lines as block_lines
from doclint.models.markdown_lines import normalize_newlines
from doclint.parsing import line_scan
from doclint.parsing.line_scan import scan_layer
from doclint.parsing.markdown import parse_with_mistune
from tests.conftest import REAL, SEEDS, require_shared


def _compare(files: list[Path]) -> tuple[int, int]:
    scanned = gave_up = 0
    for path in files:
        text = normalize_newlines(path.read_text(encoding="utf-8", errors="replace"))
        layer = scan_layer(text)
        if layer is None:
            gave_up += 1
            continue
        assert layer == parse_with_mistune(text), path
        scanned += 1
    return scanned, gave_up


def test_same_layer_on_the_seeds_and_the_real_slice():
    require_shared()
    scanned, gave_up = _compare(sorted(SEEDS.glob("*.txt")) + sorted(REAL.rglob("*.md")))
    assert scanned >= 190 and gave_up <= 20


def test_same_layer_on_a_generated_corpus(generated_corpus):
    scanned, gave_up = _compare(sorted((generated_corpus / "docs").rglob("*.md")))
    assert scanned >= 0.9 * (scanned + gave_up)


@pytest.mark.parametrize(
    "text",
    [
        "a paragraph\n2. an item after it\n",  # an ordered list must start at 1 to interrupt
        "- item\nlazy continuation\n",
        "- item\n---\n",  # a break after a list: mistune decides by the marker
        "> quote\n",
        "  > an indented quote\n",
        "  - an indented item\n",
        "  3. an indented ordered item\n",
        "- item\n\n    indented after an item\n",  # the item's, to mistune
        "| a | b |\n| --- |\n",  # not a table: mistune reads a paragraph
        "| a |\n| x |\n",
        "| a | b |\n|---|---|\n| 1 |\n",
        "| a |\n|---|\n  | 1 |\n",  # an indented row
        "para\n| a |\n|---|\n",
        "|\n",
        "| a\n|---|\n",  # mistune's other kind of table, without outer pipes
        "[ref]: target.md\n",
        "- # heading in an item\n",
        "-     five spaces\n",  # indented code in the item
        "*   - nested\n",
        "- ***\n",  # a break in an item
        "- ** * *\n",
        "1. - nested\n",
        "- [ref]: target.md\n",
        "- ```\n",
        "## closed heading ##\n",
        "<!-- a comment -->\n",  # runs to its end, across blank lines
        "<pre>\nx\n\ny\n</pre>\n",
        "<?php x ?>\n",
        "<3 is no tag\n",
        "- item\n<a id='x'></a>\n",  # the item's text, continued
        "- item\n</details>\nnext\n",  # the item's lines, to mistune
        "| a |\n|---|\n<div>\n",
        "para\n<pre>\n",
    ],
)
def test_gives_up_on_what_it_does_not_read_exactly(text):
    assert scan_layer(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "# T\n\n- a [x](y.md)\n\n- b\n1. c\n\n---\n\n```py\ncode\n```\n",
        "# T\n\npara [l](a.md) line one\nline [two](b.md)\n## H [in](h.md)\n",
        "```\nunclosed\n\n",
        "~~~~\n~~~\n~~~~\n",
        "Title\n---\n",
        "# K\n\n- **`a`**: [p.md](./p.md)\n* **`b`**: [q](r)\n- plain\n- **`c`**: [x](y)",
        "Two [a](b.md)\nlines  \n=-= \n\npara\n***\nx\n- - -\n",  # setext, then breaks
        "a\n=\n=\n---\n",  # an underline after a heading is text, then a break
        "# T\n\n```py\n~~~\n``\n  ````  \nafter\n",  # the closing fence may be longer
        # items of the common openings, and near misses of them
        "# T\n\n- **Path**: `a`\n- [x](y.md) and [z](w)\n- `os`\n- Text [t](u)\n"
        "- **`k`**: not an entry\n- [a] b]: c\n- **\n- ``x``\n* **y**\n- ** z**\n",
        # pipe tables, as folder indexes list their files
        "# I\n\n## Files\n\n| File | Note |\n|------|:----:|\n| [`a.py`](../a.py) | x \\| y |\n"
        "| b | [c](c.md) and [d](d.md) |\n\nAfter.\n",
        "## H\n| a | b |\n|:-|-:|\n| 1 | 2 |\ntext\n\n"  # a row ends where text starts
        "| c\\\\| d |\n| --- | |\n| x | y |\n\n|x|\n|-|\n",  # two backslashes escape no pipe
        # keyword entries whose destinations the entry pattern leaves to the general path
        "# K\n\n- **`a`**: [a](./a.md)\n- **`\u00e9`**: [caf\u00e9](./caf\u00e9.md)\n"
        "- **`b`**: [b](./a\u00a0b.md)\n- **`c`**: [c](./c.md)\n",
        # lines indented four columns continue a paragraph (leaked text files)
        "Para\n    indented [x](y.md)\n\tTabbed\n    - not an item\ntext\n\nNext\n",
        "Para\n    continued\n---\n",  # a setext heading over the indented line
        "#define x 1\n#!/bin/sh\n####### seven\n\n#x\n===\n",  # no headings: text
        # indented code, as a text file leaked out of a broken Original Source holds it
        "    indented code\n",
        "# T\n    code [x](y.md)\n\n\t\ttabbed\n  \t mixed\n\n\n     \nafter\n---\n",
        "Para\n\n    code\n\t\t\n   \n  \nText\n    continued\n\t\t\n",
        "```\nx\n```\n    code after a fence\n***\n    code after a break\n",
        "\t\t\nx\n\n\t\t\n\t\tcode\n",  # a blank line of tabs: code, or blank after a blank
        # paragraph text indented by up to three spaces, starting or continuing one
        "  two [a](b.md)\n   three\nplain\n  more\n\n (x) y\n",
        "Usage: x [OPTION]\n   or: x -t DIR\n",
        # a bullet item with text interrupts a paragraph (DeepWiki's "Text:" then a list)
        "Uses:\n- **a**: [b](c.md)\n- `x`\n\nmore\n* star\n\ntext\n- **`k`**: [p](./p)\n",
        # up to four spaces after the marker: the item's text is after them
        "*   **View**: [a](b.md)\n*    four\n\n1.  **Checks**: `x` [c](d)\n2.   y\n",
        "Steps:\n1. **One**: [a](b)\n2. two\n\nThen:\n001. again\n",  # from 1, it interrupts
        # HTML: a block tag's block runs to a blank line, a whole tag alone on
        # its line opens one, any other tag is a paragraph's text
        "<div>html</div>\n",
        "# T\n\n<a id='page-1'></a>\n\n## H\n\n<details>\n<summary>Files</summary>\n\n"
        "- [a.ts](https://x/a.ts)\n- [b.ts](https://x/b.ts)\n</details>\n\n# H\n",
        "para [a](b.md)\n<details>\n[c](d.md)\n\n<a id=x>\nmore [e](f)\n",
        "text\n<a id=x>\n<b>bold</b> [l](m)\n",
        '<img src="a.png">\n[x](y) in the block\n\n</span>\n\n<DIV class="c" >\n',
        "<a href='x'>link</a> text\n***\n<a\n",
        "- [a](b)\n</details>",  # the item's, to the page's end
        '- [a](b)\n<div class="x">\n- c\n\n- d\n</summary>\n\n- e\n',
        "```\ncode\n```\n<details>\n  indented\n\nafter\n",
    ],
)
def test_same_layer_on_hand_made_pages(text):
    layer = scan_layer(text)
    assert layer is not None and layer == parse_with_mistune(text)


ITEM_PIECES = ["- ", "*", "**", "`", "```", "[", "]", "]:", "(", ")", " ", "\t", "-", "_", "a"]
ITEM_PIECES += ["1.", "#", ">", "<", "|", "~~~", "\u00a0", "\u00e9", "x.md"]


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, database=None)
@given(st.lists(st.sampled_from(ITEM_PIECES), min_size=1, max_size=8).map("".join))
def test_a_plain_item_opening_is_a_simple_item(text):
    """What `_PLAIN_ITEM` accepts, the general branches would read as a
    simple item of the same text: no keyword entry, no break, no nesting."""
    line = f"- {text}"
    if line_scan._PLAIN_ITEM.match(line):
        simple = line_scan._SIMPLE_BULLET.match(line)
        assert not line_scan._KEYWORD_LINE.match(line) and not block_lines.THEMATIC.match(line)
        assert simple is not None and simple.group(2) == line[2:]


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, database=None)
@given(st.lists(st.sampled_from(["|", "\\", "a", " ", "\t", "\u00a0", "-", ":"]), max_size=12))
def test_cells_split_as_mistune_splits_them(pieces):
    table = pytest.importorskip("mistune.plugins.table")
    row = "".join(pieces)
    assert line_scan._cells(row) == table._split_table_cells(row)


LINES = ["Text [a](b.md)", "    indented", "\tTabbed [c](d)", "  two", "   > q", "    - x"]
LINES += ["- item", "", "# H", "#define", "---", "===", "```", "| a |", "|---|", "    "]
LINES += ["1. one", "<b>", "<details>", "</details>", "<a id='x'></a>", '<div class="y">']
LINES += ["<!-- c -->", "<pre>", "<span>", "- [a](b)", "<http://x>", "* star", "2. two"]
LINES += ["- **`k`**: [p](./p)", "*   **x**: [a](b)", "1.  y", "-     code", "*  - n"]


@pytest.mark.slow  # thousands of examples: the slow run tries them all
@settings(max_examples=2000, deadline=None, database=None)
@given(st.lists(st.sampled_from(LINES), min_size=1, max_size=10))
def test_the_scan_reads_a_page_as_mistune_does_or_gives_up(lines):
    text = "\n".join(lines) + "\n"
    layer = scan_layer(text)
    assert layer is None or layer == parse_with_mistune(text)


FENCE_PIECES = ["```", "~~~", "`", "~", " ", "  ", "\t", "\n", "x", "````", "\u00e9", "\n    ```"]


@pytest.mark.slow  # thousands of examples: the slow run tries them all
@settings(max_examples=3000, deadline=None, database=None)
@given(
    st.lists(st.sampled_from(FENCE_PIECES), max_size=12).map("".join),
    st.sampled_from(["```", "````", "~~~", "~~~~~"]),
)
def test_the_closing_line_is_the_one_commonmark_closes_on(body, marker):
    """`closing_line` finds the first line of up to three spaces, a run of
    the marker's character at least as long, and blanks (CommonMark's closing
    fence, as a pattern tried at each line finds it)."""
    text = f"{marker}info\n{body}"
    start = len(marker) + 5
    pattern = rf"\n {{0,3}}{re.escape(marker[0])}{{{len(marker)},}}[ \t]*$"
    found = re.compile(pattern, re.MULTILINE).search(text, start - 1)
    expected = found.start() + 1 if found is not None else -1
    assert block_lines.closing_line(text, start, marker) == expected


@settings(max_examples=500, deadline=None, database=None)
@given(st.lists(st.sampled_from(["#", " ", "\t", "x", "\u00a0", "\x0b", "[a](b)"]), max_size=10))
def test_an_atx_level_is_counted_as_the_pattern_reads_it(pieces):
    line = "#" + "".join(pieces)
    match = block_lines.ATX.match(line)
    assert line_scan._atx_level(line) == (len(match.group(1)) if match else 0)


def test_the_scan_s_html_tables_are_mistune_s():
    block_parser = pytest.importorskip("mistune.block_parser")
    helpers = pytest.importorskip("mistune.helpers")
    for ours, theirs in [
        (line_scan._BLOCK_TAGS, helpers.BLOCK_TAGS),
        (line_scan._PRE_TAGS, helpers.PRE_TAGS),
    ]:
        assert ours.startswith(" ") and ours.endswith(" ")
        assert sorted(ours.split()) == sorted(theirs)
    opening = re.compile(block_parser.BlockParser.RAW_HTML)
    # A line that opens no tag ("<!--", "<?") is given up on.
    for line in ["<a id='x'>", "</Details >", "<h1", "<my-tag9 x=1/>", "</3", "< a"]:
        ours, theirs = line_scan._HTML_TAG.match(line), opening.match(line)
        assert (ours and ours.group()) == (theirs and theirs.group(1)), line


TAG_PIECES = ["<a", "</a", "<div", " ", "\t", "x", "=", "'", '"', ">", "/>", "\u00a0", ":", "-"]


@pytest.mark.slow  # thousands of examples: the slow run tries them all
@settings(max_examples=2000, deadline=None, database=None)
@given(st.lists(st.sampled_from(TAG_PIECES), max_size=10).map("".join))
def test_a_whole_tag_is_told_as_mistune_tells_it(rest):
    """What follows a tag's name on its line makes it a whole tag alone on
    the line (an HTML block of kind 7) exactly where mistune says so."""
    block_parser = pytest.importorskip("mistune.block_parser")
    line = f"{rest}\n"
    for ours, theirs in [
        (line_scan._OPEN_TAG_END, block_parser._OPEN_TAG_END),
        (line_scan._CLOSE_TAG_END, block_parser._CLOSE_TAG_END),
    ]:
        assert bool(ours.match(line)) == bool(theirs.match(line, 0, len(line)))
    # The one-pass reading tells what the pattern does.
    whole = block_parser._OPEN_TAG_END.match(line, 0, len(line)) is not None
    assert line_scan.whole_open_tag(rest, 0) == whole

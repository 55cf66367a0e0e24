"""The Markdown line grammar every room reads alike, without a parser: which
block a line opens (ATX headings, fences, thematic breaks, setext
underlines), the headings of a text outside its fences, and CommonMark line
endings.

The line scan (`doclint.parsing.line_scan`) sorts a page's lines with these
patterns, and the tree index reads the anchors of link targets with
`heading_texts`, so both read ATX headings, fences and setext underlines the
same way; the tree reads the anchors of a link target without parsing it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from doclint.util.lazy_regex import compiled_on_use

# What opens an ATX heading after its indentation.
ATX_OPENING = r"#{1,6}(?:[ \t]|$)"
# A line that opens an ATX heading (`match` from the line's start).
ATX_START = compiled_on_use(r" {0,3}" + ATX_OPENING)
# Greedy to the end of the line, which a lazy `.*?$` reaches too, but a
# character at a time. Group 2 is None for a heading of hashes alone.
ATX = compiled_on_use(r" {0,3}(#{1,6})(?:[ \t]+(.*)|[ \t]*)$")
# The closing sequence CommonMark trims from an ATX heading's text.
_CLOSING_HASHES = compiled_on_use(r"(?:^|[ \t]+)#+[ \t]*$")
FENCE_OPEN = compiled_on_use(r" {0,3}(`{3,}|~{3,})[ \t]*(.*)$")
# Repeated groups are atomic where giving back never helps, as in
# doclint.parsing.mistune_layer: a 10 MB line of "- - -...x" would otherwise cost
# a backtracking record per repetition, over a gigabyte. Atomic groups, not
# `*+` on a group: Python before 3.11.5 matches that wrongly
# (tests/test_regex_portability.py).
THEMATIC_LINE = r"(?>(?:-[ \t]*+){3,}|(?:_[ \t]*+){3,}|(?:\*[ \t]*+){3,})$"
THEMATIC = compiled_on_use(r" {0,3}" + THEMATIC_LINE)
# mistune's setext underline, "=" and "-" mixed (doclint.parsing.mistune_layer);
# the last character gives the level.
SETEXT = compiled_on_use(r" {0,3}[=-]++[ \t]*+$")
# A line that cannot continue a paragraph into a setext heading in the tree's
# scan: a list item, a block quote, an HTML block or a table row.
_NOT_PARAGRAPH = compiled_on_use(r" {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)| {0,3}[><|]")


def normalize_newlines(text: str) -> str:
    """CommonMark line endings (CRLF, lone CR) become LF, as mistune does."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def closing_line(text: str, start: int, marker: str) -> int:
    """Where the first line at or after `start` (where a line starts) that
    closes the fenced block `marker` opened starts, or -1: up to three
    spaces, a run of at least as many of the marker's character, then
    spaces and tabs alone.

    Found by a search for the marker's first three characters, each run
    found tested where it stands: a block is mostly one long source, which a
    substring search runs over at a fraction of the cost of a pattern tried
    at each of its lines."""
    fence, size, end = marker[0] * 3, len(marker), len(text)
    found = text.find(fence, start)
    while found >= 0:
        line = max(text.rfind("\n", start, found) + 1, start)
        if found - line <= 3 and text.startswith(" " * (found - line), line):
            run_end = found + 3
            while run_end < end and text[run_end] == fence[0]:
                run_end += 1
            line_end = text.find("\n", run_end)
            rest = text[run_end : line_end if line_end >= 0 else end]
            if run_end - found >= size and not rest.strip(" \t"):
                return line
        found = text.find(fence, found + 1)
    return -1


def closes(line: str, marker: str) -> bool:
    """Whether `line` closes the fenced block `marker` opened."""
    opened = FENCE_OPEN.match(line)
    return (
        opened is not None
        and opened.group(1)[0] == marker[0]
        and len(opened.group(1)) >= len(marker)
        and not line.strip().strip(marker[0])
    )


def heading_text(match: re.Match[str]) -> str:
    """The text of the ATX heading `match` (of `ATX`) found, closing hashes trimmed."""
    return _CLOSING_HASHES.sub("", match.group(2)).strip(" \t")


def heading_texts(text: str) -> list[str]:
    """The texts of the headings outside fenced code, in order: ATX headings
    with text, and setext headings as the page's layer gives them (the
    paragraph's lines, each with its newline), so that a target's anchors are
    the ones the target's own page has."""
    headings: list[str] = []
    paragraph: list[str] = []
    for line in _outside_fences(text):
        if line is None:
            paragraph = []
        elif atx := ATX.match(line):
            if atx.group(2) is not None:
                headings.append(heading_text(atx))
            paragraph = []
        elif paragraph and SETEXT.match(line):
            headings.append("\n".join(paragraph) + "\n")
            paragraph = []
        elif not line.strip() or THEMATIC.match(line) or _NOT_PARAGRAPH.match(line):
            paragraph = []
        elif paragraph or not line.startswith("    "):
            paragraph.append(line)
    return headings


# An HTML anchor's opening tag; `[^<>]*` stops at the next tag, so a line of
# many `<a ` is read once, not once per tag.
_ANCHOR_TAG = compiled_on_use(r"<a\s[^<>]*>", re.IGNORECASE)
_ANCHOR_NAME = compiled_on_use(
    r"""(?:^|\s)(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.IGNORECASE
)


def html_anchors(text: str) -> list[str]:
    """The names of the HTML anchors outside fenced code (`<a id='page-1'></a>`,
    `<a name="x">`): a `#fragment` names one as it names a heading (GitHub
    renders both), as deepwiki-open's export links its sections."""
    names: list[str] = []
    for line in _outside_fences(text):
        if line is not None and "<" in line:
            for tag in _ANCHOR_TAG.finditer(line):
                for found in _ANCHOR_NAME.finditer(tag.group(0), 2):
                    names.append(next(g for g in found.groups() if g is not None))
    return names


def _outside_fences(text: str) -> Iterator[str | None]:
    """The lines of `text` outside fenced code, None standing for each
    fenced block (it ends the paragraph before it)."""
    fence: str | None = None
    for line in text.splitlines():
        if fence is not None:
            if closes(line, fence):
                fence = None
        elif opened := FENCE_OPEN.match(line):
            fence = opened.group(1)
            yield None
        else:
            yield line


# A name written with Markdown's escaped underscores (`pref\_parsers`, which
# renders as pref_parsers): small models escape every underscore of prose. It
# starts where a word starts, so a long word with no escape is tried once, not
# once per letter.
_ESCAPED_NAME = compiled_on_use(r"(?<!\w)\w*(?:\\_\w*)+", re.ASCII)


def unescaped_names(line: str) -> str:
    """The line with each name's escaped underscores read as the name renders
    (`pref\\_parsers` is `pref_parsers`); `page_column` maps a column of it back."""
    if "\\_" not in line:
        return line
    return _ESCAPED_NAME.sub(lambda match: match.group(0).replace("\\_", "_"), line)


def page_column(line: str, column: int) -> int:
    """The column on the page's `line` of a 1-based `column` of its `unescaped_names`."""
    index = column - 1
    for match in _ESCAPED_NAME.finditer(line) if "\\_" in line else ():
        start = match.start()
        for offset, char in enumerate(match.group(0)):
            if char == "\\" and start + offset <= index:
                index += 1
    return index + 1

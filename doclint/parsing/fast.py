"""An exact line scan for the plain Markdown generated pages are made of.

Generated pages use a small part of Markdown: ATX headings, paragraphs of
plain lines, one-line list items, fenced code, thematic breaks. For a page
made only of those, this scan builds the same `MarkdownLayer` as the mistune
path at a fraction of the cost (keyword indexes are hundreds of list items,
each of which mistune parses as a nested document). At the first line whose
reading could depend on anything more (indentation, block quotes, HTML,
tables, setext underlines, lazy continuations, link definitions...) it gives
up and returns None, and the caller uses mistune. A test compares both paths
over the real slice and a generated corpus.
"""

from __future__ import annotations

import re
import string

from doclint.models.markdown import (
    CodeBlock,
    Heading,
    Link,
    ListItem,
    MarkdownLayer,
    Paragraph,
)
from doclint.parsing.inline import find_links

_ATX = re.compile(r"(#{1,6})(?:[ \t]+(.*?)|[ \t]*)$")
_FENCE_OPEN = re.compile(r"(`{3,}|~{3,})[ \t]*(.*?)$")
_THEMATIC = re.compile(r"(?:(?:-[ \t]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})$")
_BULLET = re.compile(r"([-*+]) (\S.*)$")
_ORDERED = re.compile(r"(\d{1,9}\.) (\S.*)$")
# What a list item's text must not start with: it would be a nested block.
_NESTED_BLOCK = re.compile(
    r"(?:#{1,6}(?:[ \t]|$)|`{3}|~{3}|>|[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|<|\[[^\]]*\]:|\|)"
)
_ALIGN_ROW = re.compile(r"[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_BLANK = re.compile(r"[ \t\v\f]*$")
# A blank line that mistune's indented-code pattern matches all the same.
_INDENTED_BLANK = re.compile(r"(?: {4}| *\t).")
# A list marker in any other form than the two above (empty item, "1)", a tab).
_OTHER_MARKER = re.compile(r"(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
# The one shape of a keyword-index entry, "**`name`**: [page](./page)": its
# link needs no general inline scan.
_KEYWORD_ENTRY = re.compile(r"\*\*`[^`]+`\*\*: \[([^\[\]`\\<]*)\]\(([^\s()<>\\]+)\)")
_NO_DEFINITIONS: dict[str, tuple[str, str | None]] = {}


class _GiveUp(Exception):
    """The page uses Markdown this scan does not read exactly."""


def scan_layer(text: str, first_line: int = 1) -> MarkdownLayer | None:
    """The generic layer of `text` (LF newlines), or None if mistune must read it."""
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    try:
        return _Scanner(lines, first_line).run()
    except _GiveUp:
        return None


class _Scanner:
    def __init__(self, lines: list[str], first_line: int) -> None:
        self.lines = lines
        self.first = first_line
        self.layer = MarkdownLayer(line_count=len(lines))
        self.paragraph: list[str] = []
        self.paragraph_start = 0

    def run(self) -> MarkdownLayer:
        index, count = 0, len(self.lines)
        previous = "blank"
        while index < count:
            line = self.lines[index]
            if _BLANK.match(line):
                if _INDENTED_BLANK.match(line):
                    raise _GiveUp  # mistune reads it as indented code or paragraph text
                self.flush()
                previous = "blank"
                index += 1
                continue
            first = line[0]
            if first in " \t><|" or (first == "[" and "]:" in line):
                raise _GiveUp
            if first == "#":
                heading = _ATX.match(line)
                if heading is None:
                    raise _GiveUp
                self.flush()
                self.heading(index, heading)
                previous = "heading"
            elif first in "`~" and _FENCE_OPEN.match(line):
                self.flush()
                index = self.fence(index)
                previous = "fence"
            elif _THEMATIC.match(line):
                if previous in ("paragraph", "item"):
                    raise _GiveUp  # a setext underline or a list-ending break
                self.flush()
                self.layer.thematic_breaks.append(self.first + index)
                previous = "break"
            elif _BULLET.match(line) or _ORDERED.match(line):
                if previous == "paragraph":
                    raise _GiveUp  # whether it interrupts depends on the marker
                self.item(index, line)
                previous = "item"
            else:
                if previous == "item" or (first in "=-" and previous == "paragraph"):
                    raise _GiveUp  # lazy continuation or setext underline
                if _OTHER_MARKER.match(line):
                    raise _GiveUp
                if "|" in line and index + 1 < count and _ALIGN_ROW.match(self.lines[index + 1]):
                    raise _GiveUp  # a table
                if not self.paragraph:
                    self.paragraph_start = index
                self.paragraph.append(line)
                previous = "paragraph"
            index += 1
        self.flush()
        return self.layer

    def heading(self, index: int, match: re.Match[str]) -> None:
        # mistune strips ASCII whitespace only: a heading may end in U+0085 or U+2003.
        text = (match.group(2) or "").strip(string.whitespace)
        if text.endswith("#"):
            raise _GiveUp  # closing hashes are trimmed by rules this scan does not copy
        line = self.first + index
        self.layer.headings.append(
            Heading(line=line, column=1, level=len(match.group(1)), text=text)
        )
        self.links(self.lines[index], line, 0)

    def fence(self, index: int) -> int:
        match = _FENCE_OPEN.match(self.lines[index])
        assert match is not None
        marker, info = match.group(1), match.group(2)
        if "\\" in info or "&" in info or (marker[0] == "`" and "`" in info):
            raise _GiveUp
        closing = re.compile(
            r" {0,3}" + re.escape(marker[0]) + "{" + str(len(marker)) + r",}[ \t]*$"
        )
        end = index + 1
        while end < len(self.lines) and not closing.match(self.lines[end]):
            end += 1
        closed = end < len(self.lines)
        content = self.lines[index + 1 : end]
        raw = "\n".join(content) + "\n" if content else ""
        line = self.first + index
        self.layer.code_blocks.append(
            CodeBlock(
                line=line,
                column=1,
                fenced=True,
                marker=marker,
                info=info.strip(),
                content_line=line + 1,
                end_line=self.first + (end if closed else len(self.lines) - 1),
                closed=closed,
                text=raw,
            )
        )
        return end if closed else len(self.lines) - 1

    def item(self, index: int, line: str) -> None:
        match = _BULLET.match(line) or _ORDERED.match(line)
        assert match is not None
        marker, text = match.group(1), match.group(2)
        if _NESTED_BLOCK.match(text) or _THEMATIC.match(text):
            raise _GiveUp
        number = self.first + index
        text = text.strip()
        self.layer.list_items.append(
            ListItem(line=number, column=1, marker=marker, depth=0, text=text)
        )
        column = len(marker) + 2
        entry = _KEYWORD_ENTRY.fullmatch(match.group(2))
        if entry is None:
            self.links(match.group(2), number, column - 1)
            return
        self.layer.links.append(
            Link(
                line=number,
                column=column + entry.start(1) - 1,
                kind="inline",
                text=entry.group(1),
                target=entry.group(2),
                title=None,
            )
        )

    def flush(self) -> None:
        if not self.paragraph:
            return
        raw = "\n".join(self.paragraph)
        start = self.first + self.paragraph_start
        self.layer.paragraphs.append(
            Paragraph(
                line=start, column=1, end_line=start + len(self.paragraph) - 1, text=raw.strip()
            )
        )
        self.links(raw, start, 0)
        self.paragraph = []

    def links(self, raw: str, line: int, shift: int) -> None:
        """Links of raw text that starts at column `shift + 1` of `line`."""
        # Links come in order: each newline is counted once, not once per link.
        breaks, line_start, scanned = 0, 0, 0
        for found in find_links(raw, _NO_DEFINITIONS):
            newline = raw.find("\n", scanned, found.offset)
            while newline >= 0:
                breaks, line_start = breaks + 1, newline + 1
                newline = raw.find("\n", line_start, found.offset)
            scanned = max(scanned, found.offset)
            column = found.offset - line_start + 1 if breaks else found.offset + shift + 1
            self.layer.links.append(
                Link(
                    line=line + breaks,
                    column=column,
                    kind=found.kind,
                    text=found.text,
                    target=found.target,
                    title=found.title,
                )
            )

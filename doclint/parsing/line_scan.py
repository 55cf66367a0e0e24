"""An exact line scan for the plain Markdown generated pages are made of.

Generated pages use a small part of Markdown: ATX headings, paragraphs of
plain lines, one-line list items, fenced code, thematic breaks, the pipe
tables of folder indexes, the setext headings, indented code and
indented paragraph lines of text files that leak out of a broken Original
Source block, and the HTML lines of wikis (DeepWiki's anchors and
`<details>` blocks). For a page made only of those, this scan builds the same
`MarkdownLayer` as the mistune path at a fraction of the cost (keyword
indexes are hundreds of list items, each of which mistune parses as a nested
document; a leaked Makefile is thousands of indented lines). At the first
line whose reading could depend on anything more (indentation under a list
item, indented blocks, block quotes, HTML comments and raw text tags,
tables without outer pipes, lazy continuations, link definitions...) it
gives up and returns None, and the caller uses mistune. A test compares
both paths over the real slice and a generated corpus.

The scan's cost is Python work per line, so a line is sorted by its first
character before any pattern runs; a keyword-index entry line, the bulk of the
largest pages, is read whole by one pattern; and a fenced block's closing line
is found by one search over the text, not by a match on each line of what may
be a long embedded source.
"""

from __future__ import annotations

import re
import string
from typing import Final

from doclint.models.markdown import (
    CodeBlock,
    Heading,
    HtmlBlock,
    Link,
    ListItem,
    MarkdownLayer,
    Paragraph,
    TableRow,
    build_node,
)
from doclint.models.markdown_lines import (
    ATX_OPENING,
    FENCE_OPEN,
    SETEXT,
    THEMATIC,
    THEMATIC_LINE,
    closing_line,
)
from doclint.parsing.inline import ONE_LINK, scan_links
from doclint.util.lazy_regex import compiled_on_use

_BULLET: Final = compiled_on_use(r"([-*+]) (\S.*)$")
_ORDERED: Final = compiled_on_use(r"(\d{1,9}\.) (\S.*)$")
# What a list item's text must not start with: it would be a nested block.
_NESTED_BLOCK = (
    rf"(?:{ATX_OPENING}|`{{3}}|~{{3}}|>|[-*+](?:[ \t]|$)|\d{{1,9}}[.)](?:[ \t]|$)|<|\[[^\]]*\]:|\|)"
)
# An item this scan reads: `_BULLET` or `_ORDERED` whose text is neither a
# nested block nor a thematic break, told by one match instead of three.
_SIMPLE = rf"(?!{_NESTED_BLOCK}|{THEMATIC_LINE})(\S.*)$"
_SIMPLE_BULLET: Final = compiled_on_use(rf"([-*+]) {{1,4}}{_SIMPLE}")
_SIMPLE_ORDERED: Final = compiled_on_use(rf"(\d{{1,9}}\.) {{1,4}}{_SIMPLE}")
# The openings of most generated items, "- **Label**: ...", "- [page](...)",
# "- `name`", "- Text": no keyword entry, nested block or thematic break
# starts so, and the item's text is the rest of the line. Told by a look at
# the line's first characters instead of three matches over all of it.
_PLAIN_ITEM: Final = compiled_on_use(r"- (?:\*\*[^`*\s]|\[(?![^\]]*\]:)|`(?!``)|[A-Za-z])")
_ALIGN_ROW: Final = compiled_on_use(
    r"[ \t]*+(?:\|[ \t]*+)?:?-++:?[ \t]*+(?>(?:\|[ \t]*+:?-++:?[ \t]*+)*)\|?[ \t]*+$"
)
_BLANK: Final = compiled_on_use(r"[ \t\v\f]*$")
# A line of indented code as mistune tells one (`_is_indent_code_line`): four
# spaces, or a tab after fewer, then anything (blank or not).
_INDENTED_CODE: Final = compiled_on_use(r"(?: {4}| *\t).")
# mistune's reading of an indented block's text: the first tab after up to
# three spaces is expanded to the fourth column, then up to four spaces go.
_LEADING_TAB: Final = compiled_on_use(r"^( {0,3})\t", re.MULTILINE)
_CODE_INDENT: Final = compiled_on_use(r"^ {1,4}", re.MULTILINE)
# What may open a block after up to three spaces (a digit may open an
# ordered item): a line indented so and opening none is paragraph text.
_BLOCK_OPENERS: Final = frozenset("#`~=-_*+>[<|")
# What may come before an indented line, across blank lines, for this scan
# to read it: after a list item or a table, mistune may read it as theirs.
_BEFORE_INDENTED: Final = frozenset({"blank", "paragraph", "heading", "fence", "break"})
# `string.whitespace`, written out: the module (its Template pattern compiled
# as it loads) is imported for nothing else.
_ASCII_WHITESPACE: Final = " \t\n\r\x0b\x0c"
# A list marker in any other form than the two above (empty item, "1)", a tab).
_OTHER_MARKER: Final = compiled_on_use(r"(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
# The one shape of a keyword-index entry line, "- **`name`**: [page](./page)":
# no block check applies to it and its link needs no general inline scan.
# Keyword indexes are runs of hundreds of them, read by one match each. The
# destination is printable ASCII but for "()<>\\": a class of ranges the regex
# engine tests at a third of the cost of one holding `\s`; any other
# destination is read by the general path.
_KEYWORD_ENTRY = r"([-*+]) (\*\*`([^`\n]+)`\*\*: \[([^\[\]`\\<\n]*)\]\(([!-'*-;=?-\[\]-~]+)\))"
_KEYWORD_LINE: Final = compiled_on_use(_KEYWORD_ENTRY + "$")
_KEYWORD_NEXT: Final = compiled_on_use(_KEYWORD_ENTRY + r"(?:\n|\Z)")
_NO_DEFINITIONS: Final[dict[str, tuple[str, str | None]]] = {}
# A cell of a table's delimiter row, stripped, as mistune's table plugin
# accepts it (or an empty one).
_ALIGN_CELL: Final = compiled_on_use(r":?-+:?")
# mistune's reading of a line that starts with "<" (`RAW_HTML`, `BLOCK_TAGS`,
# `PRE_TAGS`, `_OPEN_TAG_END`, `_CLOSE_TAG_END` of mistune.block_parser and
# mistune.helpers; tests/test_line_scan.py holds them to mistune's): a tag
# that opens a block (a block tag, or a whole tag alone on its line), or the
# start of a paragraph line.
_HTML_TAG: Final = compiled_on_use(r"</?([A-Za-z][A-Za-z0-9-]*)")
_HTML_ATTRIBUTES = (
    r"(?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*"
    r"""(?:\s*=\s*(?:[^ !"'=<>`]+|'[^']*?'|"[^"]*?"))?)*"""
)
_OPEN_TAG_END: Final = compiled_on_use(_HTML_ATTRIBUTES + r"[ \t]*>[ \t]*(?:\n|$)")
"""mistune's pattern of a whole opening tag's end, kept to prove `whole_open_tag`
by (tests/test_line_scan.py): matched by backtracking, it takes time
exponential in a line whose unquoted values hold tabs (`a=b\tc=d\t...`),
each of which may end the value or start the next attribute."""
_CLOSE_TAG_END: Final = compiled_on_use(r"[ \t]*>[ \t]*(?:\n|$)")
# The names of each kind, as one text (one constant to load at every start,
# not a set of 63): a name is of the kind when " name " is in its text.
_PRE_TAGS: Final = " pre script style textarea "
_BLOCK_TAGS: Final = (
    " address article aside base basefont blockquote body caption center col colgroup dd details "
    "dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 "
    "h6 head header hr html iframe legend li link main menu menuitem meta nav noframes ol "
    "optgroup option p param section source summary table tbody td tfoot th thead title tr track "
    "ul "
)
# What splits a row into cells: a pipe, unless a backslash escapes it, which
# the backslash pairs here find (an odd run of backslashes ends on one).
_CELL_BREAK: Final = compiled_on_use(r"\\.|\|")


class _GiveUp(Exception):
    """The page uses Markdown this scan does not read exactly."""


KeywordLines = dict[int, tuple[str, str]]
"""The keyword-entry lines a scan read whole ("- **`name`**: [page](target)"),
by line number: each line's name and link target."""


def scan_layer(
    text: str, first_line: int = 1, lines: list[str] | None = None
) -> MarkdownLayer | None:
    """The generic layer of `text` (LF newlines), or None if mistune must read it.
    `lines` is `text.split("\\n")` if the caller has it."""
    scanned = scan_page(text, first_line, lines)
    return scanned[0] if scanned is not None else None


def scan_page(
    text: str, first_line: int = 1, lines: list[str] | None = None
) -> tuple[MarkdownLayer, KeywordLines] | None:
    """`scan_layer`'s layer, with the keyword-entry lines it read whole."""
    scanner = _Scanner(text, text.split("\n") if lines is None else lines, first_line)
    try:
        return scanner.run(), scanner.keywords
    except _GiveUp:
        return None


class _Scanner:
    def __init__(self, text: str, lines: list[str], first_line: int) -> None:
        self.text = text
        self.lines = lines
        # A final newline ends the last line; it does not start another.
        self.count = len(lines) - 1 if text.endswith("\n") else len(lines)
        self.first = first_line
        self.layer = MarkdownLayer(line_count=self.count)
        # The layer's lists, held by the scanner: each node is appended to
        # one, and a read of the layer's attribute is a dictionary lookup.
        self.headings = self.layer.headings
        self.code_blocks = self.layer.code_blocks
        self.links_found = self.layer.links
        self.list_items = self.layer.list_items
        self.paragraphs = self.layer.paragraphs
        self.paragraph: list[str] = []
        self.paragraph_start = 0
        # Where line `known_line` starts in `text`; moved forward only when a
        # fence needs an offset, so pages without fences never count.
        self.known_line = 0
        self.known_offset = 0
        self.keywords: KeywordLines = {}

    def run(self) -> MarkdownLayer:
        lines, count = self.lines, self.count
        index = 0
        previous = before_blank = "blank"
        while index < count:
            line = lines[index]
            if not line or (line[0] in " \t\v\f" and _blank_to_mistune(line, previous, index)):
                if self.paragraph:
                    self.flush()
                if previous != "blank":
                    before_blank = previous
                previous = "blank"
                index += 1
                continue
            first = line[0]
            if first in " \t":
                index, previous = self.indented(index, line, previous, before_blank)
            elif first == "<":
                index, previous = self.html(index, line, previous)
            # Headings and plain items, the lines most pages are made of, are
            # read here, without a call; the other openings by `opening`.
            elif first == "#" and (level := _atx_level(line)):
                # Other lines of "#" ("#define", "#######") are text.
                if self.paragraph:
                    self.flush()
                self.heading(index, line, level)
                previous = "heading"
            elif first == "-" and _PLAIN_ITEM.match(line):
                if self.paragraph:
                    self.flush()  # a bullet item with text interrupts a paragraph
                self.item(index, "-", line[2:], 2)
                previous = "item"
            else:
                index, previous = self.opening(index, line, previous)
            index += 1
        self.flush()
        return self.layer

    def opening(self, index: int, line: str, previous: str) -> tuple[int, str]:
        """Read line `index`, which starts with neither a space, a tab nor
        "<" and is neither an ATX heading nor a plain item: the index of the
        last line read, and what it was."""
        first = line[0]
        if first == ">" or (first == "[" and "]:" in line):
            raise _GiveUp
        if first == "|":
            if previous in ("paragraph", "item"):
                raise _GiveUp  # whether a table interrupts them is mistune's to say
            return self.table(index), "table"
        if first in "`~" and (fence := FENCE_OPEN.match(line)):
            if self.paragraph:
                self.flush()
            return self.fence(index, fence), "fence"
        if first in "-*+" and line.startswith(" **`", 1) and _KEYWORD_LINE.match(line):
            if self.paragraph:
                self.flush()  # a bullet item with text interrupts a paragraph
            return self.keyword_entries(index), "item"
        return index, self.other_line(index, line, previous)

    def indented(self, index: int, line: str, previous: str, before_blank: str) -> tuple[int, str]:
        """Read line `index`, which starts with a space or a tab and is not
        blank to mistune: the index of the last line read, and what it was."""
        if previous not in _BEFORE_INDENTED or (
            previous == "blank" and before_blank not in _BEFORE_INDENTED
        ):
            raise _GiveUp  # the line may be a list item's or a table's
        if _INDENTED_CODE.match(line):
            if previous != "paragraph":
                return self.indented_code(index), "fence"
            # Nothing can interrupt the paragraph there (indented code
            # cannot), so the line continues it.
        else:
            opening = line.lstrip(" ")[0]
            if opening in _BLOCK_OPENERS or opening.isdigit():
                raise _GiveUp  # a block indented by up to three spaces
            if "|" in line and index + 1 < self.count and _ALIGN_ROW.match(self.lines[index + 1]):
                raise _GiveUp  # a table
            if previous != "paragraph":
                self.paragraph_start = index
        self.paragraph.append(line)
        return index, "paragraph"

    def html(self, index: int, line: str, previous: str) -> tuple[int, str]:
        """Read line `index`, which starts with "<", as mistune does: the
        index of the last line read, and what it was."""
        tag = _HTML_TAG.match(line)
        if tag is None or previous == "table":
            raise _GiveUp  # a comment, a declaration, or no tag: mistune's to read
        closing = line[1] == "/"
        name = tag.group(1).lower()
        if f" {name} " in _BLOCK_TAGS:
            if previous == "item" and line[tag.end() : tag.end() + 1] not in ("", " ", "\t"):
                return self.html_in_item(index), "html"
            if self.paragraph:
                self.flush()  # a block tag interrupts a paragraph
            return self.html_block(index), "html"
        if f" {name} " in _PRE_TAGS and not closing:
            raise _GiveUp  # runs to its closing tag, across blank lines
        if previous == "item":
            raise _GiveUp  # a lazy continuation of the item
        if previous != "paragraph":
            whole = (
                _CLOSE_TAG_END.match(line + "\n", tag.end()) is not None
                if closing
                else whole_open_tag(line, tag.end())
            )
            if whole:
                return self.html_block(index), "html"
            self.paragraph_start = index
        # Any other tag is text that starts or continues a paragraph.
        self.paragraph.append(line)
        return index, "paragraph"

    def html_block(self, index: int) -> int:
        """Add the HTML block that line `index` opens, which runs to the next
        blank line (mistune's blocks of kinds 6 and 7); the index of its last line."""
        lines, count = self.lines, self.count
        last = index
        while last + 1 < count and lines[last + 1].strip(" \t\v\f"):
            last += 1
        line = self.first + index
        text = "\n".join(lines[index : last + 1]) + "\n"
        self.layer.html_blocks.append(HtmlBlock(line, 1, self.first + last, text))
        return last

    def html_in_item(self, index: int) -> int:
        """Add the block tag of line `index` after a list item's line, which
        mistune reads as a lazy continuation of the item: an HTML block in
        the item. Read only where a blank line (or the page's end) follows."""
        if index + 1 < self.count and self.lines[index + 1].strip(" \t\v\f"):
            raise _GiveUp  # the lines after it may be the item's, or a next item
        self.layer.html_blocks.append(
            HtmlBlock(self.first + index, 1, self.first + index, self.lines[index] + "\n")
        )
        return index

    def indented_code(self, index: int) -> int:
        """Add the indented-code block that starts at line `index`, as
        mistune reads it; the index of its last line (blank lines after it
        are the block's)."""
        lines, count = self.lines, self.count
        last = index
        # mistune's end of the block: indented lines, and lines blank to str.strip.
        while last + 1 < count and (
            _INDENTED_CODE.match(lines[last + 1]) or not lines[last + 1].strip()
        ):
            last += 1
        raw = "\n".join(lines[index : last + 1])
        text = _CODE_INDENT.sub("", _LEADING_TAB.sub(_tab_to_column, raw)).strip("\n")
        line, physical = self.first + index, lines[index]
        self.code_blocks.append(
            CodeBlock(
                line=line,
                column=len(physical) - len(physical.lstrip(" \t")) + 1,
                fenced=False,
                marker="",
                info="",
                content_line=line,
                end_line=line + text.count("\n"),
                closed=True,
                text=text,
            )
        )
        return last

    def other_line(self, index: int, line: str, previous: str) -> str:
        """Read line `index`, which opens none of the blocks `opening` tells
        first: a thematic break, a setext underline, another list item or
        paragraph text. What the line was, for the next line's reading."""
        first = line[0]
        if first in "-_*" and THEMATIC.match(line):
            return self.thematic_break(index, line, previous)
        if (first in "-*+" or first.isdecimal()) and self.list_item(index, line, previous):
            return "item"
        if previous == "paragraph" and first in "=-" and SETEXT.match(line):
            self.setext(line)
            return "heading"
        if previous == "item":
            raise _GiveUp  # a lazy continuation of the item
        if (first in "-*+" or first.isdecimal()) and _OTHER_MARKER.match(line):
            raise _GiveUp
        if "|" in line and index + 1 < self.count and _ALIGN_ROW.match(self.lines[index + 1]):
            raise _GiveUp  # a table
        if not self.paragraph:
            self.paragraph_start = index
        self.paragraph.append(line)
        return "paragraph"

    def thematic_break(self, index: int, line: str, previous: str) -> str:
        """Read line `index`, a thematic break unless it underlines a
        paragraph (a setext heading); what the line was."""
        if previous == "item":
            raise _GiveUp  # whether it ends the list depends on the marker
        if previous == "paragraph" and SETEXT.match(line):
            self.setext(line)
            return "heading"
        if self.paragraph:
            self.flush()
        self.layer.thematic_breaks.append(self.first + index)
        return "break"

    def list_item(self, index: int, line: str, previous: str) -> bool:
        """Add the one-line list item line `index` is, which starts with a
        bullet or a digit; False for a line that opens no item with text."""
        bullet = line[0] in "-*+"
        item = _SIMPLE_BULLET.match(line) if bullet else _SIMPLE_ORDERED.match(line)
        if item is None:
            nested = _BULLET.match(line) if bullet else _ORDERED.match(line)
            if nested is not None:
                raise _GiveUp  # an item holding a nested block
            return False
        if previous == "paragraph":
            if not bullet and int(item.group(1)[:-1]) != 1:
                raise _GiveUp  # only an ordered list that starts at 1 interrupts it
            self.flush()  # an item with text interrupts a paragraph
        self.item(index, item.group(1), item.group(2), item.start(2))
        return True

    def keyword_entries(self, index: int) -> int:
        """Add the run of keyword-entry lines that starts at line `index`; the
        index of its last line."""
        text, number, keywords = self.text, self.first + index, self.keywords
        list_items, links = self.list_items, self.links_found
        # Local names: the loop may run over hundreds of thousands of lines.
        match, build, item_node, link_node = _KEYWORD_NEXT.match, build_node, ListItem, Link
        end = self.offset(index)
        while (entry := match(text, end)) is not None:
            marker, item, name, label, target = entry.groups()
            list_items.append(build(item_node, (number, 1, marker, 0, item)))
            # The label starts after "- **`", the name and "`**: [".
            column = len(marker) + len(name) + 10
            links.append(build(link_node, (number, column, "inline", label, target, None)))
            keywords[number] = (name, target)
            number += 1
            end = entry.end()
        self.known_line, self.known_offset = number - self.first, end
        return number - self.first - 1

    def offset(self, index: int) -> int:
        """Where line `index` (at or after the last one asked for) starts in the text."""
        skipped = self.lines[self.known_line : index]
        self.known_offset += sum(map(len, skipped)) + len(skipped)
        self.known_line = index
        return self.known_offset

    def heading(self, index: int, physical: str, level: int) -> None:
        """Add the ATX heading of level `level` that line `index` opens."""
        # mistune strips ASCII whitespace only: a heading may end in U+0085 or U+2003.
        text = physical[level:].strip(_ASCII_WHITESPACE)
        if text.endswith("#"):
            raise _GiveUp  # closing hashes are trimmed by rules this scan does not copy
        line = self.first + index
        self.headings.append(build_node(Heading, (line, 1, level, text)))
        if "[" in text or "<" in text:
            self.links(physical, line, 0)

    def setext(self, underline: str) -> None:
        """The paragraph so far becomes a heading; mistune keeps its raw lines,
        each with its newline, as the heading's text."""
        raw = "\n".join(self.paragraph)
        start = self.first + self.paragraph_start
        level = 1 if underline.rstrip(" \t")[-1] == "=" else 2
        # Its column is where its first line's text starts (an indented paragraph's too).
        column = len(raw) - len(raw.lstrip(" \t")) + 1
        self.headings.append(Heading(start, column, level, raw + "\n"))
        self.links(raw, start, 0)
        self.paragraph = []

    def fence(self, index: int, match: re.Match[str]) -> int:
        """Add the block the fence `match` opens; the index of its last line."""
        marker, info = match.group(1), match.group(2)
        if "\\" in info or "&" in info or (marker[0] == "`" and "`" in info):
            raise _GiveUp
        start = self.offset(index + 1)
        stop = closing_line(self.text, start, marker)
        if stop < 0:
            end = self.count - 1
            raw = self.text[start:]
            if raw and not raw.endswith("\n"):
                raw += "\n"  # the last line, unterminated in the text
        else:
            # The closing line's index, by the lengths of the lines before it.
            lines, end, offset = self.lines, index + 1, start
            while offset < stop:
                offset += len(lines[end]) + 1
                end += 1
            # The block's text keeps the newline that ends its last line.
            raw = self.text[start:stop]
            self.known_line, self.known_offset = end, stop
        line = self.first + index
        self.code_blocks.append(
            CodeBlock(
                line=line,
                column=1,
                fenced=True,
                marker=marker,
                info=info.strip(),
                content_line=line + 1,
                end_line=self.first + end,
                closed=stop >= 0,
                text=raw,
            )
        )
        return end

    def table(self, index: int) -> int:
        """Add the pipe table whose header is line `index`, as mistune's table
        plugin reads one; the index of its last line."""
        lines, count = self.lines, self.count
        header = _pipe_row(lines[index]) if len(lines[index].rstrip(" \t")) > 1 else None
        delimiter = _pipe_row(lines[index + 1]) if index + 1 < count else None
        if header is None or delimiter is None or lines[index + 1][0] != "|":
            raise _GiveUp
        heads, aligns = _cells(header), _cells(delimiter)
        if len(heads) != len(aligns) or not all(not a or _ALIGN_CELL.fullmatch(a) for a in aligns):
            raise _GiveUp  # no table: mistune reads a paragraph
        rows, last = [(index, True, heads)], index + 1
        while last + 1 < count and (row := _pipe_row(lines[last + 1])) is not None:
            cells = _cells(row)
            if lines[last + 1][0] != "|" or len(cells) != len(heads):
                raise _GiveUp  # an indented row, or a table mistune reads as a paragraph
            last += 1
            rows.append((last, False, cells))
        for number, head, cells in rows:
            line = self.first + number
            self.layer.table_rows.append(build_node(TableRow, (line, 1, head, cells)))
            self.links(lines[number], line, 0)
        return last

    def item(self, index: int, marker: str, text: str, shift: int) -> None:
        """Add the one-line item of line `index`; its text starts at column `shift + 1`."""
        number = self.first + index
        self.list_items.append(build_node(ListItem, (number, 1, marker, 0, text.strip())))
        if "[" in text or "<" in text:
            self.links(text, number, shift)

    def flush(self) -> None:
        """Add the paragraph read so far (callers in a hot path check there is one)."""
        if not self.paragraph:
            return
        raw = "\n".join(self.paragraph)
        start = self.first + self.paragraph_start
        self.paragraphs.append(
            build_node(Paragraph, (start, 1, start + len(self.paragraph) - 1, raw.strip()))
        )
        if "[" in raw or "<" in raw:
            self.links(raw, start, 0)
        self.paragraph = []

    def links(self, raw: str, line: int, shift: int) -> None:
        """Links of raw text that starts at column `shift + 1` of `line`, as
        `find_links` finds them. Only a text holding "[" or "<" can hold one:
        the callers check first."""
        simple = ONE_LINK.fullmatch(raw)
        if simple is not None:  # one plain link, the most common: no scan, no FoundLink
            offset = simple.end(1)
            breaks = raw.count("\n", 0, offset)
            column = offset - raw.rfind("\n", 0, offset) if breaks else offset + shift + 1
            link = (line + breaks, column, "inline", simple.group(2), simple.group(3), None)
            self.links_found.append(build_node(Link, link))
            return
        # Links come in order: each newline is counted once, not once per link.
        breaks, line_start, scanned = 0, 0, 0
        for found in scan_links(raw, _NO_DEFINITIONS):
            newline = raw.find("\n", scanned, found.offset)
            while newline >= 0:
                breaks, line_start = breaks + 1, newline + 1
                newline = raw.find("\n", line_start, found.offset)
            scanned = max(scanned, found.offset)
            column = found.offset - line_start + 1 if breaks else found.offset + shift + 1
            self.links_found.append(
                build_node(
                    Link, (line + breaks, column, found.kind, found.text, found.target, found.title)
                )
            )


def _atx_level(line: str) -> int:
    """The level of the ATX heading `line` opens, a line that starts with "#"
    (as `ATX` reads it: up to six of them, then a space, a tab or nothing),
    or 0 for a line of text. Counted, not matched: a page has hundreds."""
    level = len(line) - len(line.lstrip("#"))
    return level if level <= 6 and (len(line) == level or line[level] in " \t") else 0


def _blank_to_mistune(line: str, previous: str, index: int) -> bool:
    """Whether line `index`, which starts with a space, a tab, a vertical tab
    or a form feed, is blank to mistune: its indented-code test comes before
    its blank lines, which then run on through every line blank to them."""
    if _BLANK.match(line) is None:
        return False
    return (previous == "blank" and index > 0) or _INDENTED_CODE.match(line) is None


def _tab_to_column(match: re.Match[str]) -> str:
    return match.group(1) + " " * (4 - len(match.group(1)))


def _pipe_row(line: str) -> str | None:
    """A table row's text between its outer pipes, or None for a line that
    is no row (mistune's `_strip_pipe_table_row`)."""
    text = line.rstrip(" \t")
    if not text.startswith("|") and text.startswith((" ", "\t")):
        text = text.lstrip(" ")
    if not text.startswith("|") or not text.endswith("|"):
        return None
    return text[1:-1]


def _cells(row: str) -> list[str]:
    """A row's cells, stripped, split at the pipes no backslash escapes."""
    if "\\" not in row:
        return [cell.strip() for cell in row.split("|")]
    cells, start = [], 0
    for found in _CELL_BREAK.finditer(row):
        if found.group() == "|":
            cells.append(row[start : found.start()].strip())
            start = found.end()
    cells.append(row[start:].strip())
    return cells


def whole_open_tag(line: str, start: int) -> bool:
    """Whether `line` from `start` (after a tag's name) ends a whole opening
    tag alone on its line, as `_OPEN_TAG_END` tells: attributes, `>`, then
    spaces or tabs to the end. Read in one pass, every way of reading the
    line kept at once (a set of at most ten states): time linear in the
    line where the pattern's backtracking takes time exponential in it."""
    states = {_AFTER}
    for char in line[start:]:
        if char == "\n" and _CLOSED in states:
            return True
        states = {ahead for state in states for ahead in _steps(state, char)}
        if not states:
            return False
    return _CLOSED in states


def _steps(state: int, char: str) -> list[int]:
    """The states `char` leads to from `state` (`whole_open_tag`)."""
    space = char.isspace()
    ahead = []
    if state in (_AFTER, _NAME, _VALUE) and (space or char == ">"):
        # An attribute is whole (or none has begun): more, or the end.
        ahead.append(_CLOSED if char == ">" else _BLANKS if char in " \t" else _SPACES)
    if state == _NAME:
        ahead += _in_name(char, space)
    elif state in (_BLANKS, _SPACES):
        ahead += _in_blanks(state, char, space)
    elif state in (_BEFORE_EQUALS, _EQUALS):
        ahead += _around_equals(state, char, space)
    elif state == _VALUE and char not in _NOT_IN_VALUE:
        ahead.append(_VALUE)
    elif state in (_SINGLE, _DOUBLE):
        closing = "'" if state == _SINGLE else '"'
        ahead.append(_AFTER if char == closing else state)
    elif state == _CLOSED and char in " \t":
        ahead.append(_CLOSED)
    return ahead


def _in_name(char: str, space: bool) -> list[int]:
    """From a name: on with it, `=`, or the white space before `=`."""
    if char in _NAME_CHARS:
        return [_NAME]
    if char == "=":
        return [_EQUALS]
    return [_BEFORE_EQUALS] if space else []


def _in_blanks(state: int, char: str, space: bool) -> list[int]:
    """From the white space before a name (or, spaces and tabs only, `>`)."""
    if space:
        return [_BLANKS if state == _BLANKS and char in " \t" else _SPACES]
    if char in _NAME_STARTS:
        return [_NAME]
    return [_CLOSED] if char == ">" and state == _BLANKS else []


def _around_equals(state: int, char: str, space: bool) -> list[int]:
    """From the white space before `=`, or after it before the value."""
    if state == _BEFORE_EQUALS:
        return [_BEFORE_EQUALS] if space else [_EQUALS] if char == "=" else []
    ahead = [_EQUALS] if space else []
    if char == "'":
        return [*ahead, _SINGLE]
    if char == '"':
        return [*ahead, _DOUBLE]
    return [*ahead, _VALUE] if char not in _NOT_IN_VALUE else ahead


# The states of `whole_open_tag`: after the tag's name or a whole attribute;
# in the blanks before a name or `>` (spaces and tabs only), or before a
# name (other white space too); in a name; in the white space between a name
# and `=`; after `=`; in an unquoted, a single- or double-quoted value; after
# `>`.
(_AFTER, _BLANKS, _SPACES, _NAME, _BEFORE_EQUALS, _EQUALS, _VALUE, _SINGLE, _DOUBLE, _CLOSED) = (
    range(10)
)
_NAME_STARTS: Final = frozenset(string.ascii_letters + "_:")
_NAME_CHARS: Final = frozenset(string.ascii_letters + string.digits + "_.:-")
_NOT_IN_VALUE: Final = frozenset(" !\"'=<>`")

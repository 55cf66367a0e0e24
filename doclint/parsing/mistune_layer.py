"""Parse Markdown with mistune's block parser and give every part its position
(`doclint.parsing.markdown` imports it for the pages the line scan does not read).

mistune 3's AST carries no source positions. Each block rule is dispatched
through `parse_method` while the state's cursor sits on the rule's match, so
recording the cursor there (and where a paragraph starts) positions every
top-level token. Container blocks are parsed in child states whose text keeps
one line per source line, so a child's line 0 is the line of its container:
a block quote starts where it matched; a list item starts on its marker line,
which for items after the first is the line just before the cursor at which
mistune creates the previous item's child state. Inline links are then found
in each block's raw text, which maps back to physical lines and columns.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Any, ClassVar
from urllib.parse import unquote

import mistune
from mistune.block_parser import BlockParser
from mistune.core import BlockState
from mistune.helpers import BLOCK_TAGS, PRE_TAGS
from mistune.plugins.table import table as table_plugin

from doclint.models.markdown import (
    CodeBlock,
    Heading,
    HtmlBlock,
    Link,
    ListItem,
    MarkdownLayer,
    Paragraph,
    TableRow,
)
from doclint.parsing.inline import find_links, normalize_label, unescape
from doclint.parsing.line_scan import whole_open_tag
from doclint.util.lazy_regex import compiled_on_use

Token = dict[str, Any]

_NEWLINE = compiled_on_use("\n")
_LIST_MARKER = compiled_on_use(r"[ \t]*([*+-]|\d{1,9}[.)])([ \t]*)")
# Real trees hold nesting far deeper than any reader needs; mistune flattens
# beyond this depth instead of recursing, which bounds the parser's stack.
MAX_NESTING = 32


class _PositionedState(BlockState):
    """A BlockState that remembers where child states came from."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.origin = 0
        self.children_by_tokens: dict[int, _PositionedState] = {}

    def child_state(self, src: str, lazy_line_starts: set[int] | None = None) -> BlockState:
        child = super().child_state(src, lazy_line_starts)
        assert isinstance(child, _PositionedState)
        child.origin = self.cursor
        self.children_by_tokens[id(child.tokens)] = child
        return child

    def add_paragraph(self, text: str) -> None:
        count = len(self.tokens)
        super().add_paragraph(text)
        if len(self.tokens) > count:
            self.tokens[-1]["_pos"] = self.cursor


class _PositionedBlockParser(BlockParser):
    state_cls = _PositionedState
    # The same patterns as mistune's, with atomic repeats where backtracking
    # can never help: Python's regex engine keeps a backtracking record for each
    # repetition of a group, so a 10 MB line of "- - - ..." or "=====" costs
    # gigabytes with mistune's own patterns.
    SPECIFICATION: ClassVar[dict[str, str]] = {
        **BlockParser.SPECIFICATION,
        "setex_heading": r"^ {0,3}[=-]*(?P<setext_1>[=-])[ \t]*$",
        "thematic_break": r"^ {0,3}((?>(?:-[ \t]*+){3,}|(?:_[ \t]*+){3,}|(?:\*[ \t]*+){3,}))$",
    }

    def parse_method(self, m: re.Match[str], state: BlockState) -> int | None:
        start, count = state.cursor, len(state.tokens)
        result = super().parse_method(m, state)
        for token in state.tokens[count:]:
            token.setdefault("_pos", start)
        return result

    def parse_raw_html(self, m: re.Match[str], state: BlockState) -> int | None:
        # mistune tells whether an opening tag (not a block or `pre` tag's)
        # is whole and alone on its line (its HTML block of type 7) with a
        # pattern that backtracks for time exponential in a line whose
        # unquoted values hold tabs; `whole_open_tag` tells the same in one
        # pass. Where it says no, mistune reads no block there: the line
        # goes on a paragraph before it, or starts one.
        marker = m.group(0).strip()
        name = marker[1:].lower()
        other = name[:1].isalpha() and name not in PRE_TAGS and name not in BLOCK_TAGS
        if other and not whole_open_tag(state.src[: state.find_line_end()], m.end()):
            return state.append_paragraph()
        return super().parse_raw_html(m, state)

    def _parse_indent_code_fast(self, state: BlockState) -> int | None:
        start, count = state.cursor, len(state.tokens)
        result = super()._parse_indent_code_fast(state)
        for token in state.tokens[count:]:
            token.setdefault("_pos", start)
        return result


def _make_block_parser() -> BlockParser:
    parser = _PositionedBlockParser(max_nested_level=MAX_NESTING)
    table_plugin(mistune.Markdown(renderer=None, block=parser))
    return parser


_BLOCK_PARSER = _make_block_parser()


def parse_with_mistune(text: str, first_line: int = 1) -> MarkdownLayer:
    """The generic layer as mistune's block parser reads it (the reference path)."""
    state = _PositionedState()
    state.process(text if text.endswith("\n") else text + "\n")
    _BLOCK_PARSER.parse(state)
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    builder = _LayerBuilder(lines, first_line, state.env.get("ref_links", {}))
    builder.walk(state, first_line, 0)
    return builder.layer


class _StateLines:
    """Offsets of one state's source, turned into state line indexes."""

    def __init__(self, state: BlockState) -> None:
        src = state.src
        self.src = src
        self.newlines = [match.start() for match in _NEWLINE.finditer(src)]
        self.line_starts = [0] + [offset + 1 for offset in self.newlines]

    def index(self, offset: int) -> int:
        return bisect_left(self.newlines, offset)

    def end(self, index: int) -> int:
        return self.newlines[index] if index < len(self.newlines) else len(self.src)

    def text(self, index: int) -> str:
        return self.src[self.line_starts[index] : self.end(index)]

    def count(self) -> int:
        return len(self.line_starts) - (1 if self.src.endswith("\n") else 0)


class _LayerBuilder:
    def __init__(self, lines: list[str], first_line: int, ref_links: dict[str, Any]) -> None:
        self.lines = lines
        self.first_line = first_line
        self.definitions = {
            normalize_label(data.get("label", key)): (_definition_target(data), data.get("title"))
            for key, data in ref_links.items()
        }
        self.layer = MarkdownLayer(line_count=len(lines))

    def physical(self, line: int) -> str:
        index = line - self.first_line
        return self.lines[index] if 0 <= index < len(self.lines) else ""

    def walk(self, state: _PositionedState, base: int, depth: int, item: bool = False) -> None:
        """Add the parts of a state's tokens; in a list `item` the first paragraph
        is the item's own text (ListItem.text), so it is not added again."""
        positions = _StateLines(state)
        first_text = item
        for token in state.tokens:
            kind = token["type"]
            if kind == "blank_line":
                continue
            line = base + positions.index(token.get("_pos", 0))
            if kind == "heading":
                self.heading(token, positions, base, line)
            elif kind in ("paragraph", "block_text"):
                self.paragraph(token, positions, base, record=not first_text)
                first_text = False
            elif kind == "block_code":
                self.code(token, positions, base, line)
            elif kind == "list":
                self.list(token, state, positions, base, line, depth)
            elif kind == "block_quote":
                self.walk(state.children_by_tokens[id(token["children"])], line, depth)
            elif kind == "table":
                self.table(token, line)
            elif kind == "thematic_break":
                self.layer.thematic_breaks.append(line)
            elif kind == "block_html":
                raw = token.get("raw", "")
                end = line + max(raw.rstrip("\n").count("\n"), 0)
                self.layer.html_blocks.append(
                    HtmlBlock(line=line, column=1, end_line=end, text=raw)
                )

    def heading(self, token: Token, positions: _StateLines, base: int, line: int) -> None:
        text = token.get("text", "")
        physical = self.physical(line)
        column = physical.find("#") + 1 if token.get("style") == "atx" else _indent(physical) + 1
        level = token["attrs"]["level"]
        self.layer.headings.append(
            Heading(line=line, column=max(column, 1), level=level, text=text)
        )
        if token.get("style") == "atx":
            self.line_links(line, physical)
        else:
            self.text_links(token.get("text", ""), token.get("_pos", 0), positions, base)

    def paragraph(self, token: Token, positions: _StateLines, base: int, record: bool) -> None:
        raw = token.get("text", "")
        start = token.get("_pos", 0)
        if record:
            line = base + positions.index(start)
            end = base + positions.index(start + len(raw.rstrip("\n")))
            self.layer.paragraphs.append(
                Paragraph(
                    line=line,
                    column=_column(self.physical(line), positions, start),
                    end_line=end,
                    text=raw.strip(),
                )
            )
        self.text_links(raw, start, positions, base)

    def text_links(self, raw: str, start: int, positions: _StateLines, base: int) -> None:
        for link in find_links(raw, self.definitions):
            offset = start + link.offset
            line = base + positions.index(offset)
            column = _column(self.physical(line), positions, offset)
            self.layer.links.append(
                Link(
                    line=line,
                    column=column,
                    kind=link.kind,
                    text=link.text,
                    target=link.target,
                    title=link.title,
                )
            )

    def line_links(self, line: int, physical: str) -> None:
        for link in find_links(physical, self.definitions):
            self.layer.links.append(
                Link(
                    line=line,
                    column=link.offset + 1,
                    kind=link.kind,
                    text=link.text,
                    target=link.target,
                    title=link.title,
                )
            )

    def code(self, token: Token, positions: _StateLines, base: int, line: int) -> None:
        raw = token.get("raw", "")
        if token.get("style") != "fenced":
            content = raw.strip("\n")
            end = line + content.count("\n")
            self.layer.code_blocks.append(
                CodeBlock(
                    line=line,
                    column=_indent(self.physical(line)) + 1,
                    fenced=False,
                    marker="",
                    info="",
                    content_line=line,
                    end_line=end,
                    closed=True,
                    text=content,
                )
            )
            return
        marker = token.get("marker", "```")
        state_index = positions.index(token.get("_pos", 0))
        content_lines = raw.count("\n") + (0 if raw.endswith("\n") or not raw else 1)
        close_index = state_index + 1 + content_lines
        closed = close_index < positions.count() and _closes(positions.text(close_index), marker)
        end = base + (close_index if closed else positions.count() - 1)
        self.layer.code_blocks.append(
            CodeBlock(
                line=line,
                column=_indent(self.physical(line)) + 1,
                fenced=True,
                marker=marker,
                info=token.get("attrs", {}).get("info", ""),
                content_line=line + 1,
                end_line=max(end, line),
                closed=closed,
                text=raw,
            )
        )

    def list(
        self,
        token: Token,
        state: _PositionedState,
        positions: _StateLines,
        base: int,
        line: int,
        depth: int,
    ) -> None:
        item_line = line
        for item in token.get("children", []):
            child = state.children_by_tokens[id(item["children"])]
            physical = self.physical(item_line)
            marker = _LIST_MARKER.match(physical)
            blank_first = marker is not None and not physical[marker.end() :].strip()
            first_text = next(
                (
                    sub.get("text", "").strip()
                    for sub in item["children"]
                    if sub["type"] in ("paragraph", "block_text")
                ),
                "",
            )
            self.layer.list_items.append(
                ListItem(
                    line=item_line,
                    column=(marker.start(1) + 1) if marker else 1,
                    marker=marker.group(1) if marker else "",
                    depth=depth,
                    text=first_text,
                )
            )
            self.walk(child, item_line + (1 if blank_first else 0), depth + 1, item=True)
            # mistune makes an item's child state with the cursor just past the
            # next item's marker line.
            item_line = base + positions.index(max(child.origin - 1, 0))

    def table(self, token: Token, line: int) -> None:
        head, body = token["children"]
        rows = [(head, True, line)] + [
            (row, False, line + 2 + index) for index, row in enumerate(body["children"])
        ]
        for row, header, row_line in rows:
            cells = [cell.get("text", "") for cell in row["children"]]
            physical = self.physical(row_line)
            self.layer.table_rows.append(
                TableRow(line=row_line, column=_indent(physical) + 1, header=header, cells=cells)
            )
            self.line_links(row_line, physical)


def _definition_target(data: dict[str, Any]) -> str:
    # mistune stores definition URLs percent-escaped; link rules want them as written.
    return unescape(unquote(data.get("url", "")))


def _closes(line: str, marker: str) -> bool:
    stripped = line.strip()
    return (
        len(line) - len(line.lstrip(" ")) <= 3
        and len(stripped) >= len(marker)
        and stripped == marker[0] * len(stripped)
    )


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _column(physical: str, positions: _StateLines, offset: int) -> int:
    """Column in the physical line of a state offset (children lose a prefix)."""
    index = positions.index(offset)
    start = positions.line_starts[index]
    # Lengths only: a line holding thousands of links is not copied for each.
    return len(physical) - (positions.end(index) - start) + (offset - start) + 1

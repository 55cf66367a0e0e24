"""The generic Markdown layer of a document: what CommonMark renders, with positions.

Every Markdown file gets this layer, generated or not. Lines and columns are
1-based and refer to the physical file, also for a document embedded in another.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class Node(BaseModel):
    """Base of every positioned part of a document."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    line: int
    column: int = 1


class Heading(Node):
    """An ATX or setext heading; `text` is its raw inline source."""

    level: int
    text: str


class CodeBlock(Node):
    """A fenced or indented code block as CommonMark closes it.

    `end_line` is the closing fence line when `closed`, else the last line the
    block swallowed. `content_line` is the first line of its content.
    """

    fenced: bool
    marker: str = ""
    info: str = ""
    content_line: int
    end_line: int
    closed: bool = True
    text: str


class Link(Node):
    """A live link or image: inline, reference-style, or an autolink."""

    kind: Literal["inline", "reference", "autolink", "image"]
    text: str
    target: str
    title: str | None = None


class ListItem(Node):
    """One list item; `text` is the raw text of its first paragraph."""

    marker: str
    depth: int
    text: str


class Paragraph(Node):
    """A paragraph, raw inline source. The first paragraph of a list item is
    that item's `text` and is not repeated here."""

    end_line: int
    text: str


class TableRow(Node):
    """A table row (header or body) with its raw cell texts."""

    header: bool
    cells: list[str]


class HtmlBlock(Node):
    """A block of raw HTML, including comments."""

    end_line: int
    text: str


class MarkdownLayer(BaseModel):
    """All rendered parts of one document, each list in document order."""

    model_config = ConfigDict(extra="forbid")

    line_count: int
    headings: list[Heading] = []
    code_blocks: list[CodeBlock] = []
    links: list[Link] = []
    list_items: list[ListItem] = []
    paragraphs: list[Paragraph] = []
    table_rows: list[TableRow] = []
    html_blocks: list[HtmlBlock] = []
    thematic_breaks: list[int] = []

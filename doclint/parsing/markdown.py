"""The generic Markdown layer of a page: every heading, block, list item,
table row and link, with its position.

The exact line scan (`line_scan`) reads most pages; what it does not read
goes to mistune's block parser (`mistune_layer`), imported when a page first
needs it: mistune and what it imports cost a one-page check more than the
check itself.
"""

from __future__ import annotations

from doclint.models.markdown import MarkdownLayer
from doclint.parsing.line_scan import KeywordLines, scan_page


def parse_markdown(text: str, first_line: int = 1, lines: list[str] | None = None) -> MarkdownLayer:
    """The generic layer of `text` (LF newlines), numbered from `first_line`:
    by the exact line scan when the page allows it, else by mistune. `lines`
    is `text.split("\\n")` if the caller has it."""
    return read_markdown(text, first_line, lines)[0]


def read_markdown(
    text: str, first_line: int = 1, lines: list[str] | None = None
) -> tuple[MarkdownLayer, KeywordLines]:
    """`parse_markdown`'s layer, with the keyword-entry lines the line scan
    read whole (none where mistune read the page)."""
    scanned = scan_page(text, first_line, lines)
    return scanned if scanned is not None else (parse_with_mistune(text, first_line), {})


def parse_with_mistune(text: str, first_line: int = 1) -> MarkdownLayer:
    """The generic layer as mistune's block parser reads it (the reference path)."""
    from doclint.parsing import mistune_layer

    return mistune_layer.parse_with_mistune(text, first_line)

"""The Original Source block of a file documentation, located by lines as the
generator meant it: up to its own closing fence, whatever fences the embedded
text holds. The page parser, the tree index (for a source known only from
its page) and the rules that read a page as a source (`source_span`) all
read it here."""

from __future__ import annotations

from functools import lru_cache

from doclint.models.templates import HIGH_LEVEL_OVERVIEW, ORIGINAL_SOURCE
from doclint.parsing.block_lines import FENCE_OPEN

_SOURCE_HEADING = f"## {ORIGINAL_SOURCE}"
_AFTER_SOURCE_HEADING = f"## {HIGH_LEVEL_OVERVIEW}"


def intended_source_end(lines: list[str], open_index: int, marker: str) -> int | None:
    """Index of the generator's own closing fence of the block opened at `open_index`.

    The generator follows the embedded text with its closing fence and then
    the "High-Level Overview" section, so its fence is the last bare fence line
    before the last such heading. None when the page has no such heading.
    """
    heading = None
    for index in range(len(lines) - 1, open_index, -1):
        if lines[index].rstrip() == _AFTER_SOURCE_HEADING:
            heading = index
            break
    if heading is None:
        return None
    for index in range(heading - 1, open_index, -1):
        stripped = lines[index].strip()
        if stripped and set(stripped) == {marker[0]} and len(stripped) >= len(marker):
            return index
    return None


def original_source_text(text: str) -> str | None:
    """The text embedded in a file documentation's Original Source block."""
    text = text.replace("\r\n", "\n")
    span = source_span(text)
    return text[span[0] : span[1]] + "\n" if span is not None else None


def source_block(lines: list[str]) -> tuple[int, int] | None:
    """(first, end) indexes into `lines` (a file documentation's lines) of the
    text its Original Source block embeds, end exclusive."""
    try:
        start = lines.index(_SOURCE_HEADING)
    except ValueError:
        return None
    for index in range(start + 1, len(lines)):
        match = FENCE_OPEN.match(lines[index])
        if match:
            end = intended_source_end(lines, index, match.group(1))
            return index + 1, len(lines) if end is None else end
        if lines[index].startswith("#"):
            return None
    return None


@lru_cache(maxsize=4)
def source_span(text: str) -> tuple[int, int] | None:
    """(start, end) offsets into `text`, a file documentation's text with LF
    newlines, of the lines its Original Source block embeds, the newline
    after the last one left out (`"\\n".join` of the lines). Memoised: the
    rules that read a page as a source ask in turn about the same text."""
    lines = text.split("\n")
    block = source_block(lines)
    if block is None:
        return None
    first, end = block
    start = sum(map(len, lines[:first])) + first
    return start, start + sum(map(len, lines[first:end])) + max(end - first - 1, 0)


def embedded_page_text(block_text: str) -> str:
    """The text of a page embedded in an Original Source block: the block's
    content without the blank lines the generator writes before its closing
    fence, which are not the page's. It then reads as the page itself."""
    page = block_text.rstrip("\n")
    return page + "\n" if page else block_text

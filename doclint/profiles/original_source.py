"""The Original Source block of a file documentation, located by lines as the
generator meant it: up to its own closing fence, whatever fences the embedded
text holds. The page parser, the tree index (for a source known only from
its page) and the rules that read a page as a source (`source_span`) all
read it here."""

from __future__ import annotations

from functools import lru_cache

from doclint.models.markdown_lines import FENCE_OPEN
from doclint.profiles.templates import HIGH_LEVEL_OVERVIEW, ORIGINAL_SOURCE

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
        # The prefix first: most lines of a page are not headings, and a call
        # a line back from the end cost a page 70 lines' worth of calls.
        line = lines[index]
        if line.startswith(_AFTER_SOURCE_HEADING) and _is_after_source(line):
            heading = index
            break
    if heading is None:
        return None
    for index in range(heading - 1, open_index, -1):
        if _is_closing_fence(lines[index], marker):
            return index
    return None


def _is_after_source(line: str) -> bool:
    """Whether `line` is the heading the generator writes after the block."""
    return line.rstrip() == _AFTER_SOURCE_HEADING


def _is_closing_fence(line: str, marker: str) -> bool:
    """Whether `line` is a bare fence that can close the block `marker` opened."""
    stripped = line.strip()
    return bool(stripped) and set(stripped) == {marker[0]} and len(stripped) >= len(marker)


def original_source_text(text: str) -> str | None:
    """The text embedded in a file documentation's Original Source block."""
    text = text.replace("\r\n", "\n")
    span = source_span(text)
    return text[span[0] : span[1]] + "\n" if span is not None else None


@lru_cache(maxsize=4)
def source_span(text: str) -> tuple[int, int] | None:
    """(start, end) offsets into `text`, a file documentation's text with LF
    newlines, of the lines its Original Source block embeds, the newline
    after the last one left out (`"\\n".join` of the lines); None when the
    page has no such block. Found as `intended_source_end` finds it in a
    page's lines, but by searching the text: a page is mostly its source,
    and splitting all of it into lines to find two headings and two fences
    took 51 microseconds a page. Memoised: the rules ask in turn about one text."""
    heading = _line_equal_to(text, _SOURCE_HEADING)
    if heading is None:
        return None
    # The first fence after the heading opens the block; a heading before it
    # ends the section without one.
    line = heading + len(_SOURCE_HEADING) + 1
    while line <= len(text):
        end = _line_end(text, line)
        current = text[line:end]
        fence = FENCE_OPEN.match(current)
        if fence is not None:
            first = end + 1
            closing = _closing_fence(text, end, fence.group(1))
            if closing is None:
                return first, max(len(text), first)
            return first, closing - 1 if closing > first else first
        if current.startswith("#"):
            return None
        line = end + 1
    return None


def _closing_fence(text: str, open_end: int, marker: str) -> int | None:
    """Where the line of the generator's own closing fence starts, for the
    block whose opening line ends at `open_end` (as `intended_source_end`)."""
    size = len(_AFTER_SOURCE_HEADING)
    found = text.rfind(_AFTER_SOURCE_HEADING, open_end + 1)
    while found >= 0:
        if text[found - 1] == "\n" and _is_after_source(text[found : _line_end(text, found)]):
            break
        found = text.rfind(_AFTER_SOURCE_HEADING, open_end + 1, found + size - 1)
    else:
        return None
    line_end = found - 1
    while line_end > open_end:
        line = text.rfind("\n", 0, line_end) + 1
        if _is_closing_fence(text[line:line_end], marker):
            return line
        line_end = line - 1
    return None


def _line_equal_to(text: str, wanted: str) -> int | None:
    """Where the first line of `text` that is exactly `wanted` starts."""
    found = text.find(wanted)
    while found >= 0:
        after = found + len(wanted)
        if (found == 0 or text[found - 1] == "\n") and (after == len(text) or text[after] == "\n"):
            return found
        found = text.find(wanted, found + 1)
    return None


def _line_end(text: str, start: int) -> int:
    """Where the line that starts at `start` ends (its newline, or the text's end)."""
    end = text.find("\n", start)
    return len(text) if end < 0 else end


def embedded_page_text(block_text: str) -> str:
    """The text of a page embedded in an Original Source block: the block's
    content without the blank lines the generator writes before its closing
    fence, which are not the page's. It then reads as the page itself."""
    page = block_text.rstrip("\n")
    return page + "\n" if page else block_text

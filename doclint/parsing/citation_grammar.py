"""The grammar both readers of citations share (a wiki's, parsing/wiki.py,
and any page's, parsing/citations.py): the lines of code blocks, the code
spans of a line, its sentences, and which citations of a line support the
name a span gives."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence

from doclint.models.markdown import MarkdownLayer
from doclint.util.lazy_regex import compiled_on_use

MAX_RANGES = 64
"""The most line ranges one citation is read with: a list longer than that is
no citation a reader follows, and each range costs a look at the file."""

MAX_CITED = 64
"""The most citations a name is judged by (those nearest it): a sentence of
n names and n citations would otherwise hold n squared of them."""

_SENTENCE_END = compiled_on_use(r"[.!?;](?:\*\*)?\s+(?=[A-Z*`(])")


def fenced_lines(markdown: MarkdownLayer) -> frozenset[int]:
    """The lines of fenced and indented code blocks, their fences included."""
    return frozenset(
        line for block in markdown.code_blocks for line in range(block.line, block.end_line + 1)
    )


class Span:
    """A code span of a line: its content and where it stands."""

    __slots__ = ("column", "end", "line", "text")

    def __init__(self, line: int, column: int, end: int, text: str) -> None:
        self.line, self.column, self.end, self.text = line, column, end, text


def code_spans(lines: Sequence[str], fenced: frozenset[int]) -> dict[int, list[Span]]:
    """The code spans of each line outside code blocks (a span does not
    cross lines in the pages these generators write)."""
    spans: dict[int, list[Span]] = {}
    for number, line in enumerate(lines, 1):
        if number in fenced or "`" not in line:
            continue
        found = list(_spans_of(number, line))
        if found:
            spans[number] = found
    return spans


def _spans_of(number: int, line: str) -> Iterator[Span]:
    at, size = 0, len(line)
    while at < size:
        start = line.find("`", at)
        if start < 0:
            return
        run = start
        while run < size and line[run] == "`":
            run += 1
        ticks = run - start
        close = line.find("`" * ticks, run)
        while close >= 0 and close + ticks < size and line[close + ticks] == "`":
            close = line.find("`" * ticks, close + ticks + 1)
        if close < 0:
            at = run
            continue
        content = line[run:close]
        if content.strip():
            content = (
                content[1:-1] if content.startswith(" ") and content.endswith(" ") else content
            )
            yield Span(number, start + 1, close + ticks, content)
        at = close + ticks


def sentence_parts(line: str) -> list[tuple[int, int]]:
    """(start, end) columns (0-based, end excluded) of the sentences of a
    prose line; a table row is one part."""
    if line.lstrip().startswith("|"):
        return [(0, len(line))]
    parts, start = [], 0
    for match in _SENTENCE_END.finditer(line):
        parts.append((start, match.end()))
        start = match.end()
    parts.append((start, len(line)))
    return parts


def cited_at(columns: list[int], column: int) -> bool:
    """Whether a citation starts at `column` (0-based) of the line."""
    found = bisect_left(columns, column)
    return found < len(columns) and columns[found] == column


def sentence_citations(
    at: int, cited: list[int], columns: list[int], parts: list[tuple[int, int]], starts: list[int]
) -> tuple[int, ...]:
    """The citations that support the sentence of the span at column `at`
    (0-based): those after it in its sentence, else those before it.
    `cited`: the line's citations, `columns` their columns (0-based)."""
    part = bisect_right(starts, at) - 1
    if part < 0 or not parts[part][0] <= at < parts[part][1]:
        return ()
    first = bisect_left(columns, parts[part][0])
    end = bisect_left(columns, parts[part][1])
    after = bisect_right(columns, at, first, end)
    if after < end:
        return tuple(cited[after : min(end, after + MAX_CITED)])
    before = bisect_left(columns, at, first, end)
    return tuple(cited[max(first, before - MAX_CITED) : before])

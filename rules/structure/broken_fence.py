"""DL102 broken-fence: a fenced code block that CommonMark closes elsewhere than meant."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from doclint.rule_api import (
    AnyPage,
    Cause,
    CodeBlock,
    DocKind,
    Edit,
    Finding,
    Fix,
    FixSafety,
    MarkdownPage,
    Rule,
    RuleContext,
    RuleDocs,
    Scope,
    compiled_on_use,
)

from ._fences import MIN_FENCE, nested_opening

if TYPE_CHECKING:
    from doclint.rule_api import EmbeddedSource

_RUNS = {char: compiled_on_use(re.escape(char) + "+") for char in "`~"}


class BrokenFence(Rule[AnyPage]):
    code = "DL102"
    name = "broken-fence"
    summary = "Fenced code block closed early by an embedded fence, or never closed."
    docs = RuleDocs(
        what="""Flags a fenced code block that does not end where its author meant:

        - a file documentation's Original Source block that a line of the embedded
          text closes before the generator's own closing fence (reported at that
          line);
        - a fenced block that is never closed (reported at its opening fence);
        - a block that holds the opening fence of a nested block (```` ```python ````
          inside ```` ```markdown ````) and is then closed by the bare fence meant
          for the nested one (reported at that bare fence).""",
        why="""The generator wraps every documented file in a
        three-backtick fence. When that file holds a fence itself (a Markdown page
        with code, or a generated page with its own Original Source), the first
        bare ```` ``` ```` inside it ends the block: the rest of the embedded file
        renders as live headings, lists and links, and the generator's closing
        fence then opens a new block that swallows the page's own sections.

        Code blocks that only exist because of a reported break (those opening
        inside the embedded text or at the generator's closing fence) are not
        reported again, nor is a block of a generator's object page that
        swallows the headings of the objects after it or runs to the page's
        end, nor the blocks of an output example whose nested fences led to
        it (truncated-page reports that cut once, at the fence its author
        opened).""",
        example="""````markdown
        ## Original Source

        ```markdown
        ## Original Source

        ```python
        x = 1
        ```
        ```
        ````""",
        use_instead="""a fence longer than any fence of the embedded text:

        `````markdown
        ## Original Source

        ````markdown
        ## Original Source

        ```python
        x = 1
        ```
        ````
        `````

        **Fix** (safe), for an Original Source block closed early: its opening
        fence and the generator's own closing fence are lengthened to one
        character more than the longest fence inside the embedded text, so none
        of those can close it; the embedded text itself is not touched. Blocks
        that are never closed, and nested blocks closed by the wrong fence, are
        not fixed: where they were meant to end is a guess.""",
    )
    scope = Scope.FILE
    fix_safety = FixSafety.SAFE
    EMBEDDED_FENCE = Cause(
        "broken-fence/embedded-fence", "Embedded text's fence closing the generator's block"
    )
    NEVER_CLOSED = Cause("broken-fence/never-closed", "Code block never closed")
    NESTED_FENCE = Cause("broken-fence/nested-fence", "Nested fence closing the outer block")
    causes = (EMBEDDED_FENCE, NEVER_CLOSED, NESTED_FENCE)

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        source = page.source if page.kind is DocKind.FILE_DOCS else None
        broken = source is not None and source.closed and source.live_end_line < source.end_line
        if broken:
            assert source is not None
            yield _broken_source(source, ctx.lines)
        orphan_fence = False  # the bare fence that was meant to close a broken block
        runaway = _runaway_blocks(page, ctx)
        for block in page.markdown.code_blocks:
            if not block.fenced or block.line in runaway:
                continue
            if broken and source is not None and source.line < block.line <= source.end_line:
                continue
            if orphan_fence and not block.info:
                orphan_fence = False
                continue
            if not block.closed:
                yield Finding(
                    block.line,
                    block.column,
                    f"the {_fence(block)} block opened here is never closed; "
                    f"it runs to line {block.end_line} and swallows everything up to there",
                    cause=self.NEVER_CLOSED,
                )
                continue
            if source is not None and block.line == source.line:
                continue
            nested = nested_opening(block)
            if nested is not None:
                orphan_fence = True
                yield _broken_nesting(block, nested, ctx.lines)


def _runaway_blocks(page: AnyPage, ctx: RuleContext) -> set[int]:
    """The opening lines of the code blocks of a generator's object page that
    run away (swallow the headings of the objects after them, or run to the
    page's end), with the blocks of an output example whose nested fences
    led to it: truncated-page reports each such cut once, at the fence its
    author opened."""
    if not isinstance(page, MarkdownPage):
        return set()
    profiled = ctx.object_page(page)
    if profiled is None or not profiled.profile.makes("complete-page"):
        return set()
    from ..objects._sources import runaway_fences

    return {
        line for lines, _swallows in runaway_fences(page, ctx, profiled).values() for line in lines
    }


def _broken_source(source: EmbeddedSource, lines: list[str]) -> Finding:
    what = "embedded page" if source.document is not None else "embedded source"
    marker = _marker_at(lines, source.live_end_line) or "```"
    opening = _fence_run(lines, source.line)
    fence = opening or "```"
    longer = fence[0] * max(MIN_FENCE, _longest_fence(source.text, fence[0]) + 1)
    return Finding(
        source.live_end_line,
        _column(lines, source.live_end_line),
        f"the {marker} at line {source.live_end_line} inside the {what} closes the "
        f"{fence}{source.info} block opened at line {source.line}; the block was meant to end "
        f"at line {source.end_line}; open it with a longer fence ({longer}{source.info})",
        _lengthen(source, lines, opening, longer) if opening else None,
        BrokenFence.EMBEDDED_FENCE,
    )


def _lengthen(source: EmbeddedSource, lines: list[str], fence: str, longer: str) -> Fix | None:
    """Replace the opening `fence` and the generator's closing fence with
    `longer`; None unless the closing line is a bare fence of the same kind."""
    closing = _fence_run(lines, source.end_line)
    if not closing or closing[0] != fence[0] or lines[source.end_line - 1].strip() != closing:
        return None
    edits = tuple(
        Edit(line, _column(lines, line), line, _column(lines, line) + len(run), longer)
        for line, run in ((source.line, fence), (source.end_line, closing))
    )
    return Fix(edits, FixSafety.SAFE, f"fence the embedded text with {longer}")


def _broken_nesting(block: CodeBlock, nested: int, lines: list[str]) -> Finding:
    inner = block.content_line + nested
    opening = block.marker[0] * (len(block.marker) + 1)
    return Finding(
        block.end_line,
        _column(lines, block.end_line),
        f"this fence closes the {_fence(block)} block opened at line {block.line}, though it "
        f"seems meant to close the {_marker_at(lines, inner) or 'nested'} fence at line "
        f"{inner}; open the outer block with a longer fence ({opening}{block.info})",
        cause=BrokenFence.NESTED_FENCE,
    )


def _longest_fence(text: str, char: str) -> int:
    """Length of the longest fence of `char` opening a line of `text`.

    The runs of `char` are found by a string search, and only their lines
    are looked at, not every line of an embedded source. Where a run's line
    starts is searched for from the run before it, so a long line of many
    runs is read once."""
    longest = line_start = scanned = 0
    fence = char * MIN_FENCE
    start = text.find(fence)
    while start >= 0:
        newline = text.rfind("\n", scanned, start)
        if newline >= 0:
            line_start = newline + 1
        run = _RUNS[char].match(text, start)
        assert run is not None
        indent = start - line_start
        if indent <= 3 and text.count(" ", line_start, start) == indent:
            longest = max(longest, run.end() - start)
        scanned = start
        start = text.find(fence, run.end())
    return longest


def _fence_run(lines: list[str], line: int) -> str | None:
    """The run of backticks or tildes that opens a line, if any."""
    if not 1 <= line <= len(lines):
        return None
    stripped = lines[line - 1].lstrip(" ")
    char = stripped[:1]
    if char not in ("`", "~"):
        return None
    return stripped[: len(stripped) - len(stripped.lstrip(char))]


def _fence(block: CodeBlock) -> str:
    return f"{block.marker}{block.info}"


def _marker_at(lines: list[str], line: int) -> str | None:
    if not 1 <= line <= len(lines):
        return None
    return lines[line - 1].strip() or None


def _column(lines: list[str], line: int) -> int:
    if not 1 <= line <= len(lines):
        return 1
    text = lines[line - 1]
    return len(text) - len(text.lstrip(" \t")) + 1

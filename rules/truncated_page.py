"""DL707 truncated-page: a generator's page that stops mid-sentence or inside a code block."""

from __future__ import annotations

from collections.abc import Iterator

from doclint.rule_api import (
    Cause,
    Finding,
    MarkdownPage,
    Origin,
    Rule,
    RuleContext,
    RuleDocs,
    shipped_pattern,
)

from ._generator_pages import profiled_page

# How a finished line ends: a sentence's end in either script, a closing
# bracket or quote, a code span, emphasis, a rule (`***`), a table's pipe.
# The full-width marks of CJK text are written as escapes.
_FINISHED = shipped_pattern(
    r"""[.!?:;)\]}"'`*|>…\u3002\uff01\uff1f\uff1a\uff1b\uff09\u3011\u201d\u2019]\s*$"""
)
# A line of prose, long enough to be a sentence: not a heading, a list item,
# a label or a short value such as an output example's `True`.
_PROSE = shipped_pattern(r"^(?![#>|*·•\-+]|\d+[.)] )\S.{29,}")


class TruncatedPage(Rule[MarkdownPage]):
    code = "DL707"
    name = "truncated-page"
    origin = Origin.PROFILE
    summary = "Generator's page ending mid-sentence or inside an unclosed code block."
    docs = RuleDocs(
        what="""Flags a profiled generator's page that ends inside a fenced code block
        it opened, or whose last line of text stops mid-sentence (it ends in a
        letter, a digit or a comma, not in a sentence's end, a closing bracket
        or quote, a code span or a rule), at the page's last line of text. Only a
        line of prose counts: a heading, a list item, a label or a short value
        (an output example's `True`) may end a finished page.""",
        why="""An LLM generator's output is cut when the model hits
        its length limit or the run is killed. The page is committed as if
        finished: the rest of the object's documentation, and every object after
        it, is missing, and an open fence swallows what follows into code.""",
        example="""a page whose last line is

        ```markdown
        The function returns the list of files that are not ignored, and the
        ```""",
        use_instead="regenerate the page.",
    )
    OPEN_FENCE = Cause("truncated-page/open-fence", "Page ending inside a code block")
    MID_TEXT = Cause("truncated-page/mid-text", "Page ending mid-sentence")
    causes = (OPEN_FENCE, MID_TEXT)

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        profiled = profiled_page(page, ctx)
        if profiled is None or not profiled.profile.makes("complete-page"):
            return
        if profiled.open_fence:
            last = max((n for n, line in enumerate(ctx.lines, 1) if line.strip()), default=1)
            message = "the page ends inside a code block: the generator's output was cut off"
            yield Finding(last, 1, message, cause=self.OPEN_FENCE)
            return
        line = profiled.last_text_line
        text = ctx.lines[line - 1].strip() if line else ""
        if _PROSE.match(text) and not _FINISHED.search(text):
            message = "the page stops mid-sentence: the generator's output was cut off"
            yield Finding(line, 1, message, cause=self.MID_TEXT)

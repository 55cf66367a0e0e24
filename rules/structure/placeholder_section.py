"""DL103 placeholder-section: a section that holds nothing but generator boilerplate."""

from __future__ import annotations

from collections.abc import Iterator

from doclint.rule_api import AnyPage, Finding, Rule, RuleContext, RuleDocs, Severity

from ._boilerplate import (
    EMPTY_LISTING,
    GENERIC_ADVICE,
    GENERIC_DESCRIPTION,
    NOTHING_FOUND,
    SEE_ELSEWHERE,
    placeholder_findings,
)


class PlaceholderSection(Rule[AnyPage]):
    code = "DL103"
    name = "placeholder-section"
    summary = "Section holding only generator boilerplate such as 'No imports detected.'"
    docs = RuleDocs(
        what="""Flags a section (one without subsections) whose only content is a
        sentence the generator writes when it found nothing, such as
        "*No specific patterns automatically detected.*" or "Key concepts and
        components in this folder will be detailed in the individual file
        documentation.", at the section's heading; in both template versions
        (the older one's "Refer to the PyTorch test suite for test coverage of
        this file." included).""",
        why="""A heading promises content. A section that only says
        there is none, or that it is elsewhere, costs the reader a look, pads
        the page and its table of contents, and makes real findings harder to
        spot. Sections whose boilerplate sits beside real content (a list of
        performance notes above "*Detailed performance analysis requires
        profiling and benchmarking.*") are not flagged; nor are sections with
        subsections, which are judged one by one.

        Off by default: the generator writes such sections on nearly every page
        of a tree (every file documentation has several), so enabling it on a
        generated tree reports each page many times. Select it when cleaning up
        a template or a generator.""",
        example="""```markdown
        ### Common Patterns

        *No specific patterns automatically detected.*
        ```""",
        use_instead="""leave the section out, or write what was found:

        ```markdown
        ### Common Patterns

        - **Error Handling**: Includes exception handling
        ```""",
    )
    default_enabled = False
    severity = Severity.WARNING
    causes = (NOTHING_FOUND, SEE_ELSEWHERE, GENERIC_ADVICE, EMPTY_LISTING, GENERIC_DESCRIPTION)

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        return iter(placeholder_findings(page, ctx.lines))

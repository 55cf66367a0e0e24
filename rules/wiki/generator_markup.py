"""DL810 generator-markup: a wiki generator's markup left in a page."""

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
    Scope,
)


class GeneratorMarkup(Rule[MarkdownPage]):
    code = "DL810"
    name = "generator-markup"
    origin = Origin.WIKI
    summary = "A wiki generator's markup left in the page."
    docs = RuleDocs(
        what="""Flags markup a wiki generator uses internally and left in a page
        (DeepWiki's `<FileRef file-url=…>` references, tool-call tags such as
        `<function …>`), at its first occurrence on each line, code blocks
        included: the generator wrote it there too.""",
        why="""The markup is the generator's, not Markdown: it
        shows as raw tags, and where it swallowed the text around it (a
        citation's URL gluing half a code block into an attribute) the page
        lost what it meant to say.""",
        example=r"""```markdown
        | Green (`\033<FileRef file-url="https://github.com/o/r/blob/513f/0;32m`) | `COLOR_GREEN` |
        ```""",
        use_instead="regenerate the page, or write what the tag stands for.",
    )
    TAG = Cause("generator-markup/tag", "Generator markup left in a page")
    causes = (TAG,)
    scope = Scope.FILE

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The wiki's helpers are imported where they are used (__init__.py says why).
        from ._wiki import wiki_claiming

        facts = wiki_claiming(page, ctx, "no-generator-markup")
        if facts is None:
            return
        for markup in facts.markup:
            message = f"generator markup `{markup.text}` left in the page"
            yield Finding(markup.line, markup.column, message, cause=self.TAG)

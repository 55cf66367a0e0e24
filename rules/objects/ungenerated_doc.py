"""DL706 ungenerated-doc: the generator's "not generated yet" sentence left on a page."""

from __future__ import annotations

from collections.abc import Iterator

from doclint.rule_api import Cause, Finding, MarkdownPage, Origin, Rule, RuleContext, RuleDocs


class UngeneratedDoc(Rule[MarkdownPage]):
    code = "DL706"
    name = "ungenerated-doc"
    origin = Origin.PROFILE
    summary = "Generator's placeholder sentence left where an object's documentation belongs."
    docs = RuleDocs(
        what="""Flags a line of a profiled generator's page that is one of the fixed
        sentences the generator writes for an object it has no text for yet:
        RepoAgent's "Doc is waiting to be generated..." (in January and
        February 2024 "Doc has not been generated...") under a heading whose
        documentation was never generated (a run stopped, or the object was
        skipped). One finding per sentence, at its line.""",
        why="""The page looks complete: the object has its heading,
        and the tree passes review. But the reader finds no description, and no
        later run fills it in unless the object changes.""",
        example="""```markdown
        ### FunctionDef run(self)
        Doc is waiting to be generated...
        ```""",
        use_instead="run the generator again until every object has its text.",
    )
    PLACEHOLDER = Cause("ungenerated-doc/placeholder", "Placeholder sentence left in")
    causes = (PLACEHOLDER,)

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The family's helpers are imported where they are used (__init__.py says why).

        profiled = ctx.object_page(page)
        if profiled is None:
            return
        for mention in profiled.mentions:
            if mention.claim == "not-placeholder":
                where = f" under `{mention.entry.dotted}`" if mention.entry else ""
                message = f"placeholder left in{where}: the generator never wrote this text"
                yield Finding(mention.line, mention.column, message, cause=self.PLACEHOLDER)

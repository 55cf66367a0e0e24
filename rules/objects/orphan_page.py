"""DL709 orphan-page: a generator's page whose source is not in the tree."""

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
    Severity,
)


class OrphanPage(Rule[MarkdownPage]):
    code = "DL709"
    name = "orphan-page"
    origin = Origin.PROFILE
    summary = "Generator's page whose source file is not in the tree."
    docs = RuleDocs(
        what="""Flags a page of a profiled generator whose source, found by the
        profile's layout (RepoAgent: `markdown_docs/<path>.md` documents
        `<path>.py` beside the docs folder), is not in the tree, at line 1.
        The PyTorch generator's pages say what they document in their title,
        and orphan-doc (DL601) checks those.""",
        why="""Generators add and update pages but rarely delete
        them. When a module is renamed, moved or removed, its page stays behind
        and keeps describing classes and functions that are gone.""",
        example="""`markdown_docs/repo_agent/old_utils.md` after
        `repo_agent/old_utils.py` was deleted.""",
        use_instead="""delete the page (or regenerate the docs folder from
        scratch).""",
    )
    MISSING_SOURCE = Cause("orphan-page/missing-source", "Page of a source not in the tree")
    causes = (MISSING_SOURCE,)
    severity = Severity.WARNING
    # Which source a page documents follows from where the page sits.
    scope = Scope.FILE

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The family's helpers are imported where they are used (__init__.py says why).
        from ._sources import object_page

        profiled = object_page(page, ctx)
        if profiled is None or not profiled.profile.makes("source-exists"):
            return
        if not ctx.is_file(profiled.source):
            message = f"this page documents `{profiled.source}`, which is not in the tree"
            yield Finding(1, 1, message, cause=self.MISSING_SOURCE)

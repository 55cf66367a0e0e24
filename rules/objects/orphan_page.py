"""DL709 orphan-page: a generator's page whose source is not in the tree."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

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

if TYPE_CHECKING:
    from doclint.rule_api_generators import ProfiledPage


class OrphanPage(Rule[MarkdownPage]):
    code = "DL709"
    name = "orphan-page"
    origin = Origin.PROFILE
    summary = "Generator's page whose source file is not in the tree."
    docs = RuleDocs(
        what="""Flags a page of a profiled generator whose source, found by the
        profile's layout (RepoAgent: `markdown_docs/<path>.md` documents
        `<path>.py` beside the docs folder), is not in the tree, at line 1.
        A page a generator wrote on Windows, its folders in its file name
        (`markdown_docs\\pkg\\store.md`), documents `pkg/store.py`.
        When more than half of the objects the page heads at its top are
        defined in one source of the project, and no other source holds as
        many, the message says where: the module was moved or renamed. The
        PyTorch generator's pages say what they document in their title,
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

        profiled = ctx.object_page(page)
        if profiled is None or not profiled.profile.makes("source-exists"):
            return
        if not ctx.is_file(profiled.source):
            message = f"this page documents `{profiled.source}`, which is not in the tree"
            yield Finding(1, 1, message + _moved(profiled, ctx), cause=self.MISSING_SOURCE)


def _moved(profiled: ProfiledPage, ctx: RuleContext) -> str:
    """Where the objects the page heads at its top are defined now, when more
    than half of them are in one source of the project and no other holds as
    many (its module moved or was renamed): "; its objects are in `b.py`
    now", or "; 3 of its 4 objects are ..."; else nothing."""
    from .._common.project import project

    heads = {(e.kind, e.qualname) for e in profiled.entries if len(e.qualname) == 1}
    if not heads:
        return ""
    model = project(ctx).python(profiled.profile, profiled.project)
    holding = Counter(
        path
        for kind, qualname in heads
        for path in {
            d.path for d in model.defined(qualname[0]) if (d.kind, d.qualname) == (kind, qualname)
        }
    )
    ranked = holding.most_common(2)
    tied = len(ranked) == 2 and ranked[1][1] == ranked[0][1]
    if not ranked or tied or ranked[0][1] * 2 <= len(heads):
        return ""
    path, count = ranked[0]
    share = "its objects are" if count == len(heads) else f"{count} of its {len(heads)} objects are"
    return f"; {share} in `{path}` now"

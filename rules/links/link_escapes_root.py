"""DL404 link-escapes-root: a relative link that leads out of the tree root."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import compress
from operator import attrgetter

from doclint.rule_api import (
    AnyPage,
    Cause,
    Finding,
    Rule,
    RuleContext,
    RuleDocs,
    Scope,
    shown_target,
    shown_tree_path,
)


class LinkEscapesRoot(Rule[AnyPage]):
    code = "DL404"
    name = "link-escapes-root"
    summary = "Relative link whose target lies outside the tree root."
    docs = RuleDocs(
        what="""Flags a relative link or image whose target, resolved from the page's
        folder, lies outside the tree root (`../` once too often).""",
        why="""Everything a documentation tree links to lives in
        the tree; a link out of its root points at whatever happens to sit beside
        the checkout, which differs from one machine to the next, and on a web
        host it leads nowhere. Generators produce such links when they count the
        `../` of a page from the wrong folder. doclint never follows the target
        or looks at it: where the link would land outside the tree is no business
        of a linter, so the link is reported whether or not something is there.

        Only live links count (not code blocks or code spans); external URLs and
        root-relative links (`/docs/x.md`, resolved from the tree root) never
        leave it. A page that is away from its place in the tree is reported once
        by `misplaced-page` instead of once per link.""",
        example="""```markdown
        - [setup.py](../../../setup.py)
        ```""",
        example_note="in `docs/pkg/mod.py_docs.md`, two folders below the root",
        use_instead="""count the `../` from the page's own folder:

        ```markdown
        - [setup.py](../../setup.py)
        ```""",
    )
    scope = Scope.FILE
    OUTSIDE_ROOT = Cause("link-escapes-root/outside-root", "Link leading out of the tree root")
    causes = (OUTSIDE_ROOT,)

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        pairs = list(ctx.relative_links(page))
        if not pairs:
            return
        # Told in C loops, not a bytecode step a link: few pages have one.
        _, targets = zip(*pairs, strict=True)
        for link, target in compress(pairs, map(_escapes_root, targets)):
            yield Finding(
                link.line,
                link.column,
                f"link target `{shown_target(link.target)}` leads out of the tree root "
                f"(resolved to `{shown_tree_path(target.path)}`); it is not followed",
                cause=self.OUTSIDE_ROOT,
            )


_escapes_root = attrgetter("escapes_root")

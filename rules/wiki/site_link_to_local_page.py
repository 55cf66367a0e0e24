"""DL808 site-link-to-local-page: a link to the wiki's web site for a page the tree has."""

from __future__ import annotations

from collections.abc import Iterator

from doclint.rule_api import (
    Cause,
    Edit,
    Finding,
    Fix,
    FixSafety,
    MarkdownPage,
    Origin,
    Rule,
    RuleContext,
    RuleDocs,
    Scope,
)


class SiteLinkToLocalPage(Rule[MarkdownPage]):
    code = "DL808"
    name = "site-link-to-local-page"
    origin = Origin.WIKI
    summary = "A link to the wiki's site for a page that is in the tree."
    docs = RuleDocs(
        what="""Flags a link to a page of the wiki's web site (DeepWiki's
        `/owner/repo/4.2-slug`, or `#4.2`, the page's number alone, which no
        heading of the page it stands on answers) whose page is in the tree
        beside this one, at the link. Copied into a repository, such a link resolves against the
        repository's host (a 404 on GitHub) instead of the page next to it. The
        safe fix rewrites the link to the file (an inline link's; a reference
        link's target, on its definition's line, is left to the reader). A site
        link to a page the tree does not have is broken-link's (DL401).""",
        why="""Scraped wiki pages keep the site's links: on the
        repository's host they lead nowhere, while the page they name sits in
        the same folder.""",
        example="""```markdown
        see [Ticket Virtual Object](/philipz/restate-cloudflare-workers-poc/2.1-ticket-virtual-object)
        ```""",  # noqa: E501
        example_note="in `docs/deepwiki/Checkout-Workflow.md`",
        use_instead="`[Ticket Virtual Object](Ticket-Virtual-Object.md)`.",
    )
    SITE = Cause("site-link-to-local-page/site-path", "Site link to a page in the tree")
    causes = (SITE,)
    fix_safety = FixSafety.SAFE
    scope = Scope.FILE

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The wiki's helpers are imported where they are used (__init__.py says why).
        from ._wiki import local_pages, wiki_claiming

        facts = wiki_claiming(page, ctx, "site-link-local")
        if facts is None or not facts.site_links:
            return
        local = local_pages(page, ctx)
        for link in facts.site_links:
            name = local.get(link.slug)
            if name is None:
                continue
            # Loaded for a site link the tree has: `urllib.parse` compiles
            # its patterns as it loads, for every wiki page checked.
            from urllib.parse import quote

            target = quote(name, safe="/&@!$'*+,;=:-._~")
            # A link by the page's number alone (`#4.2`) has no fragment of its own.
            fragment = "" if link.target.startswith("#") else link.target.partition("#")[2]
            if fragment:
                target += "#" + fragment
            edit = _edit(ctx.lines[link.line - 1], link.line, link.column, link.target, target)
            fix = None
            if edit is not None:
                fix = Fix((edit,), FixSafety.SAFE, f"link the page in the tree: `{target}`")
            message = f"`{link.target}` is the wiki site's page; the tree has it as `{name}`"
            yield Finding(link.line, link.column, message, fix=fix, cause=self.SITE)


def _edit(line: str, number: int, column: int, written: str, target: str) -> Edit | None:
    """Replaces the link's target: what follows the `](` that closes its text
    (bare or in `<…>`). None when the target is not written there as it
    reads (a reference link's stands on its definition's line): no fix."""
    closing = _closing_bracket(line, column - 1)
    if closing < 0 or not line.startswith("(", closing + 1):
        return None
    start = closing + 2 + line.startswith("<", closing + 2)
    if not line.startswith(written, start):
        return None
    return Edit(number, start + 1, number, start + 1 + len(written), target)


def _closing_bracket(line: str, at: int) -> int:
    """Where the `]` that closes the `[` at `at` stands (-1: nowhere)."""
    depth, index = 0, at
    while index < len(line):
        char = line[index]
        if char == "\\":
            index += 2
            continue
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    return -1

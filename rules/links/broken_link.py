"""DL401 broken-link: a relative link whose target is not in the tree."""

from __future__ import annotations

from collections.abc import Iterator

from doclint.rule_api import AnyPage, Finding, Rule, RuleContext, RuleDocs, Scope

from ._broken_links import (
    MISSING_FILE,
    MISSING_FOLDER,
    MISSING_PAGE,
    PAGE_NOT_GENERATED,
    broken_link_findings,
)


class BrokenLink(Rule[AnyPage]):
    code = "DL401"
    name = "broken-link"
    summary = "Relative link whose target does not exist."
    docs = RuleDocs(
        what="""Flags a relative link or image (inline, reference-style, or in a table)
        whose target file or folder does not exist in the tree. Where the path
        the link writes, read from the root, is a file of the tree (a link
        climbing too few folders, `../api/x.go` from `docs/plans/`), the finding
        names it.""",
        why="""Generated trees link every page to its source, its
        siblings and its folder pages. Targets that were never generated (binary
        files listed as documented, pages of another generator pass, paths counted
        from the wrong folder) leave readers on a 404.

        Only live links count: text inside code blocks and code spans holds no
        links, so the page embedded in a file documentation's Original Source block
        is not checked here (it is checked as a file of its own), unless a broken
        fence lets its links leak out into the rendered page. Links that leave the
        tree root are left to `link-escapes-root`; external URLs are not fetched.
        A page that is away from its place in the tree is reported once by
        `misplaced-page` instead of once per link.""",
        example="""```markdown
        - [`test_x.py_docs.md`](./test_x.py_docs.md)
        ```

        where `docs/test/test_x.py_docs.md` was never written.""",
        example_note="in `docs/test/index.md`",
        use_instead="link only pages that exist, or generate the missing page.",
    )
    scope = Scope.FILE
    causes = (PAGE_NOT_GENERATED, MISSING_PAGE, MISSING_FOLDER, MISSING_FILE)

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        return iter(broken_link_findings(page, ctx))

"""DL401 broken-link: a relative link whose target is not in the tree."""

from __future__ import annotations

from collections.abc import Iterator

from doclint.rule_api import (
    AnyPage,
    Cause,
    Finding,
    LinkTarget,
    Rule,
    RuleContext,
    Scope,
    shown_target,
    shown_tree_path,
)


class BrokenLink(Rule):
    """Flags a relative link or image (inline, reference-style, or in a table)
    whose target file or folder does not exist in the tree.

    **Why is this bad?** Generated trees link every page to its source, its
    siblings and its folder pages. Targets that were never generated (binary
    files listed as documented, pages of another generator pass, paths counted
    from the wrong folder) leave readers on a 404.

    Only live links count: text inside code blocks and code spans holds no
    links, so the page embedded in a file documentation's Original Source block
    is not checked here (it is checked as a file of its own), unless a broken
    fence lets its links leak out into the rendered page. Links that leave the
    tree root are left to `link-escapes-root`; external URLs are not fetched.
    A page that is away from its place in the tree is reported once by
    `misplaced-page` instead of once per link.

    **Example** (in `docs/test/index.md`):

    ```markdown
    - [`test_x.py_docs.md`](./test_x.py_docs.md)
    ```

    where `docs/test/test_x.py_docs.md` was never written.

    **Use instead:** link only pages that exist, or generate the missing page.
    """

    code = "DL401"
    name = "broken-link"
    summary = "Relative link whose target does not exist."
    scope = Scope.FILE
    PAGE_NOT_GENERATED = Cause(
        "broken-link/page-not-generated", "Link to a documentation page not generated"
    )
    MISSING_PAGE = Cause("broken-link/missing-page", "Link to a missing Markdown page")
    MISSING_FOLDER = Cause("broken-link/missing-folder", "Link to a missing folder")
    MISSING_FILE = Cause("broken-link/missing-file", "Link to a missing file")
    causes = (PAGE_NOT_GENERATED, MISSING_PAGE, MISSING_FOLDER, MISSING_FILE)

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        # Each target is judged once: a keyword index links one page a
        # hundred times, and a missing page's links all get the same message.
        problems: dict[str, tuple[str, Cause] | None] = {}
        for link, target in ctx.relative_links(page):
            if link.target not in problems:
                problems[link.target] = _missing(page, link.target, target, ctx)
            problem = problems[link.target]
            if problem is not None:
                yield Finding(link.line, link.column, problem[0], cause=problem[1])


def _missing(
    page: AnyPage, written: str, target: LinkTarget, ctx: RuleContext
) -> tuple[str, Cause] | None:
    """What is wrong with a link written `written` that resolves to `target`,
    and the cause, or None."""
    if target.escapes_root or target.path == page.path or ctx.exists(target.path):
        return None
    message = (
        f"link target `{shown_target(written)}` does not exist"
        f" (resolved to `{shown_tree_path(target.path)}`)"
    )
    return message, _missing_cause(written.partition("#")[0])


def _missing_cause(path: str) -> Cause:
    """What a missing target was meant to be, by how the link names it."""
    if path.endswith("_docs.md"):
        return BrokenLink.PAGE_NOT_GENERATED
    if path.endswith(".md"):
        return BrokenLink.MISSING_PAGE
    if path.endswith("/"):
        return BrokenLink.MISSING_FOLDER
    return BrokenLink.MISSING_FILE

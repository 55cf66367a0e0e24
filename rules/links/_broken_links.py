"""Relative links whose target the tree does not have: broken-link's (DL401)
reading of a page, compiled. A generated tree of 15,000 pages holds a
million links, a hundred to the same page on a keyword index."""

from __future__ import annotations

import posixpath

from doclint.rule_api import (
    Cause,
    Finding,
    LinkTarget,
    PageBase,
    RuleContext,
    shown_target,
    shown_tree_path,
)
from doclint.rule_api_generators import build_node

PAGE_NOT_GENERATED = Cause(
    "broken-link/page-not-generated", "Link to a documentation page not generated"
)
MISSING_PAGE = Cause("broken-link/missing-page", "Link to a missing Markdown page")
MISSING_FOLDER = Cause("broken-link/missing-folder", "Link to a missing folder")
MISSING_FILE = Cause("broken-link/missing-file", "Link to a missing file")


def wiki_judged_links(page: PageBase, ctx: RuleContext) -> frozenset[tuple[int, int]]:
    """Where a wiki page's links are judged by the citation rules instead
    (`_wiki.links_judged_by_wiki`); nowhere on a page of no wiki, whose check
    then imports none of the wikis' helpers (their module and the project
    names)."""
    if ctx.wiki(page) is None:
        return frozenset()
    from ..wiki._wiki import links_judged_by_wiki

    return links_judged_by_wiki(page, ctx)


def broken_link_findings(page: PageBase, ctx: RuleContext) -> list[Finding]:
    """A finding on each live relative link of `page` whose target the tree
    does not have. Each target is judged once: a keyword index links one
    page a hundred times, and a missing page's links all get one message."""
    problems: dict[str, tuple[str, Cause] | None] = {}
    found: list[Finding] = []
    judged_elsewhere = wiki_judged_links(page, ctx)
    for link, target in ctx.relative_links(page):
        written = link.target
        if judged_elsewhere and (link.line, link.column) in judged_elsewhere:
            continue  # asked only of a wiki's pages: the others have no such link
        if written in problems:
            problem = problems[written]
        else:
            problem = problems[written] = _missing(page, written, target, ctx)
        if problem is not None:
            row = (link.line, link.column, problem[0], None, problem[1], "", "", "", "")
            found.append(build_node(Finding, row))
    return found


def _missing(
    page: PageBase, written: str, target: LinkTarget, ctx: RuleContext
) -> tuple[str, Cause] | None:
    """What is wrong with a link written `written` that resolves to `target`,
    and the cause, or None."""
    if target.escapes_root or target.path == page.path or ctx.exists(target.path):
        return None
    message = (
        f"link target `{shown_target(written)}` does not exist"
        f" (resolved to `{shown_tree_path(target.path)}`)"
    )
    meant = _meant(page.path, target.path, written, ctx)
    if meant is not None:
        message += f"; the tree has `{shown_tree_path(meant)}`"
    return message, _missing_cause(written.partition("#")[0], ctx.generators.file_docs_endings)


def _meant(page: str, missing: str, written: str, ctx: RuleContext) -> str | None:
    """The file a link missing its target meant where its path read from the
    root is one (a link climbing too few folders, tmi's plans linking
    `../api/x.go` from `docs/superpowers/plans/`); None else. A name alone is
    no such sign: a generated tree's `../index.md` means its parent's page,
    which is missing, not the page of the same name beside the link."""
    path = written.partition("#")[0]
    while path.startswith(("./", "../")):
        path = path.partition("/")[2]
    meant = posixpath.normpath(path) if path else ""
    if not meant or meant in (missing, page) or meant.startswith("../"):
        return None
    return meant if ctx.is_file(meant) else None


def _missing_cause(path: str, file_docs: tuple[str, ...]) -> Cause:
    """What a missing target was meant to be, by how the link names it
    (`file_docs`: the endings of the run's generators' pages about a file)."""
    if path.endswith(file_docs):
        return PAGE_NOT_GENERATED
    if path.endswith(".md"):
        return MISSING_PAGE
    if path.endswith("/"):
        return MISSING_FOLDER
    return MISSING_FILE

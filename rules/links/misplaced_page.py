"""DL403 misplaced-page: a page that is not where its title says it belongs."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator

from doclint.rule_api import (
    AnyPage,
    Cause,
    Finding,
    Rule,
    RuleContext,
    RuleDocs,
    Scope,
    shown_tree_path,
)


class MisplacedPage(Rule[AnyPage]):
    code = "DL403"
    name = "misplaced-page"
    summary = "Generated page whose path is not the one its title implies."
    docs = RuleDocs(
        what="""Flags a generated page whose path in the tree is not the path the
        generator gives a page with its title (`docs/<path>_docs.md`,
        `docs/<path>_kw.md`, `docs/<folder>/index.md`, ...).""",
        why="""Every relative link of a generated page is written for
        its own place in the tree. A page saved under another name still works; a
        page copied out of its folder (an attachment, a pasted snippet, a file
        renamed by a tool) has links that point nowhere. doclint reports such a
        page once, here, and does not check its relative links one by one.""",
        example=r"""a file `notes/000.txt` whose title is
        `# Keyword Index: \`test/x.py\`` (it belongs at `docs/test/x.py_kw.md`).""",
        use_instead="""keep generated pages where the generator wrote them, or
        pass `--root` so doclint knows where the tree starts.""",
    )
    scope = Scope.FILE

    WRONG_NAME = Cause("misplaced-page/wrong-name", "Page under another file name")
    WRONG_FOLDER = Cause("misplaced-page/wrong-folder", "Page in another folder")
    causes = (WRONG_NAME, WRONG_FOLDER)

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        expected = page.expected_path
        if expected is None or page.path == expected:
            return
        line, column = (page.title.line, page.title.column) if page.title else (1, 1)
        if posixpath.dirname(page.path) == posixpath.dirname(expected):
            yield Finding(
                line,
                column,
                f"this page belongs in `{posixpath.basename(expected)}`"
                f", not `{posixpath.basename(page.path)}`",
                cause=self.WRONG_NAME,
            )
        else:
            yield Finding(
                line,
                column,
                f"this page belongs at `{shown_tree_path(expected)}`; its relative links"
                " are not checked away from there",
                cause=self.WRONG_FOLDER,
            )

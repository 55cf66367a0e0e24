"""DL603 doc-of-doc: a page that documents a page the generator wrote itself."""

from __future__ import annotations

from collections.abc import Iterator

from doclint.rule_api import (
    AnyPage,
    Cause,
    Finding,
    Rule,
    RuleContext,
    RuleDocs,
    Scope,
    Severity,
)


class DocOfDoc(Rule[AnyPage]):
    code = "DL603"
    name = "doc-of-doc"
    summary = "Page documenting a page of the generated tree (the generator re-read its output)."
    docs = RuleDocs(
        what="""Flags, once at its title, a page whose subject is the generator's own
        output: the documentation of an `X_docs.md` or `X_kw.md` page, or the
        folder pages of a folder of generated pages (`docs/...`).""",
        why="""The generator was run over a tree that already held
        its output, so it documented its own pages: `README.md_docs.md_docs.md`,
        `test_x.py_kw.md_kw.md`, whole `docs/docs/` subtrees. These pages double
        the tree with nothing new, copy every defect of the pages they embed,
        and break their fences by embedding Markdown in Markdown.

        The subject comes from the title (`# Documentation: `docs/x.py_kw.md``).
        The path alone does not decide: a repository with a `docs/` folder of its
        own (PyTorch has one) has real level-1 pages under `docs/docs/`. Only a
        page under `docs/docs/` whose title names no subject is judged by its
        path.

        Off by default: in a tree generated over its own output every page under
        `docs/docs/` is one, so this reports thousands of files; select it to
        size the damage or to list the pages to delete.""",
        example="""`docs/docs/test/x.py_kw.md_docs.md`

        ```markdown
        # Documentation: `docs/test/x.py_kw.md`
        ```""",
        use_instead="""exclude the output folder (`docs/`) from the generator's
        input, and delete the pages it wrote about itself.""",
    )
    default_enabled = False
    severity = Severity.WARNING
    scope = Scope.FILE

    DOCUMENTS_PAGE = Cause("doc-of-doc/documents-page", "Page documenting a generated page")
    DOCUMENTS_FOLDER = Cause(
        "doc-of-doc/documents-folder", "Page documenting a folder of generated pages"
    )
    UNDER_DOCS_OF_DOCS = Cause(
        "doc-of-doc/under-docs-of-docs", "Page in the folder of docs of docs"
    )
    causes = (DOCUMENTS_PAGE, DOCUMENTS_FOLDER, UNDER_DOCS_OF_DOCS)

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        line, column = (page.title.line, page.title.column) if page.title else (1, 1)
        if page.level >= 2 and page.described:
            # A kind its generator's profile declares too, by what it documents.
            folder = ctx.generators.subject_of(page) == "folder"
            subject = f"`{page.described}/`, a folder" if folder else f"`{page.described}`, a page"
            yield Finding(
                line,
                column,
                f"this page documents {subject} of the generated tree "
                f"(level {page.level}): the generator re-read its own output",
                cause=self.DOCUMENTS_FOLDER if folder else self.DOCUMENTS_PAGE,
            )
            return
        later = ctx.generators.places_of(page.template).later_pass_folder
        if page.described is None and later is not None and page.path.startswith(later):
            yield Finding(
                line,
                column,
                f"this page sits under `{later}`, where the generator writes pages "
                "about its own output",
                cause=self.UNDER_DOCS_OF_DOCS,
            )

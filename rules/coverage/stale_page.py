"""DL604 stale-page: a file documentation whose Original Source is not the file any more."""

from __future__ import annotations

from collections.abc import Iterator

from doclint.rule_api import Cause, FileDocs, Finding, Rule, RuleContext, RuleDocs, Scope

from .._common.stale import staleness


class StalePage(Rule[FileDocs]):
    code = "DL604"
    name = "stale-page"
    summary = "File documentation whose Original Source differs from the file it documents."
    docs = RuleDocs(
        what="""Flags a file documentation (`X_docs.md`) whose Original Source block
        differs from the file it documents, once, at the first line that differs:
        the source was changed after the page was generated. A page of a later
        pass (`docs/docs/..._docs.md_docs.md`) is judged the same way against
        the page it embeds; when that copy holds, the copy is judged against its
        own source, so a changed source is reported in every page that shows it,
        and each file at most once.

        Judged only when the tree holds the documented file and the block is
        complete. A source that is gone is orphan-doc's; a source the tree does
        not have (a `--known-paths` listing of files not on disk, a tree of
        pages only) and a block cut short say nothing. Line endings (CRLF, CR)
        and trailing newlines are not compared: the generator normalises them,
        so a source that differs only there gives the same page (a byte size
        that changed with them is metadata-mismatch's). Nor is a line that
        differs only by mojibake (`→` read as Windows-1252, in the copy or in the
        file): that is mojibake's finding, and its fix must not make pages stale.

        On a stale page of a source, the Size in bytes of the old version is this
        rule's finding, not metadata-mismatch's (whose fix would hide it): the
        message adds that the Size is not the file's. A page
        of a later pass still has its Size judged: it follows a page that fixes
        rewrite, and `--fix` over the tree keeps both copies of that page alike.
        The counts are judged against the copy the page embeds (what the
        generator read), so they do not report the change again. A keyword index
        (`X_kw.md`) embeds no source: its entries are judged against the file as
        it is, and a name the change removed is reported there (phantom-keyword).""",
        why="""Every claim of the page (its size, counts, classes,
        functions, keyword index, run command) was made about a source that no
        longer exists in that form. A CI gate that regenerates pages only when
        asked catches a source changed without regenerating its pages here.""",
        example="""`docs/pkg/mod.py_docs.md` embeds

        ```python
        TIMEOUT = 10
        ```

        while `pkg/mod.py` now reads `TIMEOUT = 30`.""",
        use_instead="""regenerate the pages of the changed source (its
        `X_docs.md`, and the pages of later passes that embed it).""",
    )
    CHANGED = Cause("stale-page/changed", "Source changed since the page was generated")
    causes = (CHANGED,)
    # Once per file: a page of a later pass whose copy is behind is behind its
    # source too, and is one page to regenerate, not two.
    scope = Scope.FILE

    def check(self, page: FileDocs, ctx: RuleContext) -> Iterator[Finding]:
        # An embedded page is parsed at the outer file's lines.
        current: object = page
        while isinstance(current, FileDocs) and current.source is not None:
            stale = staleness(current, ctx)
            if stale is not None:
                message = (
                    f"the Original Source differs from `{current.described}` from its line"
                    f" {stale.source_line} on: the source was changed without regenerating"
                    f" this page{_old_size(current, ctx) if current is page else ''}"
                )
                yield Finding(stale.page_line, 1, message, cause=self.CHANGED)
                return
            # The copy holds: judge the page it embeds against that page's source.
            current = current.source.document


def _old_size(page: FileDocs, ctx: RuleContext) -> str:
    """What this finding says of the page's Size when it is not the file's: on
    a stale page of a source metadata-mismatch leaves the Size to this rule."""
    if page.level != 1 or page.size is None or page.described is None:
        return ""
    actual = ctx.file_size(page.described)
    if actual is None or actual == page.size.size_bytes:
        return ""
    return f", and its Size of {page.size.size_bytes:,} bytes is not the file's {actual:,}"

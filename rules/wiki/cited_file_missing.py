"""DL801 cited-file-missing: a citation of a file the tree does not have."""

from __future__ import annotations

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
)

from ._citing import ANY_PAGE, citing
from ._untracked import said_once, untracked_folder

if TYPE_CHECKING:
    from doclint.rule_api_generators import Citation


class CitedFileMissing(Rule[MarkdownPage]):
    code = "DL801"
    name = "cited-file-missing"
    summary = "A citation names a file the tree does not have (or no longer has)."
    docs = RuleDocs(
        what="""Flags a citation of a wiki page (DeepWiki's `[src/a.ts:4-55](…)`, or
        one pinned to a commit) whose file is not in the tree, at the citation.
        A file renamed since a pinned commit is looked for under its new name;
        where the tree has the file in other letter case (`controllers/` for
        `Controllers/`, which a case-blind disk opens and the forge does not),
        the finding names it.

        On any other Markdown page (a design note, a guide, a `LIFECYCLE.md`),
        a path counts as a citation only when it names a file of the tree, so
        a missing file is reported only where the history had it when the
        citation's line was written (the page's blame): a file deleted since.
        A path the tree never had (another project's, `localhost:8080`) is no
        citation there, and a link to a missing file is broken-link's.

        Files cited under a folder the tree does not have and the root's
        `.gitignore` leaves out (the author's `venv/`, read from their disk
        by the generator) are one finding a page for each such folder, at
        its first citation, with their count.""",
        why="""A citation is the page's evidence. Wiki generators
        cite files they never read (an invented path) and keep citing files
        the project has since deleted: the reader follows the link to a 404.""",
        example="""```markdown
        **Sources:** [src/app/sandbox.ts:1-40](../src/app/sandbox.ts#L1-L40)
        ```

        where the project has `src/sandbox.ts`, not `src/app/sandbox.ts`.""",
        use_instead="""cite the file that holds what the sentence says, or
        regenerate the page.""",
    )
    GONE = Cause("cited-file-missing/gone", "Cited file deleted since the citation was written")
    NEVER = Cause("cited-file-missing/never", "Cited file the tree never had")
    UNTRACKED = Cause(
        "cited-file-missing/untracked", "Cited files under a folder the project does not track"
    )
    causes = (GONE, NEVER, UNTRACKED)
    scope = Scope.FILE
    origin = Origin.CITATIONS

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        facts = citing(page, ctx, "cited-file-exists")
        if facts is None:
            return
        from ._wiki import judged, other_case_said, placed_elsewhere, text_file

        anywhere = facts.generator == ANY_PAGE
        untracked: dict[str, list[Citation]] = {}
        for judgement in judged(page, ctx):
            if judgement is None or judgement.now is not None:
                continue
            # A file whose lines cannot be had (a listing's, one over the size
            # limit) or a folder is still in the tree.
            if ctx.exists(judgement.now_path):
                continue
            citation = judgement.citation
            if anywhere and (citation.form == "link" or not judgement.at):
                continue  # a link to no file is broken-link's; a path never here, no citation
            if judgement.reference is None and placed_elsewhere(citation.path, ctx):
                continue  # a bare file name where a path belongs: malformed-citation's
            if judgement.reference is None and text_file(citation, ctx):
                continue  # a link missing the file its text names: malformed-citation's
            folder = untracked_folder(citation.path, ctx) if not judgement.at else None
            if folder is not None:
                untracked.setdefault(folder, []).append(citation)
                continue
            if judgement.reference is not None and judgement.at:
                message = (
                    f"`{citation.path}` is cited but not in the tree (it was at {judgement.at[:8]})"
                )
                cause = self.GONE
            else:
                message = f"`{citation.path}` is cited but not in the tree"
                message += other_case_said(citation.path, ctx)
                cause = self.NEVER
            yield Finding(citation.line, citation.column, message, cause=cause)
        for cited in untracked.values():
            first = cited[0]
            message = said_once(first.path, len(cited))
            yield Finding(first.line, first.column, message, cause=self.UNTRACKED)

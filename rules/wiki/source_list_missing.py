"""DL805 source-list-missing: an entry of a wiki page's source list the tree does not have."""

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

from ._untracked import said_once, untracked_folder

if TYPE_CHECKING:
    from doclint.rule_api_generators import SourceEntry


class SourceListMissing(Rule[MarkdownPage]):
    code = "DL805"
    name = "source-list-missing"
    origin = Origin.WIKI
    summary = "A wiki page lists a source file the tree does not have."
    docs = RuleDocs(
        what="""Flags an entry of a wiki page's list of relevant source files
        (DeepWiki's "Relevant source files", a front matter `sources:` list)
        whose file is not in the tree, at the entry; where the tree has it in
        other letter case (`controllers/` for `Controllers/`, which a
        case-blind disk opens and the forge does not), the finding names it.
        An entry pinned to another repository's URL is not judged. Entries
        under a folder the tree does not have and the root's `.gitignore`
        leaves out (the author's `venv/`) are one finding a page for each
        such folder, none where the page's citations cite it too
        (cited-file-missing says it).""",
        why="""The list says what the page was written from. An
        entry the project does not have (deleted, renamed, never there) sends
        readers and reviewers to nothing, and marks a page written from files
        that are gone: a page to regenerate.""",
        example="""`- [src/app/sandbox.ts](../src/app/sandbox.ts)` after
        the file moved to `src/sandbox.ts`.""",
        use_instead="regenerate the page, or list the file where it is.",
    )
    GONE = Cause("source-list-missing/not-in-tree", "Listed source file not in the tree")
    UNTRACKED = Cause(
        "source-list-missing/untracked", "Listed files under a folder the project does not track"
    )
    causes = (GONE, UNTRACKED)
    scope = Scope.FILE

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The wiki's helpers are imported where they are used (__init__.py says why).
        from ._wiki import other_case_said, wiki_claiming

        facts = wiki_claiming(page, ctx, "source-list-exists")
        if facts is None:
            return
        remotes: frozenset[str] | None = None
        # A folder the project does not track: said once, by the page's
        # citations (cited-file-missing) when they cite it too.
        cited = {c.path.partition("/")[0] for c in facts.citations}
        untracked: dict[str, list[SourceEntry]] = {}
        for entry in facts.sources:
            if not entry.path or ctx.exists(entry.path):
                continue
            folder = untracked_folder(entry.path, ctx) if not entry.repository else None
            if folder is not None:
                if folder not in cited:
                    untracked.setdefault(folder, []).append(entry)
                continue
            if entry.repository:
                if remotes is None:
                    history = ctx.history
                    remotes = history.remotes() if history is not None else frozenset()
                if entry.repository not in remotes and not _pinned_here(entry.commit, ctx):
                    continue
            message = f"source list entry `{entry.path}` is not in the tree"
            message += other_case_said(entry.path, ctx)
            yield Finding(entry.line, entry.column, message, cause=self.GONE)
        for entries in untracked.values():
            first = entries[0]
            message = said_once(first.path, len(entries))
            yield Finding(first.line, first.column, message, cause=self.UNTRACKED)


def _pinned_here(commit: str, ctx: RuleContext) -> bool:
    """Whether the history has the commit an entry is pinned to: the entry is
    this checkout's, whatever the remotes say."""
    history = ctx.history
    return bool(commit) and history is not None and history.commit(commit) is not None

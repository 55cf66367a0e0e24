"""DL804 malformed-citation: a citation that does not follow its grammar, or names no one file."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

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

from ._citing import ANY_PAGE, citing

if TYPE_CHECKING:
    from doclint.rule_api_generators import Citation, ClimbingShort


class MalformedCitation(Rule[MarkdownPage]):
    code = "DL804"
    name = "malformed-citation"
    summary = "A citation does not follow its grammar, or names a file several files could be."
    docs = RuleDocs(
        what="""Flags a citation its wiki's grammar does not allow, at the citation:
        an empty target (`[a.ts:3]()`), a link text naming another file or other
        lines than its target (`[x.ts:4-9](../x.ts#L4-L8)`; a label in words,
        `[Sub-packages](file://README.md#L88-L114)`, names no file; where the
        target is no file of the tree and the text names one, from the root
        or in the target's folder, `[hashing.php:1-55](file://config/hashin.php)`,
        the finding says so, and cited-file-missing says nothing), a bare file name
        where the target has a path or where the project has the file in a
        folder (`Main.java` for `src/app/Main.java`: not cited-file-missing's),
        the link's own text pasted as its path
        (`[line 16](…/blob/c0ffee/line 16)`; a file's name in any script,
        `[图片.py](file://src/图片.py)`, is no paste), a path written with
        Windows backslashes (`file://office\\compat.py`: the file it meant,
        `office/compat.py`, is judged as cited, not said missing), a citation in a code span or in a
        fenced block (it renders as text), a link Markdown does not render (a
        target with a space). Once a page, at its first: citation links that
        each climb as many folders to the path their text gives, fewer than
        the page sits below the root (DeepWiki's export, written for
        `.deepwiki/`, copied into `docs/wiki/`: `../src/a.ts` leads to
        `docs/src/a.ts`); its citations are read as their texts say, and
        the fix (safe) gives each of its links climbing so the folders it
        lacks. Once a page too: citation texts that run the lines on after
        the file's name without a colon, the link citing that file and those
        lines (`[server/src/config.ts7-36](…/config.ts#L7-L36)`: DeepWiki's
        page copied from its site, which shows the two apart); they are read
        as their links say, and the fix (safe) writes the colon.

        On any other Markdown page, a citation by a bare file name that
        several files of the tree have (`` `mod.rs:1216` `` in a tree of
        fifteen `mod.rs`, when the commit that wrote its line had them)
        when nothing tells which: not the page's folder, nor the root (a
        bare name the root has is its file, unless the citation's sentence
        names a nested one), no path the page named before it, no file beside one it named, no
        name its sentence gives that one of them writes. It is said once and
        not judged further, never guessed.""",
        why="""A reader (or a tool) cannot follow such a citation
        to its evidence, or is sent to other lines than the text promises.""",
        example="""`` `[src/app/repo/repo.ts:4-26](../src/app/repo/repo.ts#L4-L26)` ``
        (in backticks: shown as code, not a link).""",
        use_instead="`[src/app/repo/repo.ts:4-26](../src/app/repo/repo.ts#L4-L26)`.",
    )
    EMPTY = Cause("malformed-citation/empty-target", "Citation with an empty target")
    DISAGREES = Cause("malformed-citation/disagrees", "Citation text and target disagree")
    PASTED = Cause("malformed-citation/text-as-path", "Citation text pasted as its path")
    AS_TEXT = Cause("malformed-citation/not-a-link", "Citation that renders as no link")
    AMBIGUOUS = Cause("malformed-citation/ambiguous", "Citation of a name several files have")
    BACKSLASHES = Cause("malformed-citation/backslashes", "Citation of a Windows path")
    CLIMBS_SHORT = Cause(
        "malformed-citation/climbs-short", "Citation links written for a page nearer the root"
    )
    GLUED = Cause("malformed-citation/glued-lines", "Citation texts running the lines on")
    causes = (EMPTY, DISAGREES, PASTED, AS_TEXT, AMBIGUOUS, BACKSLASHES, CLIMBS_SHORT, GLUED)
    scope = Scope.FILE
    origin = Origin.CITATIONS
    fix_safety = FixSafety.SAFE

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        facts = citing(page, ctx, "well-formed")
        if facts is None:
            return
        from ._wiki import placed_elsewhere, text_file

        if facts.climbing_short is not None:
            yield self._climbing_short(ctx.path, facts.climbing_short)
        glued = [citation for citation in facts.citations if citation.problem == "glued"]
        if glued:
            yield self._glued(glued, ctx.lines)
        for citation in facts.citations:
            if citation.problem == "glued":
                continue  # said once a page, above
            if citation.problem:
                message, cause = self._said(citation)
                if named := text_file(citation, ctx):
                    message += f", which the tree does not have; it has `{named}`"
                yield Finding(citation.line, citation.column, message, cause=cause)
            elif facts.generator == ANY_PAGE:
                continue  # a reader's path: looked up in the tree already
            elif citation.judged and (found := placed_elsewhere(citation.path, ctx)):
                message = (
                    f"citation `{_shown(citation)}` names the file `{citation.path}` without "
                    f"its folder: the project has it at `{found}`"
                )
                yield Finding(citation.line, citation.column, message, cause=self.DISAGREES)

    def _climbing_short(self, path: str, short: ClimbingShort) -> Finding:
        folder = posixpath.dirname(path)
        climb = short.climb
        deep = folder.count("/") + 1
        message = (
            f"the page's citation links climb {_folders(climb)} (`{short.target}`), as from a "
            f"page {_folders(climb)} below the root; this page is {deep} below it (`{folder}/`), "
            f"so they lead to `{short.followed}` and the like, not to the files their texts "
            f"name: they are read as their texts say (from here, "
            f"`{'../' * deep}{short.target[3 * climb :]}`)"
        )
        # Each link given the folders it lacks: it then leads where its text
        # says, and is read so still.
        edits = tuple(
            Edit(line, column, line, column, "../" * (deep - climb))
            for line, column in short.targets
        )
        fix = Fix(edits, FixSafety.SAFE, f"climb {_folders(deep)} in each link") if edits else None
        return Finding(short.line, short.column, message, fix=fix, cause=self.CLIMBS_SHORT)

    def _glued(self, glued: list[Citation], lines: Sequence[str]) -> Finding:
        first = glued[0]
        shown = list(dict.fromkeys(f"`{_shown(citation)}`" for citation in glued))
        more = f" and {len(shown) - 3} more" if len(shown) > 3 else ""
        count = f"{len(glued)} citations on this page run" if len(glued) > 1 else "a citation runs"
        on = list(dict.fromkeys(str(citation.line) for citation in glued))
        message = (
            f"{count} the lines on after the file's name, without a colon "
            f"({', '.join(shown[:3])}{more}; on line{'s' if len(on) > 1 else ''} "
            f"{', '.join(on)}): they are read as their links say"
        )
        # A colon before each one's lines: the text then says what its link does.
        edits = tuple(edit for citation in glued if (edit := _colon(citation, lines)) is not None)
        fix = Fix(edits, FixSafety.SAFE, "write a colon before the lines") if edits else None
        return Finding(first.line, first.column, message, fix=fix, cause=self.GLUED)

    def _said(self, citation: Citation) -> tuple[str, Cause]:
        shown = _shown(citation)
        problem = citation.problem
        if problem.startswith("ambiguous:"):
            _, count, candidates = problem.split(":", 2)
            return (
                f"citation `{shown}` names a file by a name {count} files of the tree have "
                f"({candidates}), and nothing before it on the page tells which: name its folder",
                self.AMBIGUOUS,
            )
        if problem == "empty":
            return f"citation `{shown}` has an empty target: it links nowhere", self.EMPTY
        if problem == "other-path":
            return f"citation `{shown}` names another file than its link (`{citation.path}`)", (
                self.DISAGREES
            )
        if problem == "bare-name":
            return (
                f"citation `{shown}` names the file without its folder (`{citation.path}`)",
                self.DISAGREES,
            )
        if problem == "backslashes":
            return (
                f"citation `{shown}` writes its path with Windows backslashes: it means "
                f"`{citation.path}`",
                self.BACKSLASHES,
            )
        if problem == "other-lines":
            return f"citation `{shown}` names other lines than its link's anchor", self.DISAGREES
        if problem == "pasted":
            return f"citation `{shown}`: its link's path is its own text, no file", self.PASTED
        if problem == "code-span":
            return f"citation `{shown}` is in a code span: it shows as text, not a link", (
                self.AS_TEXT
            )
        if problem == "fenced":
            return f"citation line `{shown}` is inside a code block: it shows as text", (
                self.AS_TEXT
            )
        return f"citation `{shown}` is not rendered as a link", self.AS_TEXT


def _colon(citation: Citation, lines: Sequence[str]) -> Edit | None:
    """A colon inserted in the citation's text before the lines it runs on
    (`config.ts7-36`), where its line holds that text at the citation."""
    from ._wiki import shown_ranges

    spelled = shown_ranges(citation)  # one range: a text runs one on
    start = lines[citation.line - 1].find(citation.text, citation.column - 1)
    if start < 0 or not citation.text.endswith(spelled):
        return None
    column = start + len(citation.text) - len(spelled) + 1
    return Edit(citation.line, column, citation.line, column, ":")


def _folders(count: int) -> str:
    return f"{count} folder" if count == 1 else f"{count} folders"


def _shown(citation: Citation) -> str:
    text = citation.text.strip()
    return text if len(text) <= 120 else text[:117] + "..."

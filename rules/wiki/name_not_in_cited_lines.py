"""DL807 name-not-in-cited-lines: a name its sentence's citation does not show."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator, Sequence
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

if TYPE_CHECKING:
    from doclint.rule_api_generators import NameMention

    from .._common.project_names import ProjectNames
    from ._wiki import Judged


class NameNotInCitedLines(Rule[MarkdownPage]):
    code = "DL807"
    name = "name-not-in-cited-lines"
    summary = "A name its sentence's citation does not show."
    docs = RuleDocs(
        what="""Flags a name in backticks that a wiki page presents as the project's
        own, in a sentence (or table row) that cites lines, when none of the
        lines its citations give holds the name as a whole token (compared
        ignoring case: `this.valueDAO` shows `ValueDAO`), at the name. The cited
        lines are read where the citation was written (its pinned commit, else
        the commit that last wrote the citation's line). The citations that
        support a name are those after it in its sentence, else those before
        it; a dotted name is judged by its member, a call by its callee. Not
        judged: a name the code does not have at all (name-not-in-code's), a
        citation whose lines cannot be read or are not all in its file, lines
        that lie in the name's own definition (a class cited by lines of its
        body).

        On any other Markdown page: a name in backticks that a citation follows
        in its sentence ("the `_merge_spans` helper (`spans.py:40-52`)"), or
        one of a table row that cites (`` | `Parser<T>` | `parse.rs:120` | ``),
        judged by the cited lines and the two around them: the check of a
        moved line that needs no history. A name after its sentence's
        citations is not judged there (it is said of something else as often).
        A name is judged where a language's reader says where names are
        defined (Python, C, C++, CUDA, Objective-C, TypeScript, JavaScript,
        Go, Java, Kotlin, Rust, shell, SQL, HTML). A key of YAML, JSON or
        TOML and a Markdown heading are read too, but make no name the
        project's own (a workflow's `runs-on`, a script of `package.json`
        name a tool's settings as often); CMake, Metal, plain text and any
        other kind are read by their words only.""",
        why="""The citation is the sentence's evidence. When the
        lines it points at do not mention what the sentence names, the reader
        who follows it finds something else: generators cite the neighbourhood
        of a name, or invent line numbers.""",
        example=""""`useScriptFilters` builds the filter list
        [hooks.ts:33](../src/pages/options/routes/ScriptList/hooks.ts#L33)",
        where line 33 is another hook and `useScriptFilters` starts at line 205.""",
        use_instead="""cite the lines that hold the name.

        Off by default (`--extend-select DL807`): on the two labelled DeepWiki
        trees, about four of its five findings are a reader's. On the three
        repositories' repairs of citations (tests/citation_repairs/) it finds
        none with their history (cited-lines-changed finds those); without it
        (the trees outside a checkout) it makes 9 findings, each at a citation
        the maintainers found stale, on OfflineCV's page (TypeScript: the other
        two projects' Lean and Python have no reader of where names are
        defined). One page is too few to turn it on for every page.""",
    )
    ELSEWHERE = Cause("name-not-in-cited-lines/elsewhere", "Name the cited lines do not show")
    causes = (ELSEWHERE,)
    scope = Scope.FILE
    origin = Origin.CITATIONS
    # Opt-in: which lines support which name is a reader's judgement; on the
    # labelled DeepWiki trees about one finding in five is one a reader
    # would not make (a library's name, a citation of the test of a name).
    default_enabled = False

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        facts = citing(page, ctx, "name-in-cited-lines")
        if facts is None or not any(m.cites for m in facts.names):
            return
        # The wiki's helpers are imported where they are used (__init__.py says why).
        from .._common.project import project
        from ._wiki import judged

        judgements = judged(page, ctx)
        names = project(ctx).names()
        said: set[tuple[int, str]] = set()
        for mention in facts.names:
            if not mention.cites or (mention.line, mention.name) in said:
                continue
            cited = [judgements[i] for i in mention.cites]
            near = NEAR if facts.generator == ANY_PAGE else 0
            message = _not_shown(mention, cited, names, near)
            if message is not None:
                said.add((mention.line, mention.name))
                yield Finding(mention.line, mention.column, message, cause=self.ELSEWHERE)


def _not_shown(
    mention: NameMention, cited: Sequence[Judged | None], names: ProjectNames, near: int
) -> str | None:
    from .._common.project_names import line_tokens
    from ._wiki import shown_ranges

    name = mention.name
    if len(name) < _SHORTEST or not names.has(name, ignore_case=True):
        return None
    wanted = name.lower()
    places = []
    for judgement in cited:
        if judgement is None or judgement.reference is None or not judgement.citation.ranges:
            return None
        lines, citation = judgement.reference, judgement.citation
        if any(not 0 < a <= b <= len(lines) for a, b in citation.ranges):
            return None
        for first, last in citation.ranges:
            if wanted in {t.lower() for t in line_tokens(lines, first - near, last + near)}:
                return None
            if _inside_definition(name, citation.path, first, names):
                return None
        places.append(f"{citation.path}:{shown_ranges(citation)}")
    if not _may_hold(name, [j.citation.path for j in cited if j is not None], names):
        return None
    # Last, as it parses each file holding the name: only a name the project
    # defines is its own (a platform's or a library's name it merely uses is not).
    if not names.is_defined(name):
        return None
    return f"`{mention.span}` is not in the cited lines ({'; '.join(places)})"


def _may_hold(name: str, paths: list[str], names: ProjectNames) -> bool:
    """Whether the cited files could write the name: one of them is of a
    kind (an ending) of the files that do. A shell script cited for a test
    of `Ticket.reserve()` locates the test, not the name."""
    kinds = {posixpath.splitext(path)[1] for path in names.files_writing(name)}
    return not kinds or any(posixpath.splitext(path)[1] in kinds for path in paths)


NEAR = 2
"""The lines around a citation of a page of no wiki that a name may stand
on: a person cites a statement's first line, its name on the next
(`throw (IO.userError` above its message), or the comment above it."""

_SHORTEST = 3
"""A shorter name (`n`, `id`) is a placeholder or a word more often than the project's."""


def _inside_definition(name: str, path: str, first: int, names: ProjectNames) -> bool:
    """Whether `name` is defined in the cited file above the cited lines:
    lines of a class's or function's body cite it."""
    return any(line <= first for line in names.defined_in(path, name))

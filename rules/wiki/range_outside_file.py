"""DL802 range-outside-file: a citation of lines its file does not have."""

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

from ._citing import citing

if TYPE_CHECKING:
    from doclint.rule_api_generators import Citation


class RangeOutsideFile(Rule[MarkdownPage]):
    code = "DL802"
    name = "range-outside-file"
    summary = "A citation names lines past its file's end."
    docs = RuleDocs(
        what="""Flags a citation whose lines reach past its file's last line (or
        start at line 0, or end before they start: `33-30`, said so), at the
        citation. The file is
        read where the citation was written: at its pinned commit, or at the
        commit that last wrote the citation's line (one `git blame` of the
        page), else as the tree has it. A file ending in a newline has as many
        lines as newlines. Any Markdown page's citations are judged so
        (`` `src/x.py:40-52` ``, `[x.py](x.py#L3-L9)`, `spans.py:40` in a
        sentence, a table's `Line` column), a wiki's by its grammar.""",
        why="""Generators invent line numbers ("always 1-20"), or
        count the empty string after a file's last newline as a line: the link
        lands on nothing, and the claim it supports has no evidence. That last
        habit is one cause, said once a page: when two or more citations of a
        page run to one line past their file's end (`x.py:1-121` of a 120-line
        file, its whole file; `x.py:88-121`, from a definition to the file's
        end), one finding at the first names how many, a few of them, and the
        page lines of all (`on lines 12, 30, 45`); a range two past the end, or
        of the empty line alone (`x.py:121`), is said on its own.""",
        example="""`[src/app/const.ts:1-20](../src/app/const.ts#L1-L20)` for
        a 19-line file.""",
        use_instead="cite lines the file has (`#L1-L19`).",
    )
    PAST_END = Cause("range-outside-file/past-end", "Cited lines past the file's end")
    REVERSED = Cause("range-outside-file/reversed", "Cited range that ends before it starts")
    ONE_PAST = Cause(
        "range-outside-file/one-past-end",
        "Ranges running to one line past their file's end",
    )
    causes = (PAST_END, REVERSED, ONE_PAST)
    scope = Scope.FILE
    origin = Origin.CITATIONS

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        facts = citing(page, ctx, "range-inside-file")
        if facts is None:
            return
        from ._wiki import judged, shown_at, shown_ranges

        # The page's citations one past their file's end: each one's finding and how it is named.
        habit: list[tuple[Finding, str]] = []
        for judgement in judged(page, ctx):
            if judgement is None or judgement.reference is None:
                continue
            citation, count = judgement.citation, len(judgement.reference)
            if all(0 < first <= last <= count for first, last in citation.ranges):
                continue
            cited = f"`{citation.path}:{shown_ranges(citation)}`"
            if any(first > last for first, last in citation.ranges):
                # `33-30`: its numbers swapped, whatever the file holds.
                message = f"{cited} cites a range that ends before it starts"
                yield Finding(citation.line, citation.column, message, cause=self.REVERSED)
                continue
            message = (
                f"{cited} cites lines the file does not have: it has "
                f"{count} line{'s' if count != 1 else ''}{shown_at(judgement)}"
            )
            past_end = Finding(citation.line, citation.column, message, cause=self.PAST_END)
            if _one_past_end(citation, count):
                habit.append((past_end, f"{cited} ({count} lines)"))
            else:
                yield past_end
        if len(habit) == 1:
            yield habit[0][0]  # one such citation is no habit: said as any other
        elif habit:
            first = habit[0][0]
            yield Finding(first.line, first.column, said_once(habit), cause=self.ONE_PAST)


SHOWN = 3
"""How many of a page's citations one past their file's end its finding names."""


def _one_past_end(citation: Citation, count: int) -> bool:
    """The generator's habit: the citation runs from a line of its file to
    the empty line after the file's last newline (`1-121` or `88-121` of
    120 lines), and no other range of it is outside the file."""
    outside = [(a, b) for a, b in citation.ranges if not 0 < a <= b <= count]
    if len(outside) != 1:
        return False
    first, last = outside[0]
    return 0 < first <= count and last == count + 1


def said_once(habit: list[tuple[Finding, str]]) -> str:
    """The one finding of a page's citations one past their file's end: how
    many, the first few, and the page line of each (which a reader, and the
    labelled sets' test, take for the citations it stands for)."""
    distinct = list(dict.fromkeys(name for _, name in habit))  # a file cited twice, named once
    named = ", ".join(distinct[:SHOWN])
    more = f" and {len(distinct) - SHOWN} more" if len(distinct) > SHOWN else ""
    lines = ", ".join(str(finding.line) for finding, _ in habit)
    return (
        f"{len(habit)} citations on this page run to one line past their file's end "
        f"(the empty line after the last newline counted): {named}{more}; on lines {lines}"
    )

"""DL802 range-outside-file: a citation of lines its file does not have."""

from __future__ import annotations

from collections.abc import Iterator

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
        lands on nothing, and the claim it supports has no evidence.""",
        example="""`[src/app/const.ts:1-20](../src/app/const.ts#L1-L20)` for
        a 19-line file.""",
        use_instead="cite lines the file has (`#L1-L19`).",
    )
    PAST_END = Cause("range-outside-file/past-end", "Cited lines past the file's end")
    REVERSED = Cause("range-outside-file/reversed", "Cited range that ends before it starts")
    causes = (PAST_END, REVERSED)
    scope = Scope.FILE
    origin = Origin.CITATIONS

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        facts = citing(page, ctx, "range-inside-file")
        if facts is None:
            return
        from ._wiki import judged, shown_at, shown_ranges

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
            yield Finding(citation.line, citation.column, message, cause=self.PAST_END)

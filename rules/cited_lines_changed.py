"""DL803 cited-lines-changed: cited lines that differ from those the citation was written on."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

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

from ._wiki import Judged, judged, shown_ranges, wiki_claiming


class CitedLinesChanged(Rule[MarkdownPage]):
    code = "DL803"
    name = "cited-lines-changed"
    origin = Origin.WIKI
    summary = "Cited lines changed since the commit the citation was written at."
    docs = RuleDocs(
        what="""Flags a citation whose lines in the tree differ from the same lines
        where it was written: at the commit it is pinned to (a GitHub URL's
        `blob/<commit>/`), or, without a pin, at the commit in which its page
        last changed. The message says where the cited block stands now when it
        only moved. Needs the history: in a shallow clone without the pinned
        commit nothing is reported, and the run says which commit it lacks.""",
        why="""Committed wiki pages rot as the code moves: a
        pinned link keeps showing the old lines, a relative one shows whatever
        is there now, and the sentence it supports no longer matches either.""",
        example="""`[src/game.ts L15-L84](https://github.com/o/r/blob/513fd0f5/src/game.ts#L15-L84)`
        after commits inserted a method above line 15.""",
        use_instead="""regenerate the page, or move the citation (and its
        pin) to the lines that hold what it cites.""",
    )
    MOVED = Cause("cited-lines-changed/moved", "Cited lines moved")
    CHANGED = Cause("cited-lines-changed/changed", "Cited lines changed")
    causes = (MOVED, CHANGED)
    scope = Scope.FILE

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        facts = wiki_claiming(page, ctx, "lines-unchanged")
        if facts is None:
            return
        for judgement in judged(page, facts, ctx):
            if judgement is None or not judgement.at or judgement.reference is None:
                continue
            if judgement.now is None or not judgement.citation.ranges:
                continue
            finding = self._changed(judgement)
            if finding is not None:
                yield finding

    def _changed(self, judgement: Judged) -> Finding | None:
        citation = judgement.citation
        before = judgement.reference
        assert before is not None and judgement.now is not None
        now = [line.rstrip("\r") for line in judgement.now]
        moved: list[str] = []
        for first, last in citation.ranges:
            last = min(last, len(before))
            if first < 1 or first > last:
                continue
            block = before[first - 1 : last]
            if now[first - 1 : last] == block:
                continue
            where = _find(block, now)
            moved.append(f"{where[0]}-{where[1]}" if where else "")
        if not moved:
            return None
        at = judgement.at[:8]
        shown = f"`{citation.path}:{shown_ranges(citation)}`"
        renamed = f" (now `{judgement.now_path}`)" if judgement.now_path != citation.path else ""
        if all(moved):
            message = (
                f"{shown}{renamed}: the cited lines changed since {at}; "
                f"they now stand at {', '.join(moved)}"
            )
            return Finding(citation.line, citation.column, message, cause=self.MOVED)
        message = f"{shown}{renamed}: the cited lines changed since {at}"
        return Finding(citation.line, citation.column, message, cause=self.CHANGED)


def _find(block: Sequence[str], lines: Sequence[str]) -> tuple[int, int] | None:
    """Where `block` stands whole in `lines` (the first place), if it does;
    a block of blank or one-character lines is no evidence of a move."""
    if not block or all(len(line.strip()) <= 1 for line in block):
        return None
    first, size, tried = block[0], len(block), 0
    for start, line in enumerate(lines):
        if line == first:
            if list(lines[start : start + size]) == list(block):
                return start + 1, start + size
            tried += 1
            if tried == _TRIES:
                return None
    return None


_TRIES = 256
"""The most places a moved block is compared at: a first line found more
often than that (`}`) makes the search cost the file times the block."""

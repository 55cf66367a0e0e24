"""DL803 cited-lines-changed: cited lines that differ from those the citation was written on."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from doclint.rule_api import (
    Cause,
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

from ._anchoring import definitions_by_name, re_anchored
from ._citing import citing, edited_in_place

if TYPE_CHECKING:
    from doclint.rule_api_generators import Citation

    from ._wiki import Judged


class CitedLinesChanged(Rule[MarkdownPage]):
    code = "DL803"
    name = "cited-lines-changed"
    summary = (
        "Cited lines changed since the commit the citation was written at"
        " (fixed in pages written by hand, not in a wiki's)."
    )
    docs = RuleDocs(
        what="""Flags a citation whose lines in the tree differ from the same lines
        where it was written: at the commit it is pinned to (a GitHub URL's
        `blob/<commit>/`), or, without a pin, at the commit that last wrote the
        citation's own line of the page (one `git blame` per page, so a page
        edited since hides no citation's drift; a page not committed as it
        is, an editor's buffer or a page staged or just fixed, is blamed with
        its own text, its lines kept at their commits). The message says where the
        cited block stands now when it only moved and stands at one place (a
        block standing at several, `.await;` at its indent four times in the
        file, is said changed: its first copy is no more where it went than the
        others), and a safe fix re-anchors it there: the numbers of the
        text and of the link's target rewritten together.

        Which citations get a fix: those of a page read as written by hand,
        without a pin, in a file not renamed since: a code span
        (`` `src/x.py:40-52` `` becomes `` `src/x.py:43-55` ``), a link whose
        target or text names lines (`[merge](../src/x.py#L40-L52)`), a
        mention in a sentence, a table's `Line` column. A wiki's citations
        (DeepWiki's links pinned to a commit, Qoder's `file://` sources) and
        any citation pinned to a commit get the finding and where the lines
        stand now, but no fix: new numbers with the old pin would point at
        other lines there, and a wiki is regenerated, not edited. Where its lines
        changed (or stand at several places), an unsafe fix moves it with
        the construct its sentence, list item or table row names (a
        function, a class, a method) where the cited lines defined that
        construct when the citation was written and the cited file defines
        it at one place only now: the range keeps its place against the
        definition's line, and reaches the construct's end now where it
        reached its end then (else keeps its length). Where a language's
        reader tells definitions (Python, C, C++, CUDA, Objective-C,
        TypeScript, JavaScript, Go, Java, Kotlin, Rust, shell, SQL, HTML;
        a key of YAML, JSON or TOML, a Markdown heading). Needs the history:
        in a shallow clone without the pinned commit nothing is reported, and
        the run says which commit it lacks.

        It judges a wiki's citations and any other Markdown page's, with no
        configuration: code spans (`` `src/x.py:40-52` ``, `` `mod.rs:1216` ``,
        `` `a.rs:88/91` ``, `` `x.py:3, 9` ``, a follow-on `` `:481` ``), links
        whose target or text names lines (`#L3-L9`, `file://`, a GitHub blob
        URL of this repository, an editor's `/home/me/repo/x.lean:743`),
        reference-style link definitions (`[ld]: pkg/store.py#L10-L20`, read
        and fixed at the definition), HTML anchors (`<a href="…/blob/main/pkg/store.py#L742">`),
        front-matter values (`sourceRef: ops.go#L228`), mentions in a
        sentence, and a table's `Line` column. A path is read
        as a reader reads it (the page's folder, a path named before it, the
        one file of the tree with that name) and counts only when it names a
        file of the tree. There, a one-line citation whose line was edited
        where it stands (it still leads with the same name) still points at
        the line its author read, and is not reported.

        On by default. Measured on maintainers' own repairs of stale citations
        in three repositories (tests/citation_repairs/, with no
        configuration): 40 of the 43 citations they found stale are reported
        (the 3 others were wrong the day they were written, their lines
        unchanged since); the 2 they changed while right stay silent; every
        finding is at a citation their fix changed, and its lines moved in
        the code: precision 1.0 by the code, 0.74 by the labels as first
        written (14 citations an issue called right had been moved by two
        later commits, which the fix rewrote too), and one more their fix
        re-anchored that the labels, read from links, left out (a bare
        follow-on `:1248`). The safe fix puts 21 of the 23 whose new line they
        chose where they put it; the 2 others it moves with the lines their
        author read, where the maintainer chose another line of the same
        function. The unsafe fix offers none there: of the findings with no
        safe fix, the one whose file a reader tells definitions of
        (TypeScript) cites lines inside the function its sentence names.""",
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
    origin = Origin.CITATIONS
    fix_safety = FixSafety.SAFE

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        facts = citing(page, ctx, "lines-unchanged")
        if facts is None:
            return
        from ._wiki import judged

        # The names each citation's sentence, list item or table row gives
        # (name-not-in-cited-lines reads the same): where the cited lines
        # changed, a construct named there may still tell where they went.
        # Each name once, in page order (a dict, not a list searched: a
        # citation may follow 64 names).
        told: dict[int, dict[str, None]] = {}
        for mention in facts.names:
            for index in mention.cites:
                told.setdefault(index, {})[mention.name] = None
        for index, judgement in enumerate(judged(page, ctx)):
            if judgement is None or not judgement.at or judgement.reference is None:
                continue
            if judgement.now is None or not judgement.citation.ranges:
                continue
            finding = self._changed(judgement, ctx.lines)
            if finding is not None and finding.fix is None and index in told:
                fix = _by_name(judgement, list(told[index]), ctx.lines)
                finding = finding if fix is None else finding._replace(fix=fix)
            if finding is not None:
                yield finding

    def _changed(self, judgement: Judged, page_lines: Sequence[str]) -> Finding | None:
        from ._wiki import shown_ranges

        citation = judgement.citation
        before = judgement.reference
        assert before is not None and judgement.now is not None
        now = [line.rstrip("\r") for line in judgement.now]
        moved: list[str] = []
        shifts: dict[int, int | None] = {}
        for first, last in citation.ranges:
            last = min(last, len(before))
            if first < 1 or first > last:
                continue
            block = before[first - 1 : last]
            if now[first - 1 : last] == block:
                shifts.setdefault(first, 0)
                shifts.setdefault(last, 0)
                continue
            where = _find(block, now)
            if where is None and citation.form and edited_in_place(block, now, first):
                # A person's citation of one line edited where it stands (a
                # value, an argument) still points at the line they read.
                shifts.setdefault(first, 0)
                continue
            once = where is not None and _once(block, now)
            # A block standing at several places now (`.await;` at its
            # indent, four times in a file) went to none that can be told:
            # its first copy is no more where it went than the others.
            moved.append(_shown_place(where if once else None))
            for number in (first, last):
                shift = where[0] - first if where is not None and once else None
                shifts[number] = shift if shifts.get(number, shift) == shift else None
        if not moved:
            return None
        at = judgement.at[:8]
        shown = f"`{citation.path}:{shown_ranges(citation)}`"
        renamed = f" (now `{judgement.now_path}`)" if judgement.now_path != citation.path else ""
        if all(moved):
            message = f"{shown}{renamed}: {_where_now(moved, at)}"
            fix = None if renamed else re_anchored(citation, shifts, page_lines, FixSafety.SAFE)
            return Finding(citation.line, citation.column, message, fix=fix, cause=self.MOVED)
        message = f"{shown}{renamed}: {_changed_since(citation, at)}"
        return Finding(citation.line, citation.column, message, cause=self.CHANGED)


def _changed_since(citation: Citation, at: str) -> str:
    """What changed since `at`, said of one line where one is cited."""
    first, last = citation.ranges[0]
    one = len(citation.ranges) == 1 and first == last
    return f"the cited {'line' if one else 'lines'} changed since {at}"


def _where_now(moved: list[str], at: str) -> str:
    """What changed since `at` and where the cited blocks stand now; one
    line cited, at one place now, is said of it alone."""
    if len(moved) == 1 and "-" not in moved[0]:
        return f"the cited line changed since {at}; it now stands at {moved[0]}"
    return f"the cited lines changed since {at}; they now stand at {', '.join(moved)}"


def _shown_place(where: tuple[int, int] | None) -> str:
    """Where a block stands now (`43-44`; a line alone `43`, never `43-43`);
    "" where it stands nowhere."""
    if where is None:
        return ""
    return str(where[0]) if where[0] == where[1] else f"{where[0]}-{where[1]}"


def _by_name(judgement: Judged, names: Sequence[str], page_lines: Sequence[str]) -> Fix | None:
    """An unsafe fix moving a one-range citation with the construct its
    sentence names: one the cited lines defined where the citation was
    written, defined at one place only in the file now. The lines changed,
    so only the name tells where they went. The range keeps its place
    against the definition's line (a doc comment cited above it stays
    cited); a range that reached the construct's end reaches its end now,
    where the language's reader tells it (the construct may have grown or
    shrunk), else keeps its length. Of several such constructs, the one
    defined first in the cited lines: the others are its members; none
    where that one is defined at several places now, or nowhere."""
    citation, now, before = judgement.citation, judgement.now, judgement.reference
    if now is None or before is None or len(citation.ranges) != 1:
        return None
    # A file renamed since keeps its old path in the text, which numbers
    # alone do not repair (the safe fix holds back there too).
    if judgement.now_path != citation.path:
        return None
    first, last = citation.ranges[0]
    earlier = definitions_by_name(citation.path, before)
    if not earlier:
        return None
    # Only a construct the cited lines defined: a name the sentence gives
    # of the function whose body the lines are (`buildModel` for the date
    # routing inside it) says where that function went, not where the lines did.
    cited = sorted(
        (inside[0], name)
        for name in names
        if len(inside := [d for d in earlier.get(name, ()) if first <= d.line <= last]) == 1
    )
    if not cited:
        return None
    old, name = cited[0]
    now_at = (definitions_by_name(judgement.now_path, now) or {}).get(name, [])
    if len(now_at) != 1:
        return None
    new = now_at[0]
    shift = new.line - old.line
    end_shift = shift
    if first != last and old.end and new.end and last >= old.end:
        end_shift = new.end - old.end
    if not (shift or end_shift) or last + end_shift < first + shift:
        return None
    return re_anchored(
        citation,
        {first: shift, last: end_shift},
        page_lines,
        FixSafety.UNSAFE,
        "re-anchor the citation at the construct its sentence names",
    )


def _once(block: Sequence[str], lines: Sequence[str]) -> bool:
    """Whether `block` stands whole in `lines` at one place only."""
    first, size, found = block[0], len(block), 0
    for start, line in enumerate(lines):
        if line == first and list(lines[start : start + size]) == list(block):
            found += 1
            if found > 1:
                return False
    return found == 1


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

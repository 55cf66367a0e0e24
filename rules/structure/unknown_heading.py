"""DL101 unknown-heading: a heading the page's template does not have there."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from doclint.rule_api import (
    AnyPage,
    Cause,
    Edit,
    Finding,
    Fix,
    FixSafety,
    Heading,
    MarkdownPage,
    Rule,
    RuleContext,
    RuleDocs,
)

from .._common.mojibake import repair_mojibake


# Every kind of page has its template's outline (a kind a profile declares is
# read as a Markdown page of that kind).
class UnknownHeading(Rule[AnyPage]):
    code = "DL101"
    name = "unknown-heading"
    summary = "Heading not allowed at this place by the page's template."
    docs = RuleDocs(
        what="""Flags a heading that the generator's template for this kind of page does
        not allow at that place, and suggests the allowed heading it is closest to.
        The template is the one of the page's source kind (`doclint schema
        --templates`): `### Includes` belongs in the keyword index of a C++ file,
        not of a Python file.""",
        why="""Generated pages are read by tools as much as by people:
        navigation, keyword maps and anchors rely on the fixed outline. A heading
        like `### Classs` (the generator's naive plural of "Class") breaks every
        link to `#classes` and every tool that looks the section up by name.""",
        example="""```markdown
        ### Classs
        ```""",
        example_note="in a keyword index",
        use_instead="""```markdown
        ### Classes
        ```

        The page's title is its only level-1 heading; level-2 headings must be the
        template's sections, level-3 headings the subsections allowed under the
        section they follow (any key in a subtree index's keyword groups). A
        heading whose only fault is mojibake is left to `mojibake`.

        **Fix** (safe): when exactly one allowed heading is close to the wrong one
        (the suggestion of the message), the heading's text is replaced with it;
        its `#` marker stays. Other unknown headings are not fixed: which heading
        was meant, or whether the section belongs there at all, is a guess.""",
    )
    fix_safety = FixSafety.SAFE

    SECOND_TITLE = Cause("unknown-heading/second-title", "Second level-1 title")
    MISSPELT = Cause("unknown-heading/misspelt", "Misspelt template heading")
    UNKNOWN_SECTION = Cause("unknown-heading/unknown-section", "Section not in the template")
    UNKNOWN_SUBSECTION = Cause(
        "unknown-heading/unknown-subsection", "Subsection not in the template"
    )
    BEFORE_SECTIONS = Cause(
        "unknown-heading/before-sections", "Subsection before the template's first section"
    )
    TOO_DEEP = Cause("unknown-heading/too-deep", "Heading deeper than the template's")
    causes = (
        SECOND_TITLE,
        MISSPELT,
        UNKNOWN_SECTION,
        UNKNOWN_SUBSECTION,
        BEFORE_SECTIONS,
        TOO_DEEP,
    )

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        kind = page.page_kind if isinstance(page, MarkdownPage) else page.kind
        outline = ctx.generators.allowed_headings(page.template, kind) if page.template else None
        if outline is None:
            return
        parent: str | None = None
        parent_known = False
        for heading in page.outline:
            repaired = repair_mojibake(heading.text)
            text = repaired[0] if repaired else heading.text
            if heading.level == 1:
                if page.title is None or heading.line != page.title.line:
                    yield Finding(
                        heading.line,
                        heading.column,
                        f"`{_shown(heading)}`: a page has one title; this is a second one",
                        cause=self.SECOND_TITLE,
                    )
                continue
            if heading.level == 2:
                parent, parent_known = text, text in outline
                if not parent_known:
                    yield _unknown(heading, ctx, kind, sorted(outline))
                continue
            if heading.level == 3 and parent_known:
                allowed = outline[parent] if parent is not None else frozenset()
                if allowed is None or text in allowed:
                    continue
                yield _unknown(heading, ctx, kind, sorted(allowed), parent)
            elif heading.level == 3 and parent is None:
                yield Finding(
                    heading.line,
                    heading.column,
                    f"`{_shown(heading)}` comes before any section of the {kind} template",
                    cause=self.BEFORE_SECTIONS,
                )
            elif heading.level > 3:
                yield Finding(
                    heading.line,
                    heading.column,
                    f"`{_shown(heading)}`: the {kind} template has no"
                    f" level-{heading.level} headings",
                    cause=self.TOO_DEEP,
                )


def _unknown(
    heading: Heading,
    ctx: RuleContext,
    kind: str,
    allowed: list[str],
    parent: str | None = None,
) -> Finding:
    shown = _shown(heading)
    where = f"under `## {parent}`" if parent else "as a section"
    message = f"`{shown}` is not a heading of a {kind} page {where}"
    close = _close_matches(heading.text, tuple(allowed))
    fix = None
    cause = UnknownHeading.UNKNOWN_SUBSECTION if parent else UnknownHeading.UNKNOWN_SECTION
    if len(close) == 1:
        cause = UnknownHeading.MISSPELT
        suggestion = f"{'#' * heading.level} {close[0]}"
        message += f"; did you mean `{suggestion}`?"
        fix = _rename(heading, close[0], suggestion, ctx)
    elif allowed:
        message += f"; expected one of: {', '.join(allowed)}"
    else:
        message += "; it has no subsections"
    return Finding(heading.line, heading.column, message, fix, cause)


def _shown(heading: Heading) -> str:
    return f"{'#' * heading.level} {heading.text}"


@lru_cache(maxsize=256)
def _close_matches(text: str, allowed: tuple[str, ...]) -> list[str]:
    """The allowed headings close to `text`. Cached: the generator misspells
    the same heading on every page of a kind."""
    import difflib  # only for a heading found wrong: most pages have none

    return difflib.get_close_matches(text, allowed, n=2, cutoff=0.75)


def _rename(heading: Heading, text: str, shown: str, ctx: RuleContext) -> Fix | None:
    """Replace the heading's text on its line, after its `#` marker (a setext
    heading has none); None when the text is not found there as written."""
    if not 1 <= heading.line <= len(ctx.lines):
        return None
    line = ctx.lines[heading.line - 1]
    start = heading.column - 1
    start += len(line[start:]) - len(line[start:].lstrip("#"))
    written = heading.text.strip()
    found = line.find(written, start) if written else -1
    if found < 0:
        return None
    end = found + len(written)
    edit = Edit(heading.line, found + 1, heading.line, end + 1, text)
    return Fix((edit,), FixSafety.SAFE, f"rename the heading to `{shown}`")

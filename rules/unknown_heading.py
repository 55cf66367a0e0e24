"""DL101 unknown-heading: a heading the page's template does not have there."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from doclint.models.outlines import OUTLINES
from doclint.rule_api import AnyPage, Finding, Rule, RuleContext
from doclint.text import repair_mojibake


class UnknownHeading(Rule):
    """Flags a heading that the generator's template for this kind of page does
    not allow at that place, and suggests the allowed heading it is closest to.

    **Why is this bad?** Generated pages are read by tools as much as by people:
    navigation, keyword maps and anchors rely on the fixed outline. A heading
    like `### Classs` (the generator's naive plural of "Class") breaks every
    link to `#classes` and every tool that looks the section up by name.

    **Example** (in a keyword index):

    ```markdown
    ### Classs
    ```

    **Use instead:**

    ```markdown
    ### Classes
    ```

    The page's title is its only level-1 heading; level-2 headings must be the
    template's sections, level-3 headings the subsections allowed under the
    section they follow (any key in a subtree index's keyword groups). A
    heading whose only fault is mojibake is left to `mojibake`.
    """

    code = "DL101"
    name = "unknown-heading"
    summary = "Heading not allowed at this place by the page's template."
    kinds = frozenset(OUTLINES)

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        outline = OUTLINES[page.kind]
        parent: str | None = None
        parent_known = False
        for heading in page.outline:
            repaired = repair_mojibake(heading.text)
            text = repaired[0] if repaired else heading.text
            shown = f"{'#' * heading.level} {heading.text}"
            if heading.level == 1:
                if page.title is None or heading.line != page.title.line:
                    yield Finding(
                        heading.line,
                        heading.column,
                        f"`{shown}`: a page has one title; this is a second one",
                    )
                continue
            if heading.level == 2:
                parent, parent_known = text, text in outline
                if not parent_known:
                    yield Finding(
                        heading.line, heading.column, _message(shown, page.kind, sorted(outline), 2)
                    )
                continue
            if heading.level == 3 and parent_known:
                allowed = outline[parent] if parent is not None else frozenset()
                if allowed is None or text in allowed:
                    continue
                yield Finding(
                    heading.line,
                    heading.column,
                    _message(shown, page.kind, sorted(allowed), 3, parent),
                )
            elif heading.level == 3 and parent is None:
                yield Finding(
                    heading.line,
                    heading.column,
                    f"`{shown}` comes before any section of the {page.kind} template",
                )
            elif heading.level > 3:
                yield Finding(
                    heading.line,
                    heading.column,
                    f"`{shown}`: the {page.kind} template has no level-{heading.level} headings",
                )


def _message(
    shown: str, kind: str, allowed: list[str], level: int, parent: str | None = None
) -> str:
    text = shown.lstrip("#").strip()
    where = f"under `## {parent}`" if parent else "as a section"
    message = f"`{shown}` is not a heading of a {kind} page {where}"
    close = difflib.get_close_matches(text, allowed, n=2, cutoff=0.75)
    if len(close) == 1:
        return f"{message}; did you mean `{'#' * level} {close[0]}`?"
    if allowed:
        return f"{message}; expected one of: {', '.join(allowed)}"
    return f"{message}; it has no subsections"

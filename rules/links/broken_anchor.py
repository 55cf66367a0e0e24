"""DL402 broken-anchor: a `#fragment` that names no heading of its target."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import compress, repeat
from operator import attrgetter, is_not

from doclint.rule_api import (
    AnyPage,
    Cause,
    Edit,
    Finding,
    Fix,
    FixSafety,
    Rule,
    RuleContext,
    RuleDocs,
    Scope,
    unique_slugs,
)
from doclint.rule_api_generators import html_anchors

from ._broken_links import wiki_judged_links

MARKDOWN_SUFFIXES = (".md", ".markdown")


class BrokenAnchor(Rule[AnyPage]):
    code = "DL402"
    name = "broken-anchor"
    summary = "Link fragment that matches no heading of the target Markdown file."
    docs = RuleDocs(
        what="""Flags a link fragment (`page.md#section`, `#section`) that matches no
        heading anchor of the target Markdown file, using GitHub's anchor rules
        (the heading's text as it renders: its inline HTML tags and emphasis
        marks left out, a `_` inside a word or a code span kept; lowercase,
        punctuation dropped, spaces to hyphens, `-1`, `-2` for repeats), nor
        one of its HTML anchors (`<a id="x"></a>`, `<a name="x">`).""",
        why="""A broken anchor still opens the page, but at the top,
        and the reader has to hunt for the section. Anchors break silently when a
        heading is renamed, as when a generator misspells it.""",
        example="""```markdown
        See [the classes](./test_api.py_kw.md#classes).
        ```

        where the keyword index's heading is `### Classs` (anchor `#classs`).""",
        use_instead="""fix the heading, or link the anchor that exists.

        Where one anchor of the target differs from the fragment only in its
        hyphens, the finding names it and offers it as an unsafe fix: a heading
        opening with an emoji (`## 🚀 Quick Start`) has GitHub's anchor
        `#-quick-start`, and one with a `&` (`## Pay & Leave`) `#pay--leave`.
        Unsafe, because other renderers (MkDocs, an editor's preview) drop
        those hyphens, and the link written for them works there.

        Targets that are missing altogether are left to `broken-link`.""",
    )
    fix_safety = FixSafety.UNSAFE
    OWN_HEADING = Cause("broken-anchor/own-page", "Fragment naming no heading of its own page")
    OTHER_HEADING = Cause(
        "broken-anchor/other-page", "Fragment naming no heading of the linked page"
    )
    causes = (OWN_HEADING, OTHER_HEADING)
    scope = Scope.FILE

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        own = None
        # Each target's anchors by their words, the hyphens aside: made once a
        # target, so that a page of many broken links reads each anchor once.
        by_words: dict[str, dict[str, list[str]]] = {}
        cited = wiki_judged_links(page, ctx)
        pairs = list(ctx.relative_links(page))
        if not pairs:
            return
        # The links with a fragment told in C loops, not a bytecode step a
        # link: a keyword index links one page a hundred times, without one.
        _, targets = zip(*pairs, strict=True)
        fragments = map(_fragment, targets)
        for link, target in compress(pairs, map(is_not, fragments, repeat(None))):
            if target.fragment is None or target.escapes_root:  # None: for the types' sake
                continue
            if cited and (link.line, link.column) in cited:
                continue  # a citation's `#L4-L55` names lines, not a heading
            if target.path == page.path:
                if own is None:
                    own = frozenset(unique_slugs([h.text for h in page.markdown.headings]))
                    own |= {name.lower() for name in html_anchors("\n".join(ctx.lines))}
                anchors: frozenset[str] | None = own
            elif target.path.lower().endswith(MARKDOWN_SUFFIXES):
                anchors = ctx.anchors(target.path)
            else:
                continue
            if anchors is None or target.fragment.lower() in anchors:
                continue
            if target.path not in by_words:
                by_words[target.path] = _by_words(anchors)
            meant = by_words[target.path].get(_words(target.fragment.lower()), [])
            message = f"`#{target.fragment}` is not a heading anchor of `{target.path}`"
            fix = None
            if len(meant) == 1:
                message += (
                    f" (`#{meant[0]}` is: GitHub keeps the hyphens a heading's emoji or "
                    "punctuation leaves)"
                )
                fix = _relinked(ctx.lines, link.line, link.column, target.fragment, meant[0])
            yield Finding(
                link.line,
                link.column,
                message,
                fix=fix,
                cause=self.OWN_HEADING if target.path == page.path else self.OTHER_HEADING,
            )


_fragment = attrgetter("fragment")


def _words(anchor: str) -> str:
    """An anchor with its hyphens aside: none at its ends, one between words."""
    return "-".join(word for word in anchor.split("-") if word)


def _by_words(anchors: frozenset[str]) -> dict[str, list[str]]:
    keyed: dict[str, list[str]] = {}
    for anchor in sorted(anchors):
        keyed.setdefault(_words(anchor), []).append(anchor)
    return keyed


def _relinked(
    lines: Sequence[str], line: int, column: int, fragment: str, anchor: str
) -> Fix | None:
    """The link's fragment written as the anchor, where the link's line holds
    it as written (a reference-style link's target stands elsewhere)."""
    start = lines[line - 1].find(f"#{fragment}", column - 1)
    if start < 0:
        return None
    edit = Edit(line, start + 2, line, start + 2 + len(fragment), anchor)
    return Fix((edit,), FixSafety.UNSAFE, f"link `#{anchor}`")

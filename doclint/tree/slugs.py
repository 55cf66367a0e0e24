"""GitHub heading anchors: the slugs a link's `#fragment` must match. The tree
index computes them for every Markdown file; the anchor rule reads them
through the rule API."""

from __future__ import annotations

import re

from doclint.util.lazy_regex import compiled_on_use

_SLUG_DROP = compiled_on_use(r"[^\w\- ]", re.UNICODE)
_INLINE_CODE = compiled_on_use(r"`+([^`]*)`+")
_INLINE_LINK = compiled_on_use(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = compiled_on_use(r"(\*{1,3}|_{1,3})(\S(?:.*?\S)?)\1")


def github_slug(heading_text: str) -> str:
    """The anchor GitHub gives a heading: rendered text, lowercased, punctuation
    dropped, spaces turned into hyphens."""
    text = _INLINE_LINK.sub(r"\1", heading_text)
    text = _INLINE_CODE.sub(r"\1", text)
    text = _EMPHASIS.sub(r"\2", text)
    text = _SLUG_DROP.sub("", text.strip().lower())
    return text.replace(" ", "-")


def unique_slugs(heading_texts: list[str]) -> set[str]:
    """All anchors of a page; repeated headings get "-1", "-2" like on GitHub."""
    seen: dict[str, int] = {}
    slugs = set()
    for text in heading_texts:
        slug = github_slug(text)
        count = seen.get(slug, 0)
        slugs.add(slug if count == 0 else f"{slug}-{count}")
        seen[slug] = count + 1
    return slugs

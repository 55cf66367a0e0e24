"""GitHub heading anchors: the slugs a link's `#fragment` must match. The tree
index computes them for every Markdown file; the anchor rule reads them
through the rule API."""

from __future__ import annotations

import re

from doclint.util.lazy_regex import compiled_on_use

_SLUG_DROP = compiled_on_use(r"[^\w\- ]", re.UNICODE)
_INLINE_CODE = compiled_on_use(r"`+([^`]*)`+")
# An inline HTML tag (`<kbd>`, `</kbd>`, `<a name="x">`): it renders no text.
_TAG = compiled_on_use(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>`]*)?/?>")
_INLINE_LINK = compiled_on_use(r"!?\[([^\]]*)\]\([^)]*\)")
# Emphasis: by `*` anywhere; by `_` not inside a word (`load_all_pages` is
# text, as CommonMark reads it).
_EMPHASIS = compiled_on_use(
    r"(\*{1,3})(\S(?:.*?\S)?)\1|(?<![A-Za-z0-9])(_{1,3})(\S(?:.*?\S)?)\3(?![A-Za-z0-9])"
)


def github_slug(heading_text: str) -> str:
    """The anchor GitHub gives a heading: rendered text, lowercased, punctuation
    dropped, spaces turned into hyphens. Outside code spans its emphasis
    marks and inline HTML tags render no text (a heading `<kbd>module</kbd>
    pkg.mod` has the anchor `module-pkgmod`, as lazydocs' pages are linked);
    a code span shows its text whole (`__init__`, `load_all`)."""
    text = _INLINE_LINK.sub(r"\1", heading_text)
    pieces: list[str] = []
    written = 0
    for span in _INLINE_CODE.finditer(text):
        pieces += [_rendered(text[written : span.start()]), span.group(1)]
        written = span.end()
    pieces.append(_rendered(text[written:]))
    return _SLUG_DROP.sub("", "".join(pieces).strip().lower()).replace(" ", "-")


def _rendered(prose: str) -> str:
    """The text a piece of a heading outside code spans renders."""
    return _EMPHASIS.sub(lambda m: m.group(2) or m.group(4), _TAG.sub("", prose))


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

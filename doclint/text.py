"""Small text helpers shared by the parser, the tree index and the rules."""

from __future__ import annotations

import re
import unicodedata

_SLUG_DROP = re.compile(r"[^\w\- ]", re.UNICODE)
_INLINE_CODE = re.compile(r"`+([^`]*)`+")
_INLINE_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"(\*{1,3}|_{1,3})(\S(?:.*?\S)?)\1")
_MOJIBAKE_HINT = re.compile("[\u00c2-\u00f4][\u0080-\u00bf\u0152-\u02dc\u2013-\u2122]")


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


def repair_mojibake(text: str) -> str | None:
    """The text UTF-8 bytes decoded as cp1252 or Latin-1 once were, if that is
    what happened to `text`; None when it does not look mangled."""
    if not _MOJIBAKE_HINT.search(text):
        return None
    for codec in ("cp1252", "latin-1"):
        try:
            repaired = text.encode(codec).decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
        if repaired != text:
            return unicodedata.normalize("NFC", repaired)
    return None

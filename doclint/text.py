"""Small text helpers shared by the parser, the tree index and the rules."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

# A UTF-8 lead byte (0xC2-0xF4) read as Latin-1 or Windows-1252, followed by a
# continuation byte (0x80-0xBF) read the same way. Every mis-decoded UTF-8
# sequence holds this pair, and legitimate text almost never does, so only the
# few lines that have it are handed to ftfy.
_LEAD = "\u00c2-\u00f4"
_CONTINUATION = (
    "\u0080-\u00bf"  # Latin-1, and the bytes Windows-1252 leaves undefined
    "\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc"
    "\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122"
)
_HINT = re.compile(f"[{_LEAD}][{_CONTINUATION}]")


def _utf8_alternatives(char_class: str) -> bytes:
    """A bytes pattern of the UTF-8 forms of the characters of a regex class
    made of characters and ranges only."""
    chars, index = [], 0
    while index < len(char_class):
        first = last = char_class[index]
        if char_class[index + 1 : index + 2] == "-" and index + 2 < len(char_class):
            last, index = char_class[index + 2], index + 3
        else:
            index += 1
        chars += map(chr, range(ord(first), ord(last) + 1))
    return b"(?:" + b"|".join(re.escape(char.encode()) for char in chars) + b")"


# `_HINT` in UTF-8. Every lead character encodes as 0xC3 and one more byte, so
# a search over the bytes runs from a fixed first byte, four times as fast as
# one over the text that tries a class of characters at each position.
_HINT_UTF8 = re.compile(_utf8_alternatives(_LEAD) + _utf8_alternatives(_CONTINUATION))
CODEC_NAMES = {"sloppy-windows-1252": "Windows-1252", "latin-1": "Latin-1"}
_SLUG_DROP = re.compile(r"[^\w\- ]", re.UNICODE)
_INLINE_CODE = re.compile(r"`+([^`]*)`+")
_INLINE_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"(\*{1,3}|_{1,3})(\S(?:.*?\S)?)\1")


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


@lru_cache(maxsize=1024)
def repair_mojibake(text: str) -> tuple[str, tuple[str, ...]] | None:
    """The repaired text and the codecs it was wrongly decoded with (outermost
    first), or None when `text` holds no mojibake."""
    if not suspect_mojibake(text):
        return None
    # Imported on the first suspect line: most runs (and every worker that sees
    # only clean pages) never need ftfy's 40 ms of imports.
    import ftfy
    import ftfy.bad_codecs  # registers the sloppy-windows-* codecs

    explained = ftfy.fix_encoding_and_explain(text)
    if explained.text == text:
        return None
    codecs = tuple(
        CODEC_NAMES.get(argument, argument.removeprefix("sloppy-"))
        for action, argument in explained.explanation or []
        if action == "encode"
    )
    return explained.text, codecs


def suspect_mojibake(text: str) -> bool:
    return not text.isascii() and _HINT.search(text) is not None


def suspect_lines(text: str) -> Iterator[int]:
    """Indexes of the lines of `text` (split at LF) that `suspect_mojibake`
    accepts, in order. One search over the text: every keyword index holds
    mojibake in a heading, so a test per line would run over whole pages."""
    if text.isascii():
        return
    data = text.encode("utf-8", "surrogatepass")
    index = scanned = 0
    hint = _HINT_UTF8.search(data)
    while hint is not None:
        index += data.count(b"\n", scanned, hint.start())
        yield index
        scanned = data.find(b"\n", hint.end())
        if scanned < 0:
            return
        hint = _HINT_UTF8.search(data, scanned)


def shown_target(target: str, limit: int = 200) -> str:
    """A link target as a message can show it: control characters escaped, and
    cut short, since a hostile page may hold a link of megabytes."""
    if len(target) <= limit and target.isprintable():
        return target
    text = "".join(char if char.isprintable() else repr(char)[1:-1] for char in target[:limit])
    return text + "\u2026" if len(target) > limit else text

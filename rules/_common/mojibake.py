"""Mojibake: UTF-8 text decoded as Latin-1 or Windows-1252. A cheap test finds
the lines that may hold it; ftfy repairs those and names the codecs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from doclint.rule_api import compiled_on_use

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
_HINT = compiled_on_use(f"[{_LEAD}][{_CONTINUATION}]")


def _utf8_alternatives(char_class: str) -> bytes:
    """A bytes pattern of the UTF-8 forms of the characters of a regex class
    made of characters and ranges only."""
    chars: list[str] = []
    index = 0
    while index < len(char_class):
        first = last = char_class[index]
        if char_class[index + 1 : index + 2] == "-" and index + 2 < len(char_class):
            last, index = char_class[index + 2], index + 3
        else:
            index += 1
        chars += map(chr, range(ord(first), ord(last) + 1))
    return b"(?:" + b"|".join(re.escape(char.encode()) for char in chars) + b")"


# `_HINT` in UTF-8. Every lead character encodes as 0xC3 and one more byte, so
# a search over the bytes runs from a fixed first byte, faster than
# one over the text that tries a class of characters at each position.
_HINT_UTF8 = compiled_on_use(_utf8_alternatives(_LEAD) + _utf8_alternatives(_CONTINUATION))
CODEC_NAMES = {"sloppy-windows-1252": "Windows-1252", "latin-1": "Latin-1"}


# The most text ftfy sees at once. Its heuristics, and above all the diff that
# locates each repair, cost more than linear time in the text they are given: a
# 20 KB line took a minute as one piece. Pieces of bounded size keep a line's
# cost linear, and a line this short (every real heading and table row) is
# still one piece, judged as before.
WINDOW = 240
# Where a long line is cut, best first: after a space (mojibake never holds
# one), after any ASCII character, before a lead character.
_CUTS = (
    compiled_on_use(r"[ \t]"),
    compiled_on_use(r"[\x00-\x7f]"),
    compiled_on_use(f"(?=[{_LEAD}])"),
)


def windows(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of consecutive pieces of `text`, each at most `WINDOW`
    characters, cut where mojibake is not split if the text allows."""
    start = 0
    while len(text) - start > WINDOW:
        end = start + WINDOW
        for cut in _CUTS:
            # The last cut point in the second half of the window.
            found = [m.end() for m in cut.finditer(text, start + WINDOW // 2, end)]
            if found and found[-1] > start:
                end = found[-1]
                break
        yield start, end
        start = end
    if start < len(text) or not text:
        yield start, len(text)


@lru_cache(maxsize=1024)
def _repair_piece(text: str) -> tuple[str, tuple[str, ...]] | None:
    if not suspect_mojibake(text):
        return None
    # Imported on the first suspect line: most runs (and every worker that sees
    # only clean pages) never pay for importing ftfy.
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


def repaired_pieces(text: str) -> list[tuple[int, str, str, tuple[str, ...]]]:
    """(start, piece, repaired piece, codecs) for each window of `text` that
    holds mojibake, in order."""
    pieces: list[tuple[int, str, str, tuple[str, ...]]] = []
    if not suspect_mojibake(text):  # nor is any window of it: most texts asked
        return pieces
    for start, end in windows(text):
        piece = text[start:end]
        repair = _repair_piece(piece)
        if repair is not None:
            pieces.append((start, piece, *repair))
    return pieces


def repair_mojibake(text: str) -> tuple[str, tuple[str, ...]] | None:
    """The repaired text and the codecs it was wrongly decoded with (outermost
    first, as the first repaired piece names them), or None when `text` holds
    no mojibake."""
    pieces = repaired_pieces(text)
    if not pieces:
        return None
    parts: list[str] = []
    done = 0
    for start, piece, fixed, _ in pieces:
        parts += (text[done:start], fixed)
        done = start + len(piece)
    parts.append(text[done:])
    return "".join(parts), next((codecs for *_, codecs in pieces if codecs), ())


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

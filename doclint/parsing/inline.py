"""Find links in the raw inline text of one block, with their offsets.

mistune's inline pass gives link tokens without positions and with escaped
URLs; link rules need the destination as written and where it is. This scanner
follows the CommonMark precedence that matters for links: backslash escapes,
code spans and autolinks/raw HTML bind tighter than brackets, a link cannot
contain another link, and reference links resolve only against defined labels.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

LinkKind = Literal["inline", "reference", "autolink", "image"]

_SPECIAL = re.compile(r"[\\`\[\]<!]")
_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_AUTOLINK = re.compile(r"<([A-Za-z][A-Za-z0-9+.\-]{1,31}:[^<>\x00-\x20]*)>")
_EMAIL_AUTOLINK = re.compile(
    r"<([A-Za-z0-9.!#$%&'*+/=?^_`{|}~\-]+@[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?)*)>"
)
_HTML_TAG = re.compile(
    r"<(?:[A-Za-z][A-Za-z0-9\-]*(?:\s+[A-Za-z_:][\w.:\-]*(?:\s*=\s*(?:[^\s\"'=<>`]+|'[^']*'|\"[^\"]*\"))?)*\s*/?"
    r"|/[A-Za-z][A-Za-z0-9\-]*\s*|!--(?:.|\n)*?--|\?(?:.|\n)*?\?|![A-Za-z][^>]*|!\[CDATA\[(?:.|\n)*?\]\])>"
)
_LABEL_SPACE = re.compile(r"\s+")
_BACKSLASH_ESCAPE = re.compile(r"\\([!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~])")


@dataclass(frozen=True, slots=True)
class FoundLink:
    """A link located in a block's raw text; `offset` indexes that text."""

    kind: LinkKind
    text: str
    target: str
    title: str | None
    offset: int


def normalize_label(label: str) -> str:
    """Reference labels match case-insensitively, with inner whitespace collapsed."""
    return _LABEL_SPACE.sub(" ", label.strip()).casefold()


def unescape(text: str) -> str:
    """Drop CommonMark backslash escapes from a destination or title."""
    return _BACKSLASH_ESCAPE.sub(r"\1", text) if "\\" in text else text


def find_links(text: str, definitions: dict[str, tuple[str, str | None]]) -> list[FoundLink]:
    """All links of `text`, in order; `definitions` maps normalized labels."""
    if "[" not in text and "<" not in text:
        return []
    found: list[FoundLink] = []
    openers: list[tuple[int, bool, bool]] = []  # (offset of "[", is image, still active)
    pos, end = 0, len(text)
    while pos < end:
        match = _SPECIAL.search(text, pos)
        if match is None:
            break
        pos = match.start()
        char = text[pos]
        if char == "\\":
            pos += 2 if pos + 1 < end and text[pos + 1] in _ASCII_PUNCTUATION else 1
        elif char == "`":
            pos = _skip_code_span(text, pos)
        elif char == "<":
            pos = _scan_angle(text, pos, found)
        elif char == "!":
            if pos + 1 < end and text[pos + 1] == "[":
                openers.append((pos, True, True))
                pos += 2
            else:
                pos += 1
        elif char == "[":
            openers.append((pos, False, True))
            pos += 1
        else:  # "]"
            pos = _close_bracket(text, pos, openers, definitions, found)
    found.sort(key=lambda link: link.offset)
    return found


def _skip_code_span(text: str, pos: int) -> int:
    """Skip a code span; an unmatched backtick run is literal text."""
    run_end = pos
    while run_end < len(text) and text[run_end] == "`":
        run_end += 1
    run = text[pos:run_end]
    search = run_end
    while True:
        close = text.find(run, search)
        if close < 0:
            return run_end
        after = close + len(run)
        if after < len(text) and text[after] == "`":
            while after < len(text) and text[after] == "`":
                after += 1
            search = after
            continue
        return after


def _scan_angle(text: str, pos: int, found: list[FoundLink]) -> int:
    """Autolinks become links; raw HTML tags are skipped whole."""
    match = _AUTOLINK.match(text, pos)
    if match:
        found.append(FoundLink("autolink", match.group(1), match.group(1), None, pos))
        return match.end()
    match = _EMAIL_AUTOLINK.match(text, pos)
    if match:  # CommonMark renders <a@b.c> as a mailto: link
        address = match.group(1)
        found.append(FoundLink("autolink", address, f"mailto:{address}", None, pos))
        return match.end()
    tag = _HTML_TAG.match(text, pos)
    return tag.end() if tag else pos + 1


def _close_bracket(
    text: str,
    pos: int,
    openers: list[tuple[int, bool, bool]],
    definitions: dict[str, tuple[str, str | None]],
    found: list[FoundLink],
) -> int:
    if not openers:
        return pos + 1
    start, image, active = openers.pop()
    if not active:
        return pos + 1
    label_start = start + (2 if image else 1)
    link_text = text[label_start:pos]
    link = _inline_destination(text, pos + 1)
    after = pos + 1
    if link is not None:
        target, title, after = link
        kind: LinkKind = "image" if image else "inline"
    else:
        reference = _reference(text, pos + 1, link_text, definitions)
        if reference is None:
            return pos + 1
        target, title, after = reference
        kind = "image" if image else "reference"
    found.append(FoundLink(kind, link_text, target, title, start))
    if not image:
        # CommonMark: links may not contain other links, so earlier openers die.
        openers[:] = [(offset, is_image, is_image and alive) for offset, is_image, alive in openers]
    return after


def _reference(
    text: str, pos: int, link_text: str, definitions: dict[str, tuple[str, str | None]]
) -> tuple[str, str | None, int] | None:
    label, after = link_text, pos
    if pos < len(text) and text[pos] == "[":
        close = text.find("]", pos + 1)
        if close >= 0 and "[" not in text[pos + 1 : close]:
            inner = text[pos + 1 : close]
            label, after = (inner or link_text), close + 1
    definition = definitions.get(normalize_label(label))
    if definition is None:
        return None
    return definition[0], definition[1], after


def _inline_destination(text: str, pos: int) -> tuple[str, str | None, int] | None:
    """Parse `(destination "title")` at `pos`; None if it is not one."""
    end = len(text)
    if pos >= end or text[pos] != "(":
        return None
    pos = _skip_space(text, pos + 1)
    if pos < end and text[pos] == "<":
        close = pos + 1
        while close < end and text[close] not in ">\n<":
            close += 2 if text[close] == "\\" else 1
        if close >= end or text[close] != ">":
            return None
        target, pos = text[pos + 1 : close], close + 1
    else:
        start, depth = pos, 0
        while pos < end:
            char = text[pos]
            if char == "\\" and pos + 1 < end and text[pos + 1] in _ASCII_PUNCTUATION:
                pos += 2
                continue
            if char <= " ":
                break
            if char == "(":
                depth += 1
            elif char == ")":
                if depth == 0:
                    break
                depth -= 1
            pos += 1
        if depth:
            return None
        target = text[start:pos]
    spaced = _skip_space(text, pos)
    title = None
    if spaced < end and text[spaced] in "\"'(" and spaced > pos:
        closer = ")" if text[spaced] == "(" else text[spaced]
        close = spaced + 1
        while close < end and text[close] != closer:
            close += 2 if text[close] == "\\" else 1
        if close >= end:
            return None
        title, spaced = unescape(text[spaced + 1 : close]), _skip_space(text, close + 1)
    if spaced >= end or text[spaced] != ")":
        return None
    return unescape(target), title, spaced + 1


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\n":
        pos += 1
    return pos

"""GitHub heading anchors: the slugs a link's `#fragment` must match. The tree
index computes them for every Markdown file; the anchor rule reads them
through the rule API.

A heading's anchor is read from the text it renders, in time linear in the
heading: a tree is not trusted, and a pattern that retries a long run of `[`
or `_` from each of its characters takes the square of the line's length."""

from __future__ import annotations

import re
from dataclasses import dataclass

from doclint.util.lazy_regex import compiled_on_use

_SLUG_DROP = compiled_on_use(r"[^\w\- ]", re.UNICODE)
_INLINE_CODE = compiled_on_use(r"`+([^`]*)`+")
# An inline HTML tag (`<kbd>`, `</kbd>`, `<a name="x">`): it renders no text.
_TAG = compiled_on_use(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>`]*)?/?>")
_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_DELIMITERS = frozenset("*_")


def github_slug(heading_text: str) -> str:
    """The anchor GitHub gives a heading: rendered text, lowercased, punctuation
    dropped, spaces turned into hyphens. Outside code spans its emphasis
    marks and inline HTML tags render no text (a heading `<kbd>module</kbd>
    pkg.mod` has the anchor `module-pkgmod`, as lazydocs' pages are linked);
    a code span shows its text whole (`__init__`, `load_all`)."""
    text = _link_texts(heading_text)
    pieces: list[str] = []
    written = 0
    for span in _INLINE_CODE.finditer(text):
        pieces += [_rendered(text[written : span.start()]), span.group(1)]
        written = span.end()
    pieces.append(_rendered(text[written:]))
    return _SLUG_DROP.sub("", "".join(pieces).strip().lower()).replace(" ", "-")


def _link_texts(text: str) -> str:
    """`[text](target)` and `![alt](source)` as their text: a link's text runs
    to the first `]` after its `[`, its target to the first `)` after its
    `(`. Each `]` and `)` looked for is found once, however many `[` ask."""
    pieces: list[str] = []
    written = 0
    close_bracket = close_paren = -1
    start = text.find("[")
    while start >= 0:
        if close_bracket < start:
            close_bracket = text.find("]", start)
        if close_bracket < 0:
            break
        if text.startswith("(", close_bracket + 1):
            if close_paren <= close_bracket + 1:
                close_paren = text.find(")", close_bracket + 2)
            if close_paren < 0:
                break
            opening = start - 1 if start > written and text[start - 1] == "!" else start
            pieces += [text[written:opening], text[start + 1 : close_bracket]]
            written = close_paren + 1
            start = text.find("[", written)
        else:
            start = text.find("[", start + 1)
    pieces.append(text[written:])
    return "".join(pieces)


def _rendered(prose: str) -> str:
    """The text a piece of a heading outside code spans renders."""
    return _without_emphasis(_TAG.sub("", prose))


@dataclass
class _Run:
    """A run of `*` or `_`, as CommonMark's delimiter stack holds it."""

    index: int
    char: str
    length: int
    left: int
    can_open: bool
    can_close: bool


def _without_emphasis(prose: str) -> str:
    """The text left when CommonMark pairs `*` and `_` runs as emphasis (its
    delimiter-stack algorithm: a run pairs with the nearest earlier run of its
    character that can open, the runs between left as text); a run left
    unpaired stays as written. `_` inside a word is text (`load_all_pages`)."""
    runs = _delimiter_runs(prose)
    stack: list[_Run] = []
    # Where the search for an opener stopped for a kind of closer: the next
    # closer of that kind looks no further back, so the pass stays linear.
    floors: dict[tuple[str, bool, int], int] = {}
    for run in runs:
        if run.can_close:
            kind = (run.char, run.can_open, run.length % 3)
            while run.left:
                found = _opener(stack, run, floors.get(kind, -1))
                if found is None:
                    floors[kind] = stack[-1].index if stack else -1
                    break
                opener = stack[found]
                used = 2 if opener.left >= 2 and run.left >= 2 else 1
                opener.left -= used
                run.left -= used
                del stack[found + (opener.left > 0) :]
        if run.left and run.can_open:
            stack.append(run)
    pieces: list[str] = []
    written = 0
    for run in runs:
        pieces += [prose[written : run.index], run.char * run.left]
        written = run.index + run.length
    pieces.append(prose[written:])
    return "".join(pieces)


def _opener(stack: list[_Run], closer: _Run, floor: int) -> int | None:
    """Where on the stack the opener `closer` pairs with stands, if any."""
    for place in range(len(stack) - 1, -1, -1):
        opener = stack[place]
        if opener.index <= floor:
            return None
        if opener.char == closer.char and not _multiple_of_three(opener, closer):
            return place
    return None


def _multiple_of_three(opener: _Run, closer: _Run) -> bool:
    """CommonMark's rule of three: a run that can both open and close pairs
    only where the two lengths' sum is no multiple of three (unless both are)."""
    total = opener.length + closer.length
    return (
        (opener.can_close or closer.can_open)
        and total % 3 == 0
        and not (opener.length % 3 == 0 and closer.length % 3 == 0)
    )


def _delimiter_runs(prose: str) -> list[_Run]:
    """Each run of `*` or `_` not escaped by a backslash, with whether it can
    open or close emphasis (by the characters either side of it)."""
    runs: list[_Run] = []
    place = 0
    while place < len(prose):
        char = prose[place]
        if char == "\\" and prose[place + 1 : place + 2] in _ASCII_PUNCTUATION:
            place += 2
            continue
        if char not in _DELIMITERS:
            place += 1
            continue
        end = place
        while end < len(prose) and prose[end] == char:
            end += 1
        before = prose[place - 1] if place else " "
        after = prose[end] if end < len(prose) else " "
        left = _flanks(after, before)
        right = _flanks(before, after)
        if char == "*":
            can_open, can_close = left, right
        else:
            can_open = left and (not right or _punctuation(before))
            can_close = right and (not left or _punctuation(after))
        runs.append(_Run(place, char, end - place, end - place, can_open, can_close))
        place = end
    return runs


def _flanks(inner: str, outer: str) -> bool:
    """Whether a run with `inner` on its content's side and `outer` on the
    other is flanking on that side (CommonMark's left- or right-flanking)."""
    if inner.isspace():
        return False
    return not _punctuation(inner) or outer.isspace() or _punctuation(outer)


def _punctuation(char: str) -> bool:
    # Beyond ASCII, what is no letter, digit or space: CommonMark's punctuation
    # and symbols, read without loading the Unicode database at start-up.
    return char in _ASCII_PUNCTUATION or not (char.isascii() or char.isalnum() or char.isspace())


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

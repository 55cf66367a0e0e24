"""DL501 mojibake: UTF-8 text that was decoded with the wrong codec."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

from doclint.rule_api import (
    AnyPage,
    Cause,
    DocKind,
    Edit,
    Finding,
    Fix,
    FixSafety,
    Rule,
    RuleContext,
    RuleDocs,
    Scope,
)
from doclint.rule_api_generators import normalize_newlines

from .._common.mojibake import CODEC_NAMES, repaired_pieces, suspect_lines

if TYPE_CHECKING:
    from doclint.rule_api import FileDocs

_GUESSED = ("sloppy-windows-1252", "latin-1")
_SHOWN_SEGMENTS = 3
# (start, end, repaired): line[start:end] is mangled, `repaired` is what it was.
Segment = tuple[int, int, str]
# Splits a text into non-ASCII runs (even indexes) and ASCII runs (odd ones).
# Given to `re` as text, compiled (and kept in re's cache) with the first
# garbled line: most pages have none, and every check imports the rule.
_RUNS = r"([\x00-\x7f]+)"


class Mojibake(Rule[AnyPage]):
    code = "DL501"
    name = "mojibake"
    summary = "Text whose UTF-8 bytes were decoded as Windows-1252 or Latin-1."
    docs = RuleDocs(
        what="""Flags a line holding mojibake: text whose UTF-8 bytes were decoded as
        Windows-1252 or Latin-1 (once or more), such as `â†’` for `→`,
        `â€™` for `’` or `Ã©` for `é`, and shows the repaired text.""",  # noqa: RUF001
        why="""The generator wrote its own "Keyword → Section Map"
        heading through a Windows-1252 round trip, so every keyword index reads
        `â†’`; the same happens to any non-ASCII character of a documented file.
        Readers see garbage, headings get anchors no link uses, and search for
        the real word finds nothing.

        Lines are detected and repaired with `ftfy`, which tells mis-decoded text
        from legitimate accented, CJK or symbol text ("café", "Ångström", "→").
        Lines of an Original Source block that are verbatim copies of a line of
        the documented source file are not flagged: that mojibake is the source's
        own (test data of codec tests, for instance), faithfully documented.""",  # noqa: RUF001
        example="""```markdown
        ## Keyword â†’ Section Map
        ```""",  # noqa: RUF001
        use_instead="""```markdown
        ## Keyword → Section Map
        ```

        **Fix** (safe): each mangled piece of the line is replaced with ftfy's
        repair, and nothing else on the line changes. A line is left unfixed when
        one of its pieces is not exactly the UTF-8 bytes of its repair read as
        Windows-1252 or Latin-1 (once or twice): ftfy then changed more than
        mojibake, and that is a guess.""",
    )
    scope = Scope.FILE
    fix_safety = FixSafety.SAFE
    WINDOWS_1252 = Cause("mojibake/windows-1252", "UTF-8 text decoded as Windows-1252")
    LATIN_1 = Cause("mojibake/latin-1", "UTF-8 text decoded as Latin-1")
    TWICE = Cause("mojibake/decoded-twice", "UTF-8 text mis-decoded twice")
    OTHER_CODEC = Cause("mojibake/other-codec", "UTF-8 text decoded as another legacy codec")
    causes = (WINDOWS_1252, LATIN_1, TWICE, OTHER_CODEC)

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        # The cheap test finds the few suspect lines and keeps ordinary ones
        # out of the repair cache.
        for index in suspect_lines(ctx.text):
            line = ctx.lines[index]
            number = index + 1
            judged = _judged(line)
            if judged is None or _copied_from_source(page, number, line, ctx):
                continue
            column, message, cause, exact = judged
            yield Finding(number, column, message, _fix(number, exact), cause)


# What a garbled line's finding says, whatever its number: the column, the
# message, the cause and the exact segments of its fix (None: no fix).
_Judged = tuple[int, str, Cause, tuple[Segment, ...] | None]


@lru_cache(maxsize=1024)
def _judged(line: str) -> _Judged | None:
    """The finding on a line holding mojibake, but for its number; None for
    a line without. Cached: a generator writes the same garbled heading on
    every keyword index."""
    pieces = repaired_pieces(line)
    if not pieces:
        return None
    segments = tuple(
        (start + first, start + last, repaired)
        for start, piece, fixed, _ in pieces
        for first, last, repaired in _segments(piece, fixed)
    )
    codecs = next((codecs for *_, codecs in pieces if codecs), ())
    exact = [_exact(line, segment) for segment in segments]
    fixable = tuple(segment for segment in exact if segment is not None)
    return (
        *_describe(line, segments, codecs),
        fixable if len(fixable) == len(exact) else None,
    )


def _describe(
    line: str, segments: tuple[Segment, ...], codecs: tuple[str, ...]
) -> tuple[int, str, Cause]:
    """Column of the first mangled character, a message with the repairs, and the cause."""
    repairs = list(dict.fromkeys((line[start:end], fixed) for start, end, fixed in segments))
    listed = ", ".join(
        f"`{_visible(mangled)}` is `{_visible(repaired)}`"
        for mangled, repaired in repairs[:_SHOWN_SEGMENTS]
    )
    if len(repairs) > _SHOWN_SEGMENTS:
        listed += f" and {len(repairs) - _SHOWN_SEGMENTS} more"
    # ftfy names no codec when it repaired pieces of a mixed line one by one.
    codecs = codecs or _decoding_chain(*repairs[0])
    how = " then ".join(dict.fromkeys(codecs)) or "a legacy codec"
    twice = ", twice" if len(codecs) > 1 and len(set(codecs)) == 1 else ""
    message = f"{listed} mis-decoded (UTF-8 read as {how}{twice})"
    return segments[0][0] + 1, message, _cause(codecs)


def _cause(codecs: tuple[str, ...]) -> Cause:
    """The cause of mojibake decoded with `codecs` (outermost first)."""
    if len(codecs) > 1:
        return Mojibake.TWICE
    if codecs == ("Windows-1252",):
        return Mojibake.WINDOWS_1252
    if codecs == ("Latin-1",):
        return Mojibake.LATIN_1
    return Mojibake.OTHER_CODEC


def _fix(number: int, exact: tuple[Segment, ...] | None) -> Fix | None:
    """Edits of line `number` replacing each mangled piece with its repair;
    None when a piece is not exactly mojibake of its repair (`exact` None)."""
    if exact is None:
        return None
    edits = tuple(Edit(number, start + 1, number, end + 1, fixed) for start, end, fixed in exact)
    return Fix(edits, FixSafety.SAFE, "repair the mis-decoded text")


def _exact(line: str, segment: Segment) -> Segment | None:
    """The segment, narrowed to the characters that change if need be (a
    widened segment may take in legitimate non-ASCII text beside the
    mojibake), when its repair re-encodes to exactly its mangled text."""
    start, end, repaired = segment
    mangled = line[start:end]
    if _decoding_chain(mangled, repaired):
        return segment
    head = _shared_length(mangled, repaired)
    tail = _shared_length(mangled[head:][::-1], repaired[head:][::-1])
    narrowed = mangled[head : len(mangled) - tail]
    repaired = repaired[head : len(repaired) - tail]
    if narrowed and _decoding_chain(narrowed, repaired):
        return start + head, end - tail, repaired
    return None


def _shared_length(first: str, second: str) -> int:
    """Length of the common beginning of two texts."""
    pairs = zip(first, second, strict=False)
    return next((i for i, (a, b) in enumerate(pairs) if a != b), min(len(first), len(second)))


@lru_cache(maxsize=1024)
def _segments(line: str, fixed: str) -> tuple[Segment, ...]:
    """Mangled pieces and their repairs, in line order. A repair keeps ASCII
    text, so when both texts have the same ASCII runs the pieces are the
    non-ASCII runs that differ, found in one pass. Otherwise (ftfy also
    restored a space it read as a no-break space) a diff finds them, with each
    difference widened to the runs of non-ASCII characters around it: a
    character-level diff would pair a mangled `Ã` with a repaired one. The
    diff costs more than linear time, so it only ever sees a bounded window.
    Cached: a generator writes the same mangled heading into every keyword
    index, and diffing it against its repair is the dearest step."""
    runs, fixed_runs = re.split(_RUNS, line), re.split(_RUNS, fixed)
    if runs[1::2] == fixed_runs[1::2] and len(runs) == len(fixed_runs):
        segments, start = [], 0
        for index, (run, fixed_run) in enumerate(zip(runs, fixed_runs, strict=True)):
            if index % 2 == 0 and run != fixed_run:
                segments.append((start, start + len(run), fixed_run))
            start += len(run)
        return tuple(segments)
    from difflib import SequenceMatcher  # only for a line found garbled: few pages have one

    matcher = SequenceMatcher(None, line, fixed, autojunk=False)
    spans: list[list[int]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        i1, i2 = _widen(line, i1, i2)
        j1, j2 = _widen(fixed, j1, j2)
        if spans and i1 <= spans[-1][1]:
            spans[-1][1:] = [max(i2, spans[-1][1]), spans[-1][2], max(j2, spans[-1][3])]
        else:
            spans.append([i1, i2, j1, j2])
    return tuple((i1, i2, fixed[j1:j2]) for i1, i2, j1, j2 in spans)


def _widen(text: str, start: int, end: int) -> tuple[int, int]:
    while start > 0 and not text[start - 1].isascii():
        start -= 1
    while end < len(text) and not text[end].isascii():
        end += 1
    return start, end


def _visible(text: str) -> str:
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)


def _decoding_chain(mangled: str, repaired: str) -> tuple[str, ...]:
    """The codecs (one or two rounds) that turn `repaired` into `mangled`."""
    for first in _GUESSED:
        once = _reencode(mangled, first)
        if once == repaired:
            return (CODEC_NAMES[first],)
        for second in _GUESSED:
            if once is not None and _reencode(once, second) == repaired:
                return (CODEC_NAMES[first], CODEC_NAMES[second])
    return ()


def _reencode(text: str, codec: str) -> str | None:
    try:
        return text.encode(codec).decode("utf-8")
    except UnicodeError:
        return None


def _copied_from_source(page: AnyPage, line_number: int, line: str, ctx: RuleContext) -> bool:
    """True when the line sits in an Original Source block (at any depth of
    embedding) and the real file documented there has the same line."""
    holder: FileDocs | None = None
    current: AnyPage | None = page
    while current is not None and current.kind is DocKind.FILE_DOCS and current.source is not None:
        if not current.source.content_line <= line_number < current.source.end_line:
            break
        holder, current = current, current.source.document
    if holder is None or holder.level != 1:
        return False
    source = ctx.source(holder)
    return source is not None and source.exact and line in _source_lines(source.text)


@lru_cache(maxsize=64)
def _source_lines(text: str) -> frozenset[str]:
    # Only line ends the engine knows split: str.splitlines() would also
    # split at U+0085, which is a continuation byte read as Latin-1.
    return frozenset(normalize_newlines(text).split("\n"))

"""The regular expressions of a profile, each compiled on the engine its
origin allows.

A profile named by a tree's configuration is data from whoever wrote the
tree: its patterns run on RE2 (google-re2), which matches in time linear in
the text whatever the pattern, so no pattern can make a run hang by
backtracking (`(a|aa)+$` on a long heading). RE2 refuses what it cannot run
in linear time (backreferences, lookarounds, possessive and atomic groups):
the refusal is the profile's error, one line naming its file, line and key.

The shipped profiles are doclint's own code, reviewed and tested whole: their
patterns keep Python's `re`, whose syntax they are written in (the PyTorch
phrase book pairs a link's text and target by a backreference, RepoAgent's
caller sentences end on lookaheads).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache, lru_cache
from typing import Any, Protocol

from doclint.util.lazy_regex import compiled_on_use, shipped_pattern

MAX_PATTERNS = 32
"""The most `[[callers]]` (and `[[fields]]`) a profile may give: every line of
its pages is searched for each caller pattern (and its labels are looked up
among the fields), so their number multiplies a page's time."""

MAX_PROGRAM = 4096
"""The most instructions a tree's pattern may compile to (RepoAgent's largest
has 130): RE2's time is linear in the text, times the program's size when its
DFA gives up, so this bounds that factor."""


class Match(Protocol):
    """What doclint reads of a match, from either engine."""

    def group(self, name: str, /) -> Any: ...

    def groupdict(self) -> dict[str, Any]: ...

    def groups(self) -> tuple[Any, ...]: ...

    def start(self) -> int: ...

    def end(self) -> int: ...

    @property
    def lastgroup(self) -> str | None: ...


class Pattern(Protocol):
    """A compiled profile pattern, from either engine."""

    @property
    def pattern(self) -> str: ...

    @property
    def groups(self) -> int: ...

    @property
    def groupindex(self) -> Mapping[str, int]: ...

    def match(self, text: str) -> Match | None: ...

    def fullmatch(self, text: str) -> Match | None: ...

    def search(self, text: str) -> Match | None: ...

    def finditer(self, text: str) -> Iterator[Match]: ...


@cache
def _re2() -> tuple[Any, Any]:
    """The RE2 module and the options it compiles with, imported when a tree's
    profile is first read: a run with none pays nothing for it."""
    import re2

    options = re2.Options()
    # A refused pattern is the profile's one error line, not a log on stderr.
    options.log_errors = False
    return re2, options


class LinearPattern:
    """A pattern compiled by RE2: equal, hashed and shown (`repr`, which a
    stored result's key reads) by its whole text, and pickled as it."""

    __slots__ = ("_compiled", "pattern")

    def __init__(self, pattern: str, most: int = MAX_PROGRAM) -> None:
        self.pattern = pattern
        re2, options = _re2()
        try:
            self._compiled = re2.compile(pattern, options)
        except re2.error as error:
            reason = error.args[0] if error.args else ""
            if isinstance(reason, bytes):
                reason = reason.decode("utf-8", "replace")
            raise ValueError(f"not a regular expression: {reason}{_hint(reason)}") from None
        size = int(self._compiled.programsize)
        if size > most:
            raise ValueError(f"the pattern is too large: {size} RE2 instructions, at most {most}")

    @property
    def groups(self) -> int:
        return int(self._compiled.groups)

    @property
    def groupindex(self) -> Mapping[str, int]:
        return dict(self._compiled.groupindex)

    def match(self, text: str) -> Match | None:
        found: Match | None = self._compiled.match(text)
        return found

    def fullmatch(self, text: str) -> Match | None:
        found: Match | None = self._compiled.fullmatch(text)
        return found

    def search(self, text: str) -> Match | None:
        found: Match | None = self._compiled.search(text)
        return found

    def finditer(self, text: str) -> Iterator[Match]:
        found: Iterator[Match] = self._compiled.finditer(text)
        return found

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LinearPattern) and other.pattern == self.pattern

    def __hash__(self) -> int:
        return hash(self.pattern)

    def __repr__(self) -> str:
        return f"LinearPattern({self.pattern!r})"

    def __reduce__(self) -> tuple[type[LinearPattern], tuple[str, int]]:
        return LinearPattern, (self.pattern, UNBOUNDED_PROGRAM)


def _hint(reason: str) -> str:
    """What to add to RE2's refusal when the construct is one it never runs."""
    if "perl operator" in reason or "repetition operator" in reason or re.search(r"\\\d", reason):
        return (
            " (a profile's patterns are RE2's: no backreferences, lookarounds, atomic"
            " groups or possessive repeats)"
        )
    return ""


UNBOUNDED_PROGRAM = 2**62
"""The bound of a pattern whose size was checked when it was first compiled."""
MAX_PHRASE_PROGRAM = 16 * MAX_PROGRAM
"""The most instructions the patterns of one section of a tree's phrase book
compile to, joined into one (`PhraseBook`): every line of the section is
matched against all of them."""


# The characters that match themselves in either engine's syntax, wherever
# they stand outside a class.
_LITERAL = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 :`,_/-!#@%&=~<>;'\""
)


def literal_lead(text: str) -> str:
    """The text every string `text` matches from its start begins with: its
    leading characters that match themselves, without one a repeat follows;
    "" for a pattern with an alternative (which may begin otherwise)."""
    if "|" in text:
        return ""
    end = 0
    while end < len(text) and text[end] in _LITERAL:
        end += 1
    if text[end : end + 1] in ("*", "+", "?", "{"):
        end = max(end - 1, 0)
    return text[:end]


def compile_pattern(text: str, builtin: bool, most: int = MAX_PROGRAM) -> Pattern:
    """`text` compiled: on `re` for a shipped profile, on RE2 (at most `most`
    instructions) for any other. ValueError says why it cannot be."""
    if not builtin:
        return _linear(text, most)
    try:
        return shipped_pattern(text)
    except re.error as error:
        raise ValueError(f"not a regular expression: {error}") from None


def profile_pattern(text: str, builtin: bool) -> Pattern:
    """A pattern a profile holds: a shipped profile's compiled on first use
    (most never run on a given page), a tree's at once (`compile_pattern`),
    where its error is the profile's."""
    return compiled_on_use(text) if builtin else compile_pattern(text, builtin)


@lru_cache(maxsize=1024)
def _linear(text: str, most: int) -> LinearPattern:
    """A profile's pattern on RE2, compiled once: the parser asks for a
    template's patterns (its keyword entry, its count sentences) at each page."""
    return LinearPattern(text, most)

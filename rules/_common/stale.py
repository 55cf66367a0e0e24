"""Whether a file documentation still shows the file it documents.

A page's Original Source block is what the generator read; when the tree
holds the file itself and the two differ, the page was written from another
version. The stale-page rule reports it, and the rules that would report the
same root cause again (a size of the old version) ask here to stay quiet.
"""

from __future__ import annotations

from typing import NamedTuple

from doclint.rule_api import FileDocs, RuleContext
from doclint.rule_api_generators import normalize_newlines

from .mojibake import repair_mojibake


class Staleness(NamedTuple):
    """Where a page's embedded copy first differs from the file (1-based)."""

    page_line: int
    source_line: int


def _shown(text: str) -> str:
    # The generator reads a source with its newlines made LF and follows it
    # with a newline of its own: neither CRLF nor trailing newlines make a
    # page that a regeneration would change in anything a reader sees.
    return normalize_newlines(text).rstrip("\n")


def _same(shown: str, actual: str) -> bool:
    """Whether two lines say the same, mojibake aside: a copy (or a file)
    garbled by decoding UTF-8 as Windows-1252, or repaired since, is
    mojibake's finding, not a changed source."""
    if shown == actual:
        return True
    for garbled, clean in ((shown, actual), (actual, shown)):
        repaired = repair_mojibake(garbled)
        if repaired is not None and repaired[0] == clean:
            return True
    return False


def staleness(page: FileDocs, ctx: RuleContext) -> Staleness | None:
    """Where `page`'s complete Original Source block first differs from the
    documented file of the tree; None when they agree, when the block is
    missing or cut short, or when the tree cannot read the file itself (a
    `--known-paths` listing without it, a copy known only from the page)."""
    block = page.source
    if block is None or not block.closed:
        return None
    source = ctx.source(page)
    if source is None or not source.exact:
        return None
    copy, file = block.text, source.text
    if copy.startswith(file) and not copy[len(file) :].strip("\n"):
        return None  # most pages: the file, and the blank line the generator adds
    shown_text, actual_text = _shown(copy), _shown(file)
    if shown_text == actual_text:  # newlines aside: no line to split
        return None
    shown, actual = shown_text.split("\n"), actual_text.split("\n")
    pairs = enumerate(zip(shown, actual, strict=False))
    index = next((i for i, (old, new) in pairs if not _same(old, new)), None)
    if index is None:
        if len(shown) == len(actual):
            return None
        index = min(len(shown), len(actual))
    # A source that grew past the copy differs after its last line: the
    # closing fence is where the page stops showing it.
    return Staleness(block.content_line + min(index, len(shown)), index + 1)

"""Markdown pages (`.md`), and above all the generator's own pages when it
documents them again (`X_docs.md_kw.md`): code is the source a page embeds,
read in that source's language (its comments stay prose); what the page
holds as code (code spans, fenced blocks, link targets) counts as string
literals: not prose, but no proof of a name either, since on a generated
page they are the generator's own entries and paths; everything else is prose,
but for words shaped as names (`JOB_NAME` in an issue template's "DISABLED
JOB_NAME"), which stand for names there and count as literals too."""

from __future__ import annotations

import re

from doclint.rule_api import LANGUAGES
from doclint.rule_api_generators import source_span
from doclint.util.lazy_regex import compiled_on_use

from . import (
    Language,
    PlaceCollector,
    Places,
    language_of,
    places,
    words_of,
)

# The path a generated page's title names (both templates, with or without backticks).
_TITLE = compiled_on_use(r"# (?:Documentation|Keyword Index|Keywords): `?([^`\s]+)`?\s*$")
# A fenced block, to its closing fence or the end of the text (group 1).
_FENCED = compiled_on_use(
    r"(^ {0,3}(`{3,})[^`\n]*$.*?(?:^ {0,3}\2`*[ \t]*$|\Z)"
    r"|^ {0,3}(~{3,})[^\n]*$.*?(?:^ {0,3}\3~*[ \t]*$|\Z))",
    re.MULTILINE | re.DOTALL,
)
# A code span (its text is group 2), or a link's target (group 3; the link's text is prose).
# Each branch starts with its literal (the span's first backtick outside group 1),
# so that a search skips to a "`" or a "]" instead of trying every position.
_CODE = compiled_on_use(r"`(`*)(?!`)([^\n]+?)(?<!`)`\1(?!`)|\]\(([^)\s]*)\)")


def read(text: str) -> Places:
    page = text.replace("\r\n", "\n")
    found = PlaceCollector()
    embedded = embedded_source(page)
    if embedded is not None:
        start, end, language = embedded
        source = page[start:end]
        if language is None:
            found.add_literal_words(source)
        else:
            found.add(places(source, language))
        page = page[:start] + page[end:]
    # Whole runs at a time: a page is mostly prose, and a call per line costs.
    if "```" in page or "~~~" in page:  # one scan of the page when it has no block
        page = _split(_FENCED, page, (1,), found)
    found.add_text(_split(_CODE, page, (2, 3), found))
    return found.places()


def embedded_source(page: str) -> tuple[int, int, Language | None] | None:
    """Where the source a generated page (LF newlines) embeds stands in it,
    and its language as the page's title names it (None: no reader)."""
    span = source_span(page)
    if span is None:
        return None
    title = next((m for m in map(_TITLE.match, page.split("\n", 3)[:3]) if m), None)
    return (*span, language_of(title[1]) if title else None)


def source_has(page: str, span: tuple[int, int, Language | None], words: set[str]) -> set[str]:
    """Those of `words` that the source embedded at `span` of `page` has,
    wherever they stand, as its language's reader (the same memo `read`
    fills) splits its words; a source without a reader as plain words."""
    start, end, language = span
    if language is None:
        return words & words_of(page[start:end])
    found = places(page[start:end], language)
    return {word for word in words if found.has(word)}


def _split(
    pattern: re.Pattern[str], text: str, groups: tuple[int, ...], found: PlaceCollector
) -> str:
    """`text` without the matches of `pattern`, whose `groups` are collected
    as literal words. Split in C, not matched in a loop: a keyword index
    holds a code span and a link on each of its hundreds of lines, and a
    call per match was a fifth of splitting such a page."""
    parts = pattern.split(text)
    step = pattern.groups + 1
    for group in groups:
        found.add_literal_words(" ".join(filter(None, parts[group::step])))
    return " ".join(parts[::step])


LANGUAGE = Language(LANGUAGES["Markdown"], frozenset(), read)

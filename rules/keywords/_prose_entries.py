"""The identifier entries of a keyword index judged against where its source
has each word: prose-keyword's (DL204) reading of a page, compiled. A
generated tree of 15,000 pages has 200,000 such entries, each looked up in
the language's keywords and the source's places."""

from __future__ import annotations

import posixpath
from collections.abc import Set

from doclint.rule_api import (
    Cause,
    Finding,
    FixSafety,
    KeywordCategory,
    KeywordEntry,
    KeywordIndex,
    RuleContext,
)
from doclint.rule_api_generators import build_node

from .._common.fixing import remove_keyword_entry
from .._languages import documented_places, language_of

PROSE = Cause("prose-keyword/prose", "Word of the source's prose listed as an identifier")
LANGUAGE_KEYWORD = Cause(
    "prose-keyword/language-keyword", "Keyword of the source's language listed as an identifier"
)
REPEAT = Cause("prose-keyword/repeat", "Entry listed twice")


def identifier_findings(
    page: KeywordIndex, ctx: RuleContext, lists: list[KeywordCategory], skipped: Set[str]
) -> list[Finding]:
    """A finding, with the fix that removes its entry, for each entry of
    `lists` but those `skipped` (stop words and the generator's own words)
    that its list gave already, that is a keyword of the documented
    source's language or written there only as a word of it, or that the
    source has only in prose."""
    language = language_of(page.described)
    keywords = language.keywords if language is not None else frozenset()
    places = documented_places(page, ctx)
    filename = posixpath.basename(page.described or "") or "the documented file"
    found: list[Finding] = []
    for category in lists:
        seen: set[str] = set()
        for entry in category.entries:
            name = entry.name
            if name in skipped:
                seen.add(name)
                continue
            if name in seen:
                found.append(
                    keyword_finding(ctx, entry, category, f"`{name}` is listed twice", REPEAT)
                )
            elif name in keywords and language is not None:
                message = f"`{name}` is a keyword of {language.name}, not an identifier"
                found.append(keyword_finding(ctx, entry, category, message, LANGUAGE_KEYWORD))
            elif places is not None and name in places.syntax:
                message = (
                    f"`{name}` occurs in `{filename}` only as a word of its language"
                    " (a Metal attribute's name), not as an identifier"
                )
                found.append(keyword_finding(ctx, entry, category, message, LANGUAGE_KEYWORD))
            elif places is not None and places.only_in_prose(name):
                message = (
                    f"`{name}` occurs in `{filename}` only in comments or prose,"
                    " not as an identifier"
                )
                found.append(keyword_finding(ctx, entry, category, message, PROSE))
            seen.add(name)
    return found


def keyword_finding(
    ctx: RuleContext, entry: KeywordEntry, category: KeywordCategory, message: str, cause: Cause
) -> Finding:
    """A finding on an entry of a keyword list, with the fix that removes it."""
    fix = remove_keyword_entry(ctx, entry, category.heading, FixSafety.SAFE)
    return build_node(Finding, (entry.line, entry.column, message, fix, cause, "", "", "", ""))

"""Plain text (`.txt`, and the Type "Source File (.txt)"): no syntax tells a
name from a word, so every word counts as a string literal's: never code
(the stop-word list still judges them), never prose only (nothing proves
which a generator should have kept)."""

from __future__ import annotations

from doclint.rule_api import LANGUAGES

from . import Language, PlaceCollector, Places


def read(text: str) -> Places:
    found = PlaceCollector()
    found.add_literal_words(text)
    return found.places()


LANGUAGE = Language(LANGUAGES["plain text"], frozenset(), read)

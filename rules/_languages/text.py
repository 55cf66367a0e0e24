"""Plain text (`.txt` and anything without a reader): every word is prose to a
reader of the page, but nothing proves which a generator should have kept, so
no word is judged: all count as code."""

from __future__ import annotations

from doclint_rules._languages import Language, PlaceCollector, Places


def read(text: str) -> Places:
    found = PlaceCollector()
    found.add_code(text)
    return found.places()


LANGUAGE = Language("plain text", (".txt",), (), frozenset(), ("Source File (.txt)",), read)

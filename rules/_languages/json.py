"""JSON files, read by tree-sitter-json: keys and one-word values are names,
a value that is a sentence is prose."""

from __future__ import annotations

import tree_sitter_json

from doclint.rule_api import LANGUAGES

from . import Definition, Language, Places
from ._grammar import Grammar, key_definitions, read_places

GRAMMAR = Grammar(
    tree_sitter_json.language,
    comments=frozenset({"comment"}),
    literals=frozenset({"string"}),
    keys=frozenset({"pair"}),
)
KEYWORDS = frozenset({"true", "false", "null"})


def read(text: str) -> Places:
    return read_places(GRAMMAR, text)


def definitions(text: str) -> tuple[Definition, ...]:
    """Its keys, by name and by dotted path (`key_definitions`)."""
    return key_definitions(GRAMMAR, text)


LANGUAGE = Language(LANGUAGES["JSON"], KEYWORDS, read, definitions=definitions)

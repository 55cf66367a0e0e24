"""Shell scripts (`.sh`, `.bash`), read by tree-sitter-bash."""

from __future__ import annotations

import tree_sitter_bash
from doclint_rules._languages import Language, Places
from doclint_rules._languages._grammar import Grammar, read_places

from doclint.rule_api import LANGUAGES

GRAMMAR = Grammar(
    tree_sitter_bash.language,
    comments=frozenset({"comment"}),
    literals=frozenset({"string", "raw_string"}),
    code_in_literals=frozenset(
        {"simple_expansion", "expansion", "command_substitution", "arithmetic_expansion"}
    ),
)
# The reserved words of bash.
KEYWORDS = frozenset(
    [
        "if",
        "then",
        "else",
        "elif",
        "fi",
        "case",
        "esac",
        "for",
        "select",
        "while",
        "until",
        "do",
        "done",
        "in",
        "function",
        "time",
        "coproc",
    ]
)


def read(text: str) -> Places:
    return read_places(GRAMMAR, text)


LANGUAGE = Language(LANGUAGES["shell"], KEYWORDS, read)

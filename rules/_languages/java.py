"""Java sources, read by tree-sitter-java."""

from __future__ import annotations

import tree_sitter_java
from doclint_rules._languages import Language, Places
from doclint_rules._languages._grammar import Grammar, read_places

from doclint.rule_api import LANGUAGES

GRAMMAR = Grammar(
    tree_sitter_java.language,
    comments=frozenset({"line_comment", "block_comment"}),
    literals=frozenset({"string_literal", "character_literal"}),
)
# The reserved words of Java 21 (`var`, `record`, `yield` and the other
# contextual ones can still be names).
KEYWORDS = frozenset(
    [
        "abstract",
        "assert",
        "boolean",
        "break",
        "byte",
        "case",
        "catch",
        "char",
        "class",
        "const",
        "continue",
        "default",
        "do",
        "double",
        "else",
        "enum",
        "extends",
        "final",
        "finally",
        "float",
        "for",
        "goto",
        "if",
        "implements",
        "import",
        "instanceof",
        "int",
        "interface",
        "long",
        "native",
        "new",
        "package",
        "private",
        "protected",
        "public",
        "return",
        "short",
        "static",
        "strictfp",
        "super",
        "switch",
        "synchronized",
        "this",
        "throw",
        "throws",
        "transient",
        "try",
        "void",
        "volatile",
        "while",
        "true",
        "false",
        "null",
    ]
)


def read(text: str) -> Places:
    return read_places(GRAMMAR, text)


LANGUAGE = Language(LANGUAGES["Java"], KEYWORDS, read)

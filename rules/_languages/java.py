"""Java sources, read by tree-sitter-java: the places of their words, and
where they define their names (for the index of a project's names; not as
facts: the generator's Java pages are not judged by definitions)."""

from __future__ import annotations

import tree_sitter_java

from doclint.rule_api import LANGUAGES

from ._grammar import Grammar, grammar_language

GRAMMAR = Grammar(
    tree_sitter_java.language,
    comments=frozenset({"line_comment", "block_comment"}),
    literals=frozenset({"string_literal", "character_literal"}),
    definitions="""
    (class_declaration name: (_) @class)
    (record_declaration name: (_) @class)
    (interface_declaration name: (_) @interface)
    (annotation_type_declaration name: (_) @interface)
    (enum_declaration name: (_) @enum)
    (enum_constant name: (_) @enum.member)
    (method_declaration name: (_) @method)
    (annotation_type_element_declaration name: (_) @method)
    (field_declaration declarator: (variable_declarator name: (_) @field))
    (constant_declaration declarator: (variable_declarator name: (_) @field))
    """,
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

LANGUAGE = grammar_language(LANGUAGES["Java"], KEYWORDS, GRAMMAR, facts=False)

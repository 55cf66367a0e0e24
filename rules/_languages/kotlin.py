"""Kotlin sources and scripts, read by tree-sitter-kotlin."""

from __future__ import annotations

import tree_sitter_kotlin

from doclint.rule_api import PROJECT_LANGUAGES, compiled_on_use

from ._grammar import Grammar, grammar_language

# Properties at file level or in a class body only: a function's locals are
# no definitions of the project.
GRAMMAR = Grammar(
    tree_sitter_kotlin.language,
    comments=frozenset({"line_comment", "block_comment"}),
    literals=frozenset({"string_literal", "multiline_string_literal", "character_literal"}),
    code_in_literals=frozenset({"interpolation"}),
    # A template's short form (`"$name"`) is no node of the grammar's.
    inline_code=compiled_on_use(r"\$[A-Za-z_][A-Za-z0-9_]*"),
    definitions="""
    (class_declaration name: (_) @class)
    (class_declaration "interface" name: (_) @interface)
    (class_declaration (modifiers (class_modifier "enum")) name: (_) @enum)
    (object_declaration name: (_) @object)
    (type_alias (identifier) @type)
    (enum_entry (identifier) @enum.member)
    (function_declaration name: (_) @function)
    (class_body (function_declaration name: (_) @method))
    (class_body (property_declaration (variable_declaration (identifier) @field)))
    (class_parameter ["val" "var"] (identifier) @field)
    (source_file (property_declaration (variable_declaration (identifier) @variable)))
    """,
)
# Kotlin's hard keywords (the soft and modifier ones, `data`, `open`,
# `value`, can still name things).
KEYWORDS = frozenset(
    [
        "as",
        "break",
        "class",
        "continue",
        "do",
        "else",
        "false",
        "for",
        "fun",
        "if",
        "in",
        "interface",
        "is",
        "null",
        "object",
        "package",
        "return",
        "super",
        "this",
        "throw",
        "true",
        "try",
        "typealias",
        "typeof",
        "val",
        "var",
        "when",
        "while",
    ]
)

LANGUAGE = grammar_language(PROJECT_LANGUAGES["Kotlin"], KEYWORDS, GRAMMAR)

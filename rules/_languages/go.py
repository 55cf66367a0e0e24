"""Go sources, read by tree-sitter-go."""

from __future__ import annotations

import tree_sitter_go

from doclint.rule_api import PROJECT_LANGUAGES

from ._grammar import Grammar, grammar_language

# Variables at package level only: a function's locals are no definitions
# of the project.
GRAMMAR = Grammar(
    tree_sitter_go.language,
    comments=frozenset({"comment"}),
    literals=frozenset({"interpreted_string_literal", "raw_string_literal", "rune_literal"}),
    definitions="""
    (type_spec name: (_) @type)
    (type_spec name: (_) @struct type: (struct_type))
    (type_spec name: (_) @interface type: (interface_type))
    (type_alias name: (_) @type)
    (function_declaration name: (_) @function)
    (method_declaration name: (_) @method)
    (method_elem name: (_) @method)
    (field_declaration name: (_) @field)
    (const_spec name: (_) @constant)
    (source_file (var_declaration (var_spec name: (_) @variable)))
    """,
)
# Go's keywords (its predeclared names, `int`, `nil`, `len`, may be redeclared).
KEYWORDS = frozenset(
    [
        "break",
        "case",
        "chan",
        "const",
        "continue",
        "default",
        "defer",
        "else",
        "fallthrough",
        "for",
        "func",
        "go",
        "goto",
        "if",
        "import",
        "interface",
        "map",
        "package",
        "range",
        "return",
        "select",
        "struct",
        "switch",
        "type",
        "var",
    ]
)

LANGUAGE = grammar_language(PROJECT_LANGUAGES["Go"], KEYWORDS, GRAMMAR)

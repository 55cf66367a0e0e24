"""Rust sources, read by tree-sitter-rust."""

from __future__ import annotations

import tree_sitter_rust

from doclint.rule_api import PROJECT_LANGUAGES

from ._grammar import Grammar, grammar_language

GRAMMAR = Grammar(
    tree_sitter_rust.language,
    comments=frozenset({"line_comment", "block_comment"}),
    literals=frozenset({"string_literal", "raw_string_literal", "char_literal"}),
    definitions="""
    (struct_item name: (_) @struct)
    (enum_item name: (_) @enum)
    (union_item name: (_) @union)
    (trait_item name: (_) @trait)
    (type_item name: (_) @type)
    (enum_variant name: (_) @enum.member)
    (function_item name: (_) @function)
    (function_signature_item name: (_) @function)
    (impl_item body: (declaration_list (function_item name: (_) @method)))
    (trait_item body: (declaration_list
      [(function_item name: (_) @method) (function_signature_item name: (_) @method)]))
    (field_declaration name: (_) @field)
    (const_item name: (_) @constant)
    (static_item name: (_) @constant)
    (mod_item name: (_) @module)
    (macro_definition name: (_) @macro)
    """,
)
# Rust's strict and reserved keywords (2021 edition; `union` and `macro_rules`
# are weak: they can name things).
KEYWORDS = frozenset(
    [
        "as",
        "async",
        "await",
        "break",
        "const",
        "continue",
        "crate",
        "dyn",
        "else",
        "enum",
        "extern",
        "false",
        "fn",
        "for",
        "if",
        "impl",
        "in",
        "let",
        "loop",
        "match",
        "mod",
        "move",
        "mut",
        "pub",
        "ref",
        "return",
        "self",
        "Self",
        "static",
        "struct",
        "super",
        "trait",
        "true",
        "type",
        "unsafe",
        "use",
        "where",
        "while",
        "abstract",
        "become",
        "box",
        "do",
        "final",
        "macro",
        "override",
        "priv",
        "try",
        "typeof",
        "unsized",
        "virtual",
        "yield",
    ]
)

LANGUAGE = grammar_language(PROJECT_LANGUAGES["Rust"], KEYWORDS, GRAMMAR)

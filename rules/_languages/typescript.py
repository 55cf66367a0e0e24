"""TypeScript sources, read by tree-sitter-typescript (its TypeScript
dialect; `.tsx` is the TSX module's, the same reading by the TSX dialect)."""

from __future__ import annotations

from collections.abc import Callable

import tree_sitter_typescript

from doclint.rule_api import PROJECT_LANGUAGES

from . import javascript
from ._grammar import Grammar, grammar_language

# What TypeScript defines besides what JavaScript does.
DEFINITIONS = (
    javascript.DEFINITIONS
    + """
(abstract_class_declaration name: (_) @class)
(interface_declaration name: (_) @interface)
(type_alias_declaration name: (_) @type)
(enum_declaration name: (_) @enum)
(enum_body (property_identifier) @enum.member)
(enum_assignment name: (_) @enum.member)
(internal_module name: (identifier) @module)
(module name: (identifier) @module)
(function_signature name: (_) @function)
(method_signature name: (_) @method)
(abstract_method_signature name: (_) @method)
(public_field_definition name: (_) @field)
(property_signature name: (_) @field)
"""
)


def dialect(language: Callable[[], object]) -> Grammar:
    """The reading of one dialect of tree-sitter-typescript (its `language_*`)."""
    return Grammar(
        language,
        comments=frozenset({"comment", "html_comment"}),
        # What an element shows its reader (`jsx_text`): a literal, prose when a sentence.
        literals=frozenset({"string", "template_string", "regex", "jsx_text"}),
        code_in_literals=frozenset({"template_substitution"}),
        definitions=DEFINITIONS,
    )


# JavaScript's reserved words, and the type keywords no type can be named
# (`number`, `any`); the contextual ones (`type`, `from`, `get`) can still
# name things.
KEYWORDS = javascript.KEYWORDS | {
    "any",
    "boolean",
    "number",
    "string",
    "symbol",
    "unknown",
    "never",
    "undefined",
}

LANGUAGE = grammar_language(
    PROJECT_LANGUAGES["TypeScript"], KEYWORDS, dialect(tree_sitter_typescript.language_typescript)
)

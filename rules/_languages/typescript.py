"""TypeScript sources, read by tree-sitter-typescript (its TypeScript
dialect; `.tsx` is the TSX module's, the same reading by the TSX dialect)."""

from __future__ import annotations

from collections.abc import Callable

import tree_sitter_typescript
from doclint_rules._languages._grammar import Grammar, grammar_language

from doclint.rule_api import PROJECT_LANGUAGES

# Variables at module level only (`export const X = 1`): a function's
# locals are no definitions of the project.
DEFINITIONS = """
(class_declaration name: (_) @class)
(abstract_class_declaration name: (_) @class)
(class name: (_) @class)
(interface_declaration name: (_) @interface)
(type_alias_declaration name: (_) @type)
(enum_declaration name: (_) @enum)
(enum_body (property_identifier) @enum.member)
(enum_assignment name: (_) @enum.member)
(internal_module name: (identifier) @module)
(module name: (identifier) @module)
(function_declaration name: (_) @function)
(generator_function_declaration name: (_) @function)
(function_signature name: (_) @function)
(function_expression name: (_) @function)
(variable_declarator
  name: (identifier) @function
  value: [(arrow_function) (function_expression) (generator_function)])
(method_definition name: (_) @method)
(method_signature name: (_) @method)
(abstract_method_signature name: (_) @method)
(public_field_definition name: (_) @field)
(property_signature name: (_) @field)
(program (lexical_declaration "const" (variable_declarator name: (identifier) @constant)))
(program (export_statement
  (lexical_declaration "const" (variable_declarator name: (identifier) @constant))))
(program (lexical_declaration "let" (variable_declarator name: (identifier) @variable)))
(program (export_statement
  (lexical_declaration "let" (variable_declarator name: (identifier) @variable))))
(program (variable_declaration (variable_declarator name: (identifier) @variable)))
(program (export_statement
  (variable_declaration (variable_declarator name: (identifier) @variable))))
"""


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


# TypeScript's reserved and strict-mode reserved words, and the type
# keywords no type can be named (`number`, `any`); the contextual ones
# (`type`, `from`, `of`, `get`) can still name things.
KEYWORDS = frozenset(
    [
        "break",
        "case",
        "catch",
        "class",
        "const",
        "continue",
        "debugger",
        "default",
        "delete",
        "do",
        "else",
        "enum",
        "export",
        "extends",
        "false",
        "finally",
        "for",
        "function",
        "if",
        "import",
        "in",
        "instanceof",
        "new",
        "null",
        "return",
        "super",
        "switch",
        "this",
        "throw",
        "true",
        "try",
        "typeof",
        "var",
        "void",
        "while",
        "with",
        "implements",
        "interface",
        "let",
        "package",
        "private",
        "protected",
        "public",
        "static",
        "yield",
        "any",
        "boolean",
        "number",
        "string",
        "symbol",
        "unknown",
        "never",
        "undefined",
    ]
)

LANGUAGE = grammar_language(
    PROJECT_LANGUAGES["TypeScript"], KEYWORDS, dialect(tree_sitter_typescript.language_typescript)
)

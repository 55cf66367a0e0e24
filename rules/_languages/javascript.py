"""JavaScript sources (`.js`, `.mjs`, `.cjs`, `.jsx`), read by
tree-sitter-javascript as a workflow's `script:` is (`_javascript`), with an
element's text a literal and what a source defines."""

from __future__ import annotations

from dataclasses import replace

from doclint.rule_api import PROJECT_LANGUAGES

from ._grammar import grammar_language
from ._javascript import GRAMMAR as EMBEDDED

# What JavaScript and TypeScript define alike (TypeScript adds its own).
# A variable at module level is a constant or variable of its own; any other
# (a function's local, a hook's state) and an object's key are definitions
# too, of the lowest rank: a wiki names them as the project's (`viewMode`,
# `handleSort`), where a library's name is defined nowhere in the project.
DEFINITIONS = """
(class_declaration name: (_) @class)
(class name: (_) @class)
(function_declaration name: (_) @function)
(generator_function_declaration name: (_) @function)
(function_expression name: (_) @function)
(variable_declarator
  name: (identifier) @function
  value: [(arrow_function) (function_expression) (generator_function)])
(variable_declarator name: (identifier) @variable)
(pair key: (property_identifier) @field)
(method_definition name: (_) @method)
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

GRAMMAR = replace(
    EMBEDDED,
    # What an element shows its reader (`jsx_text`): a literal, prose when a sentence.
    literals=EMBEDDED.literals | {"jsx_text"},
    definitions=DEFINITIONS + "(field_definition property: (_) @field)\n",
)
# JavaScript's reserved words, strict mode's included (the contextual ones,
# `of`, `get`, `async`, can still name things).
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
    ]
)

LANGUAGE = grammar_language(PROJECT_LANGUAGES["JavaScript"], KEYWORDS, GRAMMAR)

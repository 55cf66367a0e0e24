"""Shell scripts (`.sh`, `.bash`), read by tree-sitter-bash. A comment is
prose; a string is a sentence (prose) only as an argument of `echo` or
`printf`, the text a script writes for its reader. Any other string is a
value whatever it reads like (`"Red Hat Enterprise Linux"` matched in
`[[ ... ]]`, a `case` pattern, a `grep` argument, an assignment), read as
code: quotes only keep a word whole, and the same path unquoted is code.
Expansions inside strings (`$HOME`, `$(...)`), every other word and a
heredoc's body are code (a heredoc is as often a program fed to `python -`
as a message). The words of a command that removes (`rm -rf
/usr/local/cuda*`, `unset`) or of an assignment that switches a thing off
(`USE_CUDA=0`) are code that uses nothing: they earn no claim of what the
script does."""

from __future__ import annotations

import tree_sitter_bash

from doclint.rule_api import LANGUAGES

from . import Definition, Language, Places
from ._grammar import Grammar, grammar_facts, read_places

GRAMMAR = Grammar(
    tree_sitter_bash.language,
    comments=frozenset({"comment"}),
    literals=frozenset({"string", "raw_string"}),
    code_in_literals=frozenset(
        {"simple_expansion", "expansion", "command_substitution", "arithmetic_expansion"}
    ),
    command="command",
    output_commands=frozenset({"echo", "printf"}),
    off_commands=frozenset({"rm", "rmdir", "unset"}),
    assignment="variable_assignment",
    off_values=frozenset({"0", "OFF", "off", "false", "FALSE", "no", "NO"}),
    # Functions, the script's own variables (those it assigns outside any
    # function) and what it exports or declares read-only anywhere: a
    # function's `local` is no definition of the project.
    definitions="""
    (function_definition name: (_) @function)
    (program (variable_assignment name: (_) @variable))
    (program (declaration_command (variable_assignment name: (_) @variable)))
    (declaration_command ["export" "readonly"] (variable_assignment name: (_) @variable))
    (declaration_command ["export" "readonly"] (variable_name) @variable)
    """,
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


def definitions(text: str) -> tuple[Definition, ...]:
    return grammar_facts(GRAMMAR, text).definitions


LANGUAGE = Language(LANGUAGES["shell"], KEYWORDS, read, definitions=definitions)

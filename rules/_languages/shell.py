"""Shell scripts (`.sh`, `.bash`), read by tree-sitter-bash. A comment is
prose; a string is a sentence (prose) only as an argument of `echo` or
`printf`, the text a script writes for its reader: any other string is a value
whatever it reads like (`"Red Hat Enterprise Linux"` matched in `[[ ... ]]`, a
`case` pattern, a `grep` argument, an assignment). Expansions inside strings
(`$HOME`, `$(...)`) and every other word are code, a heredoc's body included
(it is as often a program fed to `python -` as a message)."""

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
    command="command",
    output_commands=frozenset({"echo", "printf"}),
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

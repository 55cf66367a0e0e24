"""CMake scripts (`CMakeLists.txt`, `.cmake`, `.cmake.in`), read by
tree-sitter-cmake. A comment is prose; a quoted argument is a sentence (prose)
only where the script writes it for a user: an argument of `message()`, the
help of `option()`, the docstring of a cache entry (`set(X "" CACHE PATH
"Folder contains Google glog")`). Any other quoted argument is a value
whatever it reads like (`if(X STREQUAL "Red Hat")`, a `list()` item), read
as code as the same word unquoted is; `${VAR}` inside one is code."""

from __future__ import annotations

import tree_sitter_cmake

from doclint.rule_api import LANGUAGES

from . import Language, Places
from ._grammar import Grammar, read_places

GRAMMAR = Grammar(
    tree_sitter_cmake.language,
    comments=frozenset({"line_comment", "bracket_comment"}),
    literals=frozenset({"quoted_argument", "bracket_argument"}),
    code_in_literals=frozenset({"variable_ref"}),
    command="normal_command",
    output_commands=frozenset({"message", "option"}),
    text_after="CACHE",
)
# The flow-control commands, which CMake reads in any case; argument keywords
# (`CACHE`, `STATUS`) are left out: environment names share their spelling.
_FLOW = "if elseif else endif foreach endforeach while endwhile function endfunction macro endmacro"
KEYWORDS = frozenset(word for flow in _FLOW.split() for word in (flow, flow.upper()))


def read(text: str) -> Places:
    return read_places(GRAMMAR, text)


LANGUAGE = Language(LANGUAGES["CMake"], KEYWORDS, read)

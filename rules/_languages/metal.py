"""Metal shading language sources (`.metal`): C++14 with address spaces
(`device`, `constant`, `threadgroup`...), function qualifiers (`kernel`,
`vertex`, `fragment`) and `[[attributes]]` on parameters and functions.

Definitions are read by tree-sitter's C++ grammar (`cpp.dialect_facts`),
which knows none of Metal's words. As written, `kernel void f(constant T* x
[[buffer(0)]])` reads as a function `f` whose return and parameter types
stand in error nodes; with the qualifiers blanked (spaces of the same
length: lines and columns stay) it reads as plain C++, attributes and all.

Shaders instantiate their kernels by macro at file scope
(`INSTANTIATE_INT4MV(float, 32);`): type arguments the grammar cannot read,
whose error can swallow the rest of the file. Such a line, an upper-case
call alone at the start of a line, can only be a macro whose expansion no
parser sees, so the second reading blanks it too. Neither reading is always
the better one (the grammar's recovery differs on each), so both are read
and `cpp.merge` keeps what either found; a line is unsure only where both
failed.
"""

from __future__ import annotations

from functools import lru_cache

from doclint_rules._languages import Language
from doclint_rules._languages.cpp import (
    C_FAMILY_KEYWORDS,
    CPP,
    CppFacts,
    blank_code,
    c_family_places,
    cpp_reserved,
    dialect_facts,
    merge,
)

from doclint.rule_api import LANGUAGES

# Metal's address spaces and function qualifiers: reserved words, never names.
ADDRESS_SPACES = (
    "device",
    "constant",
    "thread",
    "threadgroup",
    "threadgroup_imageblock",
    "ray_data",
    "object_data",
)
FUNCTION_QUALIFIERS = ("kernel", "vertex", "fragment")
KEYWORDS = C_FAMILY_KEYWORDS | frozenset(ADDRESS_SPACES + FUNCTION_QUALIFIERS)

# What is blanked: the qualifiers, and a macro called alone on a line from
# its first column (`REGISTER_OP(half, int);`; indented, it could be a
# constructor declared in a class body). What is left as written, besides
# comments and literals: `[[...]]` attributes (whose names may be the same
# words: `[[threadgroup(0)]]`) and `#include` lines (`<device/x.h>`).
_BLANKED = (
    rf"\b(?:{'|'.join(ADDRESS_SPACES + FUNCTION_QUALIFIERS)})\b"
    r"|^[A-Z_][A-Z0-9_]+\([^;{}]*\);[ \t]*$"
)
_KEPT = r"\[\[.*?\]\]|^[ \t]*#[ \t]*include\b[^\n]*"


def as_cpp(text: str) -> str:
    """`text` as C++ the grammar can read: Metal's address spaces and
    function qualifiers, and file-scope macro calls, blanked in code (spaces
    of the same length, newlines kept)."""
    return blank_code(text, _BLANKED, _KEPT)


@lru_cache(maxsize=1)  # the rules ask in turn about one page's text
def metal_facts(text: str) -> CppFacts:
    """What a Metal text defines, declares and includes: its two C++ readings
    merged (memoised, as each reading is)."""
    return merge(dialect_facts(text, CPP), dialect_facts(as_cpp(text), CPP))


LANGUAGE = Language(LANGUAGES["Metal"], KEYWORDS, c_family_places, metal_facts, cpp_reserved)

"""Metal shading language sources (`.metal`): C++14 with address spaces
(`device`, `constant`, `threadgroup`...), function qualifiers (`kernel`,
`vertex`, `fragment`) and `[[attributes]]` on parameters and functions.

Definitions are read by tree-sitter's C++ grammar (`cpp.dialect_facts`),
which knows none of Metal's words. As written, `kernel void f(constant T* x
[[buffer(0)]])` reads as a function `f` whose return and parameter types
stand in error nodes; with the qualifiers blanked (spaces of the same
length: lines and columns stay) it reads as plain C++, attributes and all.

Metal's own types (`half`, `uint`, `float4`, `packed_half3`, `float4x4`)
are words of the language as C++'s `int` is: never names of a shader. So
are its attribute names (`[[buffer(0)]]`, `[[thread_position_in_grid]]`),
wherever the grammar takes one: the first word of each attribute between
`[[` and `]]`, its arguments being code (`[[function_constant(has_bias)]]`).
Some are common words (`buffer`, `position`, `color`), so an attribute name
is no name of the shader only where the shader writes it nowhere else in
code (`Places.syntax`), not by a list.

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

from collections.abc import Iterator
from functools import lru_cache

from doclint.rule_api import LANGUAGES, compiled_on_use

from . import Language, PlaceCollector, Places
from .cpp import (
    C_FAMILY_KEYWORDS,
    CPP,
    CPP_NOISE,
    CppFacts,
    blank_code,
    c_family_places,
    cpp_reserved,
    dialect_facts,
    merge,
)

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
# The scalar types Metal adds to C++'s, and its vector, packed vector and
# matrix types (Metal Shading Language Specification, sections 2.1 to 2.3).
# The fixed-width ones (`int64_t`, `uint8_t`) are left to the library, as
# they are in C++.
_SCALARS = ("half", "bfloat", "uchar", "ushort", "uint", "ulong")
_VECTOR_ELEMENTS = ("bool", "char", "short", "int", "long", "float", *_SCALARS)
_SIZES = (2, 3, 4)
BUILTIN_TYPES = frozenset(
    _SCALARS
    + tuple(f"{element}{n}" for element in _VECTOR_ELEMENTS for n in _SIZES)
    + tuple(f"packed_{e}{n}" for e in _VECTOR_ELEMENTS if e != "bool" for n in _SIZES)
    + tuple(f"{element}{n}x{m}" for element in ("half", "float") for n in _SIZES for m in _SIZES)
)
KEYWORDS = C_FAMILY_KEYWORDS | BUILTIN_TYPES | frozenset(ADDRESS_SPACES + FUNCTION_QUALIFIERS)

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


# An attribute list, `[[...]]` (no bracket inside: a list never holds one,
# and the search stays linear on a text of unclosed `[[`), and its pieces.
_ATTRIBUTES = compiled_on_use(r"\[\[([^\[\]]*)\]\]")
_ATTRIBUTE_PIECE = compiled_on_use(r"[A-Za-z_]\w*(?:\s*::\s*[A-Za-z_]\w*)*|[(),]")


def _attribute_names(attributes: str, start: int) -> Iterator[tuple[int, int]]:
    """Where the names of an attribute list (`buffer(0), raster_order_group(1)`
    found at `start`) stand: the first word of each attribute, outside the
    parentheses of another's arguments."""
    depth, expected = 0, True
    for piece in _ATTRIBUTE_PIECE.finditer(attributes):
        token = piece[0]
        if token == "(":
            depth += 1
        elif token == ")":
            depth -= 1
        elif token == "," and depth == 0:
            expected = True
        elif token != "," and expected and depth == 0:
            yield start + piece.start(), start + piece.end()
            expected = False


def metal_places(text: str) -> Places:
    """Where the words of a Metal text stand: as in C++ (comments prose,
    string literals literals, the rest code), but for the names of its
    attributes, which are Metal's syntax (`Places.syntax`) unless the code
    writes them elsewhere too."""
    # Attributes are looked for in code only: comments and literals blanked.
    in_code = CPP_NOISE.sub(lambda noise: " " * len(noise[0]), text)
    spans = [
        span
        for attributes in _ATTRIBUTES.finditer(in_code)
        for span in _attribute_names(attributes[1], attributes.start(1))
    ]
    if not spans:
        return c_family_places(text)
    pieces: list[str] = []
    names: list[str] = []
    done = 0
    for start, end in spans:
        pieces += (text[done:start], " " * (end - start))
        names.append(text[start:end])
        done = end
    pieces.append(text[done:])
    found = PlaceCollector()
    found.add(c_family_places("".join(pieces)))
    found.add_syntax(" ".join(names))
    return found.places()


@lru_cache(maxsize=1)  # the rules ask in turn about one page's text
def metal_facts(text: str) -> CppFacts:
    """What a Metal text defines, declares and includes: its two C++ readings
    merged (memoised, as each reading is)."""
    return merge(dialect_facts(text, CPP), dialect_facts(as_cpp(text), CPP))


LANGUAGE = Language(LANGUAGES["Metal"], KEYWORDS, metal_places, metal_facts, cpp_reserved)

"""Objective-C and Objective-C++ sources (`.m`, `.mm`): the C family's reading,
with the words of Objective-C's own syntax."""

from __future__ import annotations

from doclint_rules._languages import Language
from doclint_rules._languages.cpp import C_FAMILY_KEYWORDS, c_family_places

# The `@` directives (read without their `@`), `#import`, and the receivers
# and literals the language defines.
KEYWORDS = C_FAMILY_KEYWORDS | frozenset(
    [
        "implementation",
        "interface",
        "end",
        "protocol",
        "property",
        "synthesize",
        "dynamic",
        "selector",
        "encode",
        "autoreleasepool",
        "optional",
        "required",
        "import",
        "self",
        "super",
        "nil",
        "Nil",
        "YES",
        "NO",
        "instancetype",
    ]
)

LANGUAGE = Language(
    "Objective-C++", (".m", ".mm"), (), KEYWORDS, ("Regular file",), c_family_places
)

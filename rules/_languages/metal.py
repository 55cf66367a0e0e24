"""Metal shading language sources (`.metal`): C++ with address spaces and
function qualifiers of its own."""

from __future__ import annotations

from doclint_rules._languages import Language
from doclint_rules._languages.cpp import C_FAMILY_KEYWORDS, c_family_places

KEYWORDS = C_FAMILY_KEYWORDS | frozenset(
    ["kernel", "vertex", "fragment", "device", "threadgroup", "threadgroup_imageblock", "constant"]
)

LANGUAGE = Language("Metal", (".metal",), (), KEYWORDS, ("Regular file",), c_family_places)

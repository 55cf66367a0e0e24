"""TSX sources (TypeScript with JSX elements), read by tree-sitter-typescript's
TSX dialect as TypeScript is by its own."""

from __future__ import annotations

import tree_sitter_typescript

from doclint.rule_api import PROJECT_LANGUAGES

from ._grammar import grammar_language
from .typescript import KEYWORDS, dialect

LANGUAGE = grammar_language(
    PROJECT_LANGUAGES["TSX"], KEYWORDS, dialect(tree_sitter_typescript.language_tsx)
)

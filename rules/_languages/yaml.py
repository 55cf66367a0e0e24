"""YAML files (`.yml`, `.yaml`), read by tree-sitter-yaml. Keys and one-word
values are names; a value that is a sentence (a step's `name`, a
description) is prose, and so is a comment; `${{ ... }}` inside a value
(GitHub Actions expressions), block scalars and the values of `run`,
`script` and `shell` are code."""

from __future__ import annotations

import re

import tree_sitter_yaml
from doclint_rules._languages import Language, Places
from doclint_rules._languages._grammar import Grammar, read_places

from doclint.rule_api import LANGUAGES

GRAMMAR = Grammar(
    tree_sitter_yaml.language,
    comments=frozenset({"comment"}),
    literals=frozenset({"plain_scalar", "double_quote_scalar", "single_quote_scalar"}),
    code_blocks=frozenset({"block_scalar"}),
    keys=frozenset({"block_mapping_pair", "flow_pair"}),
    code_keys=frozenset({"run", "script", "shell"}),
    inline_code=re.compile(r"\$\{\{.*?\}\}", re.DOTALL),
)
KEYWORDS = frozenset({"true", "false", "null"})


def read(text: str) -> Places:
    return read_places(GRAMMAR, text)


LANGUAGE = Language(LANGUAGES["YAML"], KEYWORDS, read)

"""YAML files (`.yml`, `.yaml`), read by tree-sitter-yaml. Keys and one-word
values are names; a value that is a sentence is prose, and so is a comment.
A quoted key is a literal, as a quoted value is: the text of a label, a path
or a title that the file maps to something (a labeler's `"module: dynamo":`,
`"ciflow/inductor":`), not the name of a setting its reader knows.
The values of the keys GitHub gives free text (a workflow's, job's or step's
`name`, an issue form's `description`, `label`, `placeholder` and `value`)
are prose whatever they read like, a word quoted as code among them
included: they are text for a reader, not names of the file. `${{ ... }}`
inside a value (GitHub Actions expressions) is code; a `run:` value is a
shell script, read as shell (its comments and echoed sentences are prose),
and a `script:` value the JavaScript of `actions/github-script`, read as
JavaScript; other block scalars, a `script:` list and `shell:` are code."""

from __future__ import annotations

import re

import tree_sitter_yaml
from doclint_rules._languages import Language, Places
from doclint_rules._languages._grammar import Grammar, read_places
from doclint_rules._languages._javascript import GRAMMAR as JAVASCRIPT
from doclint_rules._languages.shell import GRAMMAR as SHELL

from doclint.rule_api import LANGUAGES

GRAMMAR = Grammar(
    tree_sitter_yaml.language,
    comments=frozenset({"comment"}),
    literals=frozenset({"plain_scalar", "double_quote_scalar", "single_quote_scalar"}),
    code_blocks=frozenset({"block_scalar"}),
    keys=frozenset({"block_mapping_pair", "flow_pair"}),
    quoted_keys=frozenset({"double_quote_scalar", "single_quote_scalar"}),
    code_keys=frozenset({"script", "shell"}),
    prose_keys=frozenset({"name", "description", "label", "placeholder", "value"}),
    embedded=(
        ("run", lambda text: read_places(SHELL, text)),
        ("script", lambda text: read_places(JAVASCRIPT, text)),
    ),
    scalars=frozenset(
        {"plain_scalar", "double_quote_scalar", "single_quote_scalar", "block_scalar"}
    ),
    inline_code=re.compile(r"\$\{\{.*?\}\}", re.DOTALL),
)
KEYWORDS = frozenset({"true", "false", "null"})


def read(text: str) -> Places:
    return read_places(GRAMMAR, text)


LANGUAGE = Language(LANGUAGES["YAML"], KEYWORDS, read)

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
JavaScript; a `script:` list and `shell:` are code.

Any other block scalar is text for a reader where it is written as one,
whatever its key (a bot's `markdown: |` message, a comment's `body: |`): a
paragraph of it (lines between blank lines and code fences) is prose when
one of its lines is a sentence, a line of three words or more that starts
with a word and ends as a sentence ends (`.`, `!`, `?`, `:`); a paragraph
without one is code (a list of paths or cache keys, a script), and so is
what a Markdown code fence holds. A line that starts with `#` is no
evidence either way (a Markdown heading, a script's comment): it goes with
its paragraph."""

from __future__ import annotations

import re

import tree_sitter_yaml

from doclint.rule_api import LANGUAGES, compiled_on_use

from . import Definition, Language, Places
from ._grammar import Grammar, key_definitions, read_places
from ._javascript import GRAMMAR as JAVASCRIPT
from .shell import GRAMMAR as SHELL

# A line of a block scalar written as a sentence: after its indentation
# and a Markdown list or quote marker, a word, then (anywhere) three words
# in a row, and a sentence's last character before closing quotes or marks.
_SENTENCE_START = compiled_on_use(r"[ \t]*(?:[-*+>][ \t]+|\d+[.)][ \t]+)?[\"'(*_]*[A-Za-z]")
_THREE_WORDS = compiled_on_use(r"\b[A-Za-z]{2,}[,;]? [A-Za-z]{2,}[,;]? [A-Za-z]{2,}\b")
_CLOSING = "\"')]*_`"
_FENCE = compiled_on_use(r"[ \t]*(?:```|~~~)")


def _is_sentence(line: str) -> bool:
    return (
        line.rstrip().rstrip(_CLOSING)[-1:] in (".", "!", "?", ":")
        and _SENTENCE_START.match(line) is not None
        and _THREE_WORDS.search(line) is not None
    )


def split_block(block: str) -> tuple[str, str]:
    """A block scalar's text for a reader and its code: its paragraphs that
    hold a sentence, and the rest (its header line, fences and paragraphs
    without one)."""
    header, _, body = block.partition("\n")
    text: list[str] = []
    code = [header]
    paragraph: list[str] = []
    fenced = False

    def close() -> None:
        (text if any(_is_sentence(line) for line in paragraph) else code).extend(paragraph)
        paragraph.clear()

    for line in body.split("\n"):
        if _FENCE.match(line):
            close()
            fenced = not fenced
            code.append(line)
        elif fenced or not line.strip():
            close()
            code.append(line)
        else:
            paragraph.append(line)
    close()
    return "\n".join(text), "\n".join(code)


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
    inline_code=compiled_on_use(r"\$\{\{.*?\}\}", re.DOTALL),
    split_block=split_block,
)
KEYWORDS = frozenset({"true", "false", "null"})


def read(text: str) -> Places:
    return read_places(GRAMMAR, text)


def definitions(text: str) -> tuple[Definition, ...]:
    """Its keys, by name and by dotted path (`key_definitions`)."""
    return key_definitions(GRAMMAR, text)


LANGUAGE = Language(LANGUAGES["YAML"], KEYWORDS, read, definitions=definitions)

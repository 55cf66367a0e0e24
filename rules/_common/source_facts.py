"""The documented source of a page and its facts, whichever language it is in.

One entry point for the rules that judge a page against its source: the
language of the documented path (`_languages.language_of`) reads its facts
with its own reader (`Language.facts`: Python's lexer, tree-sitter for the C
family) and says which words can name nothing (`Language.reserved`). A rule
then asks the facts, the words no name can be, and whether the parser was
sure of the lines a name stands on.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from doclint.rule_api import FileDocs, PageBase, RuleContext

from .._languages import language_of
from .._languages._records import CppCode
from .._languages._records import DocumentedSource as DocumentedSource

# The C family's reader (and its grammar) is imported by what reads a C-family
# source only: a run of Python pages never loads it.


@cache
def _template_head() -> str:
    """A template head: `template <`, or the macro call that writes one (`_CCCL_TEMPLATE(`)."""
    from .._languages.cpp import TEMPLATE_MACRO

    return rf"(?:\btemplate\s*<|{TEMPLATE_MACRO}\s*\()"


@lru_cache(maxsize=8)
def cpp_code(text: str) -> CppCode:
    # Asked entry by entry about the same source: read it once.
    from .._languages.cpp import CPP_NOISE

    uncommented = CPP_NOISE.sub(lambda m: m[0] if m[0][0] in "\"'" else _blank(m[0]), text)
    code = CPP_NOISE.sub(lambda m: _blank(m[0]), text)
    return CppCode(uncommented, code, _blank_template_heads(code))


def _blank(text: str) -> str:
    return "\n" * text.count("\n") or " "


def _blank_template_heads(code: str) -> str:
    """`code` with each `template <...>` blanked up to its closing `>`, and
    each `_CCCL_TEMPLATE(...)` up to its `)` (nested ones counted; a `;` or
    brace ends a head left open)."""
    pieces, done = [], 0
    for match in re.finditer(_template_head(), code):
        if match.start() < done:
            continue
        opening = code[match.end() - 1]
        closing = ">" if opening == "<" else ")"
        depth, end = 1, len(code)
        for index in range(match.end(), len(code)):
            char = code[index]
            depth += (char == opening) - (char == closing)
            if depth == 0 or char in ";{}":
                end = index + 1
                break
        pieces += [code[done : match.start()], _blank(code[match.start() : end])]
        done = end
    return "".join([*pieces, code[done:]])


def names_a_type_in_code(name: str, text: str) -> bool:
    """Whether C/C++ `text` has `class`, `struct`, `union` or `enum` before
    `name` in code, outside template parameter lists: a definition, a
    declaration or a use (`struct _inittab table[]`) of a type that exists,
    here or in a header. A word that follows `class` only in a comment does
    not, nor a macro between `struct` and a class name."""
    pattern = rf"\b(?:class|struct|union|enum)\s+{re.escape(name)}\b(?!\s+\w+\s*(?:final\s*)?[:{{])"
    return re.search(pattern, cpp_code(text).outside_templates) is not None


def namespace_in_code(name: str, text: str) -> bool:
    """Whether C/C++ `text` writes `namespace name` in code: a definition, a
    `using namespace name;` or an alias, never a comment's "namespace right"."""
    pattern = rf"\bnamespace\s+(?:\w+\s*::\s*)*{re.escape(name)}\b"
    return re.search(pattern, cpp_code(text).code) is not None


def class_after_macro(name: str, text: str) -> str | None:
    """The class a word stands before between `class`/`struct` and the
    class name (`struct TORCH_API Foo {` gives Foo): a macro, none of its own."""
    pattern = rf"\b(?:class|struct|union)\s+{re.escape(name)}\s+(\w+)\s*(?:final\s*)?[:{{]"
    match = re.search(pattern, cpp_code(text).code)
    return match[1] if match else None


def is_template_parameter(name: str, text: str) -> bool:
    """Whether `name` is a type parameter of a template (`template <class T>`,
    `_CCCL_TEMPLATE(class T)`)."""
    pattern = rf"{_template_head()}[^;{{}}]*?\b(?:class|typename)\s+{re.escape(name)}\b"
    return re.search(pattern, cpp_code(text).code) is not None


def documented_source(page: PageBase, ctx: RuleContext) -> DocumentedSource | None:
    """The source `page` documents when its language has a reader of
    definitions and the tree has it (the file, or the copy embedded in its
    `X_docs.md`); None otherwise."""
    language = language_of(page.described)
    if language is None or language.facts is None:
        return None
    source = ctx.source(page)
    if source is None:
        return None
    return DocumentedSource(source.path, source.text, language.facts(source.text))


def page_source_text(page: FileDocs, ctx: RuleContext, *, whole: bool) -> str | None:
    """The source a file documentation was written from: its own embedded copy,
    which is what the generator read, else the file of the tree. With `whole`,
    only a complete copy serves (counts made from a copy cut short are too low)."""
    embedded = embedded_source(page, whole=whole)
    if embedded is not None:
        return embedded
    source = ctx.source(page)
    return source.text if source is not None else None


def embedded_source(page: FileDocs, *, whole: bool) -> str | None:
    """The page's own copy of its source when `page_source_text` reads it: a
    message then says so, for the file may have changed since."""
    if page.source is not None and (page.source.closed or not whole):
        return page.source.text
    return None


def source_name(page: FileDocs, *, whole: bool) -> str:
    """How a message names what `page_source_text` read."""
    if embedded_source(page, whole=whole) is not None:
        return "its Original Source"
    return f"`{page.described}`" if page.described else "the source"


def reserved_word(name: str, path: str | None, soft: bool = True) -> str | None:
    """What keeps `name` from naming anything in the language of `path`: "a
    C++ keyword", "a CUDA keyword", "a Python keyword"; None if nothing does.
    A path whose language says nothing of its reserved words is judged by
    Python's keywords, the language the generator's regexes were written
    for; soft keywords count only when `soft` (a function may be called
    `match`, a class hardly)."""
    language = language_of(path)
    reserved = language.reserved if language is not None else None
    if reserved is not None:
        return reserved(name, soft)
    from .._languages.python import python_reserved

    return python_reserved(name, soft)

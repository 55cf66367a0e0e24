"""The documented source of a page and its facts, whichever language it is in.

One entry point for the rules that judge a page against its source: Python
sources are read by `_python_source`, C, C++ and CUDA ones by `_cpp_source`,
chosen by the documented path's extension as the generator chooses its
template. A rule then asks the facts, the words no name can be, and whether
the parser was sure of the lines a name stands on.
"""

from __future__ import annotations

import keyword
import posixpath
import re
from dataclasses import dataclass
from functools import lru_cache

from doclint_rules._cpp_source import CppFacts, cpp_facts, is_cpp_path
from doclint_rules._python_source import PythonFacts, is_python_path, python_facts

from doclint.rule_api import FileDocs, PageBase, RuleContext

# Python's soft keywords, as a fixed list so that results do not depend on
# the Python version running doclint.
PYTHON_SOFT_KEYWORDS = frozenset({"_", "case", "match", "type"})
# fmt: off
# The keywords of C++20 and the alternative operator spellings; C adds none
# a name could take (its `_Bool`-style keywords start with an underscore).
CPP_KEYWORDS = frozenset({
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
    "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
    "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "co_await",
    "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast",
    "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto",
    "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
    "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register",
    "reinterpret_cast", "requires", "return", "short", "signed", "sizeof", "static",
    "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local",
    "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using",
    "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
})
# CUDA's function and variable specifiers, which read as words to a regex.
CUDA_KEYWORDS = frozenset({
    "__global__", "__device__", "__host__", "__shared__", "__constant__", "__managed__",
    "__restrict__", "__forceinline__", "__noinline__", "__launch_bounds__", "__grid_constant__",
})
# fmt: on
# C and C++ comments and string and character literals (a character literal
# is short: `1'000'000` separates digits).
_CPP_NOISE = re.compile(
    r"""//[^\n]*|/\*.*?(?:\*/|\Z)|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.){1,8}'""", re.DOTALL
)
_TEMPLATE_HEAD = re.compile(r"\btemplate\s*<")


@dataclass(frozen=True, slots=True)
class DocumentedSource:
    """The text of the file a page documents, and what its parser found in it."""

    path: str
    text: str
    facts: PythonFacts | CppFacts | None
    """None for Python text that neither the lexer nor `ast` can read."""

    @property
    def filename(self) -> str:
        return posixpath.basename(self.path)

    def unsure_about(self, name: str) -> bool:
        """Whether `name` stands in code on a line the parser could not read
        (C/C++ only: a Python text is read whole or not at all). Comments
        do not count: nothing there is a fact anyway."""
        facts = self.facts
        if not isinstance(facts, CppFacts) or not facts.unsure:
            return False
        code = _cpp_code(self.text).uncommented
        pattern = re.compile(rf"(?<![\w/.]){re.escape(name)}(?![\w/])")
        return any(
            facts.is_unsure(code.count("\n", 0, match.start()) + 1)
            for match in pattern.finditer(code)
        )


@dataclass(frozen=True, slots=True)
class _CppCode:
    """A C/C++ text with its comments blanked (`uncommented`), also its
    literals (`code`), and also its template heads (`outside_templates`).
    Blanks keep the newlines, so that lines stay where they were."""

    uncommented: str
    code: str
    outside_templates: str


@lru_cache(maxsize=8)
def _cpp_code(text: str) -> _CppCode:
    # Asked entry by entry about the same source: read it once.
    uncommented = _CPP_NOISE.sub(lambda m: m[0] if m[0][0] in "\"'" else _blank(m[0]), text)
    code = _CPP_NOISE.sub(lambda m: _blank(m[0]), text)
    return _CppCode(uncommented, code, _blank_template_heads(code))


def _blank(text: str) -> str:
    return "\n" * text.count("\n") or " "


def _blank_template_heads(code: str) -> str:
    """`code` with each `template <...>` blanked up to its closing `>`
    (nested ones counted; a `;` or brace ends a head left open)."""
    pieces, done = [], 0
    for match in _TEMPLATE_HEAD.finditer(code):
        if match.start() < done:
            continue
        depth, end = 1, len(code)
        for index in range(match.end(), len(code)):
            char = code[index]
            depth += (char == "<") - (char == ">")
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
    return re.search(pattern, _cpp_code(text).outside_templates) is not None


def class_after_macro(name: str, text: str) -> str | None:
    """The class a word stands before between `class`/`struct` and the
    class name (`struct TORCH_API Foo {` gives Foo): a macro, none of its own."""
    pattern = rf"\b(?:class|struct|union)\s+{re.escape(name)}\s+(\w+)\s*(?:final\s*)?[:{{]"
    match = re.search(pattern, _cpp_code(text).code)
    return match[1] if match else None


def is_template_parameter(name: str, text: str) -> bool:
    """Whether `name` is a type parameter of a template (`template <class T>`)."""
    pattern = rf"\btemplate\s*<[^;{{}}]*?\b(?:class|typename)\s+{re.escape(name)}\b"
    return re.search(pattern, _cpp_code(text).code) is not None


def is_source_path(path: str | None) -> bool:
    """Whether a documented path is in a language whose sources are read."""
    return is_python_path(path) or is_cpp_path(path)


def documented_source(page: PageBase, ctx: RuleContext) -> DocumentedSource | None:
    """The source `page` documents when it is Python or C/C++/CUDA and the tree
    has it (the file, or the copy embedded in its `X_docs.md`); None otherwise."""
    path = page.described
    if not is_source_path(path):
        return None
    source = ctx.source(page)
    if source is None:
        return None
    facts = cpp_facts(source.text) if is_cpp_path(path) else python_facts(source.text)
    return DocumentedSource(source.path, source.text, facts)


def page_source_text(page: FileDocs, ctx: RuleContext, *, whole: bool) -> str | None:
    """The source a file documentation was written from: its own embedded copy,
    which is what the generator read, else the file of the tree. With `whole`,
    only a complete copy serves (counts made from a copy cut short are too low)."""
    if page.source is not None and (page.source.closed or not whole):
        return page.source.text
    source = ctx.source(page)
    return source.text if source is not None else None


def reserved_word(name: str, path: str | None, soft: bool = True) -> str | None:
    """What keeps `name` from naming anything in the language of `path`: "a
    C++ keyword", "a CUDA keyword", "a Python keyword"; None if nothing does.
    A path of neither language is judged by Python's keywords, the language
    the generator's regexes were written for; its soft keywords count only
    when `soft` (a function may be called `match`, a class hardly)."""
    if is_cpp_path(path):
        if name in CPP_KEYWORDS:
            return "a C++ keyword"
        return "a CUDA keyword" if name in CUDA_KEYWORDS else None
    if keyword.iskeyword(name) or (soft and name in PYTHON_SOFT_KEYWORDS):
        return "a Python keyword"
    return None

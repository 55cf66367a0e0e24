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

from doclint_rules._cpp_source import CppFacts, cpp_facts, is_cpp_path
from doclint_rules._python_source import PythonFacts, is_python_path, python_facts

from doclint.rule_api import PageBase, RuleContext

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
        """Whether `name` stands on a line the parser could not read (C/C++
        only: a Python text is read whole or not at all)."""
        facts = self.facts
        if not isinstance(facts, CppFacts) or not facts.unsure:
            return False
        pattern = re.compile(rf"(?<![\w/.]){re.escape(name)}(?![\w/])")
        return any(
            facts.is_unsure(self.text.count("\n", 0, match.start()) + 1)
            for match in pattern.finditer(self.text)
        )


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


def reserved_word(name: str, path: str | None) -> str | None:
    """What keeps `name` from naming anything in the language of `path`: "a
    C++ keyword", "a CUDA keyword", "a Python keyword"; None if nothing does.
    A path of neither language is judged by Python's keywords, the language
    the generator's regexes were written for."""
    if is_cpp_path(path):
        if name in CPP_KEYWORDS:
            return "a C++ keyword"
        return "a CUDA keyword" if name in CUDA_KEYWORDS else None
    if keyword.iskeyword(name) or name in PYTHON_SOFT_KEYWORDS:
        return "a Python keyword"
    return None

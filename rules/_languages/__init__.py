"""The source kinds the generator documents, one module each, and where a word
stands in a source of any of them.

A language is described once (`Language`): the extensions and file names the
generator gives it, the words of its syntax no identifier can be, the
metadata Type the generator writes on its pages, and a reader that tells,
for every word of a text, whether it occurs in code, only in string literals,
or in prose (comments, docstrings, sentences written as strings, the running
text of a Markdown page). Python and C/C++ also have their definitions read
(`python.python_facts`, `cpp.cpp_facts`); the rules ask both.

Adding a language is one module that builds a `Language` and one line in
`LANGUAGES` below.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from doclint.rule_api import PageBase, RuleContext

if TYPE_CHECKING:
    from doclint_rules._languages.cpp import CppFacts
    from doclint_rules._languages.python import PythonFacts

# Every byte that is no part of a word (`[A-Za-z0-9_]`) made a space: a word
# as the generator's identifier regex (`[A-Za-z_][A-Za-z0-9_]*`) sees it is
# then a run of these bytes, digits before its first letter left off.
_WORD_BYTES = bytes(
    byte if chr(byte).isascii() and (chr(byte).isalnum() or byte == ord("_")) else ord(" ")
    for byte in range(256)
)
_DIGITS = b"0123456789"
# A literal that reads as a sentence: two words with a space between them.
_SENTENCE = re.compile(r"[A-Za-z]{2,}[,.;:!?]?\s+[A-Za-z]{2,}")


@dataclass(frozen=True, slots=True)
class Places:
    """The words of one text, by where they occur. A word may be in several."""

    code: frozenset[str]
    strings: frozenset[str]
    """Words of string literals that are not sentences (a key, a path, a name)."""
    prose: frozenset[str]
    """Words of comments, docstrings, sentences and a page's running text."""

    def has(self, word: str) -> bool:
        """Whether `word` occurs in the text, wherever it stands."""
        return word in self.code or word in self.strings or word in self.prose

    def only_in_prose(self, word: str) -> bool:
        """Whether `word` occurs in the text, but only in prose."""
        return word in self.prose and word not in self.code and word not in self.strings


class PlaceCollector:
    """Collects the pieces of a text by place while a reader walks it; the
    words are split out once, at the end (splitting piece by piece costs a
    call per comment or literal)."""

    def __init__(self) -> None:
        self.code: list[str] = []
        self.strings: list[str] = []
        self.prose: list[str] = []
        self.read: list[Places] = []

    def add_code(self, text: str) -> None:
        self.code.append(text)

    def add_prose(self, text: str) -> None:
        self.prose.append(text)

    def add_literal(self, text: str) -> None:
        """A string literal's own text: prose when it reads as a sentence."""
        (self.prose if _SENTENCE.search(text) else self.strings).append(text)

    def add_literal_words(self, text: str) -> None:
        """Words neither code nor prose: a page's code spans, a plain text."""
        self.strings.append(text)

    def add(self, other: Places) -> None:
        self.read.append(other)

    def places(self) -> Places:
        def words(pieces: list[str]) -> set[str]:
            return words_of(" ".join(pieces))

        code, strings, prose = words(self.code), words(self.strings), words(self.prose)
        for other in self.read:
            code |= other.code
            strings |= other.strings
            prose |= other.prose
        return Places(frozenset(code), frozenset(strings), frozenset(prose))


def words_of(text: str) -> set[str]:
    """The words of `text` as `re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text)`
    finds them, each once. Split out as bytes: a regex match builds an object
    per word, where the split builds one per distinct word kept (any
    non-ASCII character is a `?`, so no part of a word)."""
    found = set()
    for word in set(text.encode("ascii", "replace").translate(_WORD_BYTES).split()):
        if word[0] in _DIGITS:  # `3d` holds the word `d`; `42` holds none
            word = word.lstrip(_DIGITS)
            if not word:
                continue
        found.add(word.decode("ascii"))
    return found


@dataclass(frozen=True, slots=True)
class Language:
    """One source kind as the generator sees it and doclint reads it."""

    name: str
    suffixes: tuple[str, ...]
    """Lowercase endings of the paths of this kind (`.cmake.in` before `.in`)."""
    filenames: tuple[str, ...]
    """Whole file names of this kind whatever their ending (`CMakeLists.txt`)."""
    keywords: frozenset[str]
    """Words of the syntax that name nothing of a source."""
    types: tuple[str, ...]
    """The metadata Type values the generator writes for it (the older template
    writes "Regular file" for every kind; `CMakeLists.txt` gets "Source File (.txt)")."""
    read: Callable[[str], Places]
    """Where each word of a text of this kind stands."""
    facts: Callable[[str], PythonFacts | CppFacts | None] | None = None
    """What a text of this kind defines, declares and includes, for the rules
    that prove a page's entries against its source; None when only the
    places of its words are read. A reader returns None for a text it cannot
    read at all."""
    reserved: Callable[[str, bool], str | None] | None = None
    """What keeps a word from naming anything in this language ("a C++
    keyword"), soft keywords counted or not; None if nothing does. A language
    without one is judged by Python's keywords, the language the generator's
    regexes were written for."""


def _registered() -> tuple[Language, ...]:
    # Imported here: the modules build their Language from the classes above.
    from doclint_rules._languages import (
        cmake,
        cpp,
        java,
        json,
        markdown,
        metal,
        objc,
        python,
        shell,
        text,
        yaml,
    )

    # Most specific first: `.cmake.in` is CMake, `.h.in` C, `CMakeLists.txt` not text.
    return (
        cmake.LANGUAGE,
        python.LANGUAGE,
        objc.LANGUAGE,
        metal.LANGUAGE,
        cpp.LANGUAGE,
        shell.LANGUAGE,
        yaml.LANGUAGE,
        json.LANGUAGE,
        java.LANGUAGE,
        markdown.LANGUAGE,
        text.LANGUAGE,
    )


@lru_cache(maxsize=1)
def languages() -> tuple[Language, ...]:
    """Every language doclint reads, most specific first."""
    return _registered()


def language_of(path: str | None) -> Language | None:
    """The language of a documented path: by file name, then by ending; a
    configure template (`macros.h.in`) is in the language of what it makes."""
    if not path:
        return None
    name = posixpath.basename(path)
    lowered = name.lower()
    for language in languages():
        if name in language.filenames:
            return language
    for language in languages():
        if lowered.endswith(language.suffixes):
            return language
    if lowered.endswith(".in"):
        for language in languages():
            if lowered.removesuffix(".in").endswith(language.suffixes):
                return configure_template(language)
    return None


# What a configure step substitutes in a template (`${name}`, CMake's and
# torchgen's; `@name@`, autoconf's and CMake's): code, even inside a comment
# (`# ${generated_comment}` becomes the generated file's own comment).
_PLACEHOLDER = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}|@([A-Za-z_][A-Za-z0-9_]*)@")


@cache
def configure_template(language: Language) -> Language:
    """`language` read as a configure template of it (`return_types.pyi.in`):
    the names of its placeholders are code wherever they stand. Its
    definitions are not read: the template is not the source they would be
    proven against (a placeholder may stand for any of them)."""

    def read(text: str) -> Places:
        found = language.read(text)
        names = {a or b for a, b in _PLACEHOLDER.findall(text)}
        return found if not names else replace(found, code=found.code | names)

    return replace(language, read=read, facts=None)


def documented_places(page: PageBase, ctx: RuleContext) -> Places | None:
    """Where the words of the source `page` documents stand, when the tree has
    it (the file, or the copy embedded in its `X_docs.md`) and its language
    has a reader; None otherwise."""
    language = language_of(page.described)
    if language is None:
        return None
    source = ctx.source(page)
    return None if source is None else places(source.text, language)


@lru_cache(maxsize=64)
def places(text: str, language: Language) -> Places:
    """Where each word of `text` stands (memoised: the pages of one source ask in turn)."""
    return language.read(text)

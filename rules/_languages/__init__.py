"""The readers of the source kinds the generator documents, one module each,
and where a word stands in a source of any of them.

A language's data (the extensions and file names the generator gives it, the
metadata Type it writes on its pages) is an entry of the models' `LANGUAGES`,
which the templates read too. Its module here registers its reader against
that entry (`Language`): the words of its syntax no identifier can be, and a
reader that tells, for every word of a text, whether it occurs in code, only
in string literals, or in prose (comments, docstrings, sentences written as
strings, the running text of a Markdown page). Python, the C family and the
languages of wikis' projects (TypeScript, JavaScript, Rust, Go, Kotlin) also
have their definitions read (`Language.facts`, a `SourceFacts`). Every
reader but plain text's, CMake's and Metal's tells where each definition
stands (`Language.definitions`): these, Java, shell, the keys of YAML,
JSON and TOML, Markdown's sections, HTML's ids and custom elements, SQL's
`CREATE`d tables and functions. A text of any other kind is read by its
words alone.

Adding a language is its entry in `LANGUAGES` (or `PROJECT_LANGUAGES`, for a
kind no generator's template documents) and one module of this package whose
`LANGUAGE` is its reader: the package finds it. Naming the module in
`READERS` lets a run import it only when it reads a source of its language.
"""

from __future__ import annotations

import importlib
import posixpath
import sys
from collections.abc import Callable
from functools import cache, lru_cache, partial
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypeGuard

from doclint.rule_api import (
    LANGUAGES,
    PROJECT_LANGUAGES,
    LanguageData,
    PageBase,
    RuleContext,
    compiled_on_use,
)
from doclint.rule_api_generators import RecentPages, editable_install

from ._places import PlaceCollector as PlaceCollector
from ._places import word_runs as word_runs
from ._places import words_of as words_of
from ._records import Places as Places

if TYPE_CHECKING:
    from ._records import PythonFacts
    from .cpp import CppFacts


class SourceFacts(Protocol):
    """What a reader finds a source defines, whatever its language; a rule
    narrows to a language's own facts (`CppFacts`) for what only it has."""

    @property
    def classes(self) -> frozenset[str]:
        """Names of the classes (and class-like types) the source defines."""
        ...

    @property
    def functions(self) -> frozenset[str]:
        """Names of the functions the source defines (or declares)."""
        ...

    @property
    def unsure(self) -> tuple[tuple[int, int], ...]:
        """Line ranges the reader could not read: a fact there is uncertain."""
        ...

    def is_unsure(self, line: int) -> bool:
        """Whether `line` is in one of the `unsure` ranges."""
        ...

    def count_ranges(self, text: str) -> CountRanges | None:
        """What a careful count of the classes and functions of `text` (the
        text these facts were read from) can give; None if it cannot tell."""
        ...


UNBOUNDED = float("inf")
"""The upper end of a count range with no limit."""


class CountRanges(NamedTuple):
    """The classes and functions of a source as a count claim is judged: each
    the range any careful count could give (one value for an exact count)."""

    classes: tuple[float, float]
    functions: tuple[float, float]
    found: str
    """How the source's counts are shown after the source's name, `{}` standing for
    them: "defines {}"."""


class Definition(NamedTuple):
    """A name a source defines, where its name stands, and what it is."""

    name: str
    line: int
    """1-based."""
    kind: str
    """"class", "interface", "struct", "enum", "trait", "object", "type",
    "function", "method", "field", "constant", "variable", "enum member",
    "module" or "macro", as the language names it nearest; in data and
    markup, "key" (YAML, JSON, TOML), "section" (a TOML table, a Markdown
    heading), "code block" (Markdown), "table", "view", "index", "trigger",
    "sequence" (SQL), "id" and "element" (HTML)."""
    end: int = 0
    """The last line of the construct the name defines (1-based: a class's or
    function's declaration, a key's value, a section), where the reader
    tells it; 0 where it does not (a field, a macro): a citation moved with
    its construct is re-anchored to its whole extent."""


STRUCTURE_KINDS = frozenset({"key", "section", "code block"})
"""The kinds of the parts of a data or markup file (its keys, tables and
sections): as often the names of a tool's settings (`runs-on`,
`compilerOptions`, `[tool.ruff]`) or of a document's parts as names the
project itself defines."""


class Language(NamedTuple):
    """One source kind as doclint reads it, registered against its data (a
    named tuple: every language module builds one at import)."""

    data: LanguageData
    keywords: frozenset[str]
    """Words of the syntax that name nothing of a source."""
    read: Callable[[str], Places]
    """Where each word of a text of this kind stands."""
    facts: Callable[[str], SourceFacts | None] | None = None
    """What a text of this kind defines, declares and includes, for the rules
    that prove a page's entries against its source; None when only the
    places of its words are read. A reader returns None for a text it cannot
    read at all."""
    reserved: Callable[[str, bool], str | None] | None = None
    """What keeps a word from naming anything in this language ("a C++
    keyword"), soft keywords counted or not; None if nothing does. A language
    without one is judged by Python's keywords, the language the generator's
    regexes were written for."""
    definitions: Callable[[str], tuple[Definition, ...]] | None = None
    """Where a text of this kind defines each of its names, in text order;
    None when the reader does not tell."""

    @property
    def name(self) -> str:
        return self.data.name

    @property
    def suffixes(self) -> tuple[str, ...]:
        """Lowercase endings of the paths of this kind."""
        return self.data.suffixes

    @property
    def filenames(self) -> tuple[str, ...]:
        """Whole file names of this kind whatever their ending."""
        return self.data.filenames


READERS = {
    "cmake": "CMake",
    "cpp": "C/C++",
    "go": "Go",
    "java": "Java",
    "javascript": "JavaScript",
    "json": "JSON",
    "kotlin": "Kotlin",
    "markdown": "Markdown",
    "metal": "Metal",
    "objc": "Objective-C++",
    "python": "Python",
    "rust": "Rust",
    "html": "HTML",
    "shell": "shell",
    "sql": "SQL",
    "text": "plain text",
    "toml": "TOML",
    "tsx": "TSX",
    "typescript": "TypeScript",
    "yaml": "YAML",
}
"""The language each module of this package reads, by module name: a
reader (and its tree-sitter grammar) is imported when a path of its
language is first looked at, not when a rule is. A module not named here is
imported to learn its language (a test keeps the table whole)."""


def _reader(module: str) -> Language:
    language: Language = importlib.import_module(f"{__name__}.{module}").LANGUAGE
    return language


@lru_cache(maxsize=1)
def _readers() -> dict[str, Callable[[], Language]]:
    """How to get the reader of each language that has a module in this
    package, by name, in the order of the data (`LANGUAGES`, most specific
    first, then `PROJECT_LANGUAGES`); a language without a reader module is
    not read."""
    found: dict[str, Callable[[], Language]] = {}
    for module in _modules():
        name = READERS.get(module)
        if name is None:
            language = _reader(module)
            found[language.name] = partial(_known, language)
        else:
            found[name] = cache(partial(_reader, module))
    return {name: found[name] for name in (*LANGUAGES, *PROJECT_LANGUAGES) if name in found}


def _modules() -> list[str]:
    """The reader modules of this package. An install that is not editable
    holds those `READERS` names (a test keeps the table whole), so they are
    not listed from the package's folder."""
    if not editable_install("doclint"):
        return list(READERS)
    from doclint.rule_api_generators import folder_modules

    return [name for name, _ in folder_modules(__path__) if not name.startswith("_")]


def _known(language: Language) -> Language:
    return language


@lru_cache(maxsize=1)
def _data() -> tuple[LanguageData, ...]:
    """The data of each language read, most specific first."""
    return tuple(
        LANGUAGES[name] if name in LANGUAGES else PROJECT_LANGUAGES[name] for name in _readers()
    )


def languages() -> tuple[Language, ...]:
    """Every language doclint reads, most specific first (each reader imported)."""
    return tuple(read() for read in _readers().values())


def language_named(name: str | None) -> Language | None:
    """The reader of the language of that name (a template's `proven_by`)."""
    read = _readers().get(name) if name is not None else None
    return read() if read is not None else None


@lru_cache(maxsize=1024)
def language_of(path: str | None) -> Language | None:
    """The language of a documented path: by file name, then by ending; a
    configure template (`macros.h.in`) is in the language of what it makes.
    Memoised: the rules ask in turn about each page's source, 72,000 times
    on a tree of 15,000 pages."""
    found = _matched(path)
    if found is None:
        return None
    name, template = found
    language = _readers()[name]()
    return configure_template(language) if template else language


def language_name_of(path: str | None) -> str | None:
    """The name of the language of a path (`language_of`), its reader not imported."""
    found = _matched(path)
    return None if found is None else found[0]


@lru_cache(maxsize=1024)
def _matched(path: str | None) -> tuple[str, bool] | None:
    """The language a path is in, and whether it is a configure template of it."""
    if not path:
        return None
    name = posixpath.basename(path)
    lowered = name.lower()
    known = _data()
    for data in known:
        if name in data.filenames:
            return data.name, False
    for data in known:
        if lowered.endswith(data.suffixes):
            return data.name, False
    if lowered.endswith(".in"):
        for data in known:
            if lowered.removesuffix(".in").endswith(data.suffixes):
                return data.name, True
    return None


def is_cpp(facts: object) -> TypeGuard[CppFacts]:
    """Whether a C-family reader read `facts`. Asked without importing that
    reader: where it was never imported, no facts are its."""
    cpp = sys.modules.get(f"{__name__}.cpp")
    return cpp is not None and isinstance(facts, cpp.CppFacts)


def is_python(facts: object) -> TypeGuard[PythonFacts]:
    """Whether Python's reader read `facts` (asked as `is_cpp` is)."""
    python = sys.modules.get(f"{__name__}.python")
    return python is not None and isinstance(facts, python.PythonFacts)


# What a configure step substitutes in a template (`${name}`, CMake's and
# torchgen's; `@name@`, autoconf's and CMake's): code, even inside a comment
# (`# ${generated_comment}` becomes the generated file's own comment).
_PLACEHOLDER = compiled_on_use(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}|@([A-Za-z_][A-Za-z0-9_]*)@")


@cache
def configure_template(language: Language) -> Language:
    """`language` read as a configure template of it (`return_types.pyi.in`):
    the names of its placeholders are code wherever they stand. Its
    definitions are not read: the template is not the source they would be
    proven against (a placeholder may stand for any of them)."""

    def read(text: str) -> Places:
        found = language.read(text)
        names = {a or b for a, b in _PLACEHOLDER.findall(text)}
        return found if not names else found._replace(code=found.code | names)

    return language._replace(read=read, facts=None)


def documented_places(page: PageBase, ctx: RuleContext) -> Places | None:
    """Where the words of the source `page` documents stand, when the tree has
    it (the file, or the copy embedded in its `X_docs.md`) and its language
    has a reader; None otherwise."""
    language = language_of(page.described)
    if language is None:
        return None
    source = ctx.source(page)
    return None if source is None else places(source.text, language)


# The latest texts read: the pages of one source ask in turn, each with its
# own copy of the text (the file's, a slice of the page embedding it), which a
# key of the text would hash whole at each call.
_READ: RecentPages[Places] = RecentPages(64)


def places(text: str, language: Language) -> Places:
    """Where each word of `text` stands (memoised: the pages of one source ask in turn)."""
    found = _READ.get(language, text)
    if found is None:
        found = language.read(text)
        _READ.put(language, text, found)
    return found

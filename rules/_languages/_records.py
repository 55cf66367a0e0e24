"""The named tuples of the compiled readers: where a text's words stand
(`Places`, doclint_rules._languages._places's), what a Python source defines
and how its lexer split it (doclint_rules._languages.python's), a page's
documented source and a C/C++ text's code (doclint_rules._common.source_facts's). Defined
here, not in those modules: see `COMPILED_MODULES` (doclint/util/build.py)
for why a compiled module defines no named tuple."""

from __future__ import annotations

import posixpath
import re
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from . import CountRanges, SourceFacts


class Places(NamedTuple):
    """The words of one text, by where they occur. A word may be in several."""

    code: frozenset[str]
    strings: frozenset[str]
    """Words of string literals that are not sentences (a key, a path, a name)."""
    prose: frozenset[str]
    """Words of comments, docstrings, sentences and a page's running text."""
    off: frozenset[str] = frozenset()
    """Words of `code` found only where the code switches a thing off or
    removes it (`USE_CUDA=0`, `rm -rf /usr/local/cuda*`): they name it, but
    the text does not use it."""
    syntax: frozenset[str] = frozenset()
    """Words the text writes as words of its language where its grammar takes
    one of the language's own (Metal's attribute names,
    `[[thread_position_in_grid]]`), and nowhere in code or string literals:
    no name of the text."""

    @property
    def used(self) -> frozenset[str]:
        """The words of code outside what the code switches off or removes."""
        return self.code - self.off if self.off else self.code

    def has(self, word: str) -> bool:
        """Whether `word` occurs in the text, wherever it stands."""
        return (
            word in self.code or word in self.strings or word in self.prose or word in self.syntax
        )

    def only_in_prose(self, word: str) -> bool:
        """Whether `word` occurs in the text, but only in prose."""
        return word in self.prose and word not in self.code and word not in self.strings


class PythonFacts(NamedTuple):
    """Names a module really defines or imports, as `ast` sees them."""

    classes: frozenset[str]
    functions: frozenset[str]
    # Every `class` and every `def`/`async def` statement, nested ones included.
    class_count: int
    function_count: int
    # `import a.b` gives "a.b"; `from ..pkg import x` gives "..pkg"; `from . import x` gives ".".
    modules: frozenset[str]
    # The names `from m import x, y as z` takes from a module: "x", "y".
    imported_names: frozenset[str]
    # A Python text is read whole or not at all: no line is unsure.
    unsure: tuple[tuple[int, int], ...] = ()

    def is_unsure(self, line: int) -> bool:
        return False

    def count_ranges(self, text: str) -> CountRanges:
        """The statements counted exactly, as `ast` finds them."""
        from . import CountRanges  # the package imports this module

        classes, functions = self.class_count, self.function_count
        return CountRanges((classes, classes), (functions, functions), "defines {}")

    @classmethod
    def collect(
        cls, classes: list[str], functions: list[str], modules: set[str], names: set[str]
    ) -> PythonFacts:
        """The facts of every class and function statement met, in any order."""
        return cls(
            frozenset(classes),
            frozenset(functions),
            len(classes),
            len(functions),
            frozenset(modules),
            frozenset(names),
        )


class PythonReading(NamedTuple):
    """A Python text split by one pass of the lexer's pattern, for both of
    its readers (doclint_rules._languages.python): the facts read the code, the places all of it."""

    code: list[str]
    """The text between comments and literals, in order (one more than those)."""
    noise: list[str]
    """The comments and string literals, as written, in order."""
    sure: bool
    """False when a template literal's field may hold its own quote: where it
    ends, and so the whole split, is then the parser's to say."""


class DocumentedSource(NamedTuple):
    """The text of the file a page documents, and what its parser found in it."""

    path: str
    text: str
    facts: SourceFacts | None
    """None for a text its reader cannot read (Python that neither the lexer
    nor `ast` can read)."""

    @property
    def filename(self) -> str:
        return posixpath.basename(self.path)

    def unsure_about(self, name: str) -> bool:
        """Whether `name` stands in code on a line the parser could not read
        (the C family's: a Python text is read whole or not at all). Comments
        do not count: nothing there is a fact anyway."""
        facts = self.facts
        if facts is None or not facts.unsure:
            return False
        from .._common.source_facts import cpp_code  # which imports this module

        code = cpp_code(self.text).uncommented
        pattern = re.compile(rf"(?<![\w/.]){re.escape(name)}(?![\w/])")
        # Lines counted on from the occurrence before, not from the start:
        # a name on every line of a big header must not cost a scan each.
        line, counted = 1, 0
        for match in pattern.finditer(code):
            line += code.count("\n", counted, match.start())
            counted = match.start()
            if facts.is_unsure(line):
                return True
        return False


class CppCode(NamedTuple):
    """A C/C++ text with its comments blanked (`uncommented`), also its
    literals (`code`), and also its template heads (`outside_templates`)
    (doclint_rules._common.source_facts's `cpp_code`). Blanks keep the newlines, so
    that lines stay where they were."""

    uncommented: str
    code: str
    outside_templates: str

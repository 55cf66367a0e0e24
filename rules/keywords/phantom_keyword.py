"""DL203 phantom-keyword: a keyword-index function, import or include that
the documented source does not define, import or include."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from doclint.rule_api import Cause, Finding, KeywordIndex, Rule, RuleContext, RuleDocs

from .._common.source_facts import DocumentedSource, documented_source, reserved_word
from .._languages import is_cpp, is_python

if TYPE_CHECKING:
    from .._languages._records import PythonFacts
    from .._languages.cpp import CppFacts

FUNCTION_CATEGORY = "Functions"
IMPORT_CATEGORY = "Imports"
INCLUDE_CATEGORY = "Includes"
CATEGORIES = (FUNCTION_CATEGORY, IMPORT_CATEGORY, INCLUDE_CATEGORY)


class PhantomKeyword(Rule[KeywordIndex]):
    code = "DL203"
    name = "phantom-keyword"
    summary = "Function, import or include entry that the source does not define or have."
    docs = RuleDocs(
        what="""Flags an entry of a keyword index's `Functions`, `Imports` (Python) or
        `Includes` (C/C++) list that the documented source does not define,
        import or include.""",
        why=r"""The generator finds Python functions with the regex
        `def\s+(\w+)` and imports with `^\s*(?:from|import)\s+([\w.]+)`
        (plus the first name after `from m import`); in C and C++ it takes the
        word between another word and a `(...)` followed by `{`
        (`\w+\s+(\w+)\s*\([^)]*\)\s*(?:const)?\s*\{`) and every
        `#include <...>`. All of them also match inside comments, docstrings and
        strings, and the C++ one matches statements and macros: a docstring line
        "from the given tensor" lists `the` as an import, `else if (x) {` lists
        `if` as a function, and a comment "they should #include <X.h>" lists
        an include. Readers and search tools then look for names that are not
        there.

        A function named by a keyword of the documented file's language (`if`,
        `for`, `constexpr`) is flagged whether or not the source is available,
        unless the source declares it (an Objective-C method may be `class`).
        Everything else is judged only when the source is (the file itself, or
        the copy embedded in its `X_docs.md`) and is Python (3, or 2) or of the
        C family (C/C++/CUDA, Objective-C/C++, Metal). Python: a function counts
        as defined when the source has a `def` or `async def` of that name
        anywhere in the file; an import counts when it is a module of an
        `import` (dotted, `import a.b` gives `a.b`), the module of a `from`
        import (with its leading dots, `from ..x import y` gives `..x`) or a
        name a `from` import takes. The C family (as tree-sitter reads it): a
        function counts when it is declared or defined at namespace or class
        scope (an Objective-C method by its selector, `load:with:`, or its
        first piece, `load`), except a class's own name, which only a
        constructor has (it is no function of its own); an include counts when
        an `#include` or `#import` directive names it as written, whichever
        `#if` branch holds it. A name standing on a line the parser could not
        read is left alone. Classes are left to keyword-as-class (DL201).""",
        example="""```markdown
        ### Imports

        - **`os`**: [util.py_docs.md](./util.py_docs.md)
        - **`the`**: [util.py_docs.md](./util.py_docs.md)
        ```

        ```markdown
        ### Functions

        - **`for`**: [TensorInfo.cuh_docs.md](./TensorInfo.cuh_docs.md)
        - **`getTensorInfo`**: [TensorInfo.cuh_docs.md](./TensorInfo.cuh_docs.md)
        ```""",
        use_instead="""```markdown
        ### Imports

        - **`os`**: [util.py_docs.md](./util.py_docs.md)
        ```

        ```markdown
        ### Functions

        - **`getTensorInfo`**: [TensorInfo.cuh_docs.md](./TensorInfo.cuh_docs.md)
        ```""",
    )
    PYTHON_KEYWORD = Cause("phantom-keyword/python-keyword", "Python keyword listed as a function")
    CPP_KEYWORD = Cause("phantom-keyword/cpp-keyword", "C++ keyword listed as a function")
    CUDA_KEYWORD = Cause("phantom-keyword/cuda-keyword", "CUDA keyword listed as a function")
    CONSTRUCTOR = Cause("phantom-keyword/constructor", "Constructor listed as a function")
    FUNCTION_NOT_DEFINED = Cause(
        "phantom-keyword/function-not-defined", "Function the source does not define"
    )
    IMPORT_NOT_IMPORTED = Cause(
        "phantom-keyword/import-not-imported", "Import the source does not import"
    )
    INCLUDE_NOT_INCLUDED = Cause(
        "phantom-keyword/include-not-included", "Include the source does not include"
    )
    causes = (
        PYTHON_KEYWORD,
        CPP_KEYWORD,
        CUDA_KEYWORD,
        CONSTRUCTOR,
        FUNCTION_NOT_DEFINED,
        IMPORT_NOT_IMPORTED,
        INCLUDE_NOT_INCLUDED,
    )

    def check(self, page: KeywordIndex, ctx: RuleContext) -> Iterator[Finding]:
        categories = [c for c in page.categories if c.heading in CATEGORIES]
        if not categories:
            return
        source = documented_source(page, ctx)
        for category in categories:
            for entry in category.entries:
                problem = _phantom(category.heading, entry.name, page.described, source)
                if problem:
                    message, cause = problem
                    yield Finding(entry.line, entry.column, message, cause=cause)


Problem = tuple[str, Cause]
"""A finding's message and cause."""


def _phantom(
    heading: str, name: str, described: str | None, source: DocumentedSource | None
) -> Problem | None:
    facts = source.facts if source is not None else None
    reserved = reserved_word(name, described, soft=False) if heading == FUNCTION_CATEGORY else None
    # A function the source declares is one, whatever the keyword lists say:
    # an Objective-C selector may be a C++ keyword (`- (Class)class`).
    if reserved and (facts is None or name not in facts.functions):
        return f"`{name}` is {reserved}, not a function", _KEYWORD_CAUSES[reserved]
    if source is None or facts is None:
        return None
    if is_python(facts):
        return _python_phantom(heading, name, facts, source.filename)
    # Another language's reader (Go's, Rust's) lists no declarations or
    # includes to judge a name by.
    if not is_cpp(facts) or source.unsure_about(name):
        return None
    return _cpp_phantom(heading, name, facts, source.filename)


def _python_phantom(heading: str, name: str, facts: PythonFacts, filename: str) -> Problem | None:
    rule = PhantomKeyword
    if heading == FUNCTION_CATEGORY:
        if name in facts.functions:
            return None
        message = f"`{name}` is listed as a function but is not defined in `{filename}`"
        return message, rule.FUNCTION_NOT_DEFINED
    if heading != IMPORT_CATEGORY or name in facts.modules or name in facts.imported_names:
        return None
    message = (
        f"`{name}` is listed as an import but is not a module or name imported by `{filename}`"
    )
    return message, rule.IMPORT_NOT_IMPORTED


def _cpp_phantom(heading: str, name: str, facts: CppFacts, filename: str) -> Problem | None:
    rule = PhantomKeyword
    if heading == FUNCTION_CATEGORY:
        if name in facts.classes or name in facts.declared_types:
            message = f"`{name}` is a class of `{filename}` (its constructor), not a function"
            return message, rule.CONSTRUCTOR
        if name in facts.functions:
            return None
        message = f"`{name}` is listed as a function but is not declared in `{filename}`"
        return message, rule.FUNCTION_NOT_DEFINED
    if heading != INCLUDE_CATEGORY or name in facts.include_paths:
        return None
    message = f"`{name}` is listed as an include but `{filename}` has no `#include` of it"
    return message, rule.INCLUDE_NOT_INCLUDED


_KEYWORD_CAUSES = {
    "a Python keyword": PhantomKeyword.PYTHON_KEYWORD,
    "a C++ keyword": PhantomKeyword.CPP_KEYWORD,
    "a CUDA keyword": PhantomKeyword.CUDA_KEYWORD,
}
"""The cause of each answer of `reserved_word`."""

"""DL201 keyword-as-class: a class entry of a keyword index or a C/C++ file
documentation that cannot be a class."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Protocol

from doclint.rule_api import (
    Cause,
    FileDocs,
    Finding,
    FixSafety,
    KeywordIndex,
    Rule,
    RuleContext,
    RuleDocs,
)

from .._common.fixing import remove_keyword_entry
from .._common.source_facts import (
    DocumentedSource,
    class_after_macro,
    documented_source,
    is_template_parameter,
    names_a_type_in_code,
    reserved_word,
)
from .._languages import is_cpp

# The class lists of the templates: Python's "### Classs" (and the spellings
# it is fixed to), C/C++'s "### Class/Structs".
CLASS_HEADINGS = frozenset({"Classs", "Classes", "Class", "Class/Structs"})

# Words that follow "class" in prose and comments ("this class requires ...",
# "a class that ..."), which the generator's `class (\w+)` regex captured.
# Kept small on purpose: real classes can be lowercase, so only words that
# are never class names in practice are listed.
PROSE_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
        "it",
        "its",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "has",
        "have",
        "had",
        "and",
        "or",
        "but",
        "not",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "from",
        "as",
        "into",
        "than",
        "then",
        "so",
        "if",
        "when",
        "while",
        "which",
        "who",
        "whose",
        "what",
        "where",
        "can",
        "could",
        "may",
        "might",
        "must",
        "shall",
        "should",
        "will",
        "would",
        "does",
        "do",
        "did",
        "also",
        "only",
        "just",
        "itself",
        "instead",
        "requires",
        "require",
        "provides",
        "implements",
        "inherits",
        "defines",
        "represents",
        "wraps",
        "uses",
        "tests",
        "test",
        "updates",
        "update",
        "handles",
        "creates",
        "returns",
        "calls",
        "overrides",
        "method",
        "methods",
        "attribute",
        "attributes",
        "instance",
        "instances",
        "variable",
        "variables",
        "level",
        "name",
        "names",
        "metadata",
        "hierarchy",
        "definition",
        "definitions",
        "body",
        "docstring",
    ]
)


class _Listed(Protocol):
    """A listed name: a keyword index entry or a name of a summary line
    (named tuples, so read-only)."""

    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def name(self) -> str: ...


class KeywordAsClass(Rule[KeywordIndex | FileDocs]):
    code = "DL201"
    name = "keyword-as-class"
    summary = (
        "Class entry that is not a class (a keyword, a prose word, an export macro,"
        " or not in the source)."
    )
    docs = RuleDocs(
        what="""Flags a class entry that cannot be a class: in the class list of a
        keyword index (`### Classs`, `### Class/Structs`) or on the
        `**Classes/Structs**:` line of a C/C++ file documentation and the
        `**Classes defined**:` line of a Python one (a class of a docstring's
        `>>> class Net:` example is not the file's).""",
        why=r"""The generator collects class names with a naive
        `class (\w+)` regex that also matches inside comments, strings and prose,
        so words like `def`, `is` or `requires` end up listed as classes. In C and
        C++ (`(?:class|struct)\s+(\w+)`) it also takes an export
        macro (`class TORCH_API CUDAHooks` gives `TORCH_API`) and the parameter of
        `template <class T>`. Readers and search tools then look for classes that
        do not exist.

        When the documented source is available (the file itself, or the copy
        embedded in its `X_docs.md`) and is Python or of the C family (C/C++/CUDA,
        Objective-C/C++, Metal), every listed name that it does not define is
        flagged: for Python a `class` statement, as `ast` finds it; for the C
        family a class, struct, union or enum as tree-sitter reads it (and an
        Objective-C `@interface`, `@implementation`, `@protocol` or category),
        with export macros and template parameters named as such (also those
        of a macro that writes a template head, CCCL's `_CCCL_TEMPLATE(class
        _Tp)`). A name the
        code itself writes after `class`, `struct`, `union` or `enum` names a
        real type, defined here or in a header, and is left alone (a forward
        declaration `struct NVRTC;` or `@class Foo;`, a use `struct _inittab
        table[]`), as is one standing on a line the parser could not read.
        Without a source only names that cannot be classes are flagged: a
        number (`class 3.5` in a comment gives `3`), the language's keywords
        (Python's and its soft keywords, or, for the C family, C++'s and
        CUDA's), and a short documented list of English words that follow
        "class" in prose.""",
        example="""```markdown
        ### Classs

        - **`TestDTensorCompile`**: [test_dtensor_compile.py_docs.md](./test_dtensor_compile.py_docs.md)
        - **`def`**: [test_dtensor_compile.py_docs.md](./test_dtensor_compile.py_docs.md)
        ```

        and, for `class TORCH_API CUDAHooks { ... };`:

        ```markdown
        ### Class/Structs

        - **`CUDAHooks`**: [CUDAHooks.h_docs.md](./CUDAHooks.h_docs.md)
        - **`TORCH_API`**: [CUDAHooks.h_docs.md](./CUDAHooks.h_docs.md)
        ```""",  # noqa: E501
        use_instead="""```markdown
        ### Classes

        - **`TestDTensorCompile`**: [test_dtensor_compile.py_docs.md](./test_dtensor_compile.py_docs.md)
        ```

        ```markdown
        ### Class/Structs

        - **`CUDAHooks`**: [CUDAHooks.h_docs.md](./CUDAHooks.h_docs.md)
        ```

        **Fix** (safe or unsafe, per finding): a keyword index entry's line is
        removed. Safe when the documented source was read (it shows the name is no
        class of it); unsafe when the finding rests on the keyword or prose-word
        lists alone, since a source that is not Python 3 (or not Python) may have
        such a class after all. A list left empty keeps its heading: the fix
        touches one entry only. Names on a file documentation's
        `**Classes/Structs**:` or `**Classes defined**:` line are reported
        without a fix.""",  # noqa: E501
    )
    fix_safety = FixSafety.SAFE
    PYTHON_KEYWORD = Cause("keyword-as-class/python-keyword", "Python keyword listed as a class")
    CPP_KEYWORD = Cause("keyword-as-class/cpp-keyword", "C++ keyword listed as a class")
    CUDA_KEYWORD = Cause("keyword-as-class/cuda-keyword", "CUDA keyword listed as a class")
    PROSE_WORD = Cause("keyword-as-class/prose-word", "English word from prose listed as a class")
    EXPORT_MACRO = Cause("keyword-as-class/export-macro", "Export macro listed as a class")
    TEMPLATE_PARAMETER = Cause(
        "keyword-as-class/template-parameter", "Template parameter listed as a class"
    )
    NOT_DEFINED = Cause("keyword-as-class/not-defined", "Class the source does not define")
    NOT_A_NAME = Cause("keyword-as-class/not-a-name", "Number listed as a class")
    causes = (
        PYTHON_KEYWORD,
        CPP_KEYWORD,
        CUDA_KEYWORD,
        PROSE_WORD,
        EXPORT_MACRO,
        TEMPLATE_PARAMETER,
        NOT_DEFINED,
        NOT_A_NAME,
    )

    def check(self, page: KeywordIndex | FileDocs, ctx: RuleContext) -> Iterator[Finding]:
        if isinstance(page, FileDocs):
            # A "**Classes defined**" line a parser wrote is not judged.
            template = ctx.generators.template_named(page.template)
            if page.classes_defined and template is not None and template.guessed_summary_lines:
                judge = _Judge(page.described, documented_source(page, ctx))
                for listed in page.classes_defined:
                    yield from judge.findings(listed)
            return
        categories = [c for c in page.categories if c.heading in CLASS_HEADINGS]
        if not categories:
            return
        judge = _Judge(page.described, documented_source(page, ctx))
        # Only a parsed source proves a name is no class; the word lists guess.
        safety = FixSafety.SAFE if judge.defined is not None else FixSafety.UNSAFE
        for category in categories:
            for entry in category.entries:
                for finding in judge.findings(entry):
                    fix = remove_keyword_entry(ctx, entry, category.heading, safety)
                    yield finding._replace(fix=fix)


class _Judge:
    """Decides the class entries of one page against its source."""

    def __init__(self, described: str | None, source: DocumentedSource | None) -> None:
        self.described = described
        self.source = source
        facts = source.facts if source is not None else None
        self.defined: frozenset[str] | None = None
        self.export_macros: frozenset[str] = frozenset()
        if is_cpp(facts):
            self.defined = facts.classes | facts.declared_types
            self.export_macros = facts.export_macros
        elif facts is not None:
            self.defined = facts.classes

    def findings(self, entry: _Listed) -> Iterable[Finding]:
        reason = self.reason(entry.name)
        if reason:
            text, cause = reason
            yield Finding(entry.line, entry.column, f"`{entry.name}` {text}", cause=cause)

    def reason(self, name: str) -> tuple[str, Cause] | None:
        """Why `name` is no class of the page's source, and the cause; None if it may be one."""
        if self.defined is not None and name in self.defined:
            return None
        if name[:1].isdigit():  # "device class 3.5" in a comment gives `3`
            return "starts with a digit, so it names nothing", KeywordAsClass.NOT_A_NAME
        reserved = reserved_word(name, self.described)
        if reserved:
            return f"is {reserved}, not a class name", _KEYWORD_CAUSES[reserved]
        source = self.source
        rule = KeywordAsClass
        if self.defined is None or source is None:
            if name in PROSE_WORDS:
                return "is an English word caught from prose, not a class name", rule.PROSE_WORD
            return None
        if not is_cpp(source.facts):
            return f"is not a class defined in `{source.filename}`", rule.NOT_DEFINED
        named = class_after_macro(name, source.text)
        if named or name in self.export_macros:
            text = "is an export macro" + (f"; the class is `{named}`" if named else "")
            return text, rule.EXPORT_MACRO
        if names_a_type_in_code(name, source.text):
            return None
        if is_template_parameter(name, source.text):
            return "is a template parameter, not a class name", rule.TEMPLATE_PARAMETER
        if source.unsure_about(name):
            return None
        return f"is not a class defined in `{source.filename}`", rule.NOT_DEFINED


_KEYWORD_CAUSES = {
    "a Python keyword": KeywordAsClass.PYTHON_KEYWORD,
    "a C++ keyword": KeywordAsClass.CPP_KEYWORD,
    "a CUDA keyword": KeywordAsClass.CUDA_KEYWORD,
}
"""The cause of each answer of `reserved_word`."""

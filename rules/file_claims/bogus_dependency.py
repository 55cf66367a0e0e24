"""DL305 bogus-dependency: an "Import Dependencies" entry that is not an import
of the documented file."""

from __future__ import annotations

import keyword
import posixpath
from collections.abc import Iterator
from typing import TYPE_CHECKING

from doclint.rule_api import Cause, DependencyEntry, FileDocs, Finding, Rule, RuleContext, RuleDocs

from .._common.source_facts import page_source_text
from .._languages import is_cpp, is_python, language_named

if TYPE_CHECKING:
    from .._languages._records import PythonFacts
    from .._languages.cpp import CppFacts

# A name list the generator cut at a line continuation (`from m import a, \`).
CONTINUATION = "\\"


class BogusDependency(Rule[FileDocs]):
    code = "DL305"
    name = "bogus-dependency"
    summary = "Import or include entry that the documented source does not have."
    docs = RuleDocs(
        what="""Flags an entry of a file documentation's "Import Dependencies" list that
        is not an import of the documented file, such as `which may` or `the`.""",
        why=r"""The generator reads imports line by line with a regex
        that also matches docstrings, comments and strings: a docstring line
        "import which may fail" becomes a dependency `which may fail`, and
        "import a; import b" becomes one dependency `a; import b`. The list then
        misleads readers and any tool that builds a dependency graph from it.

        When the page's source is available (the copy embedded in its
        "Original Source" section, or else the documented file of the tree), the
        entry's module (without " as alias") must be one the source imports, as
        `ast` sees it (Python 2 sources are read the same way): the dotted name of
        an `import`, or the module of a `from` import with its leading dots.
        Without a source only the syntax
        is checked: the module must be a dotted Python name (leading dots allowed)
        and each imported name an identifier, `*` or `name as alias` (a trailing
        `\` of a name list cut at a line continuation is tolerated).

        On a page of a C, C++ or CUDA source, "This file includes:" lists
        includes as written: each must be the path of an `#include` directive
        of the source, in any `#if` branch, as tree-sitter reads it; the
        generator also took paths from comments ("they should #include <...>").
        An entry named on a directive line the parser could not read is left
        alone, and so is a page without its source. Pages of the other templates
        list no dependencies and are not judged.""",
        example="""```markdown
        ### Import Dependencies

        This file imports:

        - `os`
        - `which may fail`
        ```""",
        use_instead="""```markdown
        ### Import Dependencies

        This file imports:

        - `os`
        ```""",
    )
    NOT_IMPORTED = Cause("bogus-dependency/not-imported", "Module the source does not import")
    NOT_A_MODULE = Cause("bogus-dependency/not-a-module", "Dependency that is no module name")
    NOT_IMPORTABLE = Cause(
        "bogus-dependency/not-importable", "Name that cannot be imported from its module"
    )
    NOT_INCLUDED = Cause("bogus-dependency/not-included", "Header the source does not include")
    ONLY_MENTIONED = Cause(
        "bogus-dependency/only-mentioned", "Header only named in a comment or string"
    )
    causes = (NOT_IMPORTED, NOT_A_MODULE, NOT_IMPORTABLE, NOT_INCLUDED, ONLY_MENTIONED)

    def check(self, page: FileDocs, ctx: RuleContext) -> Iterator[Finding]:
        template = ctx.generators.template_named(page.template)
        if not page.dependencies or template is None or template.dependencies is None:
            return
        filename = posixpath.basename(page.described or "") or "the documented file"
        text = page_source_text(page, ctx, whole=False)
        language = language_named(template.proven_by)
        read = language.facts if language is not None else None
        facts = read(text) if read is not None and text is not None else None
        if template.dependencies == "imports":
            # Without the source's imports, the entries' syntax is still judged.
            imports = facts if is_python(facts) else None
            yield from _findings(page, ctx, filename, imports)
        elif text is not None:
            includes = facts if is_cpp(facts) else None
            yield from _include_findings(page, ctx, filename, text, includes)


def _findings(
    page: FileDocs, ctx: RuleContext, filename: str, facts: PythonFacts | None
) -> Iterator[Finding]:
    for entry in page.dependencies:
        problem = _problem(entry, facts, filename)
        if problem:
            message, cause = problem
            yield Finding(entry.line, _module_column(entry, ctx), message, cause=cause)


def _include_findings(
    page: FileDocs, ctx: RuleContext, filename: str, text: str, facts: CppFacts | None
) -> Iterator[Finding]:
    """An include entry must be a path an `#include` directive of the source
    names, in any `#if` branch; the generator also took paths from comments."""
    if facts is None:
        return
    for entry in page.dependencies:
        if entry.module in facts.include_paths or _unsure_mention(entry.module, text, facts):
            continue
        problem = f"`{filename}` has no `#include` of `{entry.module}`"
        cause = BogusDependency.NOT_INCLUDED
        if entry.module in text:
            problem += "; it is only named in a comment or string"
            cause = BogusDependency.ONLY_MENTIONED
        yield Finding(entry.line, _module_column(entry, ctx), problem, cause=cause)


def _unsure_mention(include: str, text: str, facts: CppFacts) -> bool:
    """Whether a directive line the parser could not read names the path
    (after a macro it could not place, an `#include` may be read as part of
    an error)."""
    return any(
        include in line and line.lstrip().startswith("#") and facts.is_unsure(number)
        for number, line in enumerate(text.split("\n"), 1)
    )


def _problem(
    entry: DependencyEntry, facts: PythonFacts | None, filename: str
) -> tuple[str, Cause] | None:
    """What is wrong with a dependency entry, and the cause; None if nothing."""
    rule = BogusDependency
    module = _module(entry)
    if facts is not None:
        if module in facts.modules:
            return None
        return f"`{entry.module}` is not a module that `{filename}` imports", rule.NOT_IMPORTED
    if not _is_module_path(module):
        return f"`{entry.module}` is not a Python module name", rule.NOT_A_MODULE
    bad = [name for name in entry.names if not _is_imported_name(name)]
    if not bad:
        return None
    return f"`{bad[0]}` is not a name that can be imported from `{module}`", rule.NOT_IMPORTABLE


def _module_column(entry: DependencyEntry, ctx: RuleContext) -> int:
    """The column of the module inside its backticks, when the line is at hand."""
    if entry.line <= len(ctx.lines):
        tick = ctx.lines[entry.line - 1].find("`")
        if tick >= 0:
            return tick + 2
    return entry.column


def _module(entry: DependencyEntry) -> str:
    return entry.module.split(" as ")[0].strip()


def _is_identifier(word: str) -> bool:
    return word.isidentifier() and not keyword.iskeyword(word)


def _is_module_path(module: str) -> bool:
    dotted = module.lstrip(".")
    if not dotted:
        return bool(module)
    return all(_is_identifier(part) for part in dotted.split("."))


def _is_imported_name(name: str) -> bool:
    if name in ("*", CONTINUATION):
        return True
    original, _, alias = name.partition(" as ")
    return _is_identifier(original.strip()) and (not alias or _is_identifier(alias.strip()))

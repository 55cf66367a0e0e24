"""DL205 declared-only: a class a C/C++ file only declares, listed as its class."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from typing import TYPE_CHECKING

from doclint.rule_api import (
    Cause,
    FileDocs,
    Finding,
    KeywordIndex,
    Rule,
    RuleContext,
    RuleDocs,
    Severity,
)

from .._common.source_facts import documented_source
from .._languages import is_cpp

if TYPE_CHECKING:
    from doclint.rule_api import KeywordEntry
    from doclint.rule_api_generators import NameEntry

DECLARED_ONLY = Cause("declared-only/forward-declaration", "Class declared here, defined elsewhere")
CLASS_CATEGORIES = frozenset({"Classs", "Classes", "Class", "Class/Structs"})


class DeclaredOnly(Rule[KeywordIndex | FileDocs]):
    code = "DL205"
    name = "declared-only"
    summary = "Class listed for a C/C++ file that only declares it (defined elsewhere)."
    docs = RuleDocs(
        what="""Flags a class or struct listed as one of a C-family file's classes
        (C/C++/CUDA, Objective-C/C++, Metal: `### Class/Structs` of its keyword
        index, or the `**Classes/Structs**:` line of its file documentation)
        when the file only declares it (`class Foo;`, a parameter's `struct
        Bar*`, Objective-C's `@class Foo;`) and defines it nowhere.""",
        why="""A reader looking for where `Foo` is defined follows
        the page to a file that only names it: the definition is elsewhere. The
        generator lists every `class X` it sees, forward declarations included;
        the entry is not false (the name is declared there), so this is a
        warning, not an error: the page should say "declared" or leave it out.""",
        example="""for a header holding `class Allocator;` and
        `struct CUDAHooks : public CUDAHooksInterface { ... };`

        ```markdown
        **Classes/Structs**: `Allocator`, `CUDAHooks`
        ```""",
        use_instead="""list what the file defines:

        ```markdown
        **Classes/Structs**: `CUDAHooks`
        ```""",
    )
    severity = Severity.WARNING
    causes = (DECLARED_ONLY,)

    def check(self, page: KeywordIndex | FileDocs, ctx: RuleContext) -> Iterator[Finding]:
        if isinstance(page, FileDocs):
            entries: list[NameEntry | KeywordEntry] = list(page.classes_defined)
        else:
            entries = [
                entry
                for category in page.categories
                if category.heading in CLASS_CATEGORIES
                for entry in category.entries
            ]
        if not entries:
            return
        source = documented_source(page, ctx)
        facts = source.facts if source is not None else None
        if not is_cpp(facts):
            return
        only_declared = facts.declared_types - facts.classes
        filename = posixpath.basename(page.described or "") or "the documented file"
        for entry in entries:
            if entry.name in only_declared:
                yield Finding(
                    entry.line,
                    entry.column,
                    f"`{entry.name}` is only declared in `{filename}`, not defined there:"
                    " its definition is elsewhere",
                    cause=DECLARED_ONLY,
                )

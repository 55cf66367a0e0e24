"""What a C, C++ or CUDA text defines, declares and includes, as tree-sitter's
C++ grammar reads it.

The C++ counterpart of `_languages.python`, for the rules that judge a page
against its source. A real parser, not the generator's regular expressions:
comments and string literals are never read as code, `else if (x) {` is a
statement inside a body and not a function, and `#include` lines are
directives only where the preprocessor would see them.

The grammar knows neither the export macros of a project nor CUDA. It reads
`class TORCH_API Foo { };` as a class named `TORCH_API` (with or without an
error node), `__global__ void k()` with `void` in an error node, a launch
`k<<<grid, block>>>(x)` as shifts and a template with a missing name, and a
header full of macros (`CUB_NAMESPACE_BEGIN`) as one flat error node. Each
reading is recognised in the tree, the offending words blanked (spaces of
the same length, so lines and columns stay put) and the text parsed again:
`Foo` is the class, `TORCH_API` one of the `export_macros`. Error nodes that
remain are reported as `unsure` line ranges; a rule should keep quiet about
a name those lines could hold. Both branches of an `#if`/`#else` are read:
a name defined in either counts (where each branch opens a definition of
its own, the grammar sees an error and those lines are unsure).

The walk is the C family's, not only C++'s: a `Dialect` names the grammar,
what it has beyond C for a module of its own to record (Objective-C's
`@interface`), and whether definitions inside error nodes count; `merge`
joins what several readings of one text found (`_languages.metal` reads a
shader as written and without its address spaces).

Sources are memoised as in `_languages.python`: keyed on a digest of the text
without trailing whitespace, so the file and its embedded copy share a
reading, and the cache holds only the facts.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from hashlib import blake2b
from itertools import accumulate

import tree_sitter
import tree_sitter_cpp

from doclint.rule_api import LANGUAGES, compiled_on_use
from doclint.rule_api_generators import LatestDict

from . import UNBOUNDED, CountRanges, Definition, Language, PlaceCollector, Places
from ._cpp_counts import (
    DefinitionCounts,
    count_definition,
    count_function,
    count_macro,
    count_type,
)
from ._cpp_repairs import find_errors, macro_like, qualifier_macros, tokens
from ._grammar import Grammar, grammar_facts

CPP_SUFFIXES = LANGUAGES["C/C++"].suffixes
CACHE_SIZE = 16384
# Past this share of unreadable lines, a source's definition counts are guesses.
MAX_UNREAD_SHARE = 0.25
# The generator's convention (docs/page-kinds.md), and the range it gives.
_COUNT_RANGES = (
    " (counted as the generator counts: class and struct definitions, and functions"
    " defined or declared, a declaration without a body too; from those outside `#else`"
    " branches, less constructors and destructors and a tenth, up to every definition,"
    " declaration and macro)"
)
# "Approximately": a count short of the convention's by at most its
# 1/SHORT_BY, rounded down, is near enough (the generator's pattern misses a
# name after `*`, `&`, `>` or `::`: 41 of `CUDAHooks.h`'s 44).
SHORT_BY = 10
# Repairs feed on each other at most this often (a macro hiding another);
# past it the remaining errors are reported as unsure.
MAX_PASSES = 3

# fmt: off
# Nodes whose children are declarations: the scopes where a class or a
# function is defined or declared. Bodies of functions are never entered; an
# error node is, since the repairs it needs are often inside (a macro before
# a constructor can turn a namespace into one), and what it could not place
# is reported as unsure (`_cpp_repairs.find_errors`). A label is entered
# too: inside an error, ` public:` reads as one, holding the member after it.
_SCOPES = frozenset({
    "ERROR", "translation_unit", "declaration_list", "field_declaration_list",
    "template_declaration", "linkage_specification", "preproc_if", "preproc_ifdef",
    "preproc_else", "preproc_elif", "preproc_elifdef", "friend_declaration",
    "labeled_statement",
})
_DECLARATIONS = frozenset({
    "declaration", "field_declaration", "type_definition", "function_definition"})
_TYPES = frozenset({"class_specifier", "struct_specifier", "union_specifier", "enum_specifier"})
# The nodes whose children the walk of definitions reads (not a function's body).
_WALKED = _SCOPES | _TYPES | {"namespace_definition"}
# The nodes it reads whole where they stand in a scope; anything else an
# error holds (a body cut from its head, a stray expression, an `#include`
# the grammar recovering from an error read as an unknown directive) is unread.
_READ = _WALKED | _DECLARATIONS | {
    "preproc_include", "preproc_def", "preproc_function_def",
    "expression_statement", "alias_declaration", "using_declaration",
    "static_assert_declaration", "concept_definition", "namespace_alias_definition",
}
# What may name a class in its head, and what else may stand between the
# name and the `{` of its body.
_CLASS_NAMES = frozenset({"type_identifier", "qualified_identifier", "template_type"})
_HEAD_PARTS = frozenset({
    "base_class_clause", "virtual_specifier", "attribute_declaration", "ms_declspec_modifier",
    "alignas_qualifier"})
# Declarators that wrap the one naming the function (`T* f()`, `T& f()`).
_WRAPPERS = frozenset({
    "pointer_declarator", "reference_declarator", "attributed_declarator", "init_declarator"})
# First tokens of a parameter that no argument value starts with.
_TYPE_STARTS = frozenset({"primitive_type", "const", "volatile", "unsigned", "signed"})
_QUALIFIED = frozenset({"qualified_identifier", "template_type", "template_function"})
# Words no function can be named: what a misread statement would offer.
_KEYWORDS = frozenset({
    "if", "else", "for", "while", "do", "switch", "case", "return", "goto", "break", "continue",
    "try", "catch", "throw", "constexpr", "consteval", "constinit", "static_assert", "sizeof",
    "alignof", "decltype", "typeid", "new", "delete", "co_await", "co_return", "co_yield",
    "requires",
})
# fmt: on


@dataclass(frozen=True, slots=True)
class CppFacts:
    """Names a C/C++/CUDA text really defines, declares or includes."""

    # class/struct/union/enum (and `enum class`) names defined with a body.
    classes: frozenset[str]
    # Names only declared, never defined here: `class Foo;`, a typedef's or a
    # parameter's `struct B`, an explicit specialisation `class complex<float>;`.
    declared_types: frozenset[str]
    # Functions defined or declared at namespace or class scope: a member
    # definition `A::f` gives "f", a constructor "A", a destructor "~A",
    # an operator "operator==".
    functions: frozenset[str]
    # Those of `functions` that have a body somewhere in the text.
    function_definitions: frozenset[str]
    # Every `#include` path as written, without <> or "", with its line, in order.
    includes: tuple[tuple[str, int], ...]
    # Named namespaces; `namespace at::cuda` gives "at" and "cuda".
    namespaces: frozenset[str]
    # Names `#define`d.
    macros: frozenset[str]
    # Words found between `class`/`struct` and the class name (`TORCH_API`).
    export_macros: frozenset[str]
    # Line ranges (1-based, inclusive) the parser could not read even after
    # the repairs: a fact about those lines is uncertain. Sorted and disjoint
    # (`disjoint_ranges`).
    unsure: tuple[tuple[int, int], ...]
    counts: DefinitionCounts

    @property
    def include_paths(self) -> frozenset[str]:
        return frozenset(path for path, _ in self.includes)

    def is_unsure(self, line: int) -> bool:
        # One search of the sorted ranges: a header the grammar misreads in
        # many places has hundreds, and a rule asks once per occurrence of a name.
        index = bisect.bisect_right(self.unsure, line, key=_first) - 1
        return index >= 0 and line <= self.unsure[index][1]

    @property
    def unsure_lines(self) -> int:
        """How many lines are unsure."""
        return sum(last - first + 1 for first, last in self.unsure)

    def count_ranges(self, text: str) -> CountRanges | None:
        """The generator says "approximately" and counts a function declared
        without a body as one (its convention, found on real pages): a count
        by that convention lies from the class definitions and the functions
        defined or declared outside `#else` branches (leaving out those with
        no return type, constructors and destructors), less a tenth (rounded
        down), up to every definition, declaration and macro that may make
        one. None when the parser could not read so much of `text` that its
        counts are guesses."""
        if self.unsure_lines > (text.count("\n") + 1) * MAX_UNREAD_SHARE:
            return None
        counts = self.counts
        functions = counts.first_functions + counts.first_declarations - counts.first_untyped
        functions_up_to = counts.functions + counts.declarations + counts.scope_calls
        return CountRanges(
            (
                _approximately(counts.first_classes),
                counts.classes + counts.other_types + counts.macro_classes,
            ),
            (
                _approximately(functions),
                UNBOUNDED if counts.macro_bodies else functions_up_to + counts.function_macros,
            ),
            "has {}" + _COUNT_RANGES,
        )


def _approximately(count: int) -> int:
    """The least count near enough to `count`."""
    return count - count // SHORT_BY


@dataclass(frozen=True, slots=True)
class Dialect:
    """A grammar of the C family, and how `_read` walks its tree."""

    name: str
    language: Callable[[], object]
    """The grammar package's `language` function."""
    types: frozenset[str]
    """Its class-like specifiers (`class_specifier` is C++'s only)."""
    visit: Callable[[Reading, tree_sitter.Node], list[tree_sitter.Node]] | None = None
    """Records a node of the dialect's own (`@interface`) and returns the
    scopes it holds; called for the nodes the C++ walk does not know."""
    enter_errors: bool = True
    """Whether definitions are read inside error nodes. C++ enters them (the
    repairs an error needs are often inside); a grammar reading a text of
    two languages does not: its errors hold the other language's code. Nor
    does it trust a body holding an error: the grammar may have taken the
    definitions after it into it (a lambda whose body is Objective-C made
    the next member function part of the one holding the lambda), so the
    lines of a function definition whose body has an error are unsure."""


@dataclass(slots=True)
class Reading:
    """What one pass over a tree collects, and the blanks it asks for."""

    code: bytes
    classes: set[str] = field(default_factory=set)
    declared_types: set[str] = field(default_factory=set)
    functions: set[str] = field(default_factory=set)
    function_definitions: set[str] = field(default_factory=set)
    includes: list[tuple[str, int]] = field(default_factory=list)
    namespaces: set[str] = field(default_factory=set)
    macros: set[str] = field(default_factory=set)
    export_macros: set[str] = field(default_factory=set)
    unsure: list[tuple[int, int]] = field(default_factory=list)
    blanks: list[tuple[int, int]] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)

    def text(self, node: tree_sitter.Node) -> str:
        return self.code[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def facts(self, export_macros: set[str]) -> CppFacts:
        return CppFacts(
            frozenset(self.classes),
            frozenset(self.declared_types - self.classes - export_macros),
            frozenset(self.functions),
            frozenset(self.function_definitions),
            tuple(sorted(self.includes, key=lambda include: include[1])),
            frozenset(self.namespaces),
            frozenset(self.macros),
            frozenset(export_macros),
            # An error's range and the tokens inside it overlap.
            disjoint_ranges(self.unsure),
            DefinitionCounts(**self.counts),
        )


_CACHE: LatestDict[tuple[str, bytes], CppFacts] = LatestDict(CACHE_SIZE)
# A word blanked right after a class key, or after a macro blanked there
# (`struct _CCCL_TYPE_VISIBILITY_DEFAULT _LIBCUDACXX_DEPRECATED_IN_CXX11 f`),
# is a macro between the key and the class name.
_CLASS_KEY_BEFORE = compiled_on_use(rb"\b(?:class|struct|union)\s+\Z")
# A macro that writes a template head: CCCL's `_CCCL_TEMPLATE(class _Tp)` is
# `template <class _Tp>` (the grammar reads it as a call, its `class _Tp` as
# a declared type).
TEMPLATE_MACRO = r"\b[A-Z_][A-Z0-9_]*TEMPLATE"
_TEMPLATE_MACRO_CALL = compiled_on_use(rf"{TEMPLATE_MACRO}\s*\Z".encode())
CPP = Dialect("C++", tree_sitter_cpp.language, _TYPES)


def is_cpp_path(path: str | None) -> bool:
    return path is not None and path.lower().endswith(CPP_SUFFIXES)


def dialect_facts(text: str, dialect: Dialect, parsed: tree_sitter.Tree | None = None) -> CppFacts:
    """The facts of a text as `dialect` reads it (memoised). `parsed`, when
    the caller parsed the text already (stripped, with `parse`), serves as the
    first reading's tree, which the reading then edits."""
    stripped = text.rstrip()
    digest = blake2b(stripped.encode("utf-8", "surrogatepass"), digest_size=16).digest()
    return _CACHE.memo((dialect.name, digest), lambda: _read(stripped, dialect, parsed))


@lru_cache(maxsize=1)  # the rules ask in turn about one page's text
def cpp_facts(text: str) -> CppFacts:
    """The facts of a C/C++/CUDA text (memoised)."""
    return dialect_facts(text, CPP)


def merge(*readings: CppFacts) -> CppFacts:
    """What several readings of one text found together: a name any of them
    defines, declares or includes counts, and a line is unsure only where
    every reading was. The counts are those of the reading that was sure of
    most lines (one definition is not counted once per reading)."""
    classes = frozenset().union(*(facts.classes for facts in readings))
    export_macros = frozenset().union(*(facts.export_macros for facts in readings))
    declared = frozenset().union(*(facts.declared_types for facts in readings))
    lines = [_lines_in(facts.unsure) for facts in readings]
    unsure = set.intersection(*lines)
    surest = readings[min(range(len(readings)), key=lambda index: len(lines[index]))]
    includes = {include for facts in readings for include in facts.includes}
    return CppFacts(
        classes,
        declared - classes - export_macros,
        frozenset().union(*(facts.functions for facts in readings)),
        frozenset().union(*(facts.function_definitions for facts in readings)),
        tuple(sorted(includes, key=lambda include: (include[1], include[0]))),
        frozenset().union(*(facts.namespaces for facts in readings)),
        frozenset().union(*(facts.macros for facts in readings)),
        export_macros,
        _line_ranges(unsure),
        surest.counts,
    )


def _first(pair: tuple[int, int]) -> int:
    return pair[0]


def disjoint_ranges(ranges: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The lines of `ranges` (which may overlap) as sorted disjoint ranges."""
    return _line_ranges(_lines_in(ranges))


def _lines_in(ranges: Iterable[tuple[int, int]]) -> set[int]:
    return {line for first, last in ranges for line in range(first, last + 1)}


def _line_ranges(lines: set[int]) -> tuple[tuple[int, int], ...]:
    """Sorted lines as ranges of consecutive lines: {3, 4, 7} gives (3, 4), (7, 7)."""
    ranges: list[tuple[int, int]] = []
    for line in sorted(lines):
        if ranges and ranges[-1][1] == line - 1:
            ranges[-1] = (ranges[-1][0], line)
        else:
            ranges.append((line, line))
    return tuple(ranges)


# Built on first use: importing the rules must not cost a grammar load.
@cache
def _parser(dialect: Dialect) -> tree_sitter.Parser:
    return tree_sitter.Parser(_language(dialect))


def parse(code: bytes, dialect: Dialect) -> tree_sitter.Tree:
    """`code` parsed by the dialect's grammar, as `_read` first parses it."""
    return _parser(dialect).parse(code)


@cache
def _query(dialect: Dialect) -> tree_sitter.Query:
    kinds = " ".join(f"({kind} name: (_) @name !body)" for kind in sorted(dialect.types))
    return tree_sitter.Query(_language(dialect), f"[{kinds}]")


@cache
def _language(dialect: Dialect) -> tree_sitter.Language:
    return tree_sitter.Language(dialect.language())


def _read(text: str, dialect: Dialect, parsed: tree_sitter.Tree | None = None) -> CppFacts:
    code = bytearray(text.encode("utf-8", "surrogatepass"))
    # Blanks keep every newline, so line starts hold for every pass.
    line_starts = [0, *accumulate(len(line) + 1 for line in code.split(b"\n"))]
    export_macros: set[str] = set()
    tree = None
    for _ in range(MAX_PASSES):
        reading = Reading(bytes(code))
        if tree is None and parsed is not None:
            tree = parsed
        else:
            # Given the edited old tree, the parser reuses what the blanks left alone.
            parser = _parser(dialect)
            tree = parser.parse(reading.code, tree) if tree else parser.parse(reading.code)
        _visit_scope(reading, tree.root_node, dialect)
        _declared_types(reading, tree.root_node, dialect)
        if tree.root_node.has_error:
            walked = _WALKED if dialect.enter_errors else _WALKED - {"ERROR"}
            find_errors(reading, tree.root_node, walked, _READ)
        export_macros |= reading.export_macros
        if not reading.blanks:
            break
        for start, end in sorted(reading.blanks):
            word = code[start:end].decode("utf-8", "replace")
            if macro_like(word) and _CLASS_KEY_BEFORE.search(code, max(0, start - 80), start):
                export_macros.add(word)
            blank_bytes(code, start, end)
            first, last = _point(line_starts, start), _point(line_starts, end)
            tree.edit(start, end, end, first, last, last)
    return reading.facts(export_macros)


_SPACES = bytes(byte if byte == 10 else 32 for byte in range(256))
"""Every byte to a space, a newline to itself (bytes.translate's table)."""


def blank_bytes(code: bytearray, start: int, end: int) -> None:
    """Blank `code[start:end]` in place: spaces, newlines kept (lines and columns hold)."""
    code[start:end] = code[start:end].translate(_SPACES)


def _point(line_starts: list[int], offset: int) -> tuple[int, int]:
    row = bisect.bisect_right(line_starts, offset) - 1
    return row, offset - line_starts[row]


def _visit_scope(reading: Reading, scope: tree_sitter.Node, dialect: Dialect) -> None:
    """Every definition and declaration in `scope` and the scopes it holds."""
    stack = [scope]
    while stack:
        node = stack.pop()
        kind = node.type
        if kind in _SCOPES:
            if kind != "ERROR" or dialect.enter_errors:
                stack.extend(node.named_children)
            if kind == "ERROR" and dialect.enter_errors:
                _loose_class_heads(reading, node)
        elif kind == "namespace_definition":
            _namespace(reading, node)
            stack.extend(_fields(node, "body"))
        elif kind in _TYPES:
            stack.extend(_type(reading, node, declaration=None))
        elif kind in _DECLARATIONS:
            stack.extend(_declaration(reading, node))
            if not dialect.enter_errors:
                unsure_if_body_misread(reading, node)
        elif kind == "preproc_include":
            _include(reading, node)
        elif kind in ("preproc_def", "preproc_function_def"):
            _macro(reading, node)
        elif kind == "expression_statement" and _is_call(node):
            reading.counts["scope_calls"] += 1
        elif dialect.visit is not None:
            stack.extend(dialect.visit(reading, node))


def _loose_class_heads(reading: Reading, error: tree_sitter.Node) -> None:
    """Count the class definitions an error node holds as loose tokens: when
    the grammar cannot read a class's body (members a macro writes,
    `TORCH_ARG(betas_t, betas) = std::make_tuple(0.9, 0.999);`), the key,
    the name, the base clause and the `{` of `struct AdamOptions : public
    Base<AdamOptions> {`, on one line or several, are children of the
    error, and the members after them are read as the error's own."""
    children = error.children
    for index, key in enumerate(children):
        if key.type not in ("class", "struct", "union"):
            continue
        name = _head_name(children[index + 1 :])
        if name is None:
            continue
        reading.classes.add(_last_name(reading, name))
        if key.type == "union" or (index and children[index - 1].type == "enum"):
            reading.counts["other_types"] += 1
        else:
            count_definition(reading.counts, "classes", key)


def _head_name(after_key: list[tree_sitter.Node]) -> tree_sitter.Node | None:
    """The name of a class head (`Name final : public Base {`) that the
    tokens after its key make up to the `{`; None if they make none."""
    name = None
    for part in after_key:
        if part.type == "{":
            return name
        if part.type in _CLASS_NAMES and name is None:
            name = part
        elif part.type not in _HEAD_PARTS:
            return None
    return None


def _is_call(statement: tree_sitter.Node) -> bool:
    return any(child.type == "call_expression" for child in statement.named_children[:1])


def _macro(reading: Reading, node: tree_sitter.Node) -> None:
    reading.macros.update(map(reading.text, _fields(node, "name")))
    bodies = _fields(node, "value")
    count_macro(reading.counts, node, reading.text(bodies[0]) if bodies else None)


def _fields(node: tree_sitter.Node, name: str) -> list[tree_sitter.Node]:
    child = node.child_by_field_name(name)
    return [] if child is None else [child]


def _namespace(reading: Reading, node: tree_sitter.Node) -> None:
    for name in _fields(node, "name"):  # `a::b` is a nested namespace specifier
        parts = (part.strip() for part in reading.text(name).split("::"))
        reading.namespaces.update(part for part in parts if part)


def _include(reading: Reading, node: tree_sitter.Node) -> None:
    for path in _fields(node, "path"):
        written = reading.text(path)
        if path.type in ("system_lib_string", "string_literal"):
            written = written[1:-1]
        reading.includes.append((written, node.start_point[0] + 1))


def _type(
    reading: Reading, node: tree_sitter.Node, declaration: tree_sitter.Node | None
) -> list[tree_sitter.Node]:
    """Record a class-like specifier; the scope of its body is returned to visit."""
    name = node.child_by_field_name("name")
    body = node.child_by_field_name("body")
    if body is not None:
        count_type(reading.counts, node)
    if name is None:
        return [] if body is None else [body]
    named = _last_name(reading, name)
    if body is not None:
        reading.classes.add(named)
        return [body]
    # Without a body the name is only declared, which `_declared_types`
    # finds wherever it stands; here a misread export macro is blanked.
    if declaration is not None and declaration.type != "type_definition":
        _export_macro(reading, declaration, node)
    return []


def _declared_types(reading: Reading, root: tree_sitter.Node, dialect: Dialect) -> None:
    """Every `struct/class/union/enum X` without a body: `class Foo;`, a
    typedef's `struct _ompd_aspace_cont`, a parameter's or a return type's
    `struct B*`, an explicit specialisation's `class complex<float>;`. An
    elaborated type specifier declares its name in C and C++ alike."""
    for name in tree_sitter.QueryCursor(_query(dialect)).captures(root).get("name", ()):
        if name.parent is None or not _template_parameter(reading.code, name.parent):
            reading.declared_types.add(_last_name(reading, name))


def _template_parameter(code: bytes, spec: tree_sitter.Node) -> bool:
    """Whether `spec` is `class T` of a template head the grammar could not
    read as one: `template <class _Tp, class _Up>` before a macro, where it
    stands between `<` or `,` and `,`, `>`, `=` or `...`; or the head a
    macro writes (`_CCCL_TEMPLATE(class _Tp)`)."""
    # A window, not the whole text: blanks between the words are short.
    window = code[max(0, spec.start_byte - 256) : spec.start_byte]
    before = window.rstrip()[-1:]
    after = code[spec.end_byte : spec.end_byte + 256].lstrip()[:1]
    if before in (b"<", b",") and after in (b",", b">", b"=", b"."):
        return True
    return before in (b"(", b",") and _in_template_macro(window)


def _in_template_macro(window: bytes) -> bool:
    """Whether the text ending with `window` stands inside the parentheses of
    a template-head macro (`_CCCL_TEMPLATE(class _Tp, `)."""
    depth = 0
    for index in range(len(window) - 1, -1, -1):
        char = window[index]
        if char in b";{}":
            return False
        if char == ord(")"):
            depth += 1
        elif char == ord("("):
            if not depth:
                return _TEMPLATE_MACRO_CALL.search(window, 0, index) is not None
            depth -= 1
    return False


def _export_macro(reading: Reading, declaration: tree_sitter.Node, spec: tree_sitter.Node) -> bool:
    """Whether `spec` is `class MACRO` of `class MACRO Name ...`, which the
    grammar reads as a class MACRO and a variable or function Name: if so,
    the macro is blanked for the next pass."""
    name = spec.child_by_field_name("name")
    after = spec.next_named_sibling
    while after is not None and after.type == "init_declarator":
        after = after.child_by_field_name("declarator")
    if after is None or after.type != "identifier":
        return False
    if name is None or name.type != "type_identifier":
        return False
    word = reading.text(name)
    # Only a misread can give a function definition a plain name for
    # declarator; elsewhere `struct stat st;` is valid C, so the word must
    # look like a macro.
    if declaration.type != "function_definition" and not macro_like(word):
        return False
    reading.export_macros.add(word)
    reading.blanks.append((name.start_byte, name.end_byte))
    return True


def _declaration(reading: Reading, node: tree_sitter.Node) -> list[tree_sitter.Node]:
    """Record a declaration or definition; returns the scopes it holds."""
    scopes: list[tree_sitter.Node] = []
    for spec in _fields(node, "type"):
        if spec.type in _TYPES:
            scopes.extend(_type(reading, spec, node))
    qualifier_macros(reading, node)
    for declarator in node.children_by_field_name("declarator"):
        name = _function_name(reading, declarator)
        if name is None:
            continue
        if name in _KEYWORDS:
            reading.unsure.append((node.start_point[0] + 1, node.end_point[0] + 1))
            continue
        reading.functions.add(name)
        if node.type == "function_definition":
            reading.function_definitions.add(name)
        typed = node.child_by_field_name("type") is not None
        count_function(reading.counts, node, _has_body(node), typed)
    return scopes


def unsure_if_body_misread(reading: Reading, definition: tree_sitter.Node) -> None:
    """Mark a definition's lines unsure when its body holds an error."""
    body = definition.child_by_field_name("body")
    if body is None:  # a method's body is a child of no field
        body = next((c for c in definition.children if c.type == "compound_statement"), None)
    if body is not None and body.has_error:
        reading.unsure.append((definition.start_point[0] + 1, definition.end_point[0] + 1))


def _has_body(node: tree_sitter.Node) -> bool:
    """Whether a declaration is a definition with a body: `f() = default;`
    and `= delete;` are definitions to the grammar, declarations to a reader."""
    return node.type == "function_definition" and node.child_by_field_name("body") is not None


def _function_name(reading: Reading, declarator: tree_sitter.Node) -> str | None:
    """The name a declarator gives a function; None if it declares no function."""
    while declarator.type in _WRAPPERS:
        if declarator.type == "init_declarator" and _vexing(declarator):
            inner = declarator.child_by_field_name("declarator")
            return None if inner is None else _last_name(reading, inner)
        # A reference declarator names no field for what it wraps.
        declarator = declarator.child_by_field_name("declarator") or declarator.named_children[-1]
    if declarator.type != "function_declarator":
        return None
    name = declarator.child_by_field_name("declarator")
    if name is None or name.type == "parenthesized_declarator":
        return None  # a pointer to a function: `void (*fn)()`
    return _last_name(reading, name)


def _vexing(init: tree_sitter.Node) -> bool:
    """Whether `T f(...)`, which the grammar read as a variable built from
    arguments, declares a function: its arguments are empty or start with a
    type (`void f(void (*fn)())`, `int g(unsigned n)`), which no value does."""
    arguments = init.child_by_field_name("value")
    declarator = init.child_by_field_name("declarator")
    if arguments is None or arguments.type != "argument_list":
        return False
    if declarator is None or declarator.type != "identifier":
        return False
    first = next(tokens(arguments.named_children[0])) if arguments.named_children else None
    return first is None or first.type in _TYPE_STARTS


def _last_name(reading: Reading, name: tree_sitter.Node) -> str:
    """`A::B::f` gives "f", `hash<Foo>` gives "hash", `A::~A` gives "~A"."""
    while name.type in _QUALIFIED and (inner := name.child_by_field_name("name")) is not None:
        name = inner
    return " ".join(reading.text(name).split())


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
CPP_NOISE = compiled_on_use(
    r"""//[^\n]*|/\*.*?(?:\*/|\Z)|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.){1,8}'""", re.DOTALL
)
# The preprocessor's directives, and CMake's `#cmakedefine` of configure
# templates (`macros.h.in`): words of the syntax, as the generator's
# identifier regex reads `#define` and `#endif`.
DIRECTIVES = frozenset(
    {"define", "undef", "include", "ifdef", "ifndef", "elif", "endif", "pragma", "cmakedefine"}
)
C_FAMILY_KEYWORDS = CPP_KEYWORDS | CUDA_KEYWORDS | DIRECTIVES


def blank_code(text: str, blanked: str, kept: str = "") -> str:
    """`text` with what the pattern `blanked` matches in code replaced by
    spaces of its length, newlines kept (lines and columns hold): what it
    matches in comments, in string and character literals and in what the
    pattern `kept` matches is left as written. Both patterns are read with
    `re.DOTALL` and `re.MULTILINE`."""
    return _blanking(blanked, kept).sub(
        lambda m: m[0] if m["kept"] is not None else _NOT_NEWLINE.sub(" ", m[0]), text
    )


_NOT_NEWLINE = compiled_on_use(r"[^\n]")


@cache
def _blanking(blanked: str, kept: str) -> re.Pattern[str]:
    kept = f"{CPP_NOISE.pattern}|{kept}" if kept else CPP_NOISE.pattern
    return re.compile(f"(?P<kept>{kept})|{blanked}", re.DOTALL | re.MULTILINE)


def cpp_reserved(name: str, soft: bool = True) -> str | None:
    """Why `name` can name nothing in C, C++ or CUDA: "a C++ keyword" or "a
    CUDA keyword" (no soft keyword of theirs could be a name: `soft` is moot)."""
    if name in CPP_KEYWORDS:
        return "a C++ keyword"
    return "a CUDA keyword" if name in CUDA_KEYWORDS else None


def c_family_places(text: str) -> Places:
    """Where the words of a C-family text stand: comments are prose, string
    literals literals, the rest code."""
    found = PlaceCollector()
    done = 0
    for match in CPP_NOISE.finditer(text):
        found.add_code(text[done : match.start()])
        noise = match[0]
        if noise[0] in "\"'":
            found.add_literal(noise[1:-1])
        else:
            found.add_prose(noise)
        done = match.end()
    found.add_code(text[done:])
    return found.places()


# Where a C-family text defines its names, by the grammar, with its export
# macros blanked (`c_family_definitions`; the facts' other repairs are for
# counting, not for lines): types with a body, functions defined or declared
# (a method by its own name, not `Foo::bar`), enumerators, fields, typedefs
# and aliases, namespaces, macros.
DEFINITIONS = Grammar(
    tree_sitter_cpp.language,
    comments=frozenset({"comment"}),
    literals=frozenset({"string_literal", "raw_string_literal", "char_literal"}),
    definitions="""
    (class_specifier name: (_) @class body: (_))
    (struct_specifier name: (_) @struct body: (_))
    (union_specifier name: (_) @union body: (_))
    (enum_specifier name: (_) @enum body: (_))
    (enumerator name: (_) @enum.member)
    (function_declarator declarator: [(identifier) (field_identifier) (operator_name)
      (destructor_name)] @function)
    (function_declarator declarator: (qualified_identifier name: [(identifier)
      (operator_name) (destructor_name)] @method))
    (function_declarator declarator: (qualified_identifier name: (qualified_identifier
      name: [(identifier) (operator_name) (destructor_name)] @method)))
    (field_declaration declarator: (field_identifier) @field)
    (type_definition declarator: (type_identifier) @type)
    (alias_declaration name: (_) @type)
    (namespace_definition name: (_) @module)
    (preproc_def name: (_) @macro)
    (preproc_function_def name: (_) @macro)
    """,
    extents=frozenset({"function_definition"}),
)


# An export or qualifier macro (`TORCH_API`, `C10_EXPORT`, `__host__`) the
# grammar would take for the name or the type: after `class`, `struct` or
# `union`, or leading a line, before another name. An upper-case word with
# an underscore, or a double-underscored one (a type such as `FILE` is neither).
_MACRO_WORD = r"(?:[A-Z][A-Z0-9]*+_[A-Z0-9_]*+|__[A-Za-z_]++__)"
_HEAD_MACRO = (
    rf"(?:(?<=\bclass)|(?<=\bstruct)|(?<=\bunion))[ \t]++{_MACRO_WORD}(?=[ \t]++[A-Za-z_])"
    rf"|^[ \t]*+{_MACRO_WORD}(?=[ \t]++[A-Za-z_])"
)


def c_family_definitions(text: str) -> tuple[Definition, ...]:
    """Where a C, C++ or CUDA text defines its names (`DEFINITIONS`), read
    with its export and qualifier macros blanked (`struct TORCH_API Foo {`
    is `Foo`'s definition): lines and columns hold."""
    return grammar_facts(DEFINITIONS, blank_code(text, _HEAD_MACRO)).definitions


LANGUAGE = Language(
    LANGUAGES["C/C++"],
    C_FAMILY_KEYWORDS,
    c_family_places,
    cpp_facts,
    cpp_reserved,
    c_family_definitions,
)

"""How many definitions a C/C++/CUDA text holds, counted while `_languages.cpp`
walks its tree: what a count of "approximately N classes and M functions"
can be held against."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import tree_sitter

from doclint.rule_api import compiled_on_use

_CLASS_WORDS = compiled_on_use(r"\b(?:class|struct)\s+\w")


@dataclass(frozen=True, slots=True)
class DefinitionCounts:
    """How many definitions and declarations the text holds, each overload and
    each `#if` branch counted. `first_*` leave out `#else`/`#elif` branches,
    where a definition may stand in for one of the first branch."""

    classes: int = 0  # class and struct definitions (with a body), anonymous ones too
    first_classes: int = 0
    other_types: int = 0  # definitions of unions and enum classes
    functions: int = 0  # function definitions
    first_functions: int = 0
    declarations: int = 0  # function declarations without a body
    first_declarations: int = 0
    # Definitions and declarations with no return type (constructors,
    # destructors, conversion operators, and macro calls the grammar reads as
    # such: `TORCH_ARG(double, lr) = 1e-3;`), which a count may leave out.
    first_untyped: int = 0
    # Macro calls standing as statements in a scope (`REGISTER_HOOKS(X);`),
    # which may expand to a function.
    scope_calls: int = 0
    function_macros: int = 0  # function-like `#define`s
    macro_classes: int = 0  # `class X` written in `#define` bodies
    # `#define`s whose body holds `{`: each may expand to any number of functions.
    macro_bodies: int = 0


def count_definition(counts: Counter[str], what: str, node: tree_sitter.Node) -> bool:
    """Count a definition, and again as `first_<what>` outside `#else`/`#elif`
    branches; whether it is outside them."""
    counts[what] += 1
    parent = node.parent
    while parent is not None and parent.type not in ("preproc_else", "preproc_elif"):
        parent = parent.parent
    counts["first_" + what] += parent is None
    return parent is None


def count_function(counts: Counter[str], node: tree_sitter.Node, body: bool, typed: bool) -> None:
    """Count a function definition (with a `body`) or declaration, and one
    outside `#else`/`#elif` branches with no return type as `first_untyped`."""
    first = count_definition(counts, "functions" if body else "declarations", node)
    counts["first_untyped"] += first and not typed


def count_type(counts: Counter[str], node: tree_sitter.Node) -> None:
    """Count a class-like specifier that has a body."""
    if node.type in ("class_specifier", "struct_specifier"):
        count_definition(counts, "classes", node)
    elif node.type != "enum_specifier" or any(c.type in ("class", "struct") for c in node.children):
        counts["other_types"] += 1


def count_macro(counts: Counter[str], node: tree_sitter.Node, body: str | None) -> None:
    """Count a `#define` and what its body may expand to."""
    counts["function_macros"] += node.type == "preproc_function_def"
    if body is not None:
        # A macro body is tokens the grammar does not read: a class it
        # defines is only found as words.
        counts["macro_classes"] += len(_CLASS_WORDS.findall(body))
        counts["macro_bodies"] += "{" in body

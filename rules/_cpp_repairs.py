"""Repairs of the readings tree-sitter's C++ grammar gets wrong: the words of
macros and CUDA launches `_languages.cpp` blanks before it parses a text again,
and the error nodes that remain, reported as unsure lines."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import takewhile
from typing import TYPE_CHECKING

import tree_sitter

if TYPE_CHECKING:
    from doclint_rules._languages.cpp import Reading

# fmt: off
# Tokens that may be macros in the head of a declaration.
_NAME_LEAVES = frozenset({"identifier", "type_identifier", "namespace_identifier"})
# Tokens that may follow a macro prefixing a declaration.
_WORD_LEAVES = _NAME_LEAVES | {
    "primitive_type", "template", "struct", "class", "union", "enum", "inline", "static",
    "constexpr", "extern", "virtual", "explicit", "typename", "using", "namespace", "friend",
}
# fmt: on


def macro_like(word: str) -> bool:
    """`TORCH_API`, `C10_HOST_DEVICE`, `__global__`: an upper-case name or a
    double-underscored one, which no type spelled in a source usually is."""
    if len(word) > 4 and word.startswith("__") and word.endswith("__"):
        return True
    return len(word) > 1 and word.isupper() and word.replace("_", "").isalnum()


def qualifier_macros(reading: Reading, node: tree_sitter.Node) -> None:
    """Blank the macro-like words of a declaration's head the grammar could
    not read: it takes the first for the type and pushes the real type into
    an error node (`__global__ void k()`, `C10_HOST_DEVICE inline int f()`,
    `TORCH_API void f()`, `CUresult CUDAAPI f()`). The head runs to the first
    parenthesis; its last word is the name, and words inside template
    arguments (`std::array<int, MAX_DIMS>`) are left alone."""
    if not node.has_error:
        return
    head = list(takewhile(lambda leaf: leaf.type != "(", tokens(node)))
    for word in head[:-1]:
        if (
            word.type in _NAME_LEAVES
            and macro_like(reading.text(word))
            and not _in_template_arguments(word, node)
        ):
            reading.blanks.append((word.start_byte, word.end_byte))


def _in_template_arguments(leaf: tree_sitter.Node, top: tree_sitter.Node) -> bool:
    while (leaf := leaf.parent) is not None and leaf != top:
        if leaf.type == "template_argument_list":
            return True
    return False


def tokens(node: tree_sitter.Node) -> Iterator[tree_sitter.Node]:
    """The tokens of `node` in order (read lazily: callers stop early)."""
    stack = [node]
    while stack:
        node = stack.pop()
        if node.child_count:
            stack.extend(reversed(node.children))
        else:
            yield node


def find_errors(reading: Reading, root: tree_sitter.Node) -> None:
    """Record the lines of every error node, except CUDA launches, which are
    blanked to a plain call for the next pass."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "expression_statement" and _blank_launch(reading, node):
            continue
        if node.is_error or node.is_missing:
            reading.unsure.append((node.start_point[0] + 1, node.end_point[0] + 1))
            if node.is_error:
                _stray_macros(reading, node)
            continue
        stack.extend(child for child in node.children if child.has_error)


def _stray_macros(reading: Reading, error: tree_sitter.Node) -> None:
    """Blank the macro-like words of an error node that stand alone on their
    line (`CUB_NAMESPACE_BEGIN`, whose hidden braces balance its END) or
    before another word on it (`_CCCL_NODISCARD _LIBCUDACXX_HIDE_FROM_ABI
    constexpr int f()`): words no declaration or expression can hold there.
    A macro called like a function, a constant inside an expression and the
    names of directives are kept."""
    leaves = list(tokens(error))
    for index, leaf in enumerate(leaves):
        if (
            leaf.type not in _NAME_LEAVES
            or leaf.parent.type.startswith("preproc")  # `#define GUARD_H`
            or not macro_like(reading.text(leaf))
        ):
            continue
        row = leaf.start_point[0]
        after = leaves[index + 1] if index + 1 < len(leaves) else None
        if after is not None and after.start_point[0] == row:
            blank = after.type in _WORD_LEAVES
        else:  # alone on its line?
            blank = index == 0 or leaves[index - 1].end_point[0] < row
        if blank:
            reading.blanks.append((leaf.start_byte, leaf.end_byte))


def _blank_launch(reading: Reading, statement: tree_sitter.Node) -> bool:
    """Blank the `<<<...>>>` launch configurations of a statement; whether it had any."""
    start, end, found = statement.start_byte, statement.end_byte, False
    while (opening := reading.code.find(b"<<<", start, end)) >= 0:
        closing = reading.code.find(b">>>", opening + 3, end)
        if closing < 0:
            break
        reading.blanks.append((opening, closing + 3))
        start, found = closing + 3, True
    return found

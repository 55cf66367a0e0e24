"""Repairs of the readings tree-sitter's C++ grammar gets wrong: the words of
macros and CUDA launches `_languages.cpp` blanks before it parses a text again,
and the error nodes that remain, reported as unsure lines."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import takewhile
from typing import TYPE_CHECKING

import tree_sitter

from doclint.rule_api import compiled_on_use

if TYPE_CHECKING:
    from .cpp import Reading

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
    above = leaf.parent
    while above is not None and above != top:
        if above.type == "template_argument_list":
            return True
        above = above.parent
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


def find_errors(
    reading: Reading, root: tree_sitter.Node, walked: frozenset[str], read: frozenset[str]
) -> None:
    """Record the lines of every error node, except CUDA launches, which are
    blanked to a plain call for the next pass. Inside an error that the walk
    of definitions enters (its parents are all of the `walked` kinds: the
    scopes, not a function's body), what the grammar placed whole, without
    an error, and the walk reads (a node of the `read` kinds: a function, a
    class, an include) is known, so only the lines of the rest are unsure:
    one misread macro in a header no longer hides the rest of the file."""
    # (node, whether the walk reads its children, whether it lies in an error)
    stack = [(root, True, False)]
    arguments: set[int] = set()
    while stack:
        node, entered, in_error = stack.pop()
        if node.type == "expression_statement" and _blank_launch(reading, node):
            continue
        if node.is_missing:
            _unsure(reading, node)
            _lone_macro(reading, node)
            continue
        if node.is_error and not in_error:  # its tokens include those of the errors inside
            _stray_macros(reading, node)
        in_error = in_error or node.is_error
        entered = entered and node.type in walked
        if node.is_error and (not entered or not node.child_count):  # `@@@`: a token of its own
            _unsure(reading, node)
            _blank_statement_arguments(reading, node, arguments)
            continue
        stack += _children(reading, node, entered, in_error, walked, read)


def _children(
    reading: Reading,
    node: tree_sitter.Node,
    entered: bool,
    in_error: bool,
    walked: frozenset[str],
    read: frozenset[str],
) -> list[tuple[tree_sitter.Node, bool, bool]]:
    """The children of `node` that hold errors, to look into as `find_errors`
    does; inside an error the walk enters (`entered`, `in_error`), the lines
    of the others it does not read whole are recorded as unsure."""
    found = []
    for child in node.children:
        if child.has_error or child.is_error:
            found.append((child, entered, in_error))
            # Not read whole, but repairs may lie inside.
            whole = child.is_error or child.type in walked
            if entered and in_error and not whole and _holds_error(child):
                _unsure(reading, child)
        elif entered and in_error and child.type not in read and child.type != "comment":
            _unsure(reading, child)
    return found


def _unsure(reading: Reading, node: tree_sitter.Node) -> None:
    reading.unsure.append((node.start_point[0] + 1, node.end_point[0] + 1))


def _holds_error(node: tree_sitter.Node) -> bool:
    """Whether an error node lies inside `node`; a missing `;` alone (after a
    macro call) leaves what the grammar read as it is."""
    stack = [node]
    while stack:
        node = stack.pop()
        if node.is_error:
            return True
        stack.extend(child for child in node.children if child.has_error)
    return False


def _blank_statement_arguments(reading: Reading, error: tree_sitter.Node, seen: set[int]) -> None:
    """Blank the arguments of a macro call in a function's body that holds
    statements (`NV_IF_TARGET(NV_IS_DEVICE, (return __brev(x);))`): no
    expression can, and the error they make can swallow the definitions
    after the function. Bodies are not read, so nothing is lost. `seen`
    holds the argument lists already looked at (a list holds several errors)."""
    arguments = None
    node = error.parent
    for _ in range(_REACH):  # such a call stands near the body; a deep nest is no macro
        if node is None or node.type == "compound_statement":
            break
        if (
            node.type == "argument_list"
            and node.parent is not None
            and node.parent.type == "call_expression"
        ):
            arguments = node
        node = node.parent
    if arguments is None or node is None or node.type != "compound_statement":
        return
    if arguments.start_byte in seen:
        return
    seen.add(arguments.start_byte)
    # The closing parenthesis as the text has it: recovering from the error,
    # the grammar may have run the list on into the definitions after it.
    start = arguments.start_byte + 1
    end = _closing_parenthesis(reading.code, start, arguments.end_byte)
    if end is not None and reading.code.find(b";", start, end) >= 0:  # statements
        reading.blanks.append((start, end))


_SKIPPED = compiled_on_use(rb'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|[()]')


def _closing_parenthesis(code: bytes, start: int, limit: int) -> int | None:
    """Where the parenthesis opened just before `start` closes, before
    `limit` (string and character literals skipped); None if it does not."""
    depth = 1
    for match in _SKIPPED.finditer(code, start, limit):
        token = match[0]
        if token == b"(":
            depth += 1
        elif token == b")":
            depth -= 1
            if not depth:
                return match.start()
    return None


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
            # `#define GUARD_H`
            or (leaf.parent is not None and leaf.parent.type.startswith("preproc"))
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


def _lone_macro(reading: Reading, missing: tree_sitter.Node) -> None:
    """Blank a macro-like word alone on its line that the grammar read as a
    statement short of its `;` (`_LIBCUDACXX_BEGIN_NAMESPACE_CUDA`, whose
    hidden brace opens what its END closes): left in, it turns the END,
    once blanked, into an error spanning everything between the two."""
    word = missing.prev_sibling
    while word is not None and word.child_count == 1:  # `(declaration (type_identifier))`
        word = word.children[0]
    if word is None or word.type not in _NAME_LEAVES or not macro_like(reading.text(word)):
        return
    # Looked at within a short reach of the word: a line of a megabyte with a
    # missing `;` every few bytes must not be read once for each.
    code, column = reading.code, word.start_point[1]
    before = code[word.start_byte - column : word.start_byte] if column <= _REACH else b"x"
    after = code[word.end_byte : word.end_byte + _REACH + 1].split(b"\n", 1)
    alone = len(after) > 1 or word.end_byte + _REACH >= len(code)
    if alone and not before.strip() and not after[0].strip():
        reading.blanks.append((word.start_byte, word.end_byte))


_REACH = 64


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

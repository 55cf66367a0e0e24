"""What a Python text defines and imports, from one cached `ast` parse.

Shared by keyword-as-class (DL201), phantom-keyword (DL203), count-mismatch
(DL304) and bogus-dependency (DL305). A source is
consulted by several pages (its keyword index, its file documentation, and the
level-2 pages that embed them), as the file itself or as the copy embedded in
its documentation, which ends with one more newline. The cache is keyed on a
digest of the text without trailing whitespace, so all of them share one
parse, and it holds only the small facts, not the texts.
"""

from __future__ import annotations

import ast
import hashlib
import warnings
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass

PYTHON_SUFFIXES = (".py", ".pyi", ".pyw")
# Statement fields that hold statements (or handlers and cases holding them).
STATEMENT_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")
# Distinct sources remembered; the facts are small, so this covers a whole
# tree's worth of sources in the order the engine visits their pages.
CACHE_SIZE = 16384


@dataclass(frozen=True, slots=True)
class PythonFacts:
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


_CACHE: OrderedDict[bytes, PythonFacts | None] = OrderedDict()


def is_python_path(path: str | None) -> bool:
    return path is not None and path.endswith(PYTHON_SUFFIXES)


def python_facts(text: str) -> PythonFacts | None:
    """The facts of a Python text; None when it does not parse (Python 2, a
    template, a truncated copy), since then nothing can be decided from it."""
    text = text.rstrip()
    key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    facts = _CACHE[key] = _parse(text)
    if len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return facts


def _parse(text: str) -> PythonFacts | None:
    try:
        # Documented sources may hold invalid escapes ("\d"): their warnings
        # are the source's business, not the linter's output.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    classes: set[str] = set()
    functions: set[str] = set()
    modules: set[str] = set()
    names: set[str] = set()
    class_count = function_count = 0
    for node in _statements(tree.body):
        if isinstance(node, ast.ClassDef):
            classes.add(node.name)
            class_count += 1
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            functions.add(node.name)
            function_count += 1
        elif isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            modules.add("." * node.level + (node.module or ""))
            names.update(alias.name for alias in node.names)
    return PythonFacts(
        frozenset(classes),
        frozenset(functions),
        class_count,
        function_count,
        frozenset(modules),
        frozenset(names),
    )


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement at any depth. Definitions and imports are statements,
    and no expression holds a statement, so expressions (most of the nodes)
    are never visited: several times faster than `ast.walk`."""
    stack = list(body)
    while stack:
        node = stack.pop()
        yield node
        for field in STATEMENT_FIELDS:
            for child in getattr(node, field, ()):
                if isinstance(child, ast.stmt):
                    stack.append(child)
                else:  # an except handler or a match case: its body holds statements
                    stack.extend(child.body)

"""The classes and functions a Python source defines, nested ones included,
with what a generator's page may claim of each: its kind and place, its
parameters, its attributes, and the names its body uses.

`_languages/python.py` reads only which names a module defines (a lexer,
fast enough for every page of a tree); a profile's claims need the nesting
and the signatures, which only `ast` gives. It is read only for the pages of
a profiled generator, once per source text.
"""

from __future__ import annotations

import ast
import hashlib
import warnings
from dataclasses import dataclass, field

from doclint.util.lru import LatestDict

_Definition = ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True, slots=True)
class PyObject:
    """One `class` or `def` statement."""

    kind: str
    """"class" or "function"."""
    qualname: tuple[str, ...]
    """The names from the module down to this object: ("Runner", "run")."""
    line: int
    positional: tuple[str, ...]
    """The positional-or-keyword parameters (`ast.arguments.args`), in order."""
    parameters: tuple[str, ...]
    """Every parameter's name: positional-only, `*args`, keyword-only, `**kwargs` too."""
    attributes: frozenset[str]
    """A class's attributes: names its body assigns, `self.x` its methods
    assign, its methods; empty for a function."""
    used: frozenset[str]
    """Every name and attribute name its body (nested bodies too) reads or calls."""
    bases: tuple[str, ...] = ()
    """A class's bases as written (`Base`, `nn.Module`), `object` left out."""

    @property
    def name(self) -> str:
        return self.qualname[-1]

    @property
    def dotted(self) -> str:
        return ".".join(self.qualname)


@dataclass(frozen=True, slots=True)
class ModuleObjects:
    """Every class and function of one module, by their place."""

    objects: dict[tuple[str, ...], PyObject] = field(default_factory=dict)
    imports: dict[str, tuple[int, str]] = field(default_factory=dict)
    """Each name an import binds: (level, dotted name), the level counting
    the leading dots of a relative import (`from .a import B` binds B to
    (1, "a.B")); `import a.b` binds a to (0, "a")."""

    made_by_calls: dict[str, str] = field(default_factory=dict)
    """Each module-level name bound to what a call returns, and the callee as
    written: `Base = declarative_base()` binds Base to "declarative_base"."""

    def named(self, name: str) -> list[PyObject]:
        """The objects called `name`, at any place."""
        return [obj for obj in self.objects.values() if obj.name == name]


_CACHE: LatestDict[bytes, ModuleObjects | None] = LatestDict(256)


def parse_python(text: str) -> ast.Module | None:
    """`text`'s syntax tree; None for a text `ast` cannot parse (a syntax
    error, a null byte, nesting too deep for the parser, memory)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escapes in old sources
            return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def python_objects(text: str) -> ModuleObjects | None:
    """The objects `text` defines; None for a text `ast` cannot parse."""
    key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
    if key in _CACHE:
        return _CACHE[key]
    tree = parse_python(text)
    if tree is None:
        found = None
    else:
        found = ModuleObjects()
        _collect(tree.body, (), found.objects)
        _imports(tree, found.imports)
        _made_by_calls(tree.body, found.made_by_calls)
    _CACHE[key] = found
    return found


def _definitions(body: list[ast.stmt]) -> list[_Definition]:
    """The definitions of a body, those inside `if`, `try`, `with`, loops and `match` too."""
    found: list[_Definition] = []
    for node in body:
        if isinstance(node, _Definition):
            found.append(node)
            continue
        for name in ("body", "orelse", "finalbody"):
            inner = getattr(node, name, None)
            if isinstance(inner, list):
                found += _definitions(inner)
        for holder in (*getattr(node, "handlers", ()), *getattr(node, "cases", ())):
            found += _definitions(holder.body)
    return found


def _collect(
    body: list[ast.stmt], outer: tuple[str, ...], into: dict[tuple[str, ...], PyObject]
) -> None:
    for node in _definitions(body):
        qualname = (*outer, node.name)
        used = frozenset(
            name
            for inner in ast.walk(node)
            if (name := _used_name(inner)) is not None and inner is not node
        )
        if isinstance(node, ast.ClassDef):
            bases = tuple(b for b in map(ast.unparse, node.bases) if b != "object")
            obj = PyObject("class", qualname, node.lineno, (), (), _attributes(node), used, bases)
        else:
            args = node.args
            every = [*args.posonlyargs, *args.args]
            if args.vararg:
                every.append(args.vararg)
            every += args.kwonlyargs
            if args.kwarg:
                every.append(args.kwarg)
            positional = tuple(arg.arg for arg in args.args)
            names = tuple(arg.arg for arg in every)
            obj = PyObject("function", qualname, node.lineno, positional, names, frozenset(), used)
        into.setdefault(qualname, obj)
        _collect(node.body, qualname, into)


def _imports(tree: ast.Module, into: dict[str, tuple[int, str]]) -> None:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    into.setdefault(alias.asname, (0, alias.name))
                else:
                    head = alias.name.partition(".")[0]
                    into.setdefault(head, (0, head))
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            for alias in node.names:
                dotted = f"{module}.{alias.name}" if module else alias.name
                into.setdefault(alias.asname or alias.name, (node.level, dotted))


def _made_by_calls(body: list[ast.stmt], into: dict[str, str]) -> None:
    for node in body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name | ast.Attribute)
        ):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    into[target.id] = ast.unparse(node.value.func)


def _used_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _attributes(node: ast.ClassDef) -> frozenset[str]:
    names: set[str] = set()
    for statement in node.body:
        if isinstance(statement, _Definition):
            names.add(statement.name)
        for target in _targets(statement):
            if isinstance(target, ast.Name):
                names.add(target.id)
    for inner in ast.walk(node):
        for target in _targets(inner):
            if (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id in ("self", "cls")
            ):
                names.add(target.attr)
        named = _attribute_by_name(inner)
        if named is not None:
            names.add(named)
    return frozenset(names)


# Calls that make an attribute from a string: `self.register_buffer("mean", t)`
# (PyTorch's modules), `setattr(self, "mean", t)`.
_NAMING_METHODS = frozenset({"register_buffer", "register_parameter", "add_module"})


def _attribute_by_name(node: ast.AST) -> str | None:
    if not isinstance(node, ast.Call) or not node.args:
        return None
    func, args = node.func, node.args
    on_self = (
        isinstance(func, ast.Attribute)
        and func.attr in _NAMING_METHODS
        and isinstance(func.value, ast.Name)
        and func.value.id == "self"
    )
    if not on_self:
        is_setattr = isinstance(func, ast.Name) and func.id == "setattr" and len(args) > 1
        if not (is_setattr and isinstance(args[0], ast.Name) and args[0].id in ("self", "cls")):
            return None
        args = args[1:]
    first = args[0]
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return [t for target in node.targets for t in _unpacked(target)]
    if isinstance(node, ast.AnnAssign | ast.AugAssign):
        return [node.target]
    return []


def _unpacked(target: ast.expr) -> list[ast.expr]:
    if isinstance(target, ast.Tuple | ast.List):
        return [t for inner in target.elts for t in _unpacked(inner)]
    return [target]

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
import re
import warnings
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from hashlib import blake2b
from typing import TypeVar

from doclint.rule_api_generators import LatestDict

from .._languages.python import parse_python, parse_python_expression, read_ast

_T = TypeVar("_T")
_Definition = ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
# As tuples, which `isinstance` tests faster than unions, on every node.
_DEFINITIONS = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
_IMPORTS = (ast.Import, ast.ImportFrom)
# The nodes that may give `self` an attribute (`_self_attributes`).
_ASSIGNING = (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Call)


class Qualified:
    """An object known by its qualified name: its own name, and the dotted one."""

    __slots__ = ()
    qualname: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.qualname[-1]

    @property
    def dotted(self) -> str:
        return ".".join(self.qualname)


@dataclass(frozen=True, slots=True)
class PyObject(Qualified):
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
    """Every name and attribute name its body (nested bodies too) reads or
    calls; an attribute of a module an `import` statement binds is written
    with the module's dotted name (`requests.post`), whose reader tells the
    project's modules from others."""
    bases: tuple[str | None, ...] = ()
    """A class's bases as written (`Base`, `nn.Module`), `object` left out;
    None for one too deep to write out, a base no one can tell."""
    typed: frozenset[tuple[str, str]] = frozenset()
    """What its body (nested bodies too) reads through an attribute of
    `self` whose type the class states: `self.helper.run()`, with
    `self.helper = Helper()`, gives ("Helper", "run"), the type as written.
    Where the class states no one type of the attribute, the name read is in
    `used` instead."""
    options: frozenset[str] = frozenset()
    """The keys a function with `**kwargs` reads from it (`kwargs.get("x")`,
    `kwargs["x"]`, `kwargs.pop("x")`): options it takes without naming them."""
    forwarded: tuple[str, ...] = ()
    """The callees, as written, a function passes its `**kwargs` on to
    (`connect(host, **kwargs)` gives "connect"): their parameters are options
    it takes."""
    loose: frozenset[str] = frozenset()
    """The names of `used` its body reads only as an attribute of some
    other object than `self`, `cls` or a module (`item.save()`, `x.run`):
    a call of any method so named, which a search through helpers does not
    follow (it would reach every class's method of that name)."""


@dataclass(frozen=True, slots=True)
class ModuleObjects:
    """Every class and function of one module, by their place."""

    objects: dict[tuple[str, ...], PyObject] = field(default_factory=dict)
    imports: dict[str, tuple[int, str]] = field(default_factory=dict)
    """Each name an import binds: (level, dotted name), the level counting
    the leading dots of a relative import (`from .a import B` binds B to
    (1, "a.B")); `import a.b` binds a to (0, "a")."""

    redefined: list[PyObject] = field(default_factory=list)
    """The later definitions of a name a body defines twice (`objects` holds
    the first, as a page's first heading of it claims)."""

    made_by_calls: dict[str, str] = field(default_factory=dict)
    """Each module-level name bound to what a call returns, and the callee as
    written: `Base = declarative_base()` binds Base to "declarative_base"."""

    star_imports: list[tuple[int, str]] = field(default_factory=list)
    """The modules its top-level `from m import *` statements name, in order:
    (level, dotted name) as `imports` writes them. A name no import binds
    may come from one of them."""

    def named(self, name: str) -> list[PyObject]:
        """The objects called `name`, at any place."""
        return [obj for obj in self.objects.values() if obj.name == name]


_CACHE: LatestDict[bytes, ModuleObjects | None] = LatestDict(256)
# Deeper than any base a class is written with (`Generic[T]`, `mod.Base`):
# `ast.unparse` recurses per level, so a deeper expression would write out
# or not by how deep the stack already is.
_WRITTEN_DEPTH = 100


def python_objects(text: str) -> ModuleObjects | None:
    """The objects `text` defines; None for a text `ast` cannot parse."""
    key = blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
    if key in _CACHE:
        return _CACHE[key]
    found: ModuleObjects | None = read_ast(lambda: _objects(parse_python(text)))
    _CACHE[key] = found
    return found


# How many lines a source's outline may blank before it is given up.
_BLANKED = 32
# A line that opens a definition: blanking it would lose the object.
_OPENS_DEFINITION = re.compile(r"\s*(?:@|(?:async\s+)?def\b|class\b)")


def python_outline(text: str) -> ModuleObjects | None:
    """The objects `text` defines, as `python_objects` reads them; where
    Python 3.11 cannot parse it (on every CPython: `parse_python`), those of
    the text with the lines it cannot read blanked (a newer Python's
    f-string, `f"{row["id"]}"`, or
    `type` statement: a module a project wrote since), or None when such a
    line opens a definition or too many are. What bodies use is then
    incomplete: only the outline, the classes and functions, is to be read."""
    found = python_objects(text)
    if found is not None:
        return found
    lines = text.split("\n")
    for _ in range(_BLANKED):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # the source's escapes are its business
                parse_python("\n".join(lines))
        except SyntaxError as error:
            at = (error.lineno or 0) - 1
            if not 0 <= at < len(lines) or _OPENS_DEFINITION.match(lines[at]):
                return None
            # A statement of its own becomes `pass` (a block keeps a body);
            # a line inside brackets, where `pass` cannot stand, goes blank.
            indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
            lines[at] = "" if lines[at] == f"{indent}pass" else f"{indent}pass"
        except (ValueError, RecursionError, MemoryError):
            return None
        else:
            return python_objects("\n".join(lines))
    return None


def _objects(tree: ast.Module) -> ModuleObjects:
    found = ModuleObjects()
    scopes = _Scopes(tree, found.imports, found.redefined)
    _collect(tree.body, (), found.objects, scopes)
    _made_by_calls(tree.body, found.made_by_calls)
    found.star_imports.extend(
        (node.level, node.module or "")
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names)
    )
    return found


class _Scopes:
    """What each definition's whole body holds, nested bodies included: the
    names it reads (`used`), what it reads through an attribute of `self` of
    a type its class states (`typed`) and the attributes its code gives
    `self` or `cls` (`assigned`). Read by one walk of the module, each node
    once: a walk per definition would read a body once for every definition
    around it, and 95 nested `def`s around a long body made that quadratic."""

    def __init__(
        self, tree: ast.Module, imports: dict[str, tuple[int, str]], redefined: list[PyObject]
    ) -> None:
        self.redefined = redefined
        walk = _Walk(tree, imports)
        typed = walk.typed_reads()
        self.used: dict[ast.AST, frozenset[str]] = {}
        self.typed: dict[ast.AST, frozenset[tuple[str, str]]] = {}
        self.assigned: dict[ast.AST, frozenset[str]] = {}
        self.loose: dict[ast.AST, frozenset[str]] = {}
        firm: dict[ast.AST, frozenset[str]] = {}
        for node in reversed(walk.order):  # each definition after those inside it
            inner = walk.inner[node]
            self.used[node] = _merged(walk.names[node], [self.used[d] for d in inner])
            own = walk.loose[node] - walk.firm[node]
            firm[node] = _merged(walk.names[node] - own, [firm[d] for d in inner])
            loose = _merged(own, [self.loose[d] for d in inner])
            self.loose[node] = loose - firm[node] if loose & firm[node] else loose
            self.typed[node] = _merged(typed[node], [self.typed[d] for d in inner])
            self.assigned[node] = _merged(walk.assigned[node], [self.assigned[d] for d in inner])


class _Walk:
    """One breadth-first walk of a module (as `ast.walk`: the first import
    binding a name wins), each node read in the scope (the module, a class
    or a function) whose body holds it."""

    def __init__(self, tree: ast.Module, imports: dict[str, tuple[int, str]]) -> None:
        # The module is a scope too, whose sets no object reads.
        self.names: dict[ast.AST, set[str]] = {tree: set()}
        # The attribute names read on some other object than `self`, `cls`
        # or a module (`item.save`), and the names read otherwise: a name
        # read both ways is firm.
        self.loose: dict[ast.AST, set[str]] = {tree: set()}
        self.firm: dict[ast.AST, set[str]] = {tree: set()}
        self.modules: dict[str, str] = {}  # a name an `import` binds, and its module
        self.assigned: dict[ast.AST, set[str]] = {tree: set()}
        # `self.x.name` read in a scope: (x, name), and the class whose
        # method (or a function inside one) the scope is, whose statements
        # tell x's type; `types` holds each class's.
        self.through: dict[ast.AST, set[tuple[str, str]]] = {tree: set()}
        self.owner: dict[ast.AST, ast.ClassDef | None] = {tree: None}
        self.types: dict[ast.ClassDef, dict[str, set[str | None]]] = {}
        self.inner: dict[ast.AST, list[ast.AST]] = {tree: []}
        self.order: list[ast.AST] = []
        queue: deque[tuple[ast.AST, ast.AST]] = deque([(tree, tree)])
        while queue:
            node, scope = queue.popleft()
            if isinstance(node, ast.Name):
                self.names[scope].add(node.id)
                self.firm[scope].add(node.id)
                continue  # a name's only children are its context
            if isinstance(node, ast.Attribute):
                self._attribute(node, scope)
            elif isinstance(node, _ASSIGNING):
                if isinstance(node, ast.Call):
                    self._read_by_name(node, scope)
                self._assigning(node, scope)
            elif isinstance(node, _DEFINITIONS):
                self._definition(node, scope)
                scope = node
            elif isinstance(node, _IMPORTS):
                _imports(node, imports)
                if isinstance(node, ast.Import):
                    self.modules.update(_module_bindings(node))
            queue.extend([(child, scope) for child in ast.iter_child_nodes(node)])

    def _attribute(self, node: ast.Attribute, scope: ast.AST) -> None:
        attribute = _of_self(node.value)
        if attribute is not None and self.owner[scope] is not None:
            self.through[scope].add((attribute, node.attr))
            return
        value = node.value
        module = self.modules.get(value.id) if isinstance(value, ast.Name) else None
        name = node.attr if module is None else f"{module}.{node.attr}"
        self.names[scope].add(name)
        if module is None and not (isinstance(value, ast.Name) and value.id in ("self", "cls")):
            self.loose[scope].add(name)
        else:
            self.firm[scope].add(name)

    def _read_by_name(self, node: ast.Call, scope: ast.AST) -> None:
        """`getattr(x, "name")` reads `x.name`: the name is read as an
        attribute is, of `self` or `cls` or of another object."""
        args = node.args
        if not (isinstance(node.func, ast.Name) and node.func.id == "getattr" and len(args) > 1):
            return
        name = _constant_text(args[1])
        if name is None:
            return
        self.names[scope].add(name)
        own = isinstance(args[0], ast.Name) and args[0].id in ("self", "cls")
        (self.firm if own else self.loose)[scope].add(name)

    def _assigning(self, node: ast.AST, scope: ast.AST) -> None:
        given = _self_attributes(node)
        self.assigned[scope].update(given)
        cls = self.owner[scope]
        if cls is not None and (given or scope is cls):
            for attribute, written in _stated_types(node, scope, cls):
                self.types.setdefault(cls, {}).setdefault(attribute, set()).add(written)

    def _definition(self, node: _Definition, scope: ast.AST) -> None:
        self.inner[scope].append(node)
        self.inner[node], self.names[node], self.assigned[node] = [], set(), set()
        self.loose[node], self.firm[node] = set(), set()
        self.through[node] = set()
        self.owner[node] = node if isinstance(node, ast.ClassDef) else self.owner[scope]
        self.order.append(node)

    def typed_reads(self) -> dict[ast.AST, set[tuple[str, str]]]:
        """Per scope, (type, name) of each `self.x.name` read where x's class
        states its types, one pair per type an attribute assigned more than
        once may hold (`self.env = Env()`, later `self.env = Sandbox()`); a
        read of an x whose class states none, or assigns it a value of no
        stated type, is read by its name, as any other (added to the scope's
        names)."""
        typed: dict[ast.AST, set[tuple[str, str]]] = {}
        for scope, read in self.through.items():
            typed[scope] = set()
            cls = self.owner[scope]
            stated = self.types.get(cls, {}) if cls is not None else {}
            for attribute, name in read:
                known = stated.get(attribute, set())
                if known and None not in known:
                    typed[scope].update((written, name) for written in known if written)
                else:
                    self.names[scope].add(name)
        return typed


def _merged(own: set[_T], inside: list[frozenset[_T]]) -> frozenset[_T]:
    """`own` with the sets of the definitions inside. A definition that adds
    nothing to its one inner definition shares that one's set: nested
    definitions around one body then cost nothing each."""
    if len(inside) == 1 and own <= inside[0]:
        return inside[0]
    return frozenset(own.union(*inside))


def _definitions(body: list[ast.stmt]) -> list[_Definition]:
    """The definitions of a body, those inside `if`, `try`, `with`, loops and `match` too."""
    return [node for node in _statements(body) if isinstance(node, _DEFINITIONS)]


def _collect(
    body: list[ast.stmt],
    outer: tuple[str, ...],
    into: dict[tuple[str, ...], PyObject],
    scopes: _Scopes,
) -> None:
    definitions = _definitions(body)
    implemented = {d.name for d in definitions if not _is_overload(d)}
    for node in definitions:
        if node.name in implemented and _is_overload(node):
            continue  # an `@overload` stub: the function is its implementation
        qualname = (*outer, node.name)
        used = scopes.used[node]
        if isinstance(node, ast.ClassDef):
            bases = tuple(b for b in map(_written, node.bases) if b != "object")
            attributes = _attributes(node) | scopes.assigned[node]
            typed = scopes.typed[node]
            obj = PyObject(
                "class",
                qualname,
                node.lineno,
                (),
                (),
                attributes,
                used,
                bases,
                typed,
                loose=scopes.loose[node],
            )
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
            options, forwarded = _kwargs_use(node, args.kwarg.arg) if args.kwarg else ({}, ())
            obj = PyObject(
                "function",
                qualname,
                node.lineno,
                positional,
                names,
                frozenset(),
                used,
                typed=scopes.typed[node],
                options=frozenset(options),
                forwarded=forwarded,
                loose=scopes.loose[node],
            )
        if qualname in into:
            # Defined again in the same body: a page may head either one.
            scopes.redefined.append(obj)
        else:
            into[qualname] = obj
        _collect(node.body, qualname, into, scopes)


def _kwargs_use(
    node: ast.FunctionDef | ast.AsyncFunctionDef, kwarg: str
) -> tuple[dict[str, None], tuple[str, ...]]:
    """The keys the function reads from its `**kwarg` dict, and the callees
    it passes the dict on to (`f(**kwargs)`), in order; a copy of the dict
    (`opts = dict(kwargs)`, `kwargs.copy()`, `{**kwargs, "x": 1}`) is the
    dict too."""
    walked = list(ast.walk(node))
    names = _copies(walked, kwarg)
    keys: dict[str, None] = {}
    callees: dict[str, None] = {}
    for inner in walked:
        read: str | None = None
        if isinstance(inner, ast.Call) and not _holds(inner, names):  # a copy is no callee
            passed = any(k.arg is None and _holds(k.value, names) for k in inner.keywords)
            callee = _written(inner.func) if passed else None
            if callee is not None:
                callees[callee] = None
            read = _key_read(inner, names)
        elif isinstance(inner, ast.Subscript) and _is_name(inner.value, names):
            read = _constant_text(inner.slice)
        if read is not None:
            keys[read] = None
    return keys, tuple(callees)


def _copies(walked: list[ast.AST], kwarg: str) -> frozenset[str]:
    """`kwarg` and the names a function binds to a copy of it, copies of a
    copy too (`opts = dict(kwargs)`, then `more = opts.copy()`)."""
    names = frozenset({kwarg})
    assigns = [
        (target.id, inner.value)
        for inner in walked
        if isinstance(inner, ast.Assign)
        for target in inner.targets
        if isinstance(target, ast.Name)
    ]
    while True:
        more = names | {name for name, value in assigns if _holds(value, names)}
        if more == names:
            return names
        names = more


def _holds(value: ast.expr, names: frozenset[str]) -> bool:
    """`value` is one of `names`, or a copy of one: `dict(x)`, `dict(**x)`,
    `x.copy()`, `{**x, ...}`."""
    if isinstance(value, ast.Dict):
        return any(
            k is None and _holds(v, names) for k, v in zip(value.keys, value.values, strict=True)
        )
    if isinstance(value, ast.Call) and _is_name(value.func, frozenset({"dict"})):
        given = [*value.args[:1], *(k.value for k in value.keywords if k.arg is None)]
        return any(_holds(inner, names) for inner in given)
    if isinstance(value, ast.Call) and not value.args and isinstance(value.func, ast.Attribute):
        return value.func.attr == "copy" and _holds(value.func.value, names)
    return _is_name(value, names)


def _key_read(call: ast.Call, names: frozenset[str]) -> str | None:
    """The key `kwargs.get("x")`, `kwargs.pop("x")`, `kwargs.setdefault("x")` reads."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and _is_name(func.value, names) and call.args):
        return None
    return _constant_text(call.args[0]) if func.attr in ("get", "pop", "setdefault") else None


def _is_name(node: ast.expr, names: frozenset[str]) -> bool:
    return isinstance(node, ast.Name) and node.id in names


def _constant_text(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _is_overload(node: _Definition) -> bool:
    """`node` is decorated `@overload` (`typing.overload`, `typing_extensions.overload`)."""
    return not isinstance(node, ast.ClassDef) and any(
        _used_name(decorator) == "overload" for decorator in node.decorator_list
    )


def _imports(node: ast.Import | ast.ImportFrom, into: dict[str, tuple[int, str]]) -> None:
    if isinstance(node, ast.Import):
        for bound, module in _module_bindings(node):
            into.setdefault(bound, (0, module))
    else:
        module = node.module or ""
        for alias in node.names:
            dotted = f"{module}.{alias.name}" if module else alias.name
            into.setdefault(alias.asname or alias.name, (node.level, dotted))


def _module_bindings(node: ast.Import) -> list[tuple[str, str]]:
    """The name each module of an `import` statement binds, and the module
    it names: `import a.b as c` binds c to a.b, `import a.b` binds a to a."""
    return [
        (alias.asname, alias.name) if alias.asname else (head, head)
        for alias in node.names
        for head in (alias.name.partition(".")[0],)
    ]


def _made_by_calls(body: list[ast.stmt], into: dict[str, str]) -> None:
    for node in body:
        callee = _made_by(node.value) if isinstance(node, ast.Assign) else None
        if isinstance(node, ast.Assign) and callee is not None:
            for target in node.targets:
                if isinstance(target, ast.Name):
                    into[target.id] = callee


def _made_by(value: ast.expr | None) -> str | None:
    """The callee, as written, of the call `value` is: `Helper()` gives
    "Helper", `mod.Helper(x)` "mod.Helper"; None for no call of a name."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name | ast.Attribute):
        return _written(value.func)
    return None


def _of_self(node: ast.expr) -> str | None:
    """The attribute `node` reads of `self` (`self.helper` gives "helper")."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.attr if node.value.id == "self" else None
    return None


def _stated_types(node: ast.AST, scope: ast.AST, cls: ast.ClassDef) -> list[tuple[str, str | None]]:
    """Per attribute of `cls`'s instances that `node` (in `scope`, `cls`'s
    body or a function inside it) assigns, the type it states as written:
    `self.x = Foo(...)`, `self.x: Foo = ...`, `x: Foo` in the class body,
    `self.x = x` of a parameter annotated `x: Foo`; None for a value of no
    stated type. `self.x = None` states nothing: it makes room for the value."""
    if isinstance(node, ast.Call):
        named = _attribute_by_name(node)  # setattr(self, "x", ...): any type
        return [] if named is None else [(named, None)]
    if isinstance(node, ast.AnnAssign):
        attribute = _of_self(node.target)
        if attribute is None and scope is cls and isinstance(node.target, ast.Name):
            attribute = node.target.id
        return [] if attribute is None else [(attribute, _annotated(node.annotation))]
    targets = _targets(node)
    value = node.value if isinstance(node, ast.Assign) else None
    single = isinstance(node, ast.Assign) and len(targets) == len(node.targets)
    found: list[tuple[str, str | None]] = []
    for target in targets:
        attribute = _of_self(target)
        if attribute is None and scope is cls and isinstance(target, ast.Name):
            attribute = target.id
        if attribute is None:
            continue
        if value is None or not single:  # `self.x += 1`, `self.a, self.b = pair`
            found.append((attribute, None))
        elif not _is_none(value):
            found.append((attribute, _made_by(value) or _parameter_type(value, scope)))
    return found


def _parameter_type(value: ast.expr, scope: ast.AST) -> str | None:
    """The type a parameter of the function `scope` that `value` names is annotated with."""
    if not isinstance(value, ast.Name) or not isinstance(
        scope, ast.FunctionDef | ast.AsyncFunctionDef
    ):
        return None
    args = scope.args
    for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
        if arg.arg == value.id:
            return None if arg.annotation is None else _annotated(arg.annotation)
    return None


def _annotated(annotation: ast.expr) -> str | None:
    """The one class an annotation names, as written: `Foo`, `mod.Foo`,
    `"Foo"`, `Foo | None`, `Optional[Foo]`; None for any other. Unwrapped
    in a loop: a source may nest `| None` deeper than a recursion goes."""
    inner: ast.expr | None = annotation
    quoted = True
    while inner is not None:
        if isinstance(inner, ast.Name | ast.Attribute):
            return _written(inner)
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str) and quoted:
            inner, quoted = _expression(inner.value), False  # a forward reference
        elif isinstance(inner, ast.BinOp) and isinstance(inner.op, ast.BitOr):
            named = [side for side in (inner.left, inner.right) if not _is_none(side)]
            inner = named[0] if len(named) == 1 else None
        elif isinstance(inner, ast.Subscript) and _used_name(inner.value) == "Optional":
            inner = inner.slice
        else:
            return None
    return None


def _expression(text: str) -> ast.expr | None:
    """The expression `text` holds; None for no expression."""
    parsed: ast.expr | None = read_ast(lambda: parse_python_expression(text.strip()))
    return parsed


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _written(node: ast.expr) -> str | None:
    """`node` as written (`ast.unparse`); None for an expression too deep to
    write out. A dotted name (`nn.Module`, `x.a.a.a…`) is joined part by part,
    whatever its length."""
    parts: list[str] = []
    inner = node
    while isinstance(inner, ast.Attribute):
        parts.append(inner.attr)
        inner = inner.value
    if isinstance(inner, ast.Name):
        return ".".join([inner.id, *reversed(parts)])
    if _depth(node) > _WRITTEN_DEPTH:
        return None
    written: str | None = read_ast(lambda: ast.unparse(node))
    return written


def _depth(node: ast.AST) -> int:
    """How many nodes deep `node` is, counted without recursion."""
    deepest = 0
    stack = [(node, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack += [(child, depth + 1) for child in ast.iter_child_nodes(node)]
    return deepest


def _used_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _attributes(node: ast.ClassDef) -> frozenset[str]:
    """The names the class body itself defines or assigns, under `if`, `try`,
    `with`, loops and `match` too (`if new_api:` then a dataclass field): the
    class has each on some path (`_Scopes` adds those its code gives `self`
    or `cls`)."""
    names: set[str] = set()
    for statement in _statements(node.body):
        if isinstance(statement, _DEFINITIONS):
            names.add(statement.name)
        elif isinstance(statement, _IMPORTS):
            # `import json` in a class body makes `json` a class attribute.
            names.update(alias.asname or alias.name.partition(".")[0] for alias in statement.names)
        for target in (*_targets(statement), *_loop_targets(statement)):
            if isinstance(target, ast.Name):
                names.add(target.id)
    return frozenset(names)


def _loop_targets(statement: ast.stmt) -> list[ast.expr]:
    """The names a `for` loop or a `with` statement binds (`for x in ...`,
    `with open(p) as f`), unpacked: in a class body, class attributes."""
    if isinstance(statement, ast.For | ast.AsyncFor):
        return _unpacked(statement.target)
    if isinstance(statement, ast.With | ast.AsyncWith):
        bound = [item.optional_vars for item in statement.items if item.optional_vars]
        return [target for inner in bound for target in _unpacked(inner)]
    return []


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a body and of the blocks inside it (`if`, `try`,
    `with`, loops, `match`), not those of the definitions inside it."""
    pending = list(reversed(body))
    while pending:
        node = pending.pop()
        yield node
        if isinstance(node, _DEFINITIONS):
            continue
        inner: list[ast.stmt] = []
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if isinstance(block, list):
                inner += block
        for holder in (*getattr(node, "handlers", ()), *getattr(node, "cases", ())):
            inner += holder.body
        pending += reversed(inner)


def _self_attributes(node: ast.AST) -> list[str]:
    """The attributes `node` gives `self` or `cls`: by assigning `self.x`, or
    by a call naming one in a string."""
    names = [
        target.attr
        for target in _targets(node)
        if isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id in ("self", "cls")
    ]
    named = _attribute_by_name(node)
    return names if named is None else [*names, named]


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

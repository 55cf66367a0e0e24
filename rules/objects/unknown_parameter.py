"""DL703 unknown-parameter: a parameters or attributes item naming nothing the object has."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from doclint.rule_api import Cause, Finding, MarkdownPage, Origin, Rule, RuleContext, RuleDocs

if TYPE_CHECKING:
    from doclint.rule_api_generators import Entry, Item, ProfiledPage

    from .._common.python_objects import ModuleObjects, PyObject

CLAIM = "entry-names-parameter-or-attribute"
# The field whose items name a class's attributes (not its `__init__`'s
# parameters): judged even where a base from a library leaves part unknown.
ATTRIBUTES = "attributes"


class _Held(NamedTuple):
    """What a class holds, by its project code."""

    names: set[str]
    """Its attributes, with its bases'."""
    parameters: dict[str, str]
    """Its and its project bases' `__init__`s' parameters, each with the
    first `__init__` taking it: what a parameters item may name, and an
    attributes item where the class may keep it."""
    closed: bool
    """Whether its bases are the project's, or from outside but giving no
    public attribute (`ABC`): then only its code and theirs can keep what
    an `__init__` takes (`Exception` keeps `args`, `nn.Module` registers
    what a subclass assigns)."""
    taken_by: dict[str, str]
    """Each parameter of its and its project bases' methods (`__init__`'s,
    `self` and `cls` aside) and the first method taking it."""
    outside: str | None
    """A base from a library, as written, whose attributes are unknown."""


class _Library(NamedTuple):
    """A base from a library the tree does not hold, whose attributes are unknown."""

    base: str


class UnknownParameter(Rule[MarkdownPage]):
    code = "DL703"
    name = "unknown-parameter"
    origin = Origin.PROFILE
    summary = "Parameters or attributes item naming nothing the documented object has."
    docs = RuleDocs(
        what="""Flags an item of a profiled generator's labelled list (RepoAgent's
        `**parameters**` / `**参数**` and `**attributes**` / `**属性**`, in any
        of the profile's translated labels; blank lines between the items,
        a loose list, keep it going; `self.x` names `x`) whose name is neither a parameter
        nor an attribute of the section's object: for a function, its
        parameters (`*args` and `**kwargs` by their names) and the options it
        takes through `**kwargs` (the keys it reads, `kwargs.get("x")`, and the
        parameters of the project's functions it passes them on to, the dict
        or a copy of it, `opts = dict(kwargs)`, `{**kwargs}`, and theirs when
        they pass them on again, four functions deep; a function passing them
        on to a library's, at any step, is not judged); for a class, the
        names its body assigns or binds (under `if` or `try` too; a `for`
        loop's, a `with`'s, an import's), those of either definition of a
        class defined twice under a condition, the `self.x` and
        `cls.x` its methods assign (or
        name by string: `self.register_buffer("x", ...)`, `setattr(self, "x",
        ...)`), its methods, and its `__init__`'s parameters, with those of its bases
        defined in the project (the same module, or a source of the tree its
        imports name, through modules re-exporting it, or one its `from m
        import *` names). An attributes item naming an `__init__` parameter the
        class does not keep (as `self.x`, or made private, `self._x`) is
        flagged where nothing else could keep it: the class's bases are the
        project's, or from outside giving no public attribute (`ABC`); one
        from outside that does (`Exception` keeps `args`, `nn.Module`
        registers what is assigned) may. A parameter passed on or kept under
        another name (`self.args = arglist`) is then the constructor's input,
        not an attribute. A base from outside the
        project adds what is known of it: a builtin's attributes (`Exception`),
        a standard-library class's as its source has them (`logging.Handler`),
        pydantic's `BaseModel` API, PyTorch's `nn.Module` API, nothing for a
        class a library function makes (`Base = declarative_base()`). A class
        with any other base is not judged, what it inherits being unknown: a
        source a sample's `--known-paths` listing names, a relative import's
        module the tree lacks, a base too deep to write out; nor is one whose
        base is a library's class (a Keras callback, even one the class shadows
        by name), but for an attributes item naming a parameter of one of its
        methods (or its project bases') that it never keeps: the method's
        input, mistaken for an attribute (`eps` of a `torch.autograd.Function`
        whose `forward(ctx, x, eps)` stores it on `ctx`). An overloaded function is its
        implementation, not its `@overload` stubs. Items that say there is nothing (`· None`,
        `· 无`) are not names, nor are items indented under an item (the keys
        of a dict parameter). Items under a heading whose object is missing are
        left to missing-object. Items of a section that, under the heading,
        opens the documentation of another object ("**Item**: The function of
        Item is ...", "**Item类**:") are that object's, judged against it
        when the source defines one object of that name and left alone
        otherwise (invented-section reports an object the project lacks).

        A heading an earlier section's code block swallowed (an output
        example whose nested fence closed it early) still opens its
        object's section, as its author meant: the text under it is judged
        against that object, not the one above.""",
        why="""A parameter list is what a reader calls the function
        with. A local variable listed as a parameter, or an attribute the class
        stopped setting, sends the reader to pass or read something that is not
        there.""",
        example="""for `def main():` reading its arguments from `sys.argv`,

        ```markdown
        **parameters**: The parameters of this Function.
        · book_name: the name of the book
        ```""",
        use_instead="""say where the value comes from in the description, and
        list only the parameters the signature has.""",
    )
    NOT_A_PARAMETER = Cause("unknown-parameter/not-a-parameter", "Item naming no parameter")
    NOT_AN_ATTRIBUTE = Cause(
        "unknown-parameter/not-an-attribute", "Item naming nothing a class has"
    )
    causes = (NOT_A_PARAMETER, NOT_AN_ATTRIBUTE)

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The family's helpers are imported where they are used (__init__.py says why).
        from ._sections import opened_sections
        from ._sources import claimed_source, documented_object, in_broken_example

        found = claimed_source(page, ctx, CLAIM)
        if found is None:
            return
        profiled, objects = found
        opened = list(opened_sections(page, ctx, profiled))
        example = in_broken_example(page, ctx, profiled)
        for item in profiled.items:
            if item.claim != CLAIM or example(item.line):
                continue  # an example's lines, not the section's items
            obj = documented_object(item.entry, objects)
            other = _section_object(item, opened)
            if other is not None:
                # Under the heading, a section of another object: the items are its.
                named = objects.named(other)
                obj = named[0] if len(named) == 1 else None
            if obj is None:
                continue
            name = item.name.lstrip("*")
            if obj.kind == "function":
                known = _function_names(obj, profiled, ctx)
                if known is not None and name not in known:
                    message = (
                        f"{item.field} item `{name}`: `{obj.dotted}` has no parameter `{name}`"
                    )
                    yield Finding(item.line, item.column, message, cause=self.NOT_A_PARAMETER)
                continue
            held = _class_names(obj, objects, profiled.source, profiled.project, ctx)
            if held is None or name in held.names:
                continue
            if held.outside is None and name not in held.parameters:
                has = f"`{obj.dotted}` has no parameter or attribute `{name}`"
                message = f"{item.field} item `{name}`: {has}"
                yield Finding(item.line, item.column, message, cause=self.NOT_AN_ATTRIBUTE)
                continue
            taker = _taker(name, held) if item.field == ATTRIBUTES else None
            if taker is not None:
                message = (
                    f"attributes item `{name}`: `{obj.dotted}` has no attribute `{name}`; "
                    f"it is a parameter of its `{taker}`"
                )
                yield Finding(item.line, item.column, message, cause=self.NOT_AN_ATTRIBUTE)


def _taker(name: str, held: _Held) -> str | None:
    """The method whose parameter an attributes item names, where the class
    does not keep it, the page having mistaken the method's input for an
    attribute: an `__init__`'s where the class's code and its bases' are all
    that could keep it (`closed`) and no attribute holds it under its name
    made private (`self._name`); any method's where a library's base leaves
    the rest of what the class holds unknown; else None."""
    if name in held.parameters:
        kept = not held.closed or {f"_{name}", f"__{name}"} & held.names
        return None if kept else held.parameters[name]
    return held.taken_by.get(name) if held.outside else None


def _function_names(obj: PyObject, profiled: ProfiledPage, ctx: RuleContext) -> set[str] | None:
    """A function's parameters and the options it takes through `**kwargs`:
    the keys it reads from it, the parameters of the project's functions it
    passes it on to; None when it passes it on to a callee the project does
    not define (a library's, a base's `__init__`): what it takes is unknown."""
    known = {*obj.parameters, *obj.options}
    if not obj.forwarded:
        return known
    from .._common.project import project

    model = project(ctx).python(profiled.profile, profiled.project)
    for callee in obj.forwarded:
        # `super().__init__(**kwargs)`: the base's, which `_class_names` reads.
        options = None if callee.startswith("super()") else model.options(callee)
        if options is None:
            return None
        known |= options
    return known


def _section_object(item: Item, opened: list[tuple[int, Entry, str]]) -> str | None:
    """The object whose section, opened under the item's heading and above
    it, holds the item; None when the item is in its heading's own part."""
    names = [name for line, entry, name in opened if entry == item.entry and line < item.line]
    return names[-1] if names else None


def _class_names(
    obj: PyObject, objects: ModuleObjects, source: str, project: str, ctx: RuleContext
) -> _Held | None:
    """A class's attributes and its `__init__`'s parameters, with those of
    its bases the project defines; None when such a base cannot be read
    (a source a sample's listing names, or one that does not parse): what
    the class inherits from it is unknown. A base from outside the project
    adds what is known of it (`Exception`, `nn.Module`), or, a library's
    class, is named in `outside`."""
    known: set[str] = set()
    parameters: dict[str, str] = {}
    closed = True
    taken_by: dict[str, str] = {}
    outside: str | None = None
    seen: set[tuple[str, tuple[str, ...], int]] = set()
    pending = [(obj, objects, source)]
    while pending:
        cls, module, path = pending.pop()
        if (path, cls.qualname, cls.line) in seen:
            continue
        seen.add((path, cls.qualname, cls.line))
        # A class its module defines twice, under a condition (`if new_api:`
        # one, `else:` another), has what either definition gives it.
        pending += [
            (again, module, path)
            for again in module.redefined
            if again.qualname == cls.qualname and again.kind == "class"
        ]
        known |= cls.attributes
        for method in module.objects.values():
            if method.qualname[:-1] == cls.qualname and method.kind == "function":
                for parameter in set(method.parameters) - {"self", "cls"}:
                    taken_by.setdefault(parameter, method.dotted)
        for init in _definitions(module, (*cls.qualname, "__init__")):
            for parameter in init.parameters:
                parameters.setdefault(parameter, init.dotted)
        for base in cls.bases:
            found = _base(base, cls, module, path, project, ctx)
            if found is None:
                return None
            if isinstance(found, _Library):
                outside = outside or found.base
                closed = False
            elif isinstance(found, frozenset):
                known |= found
                closed = closed and all(held.startswith("_") for held in found)
            else:
                pending.append(found)
    return _Held(known, parameters, closed, taken_by, outside)


def _definitions(module: ModuleObjects, qualname: tuple[str, ...]) -> list[PyObject]:
    """The objects a module defines at `qualname`: the first, and those
    defining it again."""
    first = module.objects.get(qualname)
    again = [o for o in module.redefined if o.qualname == qualname]
    return again if first is None else [first, *again]


def _base(
    base: str | None,
    cls: PyObject,
    module: ModuleObjects,
    path: str,
    project: str,
    ctx: RuleContext,
) -> tuple[PyObject, ModuleObjects, str] | frozenset[str] | _Library | None:
    """The class a base names, its module and that module's path; for a base
    from outside the project, what it gives a subclass (`_outside_bases`), or
    `_Library` where that is unknown (a library's class); None when the base
    cannot be told: one the project has but the tree cannot read, or one too
    deep to write out."""
    if base is None:
        return None
    here = module.objects.get((*cls.qualname[:-1], base)) or module.objects.get((base,))
    if here is not None and here.qualname != cls.qualname:
        return (here, module, path) if here.kind == "class" else None
    # `class ModelCheckpoint(ModelCheckpoint)` names the import it shadows.
    base = base.partition("[")[0]  # `Generic[T]` is `Generic`
    head, _, rest = base.partition(".")
    if head not in module.imports:
        starred = _star_imported(head, module, path, project, ctx)
        if starred is not None:
            return starred
        from ._outside_bases import builtin_names

        builtin: frozenset[str] | None = builtin_names(base)
        if builtin is None and _only_libraries_starred(module, path, project, ctx):
            return _Library(base)  # `from langchain.agents import *`
        return builtin
    level, dotted = module.imports[head]
    return _imported(level, f"{dotted}.{rest}" if rest else dotted, path, project, ctx)


def _star_imported(
    name: str, module: ModuleObjects, path: str, project: str, ctx: RuleContext
) -> tuple[PyObject, ModuleObjects, str] | None:
    """The class `name` that a `from m import *` of the module binds, `m`
    being a source of the tree that defines it (`from server.base import *`
    then `class Worker(ApiWorker)`); None when none does."""
    from .._common.python_objects import python_objects

    for level, dotted in module.star_imports:
        where = _module_path(level, dotted.split(".") if dotted else [], path, project, ctx)
        text = None if where is None else ctx.source_at(where)
        other = None if text is None else python_objects(text.text)
        found = None if other is None else other.objects.get((name,))
        if where is not None and other is not None and found is not None:
            return (found, other, where) if found.kind == "class" else None
    return None


def _only_libraries_starred(
    module: ModuleObjects, path: str, project: str, ctx: RuleContext
) -> bool:
    """Whether the module star-imports modules and none of them is the
    project's: a name nothing else binds is then a library's."""
    return bool(module.star_imports) and all(
        not level and _module_path(0, dotted.split("."), path, project, ctx) is None
        for level, dotted in module.star_imports
    )


# How many modules re-exporting a class (`from .schema import Model` in a
# package's `__init__.py`) are followed to where it is defined.
_REEXPORTS = 8


def _imported(
    level: int, dotted: str, path: str, project: str, ctx: RuleContext
) -> tuple[PyObject, ModuleObjects, str] | frozenset[str] | _Library | None:
    """The class an import in the source at `path` binds, as `_base` says it."""
    for _ in range(_REEXPORTS):
        *parts, name = dotted.split(".")
        where = _module_path(level, parts, path, project, ctx)
        if where is None:
            # A relative import is the project's own module, whether or not the
            # tree holds it: what the class inherits from it is unknown.
            from ._outside_bases import outside_names

            if level:
                return None
            outside: frozenset[str] | None = outside_names(dotted)
            return _Library(dotted) if outside is None else outside
        from .._common.python_objects import python_objects

        text = ctx.source_at(where)
        other = None if text is None else python_objects(text.text)
        if other is None:
            return None
        found = other.objects.get((name,))
        if found is not None:
            return (found, other, where) if found.kind == "class" else None
        if name in other.made_by_calls:
            return _made_by_a_library(other.made_by_calls[name], other, where, project, ctx)
        if name not in other.imports:
            return None
        level, dotted = other.imports[name]
        path = where
    return None


def _made_by_a_library(
    callee: str, module: ModuleObjects, path: str, project: str, ctx: RuleContext
) -> frozenset[str] | None:
    """`Base = declarative_base()`: a class a library function makes holds the
    columns its subclasses declare, and nothing a page lists; one the
    project's own function makes is unknown."""
    imported = module.imports.get(callee.partition(".")[0])
    if imported is None or imported[0] != 0:
        return None
    dotted_parts = imported[1].split(".")
    modules = [p for p in (dotted_parts, dotted_parts[:-1]) if p]
    if all(_module_path(0, p, path, project, ctx) is None for p in modules):
        return frozenset()
    return None


def _module_path(
    level: int, parts: list[str], path: str, project: str, ctx: RuleContext
) -> str | None:
    """The source of the tree a module import names (`parts` of its dotted
    name, `level` leading dots, from the source at `path`); None when the tree
    has no such file."""
    if level:
        folder = posixpath.dirname(path)
        for _ in range(level - 1):
            folder = posixpath.dirname(folder)
    else:
        folder = project
    stem = posixpath.join(folder, *parts) if parts else folder
    return next((p for p in (f"{stem}.py", f"{stem}/__init__.py") if ctx.is_file(p)), None)

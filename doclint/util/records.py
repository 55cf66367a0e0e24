"""Records whose classes cost a start little: `NamedTuple`, as `typing` has
it, and `Frozen`, the base of a read-only class of named fields.

`class Part(NamedTuple)` of `typing` checks each field's annotation before
`collections.namedtuple` builds the class, and under `from __future__ import
annotations` each annotation is text that the check compiles (a
`ForwardRef`): more than half of the class's cost, 40 µs a class, paid for
the sixty named tuples a one-page check defines before it reads the page;
and a process's first `compile()` builds the classes of the `ast` nodes, a
third of a bare interpreter start. `collections.namedtuple` evaluates the
source of each class's `__new__`: this one evaluates it once per number of
fields and renames its arguments. It builds the same class otherwise (the
fields, methods and docstrings `namedtuple` gives, the class body's
docstring, methods and defaults) and keeps the annotations as written,
which `typing.get_type_hints` and pydantic read alike. Type checkers, and
mypyc in the modules it compiles, see `typing.NamedTuple` itself. Every room
may use it (`doclint.models.records` gives it to the models).

    from doclint.util.records import NamedTuple

A frozen dataclass's class costs more (its methods' source is written and
compiled, ~0.3 ms a class): a class that a tuple cannot be (one that derives
fields, or extends another) is a `Frozen`, its `__init__` written out.
"""

from __future__ import annotations

import sys
from keyword import iskeyword
from types import FunctionType
from typing import TYPE_CHECKING, Any, ClassVar, Self


class Frozen:
    """The equality, hash and repr of a frozen dataclass over the fields its
    class names in `FIELDS` (in a dataclass's order: a base's first), and no
    assignment but `__init__`'s (through `object.__setattr__`)."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def replaced(self, **changes: Any) -> Self:
        """A copy with the fields `changes` names set to its values (as
        `dataclasses.replace`): the class is built from keywords."""
        return type(self)(**{name: getattr(self, name) for name in self.FIELDS} | changes)

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Frozen)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r} of {type(self).__name__}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r} of {type(self).__name__}")

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (to a worker process) as the keywords it is built from.
        return _rebuilt, (type(self), {name: getattr(self, name) for name in self.FIELDS})


def _rebuilt(cls: type[Frozen], fields: dict[str, Any]) -> Frozen:
    return cls(**fields)


if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple
else:
    # `collections.namedtuple`'s property of a field: a private name of that
    # module, taken so that a record's fields are the C descriptors a named
    # tuple's are.
    from collections import _tuplegetter

    # What a class body may not set, and what it sets that is not copied (as in `typing`).
    _PROHIBITED = frozenset(
        {
            "__new__",
            "__init__",
            "__slots__",
            "__getnewargs__",
            "_fields",
            "_field_defaults",
            "_make",
            "_replace",
            "_asdict",
            "_source",
        }
    )
    _SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})

    _NEW_CODE = {}
    """The code of `__new__` by number of fields."""

    def _new_code(count):
        """The code `collections.namedtuple` evaluates for the `__new__` of
        a class of `count` fields, under placeholder names: evaluated once per
        count, not once per class (a third of a class's cost), and renamed."""
        code = _NEW_CODE.get(count)
        if code is None:
            names = "".join(f"_{index}, " for index in range(count))
            lambda_ = eval(f"lambda _cls, {names}: _tuple_new(_cls, ({names}))", {})
            code = _NEW_CODE[count] = lambda_.__code__
        return code

    def _named_tuple(typename, fields, defaults, body):
        """The class `collections.namedtuple(typename, fields, defaults=...,
        module=...)` builds, with what the class body `body` defines, built
        in one call of `type`."""
        fields = tuple(map(sys.intern, fields))
        for name in (typename, *fields):
            if not name.isidentifier() or iskeyword(name):
                raise ValueError(f"not a name for a named tuple or its field: {name!r}")
        if len(set(fields)) != len(fields) or any(name.startswith("_") for name in fields):
            raise ValueError(f"{typename}: its fields repeat or start with an underscore")
        field_defaults = dict(zip(fields[len(fields) - len(defaults) :], defaults, strict=True))
        arg_list = ", ".join(fields) + ("," if len(fields) == 1 else "")
        repr_fmt = "(" + ", ".join(f"{name}=%r" for name in fields) + ")"
        count = len(fields)
        tuple_new = tuple.__new__
        scope = {"_tuple_new": tuple_new, "__builtins__": {}, "__name__": f"namedtuple_{typename}"}
        code = _new_code(count).replace(co_varnames=("_cls", *fields))
        __new__ = FunctionType(code, scope, "__new__", tuple(defaults) if defaults else None)
        __new__.__doc__ = f"Create new instance of {typename}({arg_list})"

        @classmethod
        def _make(cls, iterable):
            result = tuple_new(cls, iterable)
            if len(result) != count:
                raise TypeError(f"Expected {count} arguments, got {len(result)}")
            return result

        _make.__func__.__doc__ = f"Make a new {typename} object from a sequence or iterable"

        def _replace(self, /, **kwds):
            result = self._make(map(kwds.pop, fields, self))
            if kwds:
                raise ValueError(f"Got unexpected field names: {list(kwds)!r}")
            return result

        _replace.__doc__ = (
            f"Return a new {typename} object replacing specified fields with new values"
        )

        def __repr__(self):
            "Return a nicely formatted representation string"
            return self.__class__.__name__ + repr_fmt % self

        def _asdict(self):
            "Return a new dict which maps field names to their values."
            return dict(zip(self._fields, self, strict=True))

        def __getnewargs__(self):
            "Return self as a plain tuple.  Used by copy and pickle."
            return tuple(self)

        for method in (__new__, _make.__func__, _replace, __repr__, _asdict, __getnewargs__):
            method.__qualname__ = f"{typename}.{method.__name__}"
        namespace = {
            "__doc__": f"{typename}({arg_list})",
            "__slots__": (),
            "_fields": fields,
            "_field_defaults": field_defaults,
            "__new__": __new__,
            "_make": _make,
            "_replace": _replace,
            "__repr__": __repr__,
            "_asdict": _asdict,
            "__getnewargs__": __getnewargs__,
            "__match_args__": fields,
        }
        for index, name in enumerate(fields):
            namespace[name] = _tuplegetter(index, sys.intern(f"Alias for field number {index}"))
        namespace.update(body)
        return type(typename, (tuple,), namespace)

    class _RecordMeta(type):
        def __new__(cls, typename, bases, namespace):
            if bases != (_Record,):
                raise TypeError("a NamedTuple class inherits from NamedTuple alone")
            types = namespace.get("__annotations__", {})
            defaults = [name for name in types if name in namespace]
            if defaults != list(types)[len(types) - len(defaults) :]:
                raise TypeError(f"{typename}: a field without a default follows one with")
            body = {"__module__": namespace["__module__"], "__annotations__": dict(types)}
            for key, value in namespace.items():
                if key in _PROHIBITED:
                    raise AttributeError(f"Cannot overwrite NamedTuple attribute {key}")
                if key not in _SPECIAL and key not in types:
                    body[key] = value
            return _named_tuple(typename, types, [namespace[name] for name in defaults], body)

    _Record = type.__new__(_RecordMeta, "NamedTuple", (), {})

    def NamedTuple(*args, **kwargs):
        """Only a base class here: `class Name(NamedTuple)`."""
        raise TypeError("doclint.util.records.NamedTuple is a base class only")

    NamedTuple.__mro_entries__ = lambda bases: (_Record,)

"""The record classes the models are built of: `NamedTuple` and `Frozen`,
from `doclint.util.records`, where every room may reach them, and `Compared`
with its decorator `model`, the page models' dataclasses whose `__init__`,
equality and repr are written once here rather than generated per class.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from typing import TYPE_CHECKING, Any, TypeVar, dataclass_transform

from doclint.util.records import Frozen, NamedTuple

__all__ = ["Compared", "Frozen", "NamedTuple", "model"]

T = TypeVar("T")

# The key, in the dict of a copy, of what fills the fields it leaves to be
# computed when first read (`Later`).
LATER = "_later"


@dataclass_transform(kw_only_default=True, eq_default=False, field_specifiers=(field,))
def model(cls: type[T]) -> type[T]:
    """A model of the pages (a subclass of `Compared`): a dataclass of
    keyword-only fields, whose `__init__`, equality and repr are `Compared`'s.
    A dataclass writes and compiles its `__init__` as it builds the class,
    at every start that reads a page.

    Each field without a plain default (a list, the layer) may be left out
    of a copy's dict, to be computed when first read: its dict then holds,
    under `LATER`, an object whose `fill(copy, name)` computes and stores
    the field (`doclint.parsing.relocate`, where a page moved to other lines
    moves its lists of parts only when they are read)."""
    made = dataclass(kw_only=True, init=False, eq=False, repr=False)(cls)
    for each in fields(made):  # type: ignore[arg-type]
        if each.default is MISSING and not leaves_for_later(made, each.name):  # not a base's
            setattr(made, each.name, Later(each.name))
    return made


class Later:
    """A field a copy may leave to be computed when first read. A descriptor
    that defines no `__set__`: the instance's own value, where it has one, is
    read without it, as any attribute is."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self
        fill = instance.__dict__.get(LATER)
        if fill is None:
            message = f"{type(instance).__name__!r} object has no attribute {self.name!r}"
            raise AttributeError(message, name=self.name, obj=instance)
        return fill.fill(instance, self.name)


def leaves_for_later(cls: type, name: str) -> bool:
    """Whether a copy of a `cls` may leave field `name` to be computed when read."""
    return isinstance(getattr(cls, name, None), Later)


class Compared:
    """The `__init__`, equality and repr a dataclass generates, for the
    models of `model`: the page models are built at every start, and
    generating these methods cost each class more than their uses ever do.
    Built from keywords, one for each field without a default; equal to an
    object of its own class whose fields are equal; unhashable, as a
    dataclass that compares is."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]

    if not TYPE_CHECKING:  # to a type checker, a misspelt field stays an error

        def __init__(self, **values):
            names, required, defaults, factories = _plan(type(self))
            if not values.keys() <= names:
                unknown = min(values.keys() - names)
                name = type(self).__qualname__
                raise TypeError(f"{name}.__init__() got an unexpected keyword argument {unknown!r}")
            if not required <= values.keys():
                _missing(type(self), required - values.keys())
            own = self.__dict__
            own.update(defaults)
            for name, factory in factories:
                if name not in values:
                    own[name] = factory()
            own.update(values)

    def _names(self) -> tuple[str, ...]:
        return tuple(field.name for field in fields(self))  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        names = self._names()
        mine = tuple(getattr(self, name) for name in names)
        return mine == tuple(getattr(other, name) for name in names)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._names())
        return f"{self.__class__.__qualname__}({shown})"


_Factories = tuple[tuple[str, Callable[[], Any]], ...]
_Plan = tuple[frozenset[str], frozenset[str], dict[str, Any], _Factories]
_PLANS: dict[type, _Plan] = {}


def _plan(cls: type) -> _Plan:
    """A model's field names, those without a default, the plain defaults,
    and the fields made by a factory, read once per class."""
    plan = _PLANS.get(cls)
    if plan is None:
        every = fields(cls)
        made = tuple((f.name, f.default_factory) for f in every if f.default_factory is not MISSING)
        plain = {f.name: f.default for f in every if f.default is not MISSING}
        names = frozenset(f.name for f in every)
        plan = _PLANS[cls] = (names, names - plain.keys() - dict(made).keys(), plain, made)
    return plan


def _missing(cls: type, names: frozenset[str]) -> None:
    """Raise the TypeError of a dataclass's `__init__` called without `names`."""
    ordered = [f"{f.name!r}" for f in fields(cls) if f.name in names]
    listed = ordered[0] if len(ordered) == 1 else f"{', '.join(ordered[:-1])} and {ordered[-1]}"
    plural = "argument" if len(ordered) == 1 else "arguments"
    missing = f"missing {len(ordered)} required keyword-only {plural}: {listed}"
    raise TypeError(f"{cls.__qualname__}.__init__() {missing}")

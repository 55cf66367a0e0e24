"""The records every room builds its values of: `NamedTuple` (typing's,
given here beside `Frozen`), and `Frozen`, the base of a read-only class of
named fields that a tuple cannot be (one that derives fields, or extends
another), its `__init__` written out by each class: a frozen dataclass
writes and compiles its methods' source as it builds the class.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple, Self


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


__all__ = ["Frozen", "NamedTuple"]

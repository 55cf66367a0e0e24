"""doclint.models.records.NamedTuple builds the class typing.NamedTuple
builds, without compiling each annotation at class creation."""

from __future__ import annotations

import pickle
import typing

import pytest

from doclint.models import records
from doclint.models.findings import Cause


class Part(records.NamedTuple):
    """A part of a page."""

    line: int
    text: str
    kinds: tuple[str, ...] = ()

    def shown(self) -> str:
        return f"{self.line}: {self.text}"


class TypedPart(typing.NamedTuple):
    """A part of a page."""

    line: int
    text: str
    kinds: tuple[str, ...] = ()

    def shown(self) -> str:
        return f"{self.line}: {self.text}"


def test_a_record_is_the_named_tuple_typing_builds():
    part = Part(3, "x")
    assert part == (3, "x", ())
    assert part._replace(text="y") == Part(3, "y")
    assert part.shown() == "3: x"
    for attribute in ("_fields", "_field_defaults", "__doc__", "__module__"):
        assert getattr(Part, attribute) == getattr(TypedPart, attribute)
    assert Part.__qualname__ == "Part"
    assert repr(part) == "Part(line=3, text='x', kinds=())"
    assert pickle.loads(pickle.dumps(part)) == part
    assert typing.get_type_hints(Part) == typing.get_type_hints(TypedPart)
    assert Part.__mro__ == (Part, tuple, object)


def test_a_record_s_class_compiles_no_annotation(monkeypatch):
    """typing.NamedTuple makes a ForwardRef, compiling its text, per field."""

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("an annotation compiled")

    monkeypatch.setattr(typing, "ForwardRef", refused)

    class Span(records.NamedTuple):
        start: int
        end: int

    assert Span(1, 2).end == 2
    assert isinstance(Cause("a/b", "B"), tuple)


def test_a_record_refuses_what_typing_refuses():
    with pytest.raises(TypeError):

        class Misordered(records.NamedTuple):
            a: int = 0
            b: int

    with pytest.raises(AttributeError):

        class Overwrites(records.NamedTuple):
            a: int

            def _asdict(self) -> dict[str, int]:
                return {}

    with pytest.raises(TypeError):
        records.NamedTuple("Call", [("a", int)])

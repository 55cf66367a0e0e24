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


class Span(records.Frozen):
    FIELDS = ("start", "end")
    __slots__ = FIELDS

    def __init__(self, start: int, end: int) -> None:
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)


def test_a_frozen_record_is_equal_hashed_and_shown_by_its_fields():
    span = Span(1, 2)
    assert span == Span(1, 2) and span != Span(1, 3) and span != (1, 2)
    assert hash(span) == hash(Span(1, 2))
    assert repr(span) == "Span(start=1, end=2)"
    assert span.replaced(end=5) == Span(1, 5) and span == Span(1, 2)
    assert pickle.loads(pickle.dumps(span)) == span
    with pytest.raises(AttributeError):
        span.start = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del span.end


def test_the_profiles_are_frozen_records_the_frozen_form_rebuilds():
    from doclint.profiles import builtin_profiles
    from doclint.profiles.frozen import decode, encode
    from doclint.profiles.model import PagePlaces, Profile

    (profile,) = [p for p in builtin_profiles() if isinstance(p, Profile)][:1]
    assert decode(encode(profile)) == profile
    moved = profile.replaced(digest="other")
    assert isinstance(moved, Profile) and moved.layout is profile.layout and moved != profile
    places = PagePlaces("docs", {"file-docs": "{path}_docs.md"}, "", False, ())
    assert places.kinds == {} and places.file_endings == ("_docs.md",)
    assert repr(places).startswith("PagePlaces(docs_folder='docs', pages=")
    again = pickle.loads(pickle.dumps((profile, places)))
    assert again == (profile, places) and again[1].file_endings == ("_docs.md",)


def test_a_page_compares_and_shows_as_its_dataclass_would():
    """The page models' dataclasses generate neither `__eq__` nor `__repr__`
    (`records.Compared` gives them): equal by their fields, unhashable."""
    import dataclasses

    from doclint.models.markdown import MarkdownLayer
    from doclint.models.page import MarkdownPage

    page = MarkdownPage(path="a.md", markdown=MarkdownLayer(line_count=1))
    assert page == MarkdownPage(path="a.md", markdown=MarkdownLayer(line_count=1))
    assert page != dataclasses.replace(page, path="b.md")
    assert page != dataclasses.replace(page, markdown=MarkdownLayer(line_count=2))
    names = [field.name for field in dataclasses.fields(page)]
    shown = ", ".join(f"{name}={getattr(page, name)!r}" for name in names)
    assert repr(page) == f"MarkdownPage({shown})"
    with pytest.raises(TypeError):
        hash(page)


def test_a_record_s_new_is_evaluated_once_per_number_of_fields(monkeypatch):
    """`collections.namedtuple` evaluates the source of each class's
    `__new__`; records of as many fields share one evaluation, each with its
    own argument names and defaults."""
    import collections
    import inspect

    from doclint.util import records as module

    evaluated = []

    def counted(source: str, scope: dict[str, object]) -> object:
        evaluated.append(source)
        return eval(source, scope)

    monkeypatch.setattr(module, "eval", counted, raising=False)
    monkeypatch.setattr(module, "_NEW_CODE", {})
    names = [f"field{index}" for index in range(23)]
    first = collections.namedtuple("First", names)  # what a record must match
    built = [
        module._RecordMeta(
            "Wide",
            (module._Record,),
            {"__module__": __name__, "__annotations__": {n: "int" for n in names}},
        ),
        module._RecordMeta(
            "Other",
            (module._Record,),
            {
                "__module__": __name__,
                "__annotations__": {n.upper(): "int" for n in names},
                "FIELD22": 7,
            },
        ),
    ]
    assert len(evaluated) == 1
    wide, other = built
    assert inspect.signature(wide) == inspect.signature(first)
    assert wide(*range(23)) == tuple(range(23)) and wide(**dict.fromkeys(names, 1)).field22 == 1
    assert other(*range(22)).FIELD22 == 7
    with pytest.raises(
        TypeError, match=r"Wide.__new__\(\) missing 1 required positional argument: 'field22'"
    ):
        wide(*range(22))

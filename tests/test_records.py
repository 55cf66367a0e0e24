"""The records the models are built of: `Frozen`'s equality, hash, repr and
pickling, the frozen profiles, and the page models' comparisons."""

from __future__ import annotations

import pickle

import pytest

from doclint.models import records


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


def test_the_profiles_are_frozen_records():
    from doclint.profiles import builtin_profiles
    from doclint.profiles.model import PagePlaces, Profile

    (profile,) = [p for p in builtin_profiles() if isinstance(p, Profile)][:1]
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

"""The page models: nodes behave as the frozen models they replace, pydantic
checks a page's items' types, and the JSON forms (schema, dump, load) agree."""

from __future__ import annotations

import pydantic
import pytest
from pydantic import TypeAdapter

from doclint.models.generated import (
    PAGE_TYPES,
    AnyPage,
    FileDocs,
    KeywordIndex,
    MarkdownPage,
    Section,
)
from doclint.models.markdown import Heading, Link, MarkdownLayer
from doclint.parsing.pages import parse_page
from tests.pages import file_docs, keyword_index


def test_a_node_equals_only_a_node_of_its_own_class():
    heading = Heading(3, 1, 2, "Files")
    assert heading == Heading(line=3, column=1, level=2, text="Files")
    assert hash(heading) == hash(Heading(3, 1, 2, "Files"))
    assert heading != (3, 1, 2, "Files")
    assert Section(3, 1, 2, "Files", 9) != Section(3, 1, 2, "Files", 8)
    assert repr(heading) == "Heading(line=3, column=1, level=2, text='Files')"


def test_a_page_rejects_an_item_of_the_wrong_type():
    pages = TypeAdapter(MarkdownPage)
    layer = {"line_count": 1}
    with pytest.raises(pydantic.ValidationError, match="instance of Heading"):
        pages.validate_python(
            {"path": "a.md", "markdown": layer, "outline": [Section(1, 1, 1, "T", 1)]}
        )
    with pytest.raises(pydantic.ValidationError, match="instance of Heading"):
        pages.validate_python({"path": "a.md", "markdown": layer, "outline": [(1, 1, 1, "T")]})
    with pytest.raises(pydantic.ValidationError, match="Unexpected keyword argument"):
        pages.validate_python({"path": "a.md", "markdown": layer, "outlines": []})
    assert pages.validate_python({"path": "a.md", "markdown": MarkdownLayer(line_count=1)}) == (
        MarkdownPage(path="a.md", markdown=MarkdownLayer(line_count=1))
    )


def test_a_page_with_an_embedded_page_survives_a_json_round_trip():
    embedded = keyword_index("a.py", ["Widget"])
    page = parse_page(file_docs("docs/a.py_kw.md", "python x.py", "markdown", embedded), "x.md")
    assert isinstance(page, FileDocs) and isinstance(page.source.document, KeywordIndex)
    pages = TypeAdapter(AnyPage)
    dumped = pages.dump_python(page)
    assert dumped["title"] == {"line": 1, "column": 1, "level": 1, "text": page.title.text}
    assert pages.validate_json(pages.dump_json(page)) == page


def test_the_schema_describes_nodes_as_objects_of_their_fields():
    definitions = TypeAdapter(AnyPage).json_schema()["$defs"]
    link = definitions["Link"]
    assert link["type"] == "object" and link["description"].startswith("A live link")
    assert list(link["properties"]) == list(Link._fields)
    assert link["required"] == ["line", "column", "kind", "text", "target"]
    source = definitions["EmbeddedSource"]["properties"]["document"]
    assert {"$ref": "#/$defs/KeywordIndex"} in source["anyOf"][0]["oneOf"]


@pytest.mark.parametrize(
    "model", [*PAGE_TYPES.__args__, MarkdownLayer], ids=lambda model: model.__name__
)
def test_a_model_s_init_takes_its_fields_as_the_dataclass_s_would(model):
    """The page models' `__init__` is `Compared`'s, not generated: keywords
    only, each field without a default required, a plain default as is, a
    new list where the field has a factory, and a dataclass's errors."""
    import dataclasses

    fields = dataclasses.fields(model)
    required = [f.name for f in fields if f.default is f.default_factory is dataclasses.MISSING]
    given = {name: object() for name in required}
    built = model(**given)
    for field in fields:
        value = getattr(built, field.name)
        if field.name in given:
            assert value is given[field.name]
        elif field.default_factory is not dataclasses.MISSING:
            assert value == field.default_factory()
            assert value is not getattr(model(**given), field.name)
        else:
            assert value == field.default
    if required:
        with pytest.raises(
            TypeError, match=rf"missing 1 required keyword-only argument: '{required[-1]}'"
        ):
            model(**{name: given[name] for name in required[:-1]})
    with pytest.raises(TypeError, match="unexpected keyword argument 'no_such_field'"):
        model(**given, no_such_field=1)
    with pytest.raises(TypeError):
        model(*given.values())
    assert dataclasses.replace(built) == built

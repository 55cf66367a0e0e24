"""The page models: nodes behave as the frozen models they replace, pydantic
checks a page's items' types, and the JSON forms (schema, dump, load) agree."""

from __future__ import annotations

import pydantic
import pytest
from pydantic import TypeAdapter

from doclint.models.generated import AnyPage, FileDocs, KeywordIndex, MarkdownPage, Section
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


def test_a_markdown_page_s_init_takes_its_fields_as_the_dataclass_s_would():
    """`MarkdownPage.__init__` is written out: keywords only, each field with
    its default (a new list where the field has a factory)."""
    import dataclasses
    import inspect

    fields = dataclasses.fields(MarkdownPage)
    parameters = list(inspect.signature(MarkdownPage).parameters.values())
    assert [parameter.name for parameter in parameters] == [field.name for field in fields]
    assert {parameter.kind for parameter in parameters} == {inspect.Parameter.KEYWORD_ONLY}
    page = MarkdownPage(path="a.md", markdown=MarkdownLayer(line_count=1))
    for parameter, field in zip(parameters, fields, strict=True):
        if field.default_factory is not dataclasses.MISSING:
            assert parameter.default is None
            assert getattr(page, field.name) == field.default_factory()
        elif field.default is dataclasses.MISSING:
            assert parameter.default is inspect.Parameter.empty
        else:
            assert parameter.default == field.default == getattr(page, field.name)
    assert page.outline is not MarkdownPage(path="b.md", markdown=page.markdown).outline
    assert dataclasses.replace(page, page_kind="file-docs").page_kind == "file-docs"

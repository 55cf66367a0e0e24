"""The generic Markdown layer of a document: what CommonMark renders, with positions.

Every Markdown file gets this layer, generated or not. Lines and columns are
1-based and refer to the physical file, also for a document embedded in another.

The layer is a plain dataclass and its positioned parts (nodes) are named
tuples, not pydantic models: checking a page must not import pydantic (its
import alone is several times a bare interpreter start), and a run over
a large tree builds millions of them, and pydantic validates each one, where a
named tuple built positionally only stores its values (a frozen slotted
dataclass sets its fields one by one through `object.__setattr__`). Nothing
is lost by not validating them: only the parser builds nodes, from values it
has just typed. What pydantic would give them is kept
by `node`: a page still rejects an item of the wrong type (an instance check,
which neither copies nor re-validates the item), and `doclint schema` and
`model_dump` still show each node as an object of its named fields. Hot paths
of the parser build nodes positionally, in the field order below.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, TypeVar

from doclint.models.records import Compared, NamedTuple, model

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler
    from pydantic_core import core_schema

T = TypeVar("T", bound=type[tuple[Any, ...]])

build_node = tuple.__new__
"""`build_node(Heading, (line, column, level, text))`: a node (or any named
tuple) built from its fields in order. A named tuple's own `__new__` is a
Python function, at twice the cost, and a run builds millions of nodes."""


class Node(Protocol):
    """What every positioned part of a document has."""

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


def node(cls: T) -> T:
    """Give a NamedTuple class the behaviour of a frozen pydantic model: equal
    only to a node of its own class (a plain tuple would compare equal to any
    node holding the same values), and a pydantic schema of its own."""
    cls.__eq__ = _same_node  # type: ignore[method-assign]
    cls.__ne__ = _different_node  # type: ignore[assignment, method-assign]
    cls.__get_pydantic_core_schema__ = classmethod(_node_schema)  # type: ignore[attr-defined]
    return cls


def _same_node(self: tuple[Any, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _different_node(self: tuple[Any, ...], other: object) -> bool:
    return not _same_node(self, other)


def _node_schema(cls: Any, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
    """Validate a node from Python by an instance check only; in JSON (schema,
    dump and load), a node is an object of its fields."""
    from pydantic_core import core_schema

    as_tuple = handler.resolve_ref_schema(handler(source))
    fields = {
        field["name"]: core_schema.typed_dict_field(
            field["schema"], required=field["schema"]["type"] != "default"
        )
        for field in as_tuple["fields"]
    }
    as_object = core_schema.typed_dict_schema(fields, cls=cls, extra_behavior="forbid")
    return core_schema.json_or_python_schema(
        json_schema=core_schema.no_info_after_validator_function(
            lambda values: cls(**values), as_object
        ),
        python_schema=core_schema.is_instance_schema(cls),
        serialization=core_schema.plain_serializer_function_ser_schema(
            cls._asdict, return_schema=as_object
        ),
        # The tuple schema's own reference: every other use of the class,
        # nested ones included, resolves to this schema instead.
        ref=as_tuple["ref"],
    )


@node
class Heading(NamedTuple):
    """An ATX or setext heading; `text` is its raw inline source."""

    line: int
    column: int
    level: int
    text: str


@node
class CodeBlock(NamedTuple):
    """A fenced or indented code block as CommonMark closes it.

    `end_line` is the closing fence line when `closed`, else the last line the
    block swallowed. `content_line` is the first line of its content. An
    indented block has no `marker` or `info` ("").
    """

    line: int
    column: int
    fenced: bool
    marker: str
    info: str
    content_line: int
    end_line: int
    closed: bool
    text: str


@node
class Link(NamedTuple):
    """A live link or image: inline, reference-style, or an autolink."""

    line: int
    column: int
    kind: Literal["inline", "reference", "autolink", "image"]
    text: str
    target: str
    title: str | None = None


LinkKind = Literal["inline", "reference", "autolink", "image"]


class FoundLink(NamedTuple):
    """A link located in a block's raw text; `offset` indexes that text (the
    parser's, doclint.parsing.inline, before it is placed as a `Link`).

    A named tuple: a large tree holds millions of links, and a frozen
    dataclass costs three times as much to build. Defined here: see
    `COMPILED_MODULES` for why a compiled module defines no named tuple."""

    kind: LinkKind
    text: str
    target: str
    title: str | None
    offset: int


@node
class ListItem(NamedTuple):
    """One list item; `text` is the raw text of its first paragraph."""

    line: int
    column: int
    marker: str
    depth: int
    text: str


@node
class Paragraph(NamedTuple):
    """A paragraph, raw inline source. The first paragraph of a list item is
    that item's `text` and is not repeated here."""

    line: int
    column: int
    end_line: int
    text: str


@node
class TableRow(NamedTuple):
    """A table row (header or body) with its raw cell texts."""

    line: int
    column: int
    header: bool
    cells: list[str]


@node
class HtmlBlock(NamedTuple):
    """A block of raw HTML, including comments."""

    line: int
    column: int
    end_line: int
    text: str


@model
class MarkdownLayer(Compared):
    """All rendered parts of one document, each list in document order."""

    # Read by pydantic where a page is validated or described (`doclint schema`).
    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid"}

    line_count: int
    headings: list[Heading] = field(default_factory=list)
    code_blocks: list[CodeBlock] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    list_items: list[ListItem] = field(default_factory=list)
    paragraphs: list[Paragraph] = field(default_factory=list)
    table_rows: list[TableRow] = field(default_factory=list)
    html_blocks: list[HtmlBlock] = field(default_factory=list)
    thematic_breaks: list[int] = field(default_factory=list)

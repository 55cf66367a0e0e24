"""A parsed page moved to other lines of another file.

A level-2 page embeds the page it documents byte for byte, and the work is
ordered so that the two are parsed one after the other. Moving the first
parse to the copy's lines costs a rebuild of its nodes, a fraction of a parse
(no line scan, no inline scan, no template matching); the fields that hold
many nodes (the layer, the lists of parts) are moved only when first read.
The copy's page pass is answered from the page parsed before it, so a run
reads little of it (the source block, the names of the page): most copies
never move their parts. A test checks that a moved page equals a page parsed
at those lines, over the real slice and a generated corpus.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from functools import cache
from itertools import repeat
from operator import add
from typing import Any, TypeVar, get_args, get_type_hints

from doclint.models.markdown import build_node
from doclint.models.records import LATER, leaves_for_later

P = TypeVar("P")

# The fields of a node or model that hold a line number. Models and nodes name
# their lines so; a line count (`line_count`) is not a place and stays.
LINE_FIELDS = frozenset({"line", "end_line", "content_line", "block_line", "live_end_line"})
# Fields that hold a list of line numbers.
LINE_LIST_FIELDS = frozenset({"thematic_breaks"})


def moved(page: P, lines: int, **changes: Any) -> P:
    """`page` (a page or its layer: a dataclass) with every line number
    `lines` further down, and the fields in `changes` replaced. Lists nobody
    moves (of strings) are shared; the layer and the lists of parts are moved
    when first read."""
    # Built by its fields, not `dataclasses.replace`: the models have no
    # `__post_init__` and every entry of their `__dict__` is a field, and a
    # replace checks and passes each field again through `__init__`.
    fields: dict[str, Any] = {}
    later: list[str] = []
    kind = type(page)
    for name, value in page.__dict__.items():
        if name in changes:
            fields[name] = changes[name]
        elif name == LATER:
            # A copy itself: what it has not moved yet, this copy moves later.
            later += [field for field in value.names if field not in page.__dict__]
        elif value is None or isinstance(value, (str, int)):  # a name, a level, a kind
            fields[name] = value
        elif isinstance(value, tuple):  # a node: moved now, a nested page later
            fields[name] = _moved_node(value, lines)
        elif isinstance(value, list) and not value:
            fields[name] = value
        elif leaves_for_later(kind, name):  # the layer, or a list of parts
            later.append(name)
        else:
            fields[name] = _moved_value(value, lines, name)
    for name in changes.keys() & set(later):  # a field a copy had not moved yet
        later.remove(name)
        fields[name] = changes[name]
    if not changes.keys() <= fields.keys():
        raise TypeError(f"no field {sorted(changes.keys() - fields.keys())}")
    copy: P = object.__new__(type(page))
    copy.__dict__.update(fields)
    if later:
        copy.__dict__[LATER] = Moving(page, lines, frozenset(later))
    return copy


class Moving:
    """The fields a moved page has not moved yet: each is its page's field,
    moved when first read (`doclint.models.records.Later`)."""

    def __init__(self, page: object, lines: int, names: frozenset[str]) -> None:
        self.page = page
        self.lines = lines
        self.names = names

    def fill(self, copy: object, name: str) -> Any:
        if name not in self.names:
            message = f"{type(copy).__name__!r} object has no attribute {name!r}"
            raise AttributeError(message, name=name, obj=copy)
        value = _moved_value(getattr(self.page, name), self.lines, name)
        copy.__dict__[name] = value
        return value


def _moved_value(value: Any, lines: int, name: str = "") -> Any:
    if isinstance(value, tuple):
        return _moved_node(value, lines)
    if isinstance(value, list):
        if name in LINE_LIST_FIELDS:
            return [line + lines for line in value]
        if value and isinstance(value[0], tuple):
            return _moved_nodes(value, lines)
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return moved(value, lines)
    return value


def _moved_nodes(nodes: list[tuple[Any, ...]], lines: int) -> list[tuple[Any, ...]]:
    """A list of nodes, all of one class as the models type them, moved."""
    kind = type(nodes[0])
    line_indexes, nested = _plan(kind)
    if nested:
        return [_moved_node(node, lines) for node in nodes]
    # Most nodes hold no node: moved field by field, the lines added and the
    # nodes rebuilt by C loops (zip, map), no bytecode run per node.
    fields: list[Iterable[Any]] = list(zip(*nodes, strict=True))
    for index in line_indexes:
        fields[index] = map(add, fields[index], repeat(lines))
    return list(map(build_node, repeat(kind), zip(*fields, strict=True)))


def _moved_node(node: tuple[Any, ...], lines: int) -> tuple[Any, ...]:
    kind = type(node)
    line_indexes, nested = _plan(kind)
    values = list(node)
    for index in line_indexes:
        values[index] += lines
    for index in nested:
        values[index] = _moved_value(values[index], lines)
    return build_node(kind, values)


@cache
def _plan(kind: type) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The indexes of a node class's line fields, and of the fields whose type
    may hold nodes or pages."""
    hints = get_type_hints(kind)
    fields: tuple[str, ...] = kind._fields  # type: ignore[attr-defined]
    line_indexes = tuple(i for i, name in enumerate(fields) if name in LINE_FIELDS)
    nested = tuple(i for i, name in enumerate(fields) if _holds_places(hints[name]))
    return line_indexes, nested


def _holds_places(annotation: Any) -> bool:
    """Whether a value of this type may hold a line number inside it."""
    if isinstance(annotation, type) and (
        dataclasses.is_dataclass(annotation) or hasattr(annotation, "_fields")
    ):
        return True
    return any(_holds_places(argument) for argument in get_args(annotation))

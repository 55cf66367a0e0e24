"""The head of a replay record: its header, then the columns of its tables.

Marshalled as one value, the head of a tree of 200,000 pages was a 51 MB
bytes object made while every column it was made of was still held. Each
value is marshalled and written on its own instead, after its length, to a
nameless temporary file (sealed.Spool) that the sealed record is copied from;
a column leaves its table as it is written. A reader decodes the header (what
the run depended on) before any table.
"""

from __future__ import annotations

import marshal
from collections.abc import Iterator
from itertools import chain
from typing import Any

from doclint.replay_tables import FactTable, FileTable
from doclint.sealed import Spool

PIECE_LENGTH = 8  # bytes of the length before each value


def write_head(header: dict[str, Any], files: FileTable, facts: FactTable) -> Spool:
    """The head, written; the tables are empty after. ValueError when a
    value cannot be marshalled, OSError when the head cannot be written."""
    head = Spool("doclint-head-")
    try:
        for value in chain([header], files.drain(), facts.drain()):
            write_piece(head, value)
    except BaseException:
        head.close()
        raise
    return head


def read_head(head: bytes, wanted: dict[str, object]) -> dict[str, Any] | None:
    """The header, with the columns of its tables under "files" and "facts";
    None when the head is cut short or not one, or its header does not have
    the `wanted` values (a record of another format or command line)."""
    pieces = _pieces(head)
    try:
        header = next(pieces)
        if not (
            isinstance(header, dict)
            and all(header.get(name) == value for name, value in wanted.items())
        ):
            return None
        header["files"] = [next(pieces) for _ in FileTable.COLUMNS]
        header["facts"] = [next(pieces) for _ in FactTable.COLUMNS]
    except (EOFError, ValueError, TypeError, StopIteration):
        return None
    return header


def write_piece(head: Spool, value: object) -> None:
    """One value, its length first."""
    data = marshal.dumps(value)
    head.write(len(data).to_bytes(PIECE_LENGTH, "little"))
    head.write(data)


def _pieces(head: bytes) -> Iterator[object]:
    """The values of a head, each decoded when taken; ValueError when one is
    cut short (EOFError, ValueError or TypeError when it is no value)."""
    view, start = memoryview(head), 0
    while start < len(view):
        end = start + PIECE_LENGTH + int.from_bytes(view[start : start + PIECE_LENGTH], "little")
        if end > len(view):
            raise ValueError("a record's head cut short")
        yield marshal.loads(view[start + PIECE_LENGTH : end])
        start = end

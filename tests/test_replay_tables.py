"""The packed tables of a replay record: what goes in comes back out, each
fact is kept once, and a table of another shape is refused (the run is then
checked, not replayed)."""

from __future__ import annotations

import marshal
import tracemalloc
from array import array
from sys import intern

import pytest

from doclint.replay_tables import NO_PLACE, FactTable, FileTable


def _tables() -> tuple[FileTable, FactTable]:
    facts = FactTable()
    files = FileTable()
    shared = facts.add("escapes", "docs/a.md", False)
    own = facts.add("stamp", "src/a.py", (1, 2, 3))
    files.add("docs/a.md", "a.md", (10, 20, 30), [shared, own], (0, 50, 2, 1, 0))
    files.add("docs/b.md", "docs/b.md", (11, 21, 31), [shared], NO_PLACE)
    return files, facts


def test_files_and_facts_come_back_from_a_record():
    files, facts = _tables()
    read_facts = FactTable.from_record(_recorded(facts))
    read = FileTable.from_record(_recorded(files), len(read_facts))
    answers = {("escapes", "docs/a.md"): False, ("stamp", "src/a.py"): (1, 2, 3)}
    assert read_facts.changed(lambda kind, path: answers[kind, path]) == set()
    answers["stamp", "src/a.py"] = (1, 2, 4)
    assert read_facts.changed(lambda kind, path: answers[kind, path]) == {1}
    assert read.shown == ["docs/a.md", "docs/b.md"]
    assert [read.path(0), read.path(1)] == ["a.md", "docs/b.md"]
    assert [read.stamp(0), read.stamp(1)] == [(10, 20, 30), (11, 21, 31)]
    assert [list(read.facts(0)), list(read.facts(1))] == [[0, 1], [0]]
    assert [read.place(0), read.place(1)] == [(0, 50, 2, 1, 0), NO_PLACE]


def test_a_fact_is_kept_once_until_its_answer_changes():
    facts = FactTable()
    first = facts.add("escapes", "docs/x.md", False)
    assert facts.add("escapes", "docs/x.md", False) == first
    assert facts.add("size", "docs/x.md", 4) != first  # another question about the path
    changed = facts.add("escapes", "docs/x.md", True)
    assert changed != first and facts.add("escapes", "docs/x.md", True) == changed
    # A table read back from a record goes on sharing the facts it holds.
    again = FactTable.from_record(_recorded(facts))
    assert again.add("size", "docs/x.md", 4) == 1 and len(again) == 3


def test_a_fact_keeps_no_copy_of_a_path_the_run_holds():
    """The facts of each file are read back from the cache with a fresh copy
    of every path; the table keeps the run's own (interned) string instead,
    which on a big tree was half a million paths held twice."""
    paths = [intern(f"docs/{number:05}/" + "x" * 1000) for number in range(5000)]
    tracemalloc.start()
    try:
        facts = FactTable()
        for path in paths:
            facts.add("escapes", "".join(list(path)), False)  # equal, not the same
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(facts) == len(paths)
    assert held < 2_000_000  # a copy of each path would be over 5 MB


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("_paths", ["a.md"]),  # one path short
        ("_paths", ["a.md", 7]),  # not a path
        ("shown", ("docs/a.md", "docs/b.md")),  # not a list
        ("_stamps", b"\0" * 8),  # not three numbers a file
        ("_places", b""),
        ("_fact_starts", b"\0" * 4),  # no end for the second file's facts
        ("_fact_indexes", b"\x07\0\0\0\0\0\0\0\0\0\0\0"),  # a fact the table lacks
    ],
)
def test_a_file_table_of_another_shape_is_refused(field, value):
    files, facts = _tables()
    data = _recorded(files)
    FileTable.from_record(data, len(facts))  # as it is, it is read
    data[FileTable.COLUMNS.index(field)] = value
    with pytest.raises((ValueError, TypeError)):
        FileTable.from_record(data, len(facts))


def test_fact_lists_that_run_backwards_are_refused():
    files, facts = _tables()
    files.add("docs/c.md", "docs/c.md", (1, 1, 1), [1], NO_PLACE)
    data = _recorded(files)
    starts = FileTable.COLUMNS.index("_fact_starts")
    assert list(array("I", data[starts])) == [0, 2, 3, 4]
    data[starts] = array("I", [0, 3, 2, 4]).tobytes()
    with pytest.raises(ValueError):
        FileTable.from_record(data, len(facts))


def _recorded(table: FileTable | FactTable) -> list:
    """The table's columns as a record gives them back: its arrays written as bytes."""
    return [marshal.loads(marshal.dumps(column)) for column in table.drain()]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("paths", ["docs/a.md"]),  # one path short
        ("kind_names", ["escapes", 7]),  # not a kind
        ("kind_names", ["escapes"]),  # the second fact's kind is not named
        ("_kinds", b"\0\0"),  # one kind short
        ("_digests", b"\0" * 16),  # one answer short
    ],
)
def test_a_fact_table_of_another_shape_is_refused(field, value):
    _, facts = _tables()
    data = _recorded(facts)
    FactTable.from_record(data)  # as it is, it is read
    data[FactTable.COLUMNS.index(field)] = value
    with pytest.raises((ValueError, TypeError)):
        FactTable.from_record(data)

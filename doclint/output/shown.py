"""How a run's findings are shown: each file's path relative to the working
folder, the tree paths messages name likewise, everything a tree put there
escaped (`printable`), and the findings of a file deduplicated and in order.

The run hands the output each file's findings as the engine gives them (a
`FileFindings`, or a sink's `add`); this module, and nothing before it,
decides how they read, for every format and the public API alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from operator import attrgetter
from pathlib import Path

from doclint.models.findings import FileFindings, Finding
from doclint.models.markdown import build_node
from doclint.rule_api import TREE_PATH_MARK
from doclint.util.gc_pause import gc_paused
from doclint.util.paths import display_path, printable, printable_texts, relative_to

_message = attrgetter("message")


def shown_paths(rows: list[Finding], root: Path | str, cwd: Path) -> list[Finding]:
    """Rows whose messages are as shown: the tree paths they name
    (`shown_tree_path`) relative to `cwd`, as the findings' own paths are
    shown, and what they quote of a tree escaped (`printable`)."""
    return shown_messages(rows, root, cwd)[0]


def shown_messages(rows: list[Finding], root: Path | str, cwd: Path) -> tuple[list[Finding], bool]:
    """`shown_paths`, and whether each message was printable as it was
    (the rows are then those given): a format need not look again."""
    # TREE_PATH_MARK is no printable character: one scan of the messages
    # tells both for all of them.
    if printable_texts(list(map(_message, rows))):
        return rows, True
    message = message_shown(root, cwd)
    shown = [
        row if row.message.isprintable() else row._replace(message=message(row.message))
        for row in rows
    ]
    return shown, False


@lru_cache(maxsize=16)
def message_shown(root: Path | str, cwd: Path) -> Callable[[str], str]:
    """How a message that is not printable is shown (`shown_paths`), for
    the findings of the tree at `root`: a memo of the messages last shown,
    as a tree's findings name the same paths over and over (the generated
    corpus: 20,075 such messages, 896 texts)."""
    root_text, cwd_text = str(root), str(cwd)

    def message(text: str) -> str:
        parts = text.split(TREE_PATH_MARK)
        for index in range(1, len(parts), 2):
            parts[index] = relative_to(f"{root_text}/{parts[index]}", cwd_text)
        return printable("".join(parts))

    return lru_cache(maxsize=4096)(message)


def shown_rows(rows: list[Finding], shown: str, root: Path | str, cwd: Path) -> list[Finding]:
    """A file's findings as shown: its path `shown` (relative to `cwd` and
    escaped, or a name given for a text), messages as `shown_paths` makes
    them, deduplicated and sorted."""
    return in_order(shown_paths(rows, root, cwd), shown)


def in_order(rows: list[Finding], shown: str) -> list[Finding]:
    """Rows whose messages are as shown (`shown_paths`), at the path `shown`,
    deduplicated and sorted by place (line, column, code, name, severity,
    message: `report_order` in a file); rows of one place in the order given."""
    # Each row's place made once here, with its index, which keeps rows of one
    # place in their order (compiled, the fields are read from the tuple's
    # slots, where an attrgetter looks each attribute up). A row is hashed only
    # to drop a copy among the rows of its place (few): not a set of every
    # row, which hashes each message and fix.
    ordered = sorted(
        [
            (row.line, row.column, row.code, row.name, row.severity, row.message, index)
            for index, row in enumerate(rows)
        ]
    )
    kept: list[Finding] = []
    first: Finding | None = None
    others: set[Finding] = set()
    for key in ordered:
        row = rows[key[-1]]
        if first is None or not _same_place(row, first):
            first = row
            if others:
                others.clear()
        elif row == first or row in others:
            continue
        else:
            others.add(row)
        # Not row._replace: a run may report 300,000. Unpacked whole, so that a
        # field added to Finding fails here rather than shifting the path.
        line, column, message, fix, cause, code, name, severity, _ = row
        kept.append(
            build_node(Finding, (line, column, message, fix, cause, code, name, severity, shown))
        )
    return kept


def _same_place(row: Finding, other: Finding) -> bool:
    """Whether two rows share the place `in_order` sorts by. Field by field,
    in the sort key's order: comparing slices of the keys would make a tuple
    per row and compare them generically."""
    return (
        row.line == other.line
        and row.column == other.column
        and row.code == other.code
        and row.name == other.name
        and row.severity == other.severity
        and row.message == other.message
    )


def shown_findings(found: Iterable[FileFindings], cwd: Path) -> list[Finding]:
    """The findings of a run's files, as shown, file by file in the order of
    their paths (relative to `cwd`, before escaping)."""
    paths = [(display_path(group.file, cwd), group) for group in found if group.rows]
    paths.sort(key=lambda pair: pair[0])
    shown: list[Finding] = []
    with gc_paused():  # a run may report 300,000
        for path, group in paths:
            shown += shown_rows(group.rows, printable(path), group.root, cwd)
    return shown

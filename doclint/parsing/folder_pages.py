"""The three pages of a documented folder: its index (`index.md`, a table of
files), its documentation (`doc.md`, counts and key files) and its subtree
keyword index (`sub.md`, keywords grouped by first letter)."""

from __future__ import annotations

from typing import Any

from doclint.models.generated import (
    Count,
    FolderDoc,
    FolderIndex,
    IndexRow,
    NameEntry,
    SubtreeGroup,
    SubtreeIndex,
)
from doclint.models.markdown import Link, Node
from doclint.parsing.page_builder import CODE_NAME, PageBuilder, within
from doclint.profiles.templates import (
    CONTENTS_OVERVIEW,
    FILES,
    FOLDER_STRUCTURE,
    KEY_FILES,
    KEYWORDS,
    SUBFOLDERS,
)
from doclint.util.lazy_regex import compiled_on_use

_FOLDER_COUNT = compiled_on_use(r"\*\*(?P<value>\d+) (?P<what>subfolder|file)\(s\)\*\*")
_EXTENSION_COUNT = compiled_on_use(r"`(?P<ext>[^`]*)`:\s*(?P<value>\d+) file\(s\)")
_SUBFOLDER = compiled_on_use(r"`(?P<name>[^`]+)/`")


def build_folder_index(builder: PageBuilder, common: dict[str, Any]) -> FolderIndex:
    """The folder index model of the page `builder` parsed."""
    layer = builder.layer
    files_section = builder.section(FILES)
    links_by_line: dict[int, list[Link]] = {}
    for link in within(layer.links, files_section):
        links_by_line.setdefault(link.line, []).append(link)
    rows = []
    for row in within(layer.table_rows, files_section):
        if row.header or not row.cells:
            continue
        name_match = CODE_NAME.search(row.cells[0])
        rows.append(
            IndexRow(
                line=row.line,
                column=row.column,
                name=name_match.group("name") if name_match else row.cells[0],
                description=row.cells[1] if len(row.cells) > 1 else "",
                links=links_by_line.get(row.line, []),
            )
        )
    return FolderIndex(
        **common, subfolders=within(layer.links, builder.section(SUBFOLDERS)), files=rows
    )


def build_folder_doc(builder: PageBuilder, common: dict[str, Any]) -> FolderDoc:
    """The folder documentation model of the page `builder` parsed."""
    layer = builder.layer
    counts, extension_counts, subfolders = [], [], []
    for item in within(layer.list_items, builder.section(CONTENTS_OVERVIEW)):
        match = _FOLDER_COUNT.fullmatch(item.text)
        extension = _EXTENSION_COUNT.fullmatch(item.text)
        if match:
            counts.append(_count(item, 4, match["what"], match["value"]))
        elif extension:
            extension_counts.append(_count(item, 2, extension["ext"], extension["value"]))
    for item in within(layer.list_items, builder.section(FOLDER_STRUCTURE, 3)):
        match = _SUBFOLDER.fullmatch(item.text)
        if match:
            subfolders.append(
                NameEntry(line=item.line, column=item.column + 2, name=match.group("name"))
            )
    return FolderDoc(
        **common,
        counts=counts,
        extension_counts=extension_counts,
        subfolders=subfolders,
        key_files=within(layer.links, builder.section(KEY_FILES, 3)),
    )


def build_subtree_index(builder: PageBuilder, common: dict[str, Any]) -> SubtreeIndex:
    """The subtree keyword index model of the page `builder` parsed."""
    groups = [
        SubtreeGroup(
            line=sub.line,
            column=sub.column,
            key=sub.title,
            entries=within(builder.layer.links, sub),
        )
        for sub in builder.subsections(builder.section(KEYWORDS))
    ]
    return SubtreeIndex(**common, groups=groups)


def _count(item: Node, offset: int, what: str, value: str) -> Count:
    """A count read from a list item, at `offset` columns into its text."""
    return Count(line=item.line, column=item.column + offset, what=what, value=int(value))

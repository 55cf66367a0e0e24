"""Which page a file is: the kind and documented path its title line
announces, and where the generator writes that page."""

from __future__ import annotations

import posixpath
import re

from doclint.models.generated import DocKind

_TITLES: list[tuple[re.Pattern[str], DocKind]] = [
    (re.compile(r"Documentation: `(?P<path>[^`]*)/`"), DocKind.FOLDER_DOC),
    (re.compile(r"Documentation: `(?P<path>[^`]+)`"), DocKind.FILE_DOCS),
    (re.compile(r"Keyword Index: `(?P<path>[^`]+)`"), DocKind.KEYWORD_INDEX),
    (re.compile(r"Index: `(?P<path>[^`]*)/`"), DocKind.FOLDER_INDEX),
    (re.compile(r"Subtree Keyword Index: `(?P<path>[^`]*)/`"), DocKind.SUBTREE_INDEX),
    (re.compile(r"PyTorch Repository Documentation(?P<path>)"), DocKind.ROOT_INDEX),
]
_FOLDER_KINDS = (DocKind.FOLDER_DOC, DocKind.FOLDER_INDEX, DocKind.SUBTREE_INDEX)
_PAGE_SUFFIXES = ("_docs.md", "_kw.md")
_FOLDER_PAGES = ("index.md", "doc.md", "sub.md")


def recognise(title: str) -> tuple[DocKind, str | None]:
    """The kind and documented path a title line announces."""
    for pattern, kind in _TITLES:
        match = pattern.fullmatch(title.strip())
        if match:
            described = match.group("path")
            if kind in _FOLDER_KINDS:
                described = "" if described == "root" else described
            return kind, described if kind is not DocKind.ROOT_INDEX else None
    return DocKind.MARKDOWN, None


def expected_page_path(kind: DocKind, described: str | None) -> str | None:
    """The path, relative to the tree root, of the page a title announces."""
    if kind is DocKind.ROOT_INDEX:
        return "docs/index.md"
    if described is None:
        return None
    folder_page = {
        DocKind.FOLDER_INDEX: "index.md",
        DocKind.FOLDER_DOC: "doc.md",
        DocKind.SUBTREE_INDEX: "sub.md",
    }.get(kind)
    if folder_page is not None:
        return posixpath.join("docs", described, folder_page)
    suffix = {DocKind.FILE_DOCS: "_docs.md", DocKind.KEYWORD_INDEX: "_kw.md"}.get(kind)
    return f"docs/{described}{suffix}" if suffix else None


def page_level(described: str | None, kind: DocKind) -> int:
    """1 for a page about a source; one more for each generator pass over docs/."""
    if not described:
        return 1
    level, path = 1, described
    while path.startswith("docs/") or path == "docs":
        is_page = kind in _FOLDER_KINDS
        if not (
            is_page or path.endswith(_PAGE_SUFFIXES) or posixpath.basename(path) in _FOLDER_PAGES
        ):
            break
        level, path = level + 1, path[5:]
    return level

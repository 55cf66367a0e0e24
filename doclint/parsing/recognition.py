"""Which page a file is: the kind, documented path and template its title line
announces, and where the generator writes that page."""

from __future__ import annotations

import posixpath
import re
from functools import cache
from typing import NamedTuple

from doclint.models.generated import DocKind
from doclint.models.templates import (
    FOLDER_PAGE_NAMES,
    FOLDER_PAGES,
    PAGE_SUFFIXES,
    TEMPLATES,
    Template,
    template_for_source,
)

_FOLDER_KINDS = (DocKind.FOLDER_DOC, DocKind.FOLDER_INDEX, DocKind.SUBTREE_INDEX)
_SUFFIXES = {DocKind.FILE_DOCS: "_docs.md", DocKind.KEYWORD_INDEX: "_kw.md"}


@cache
def _title_patterns() -> list[tuple[re.Pattern[str], DocKind, Template]]:
    """Each title pattern once, in the order of the templates: the templates
    of one generator share their titles, and the page's source then tells
    which of them it is in."""
    patterns, seen = [], set()
    for template in TEMPLATES.values():
        if id(template.titles) in seen:
            continue
        seen.add(id(template.titles))
        patterns += [
            (re.compile(p), DocKind(kind), template) for kind, p in template.titles.items()
        ]
    return patterns


class Recognised(NamedTuple):
    """What a title line says about its page."""

    kind: DocKind
    described: str | None
    template: Template | None
    """None for a page no generator wrote."""
    name_only: bool
    """The title names the documented file without its folder."""


def recognise_title(title: str) -> Recognised:
    """The kind, documented path and template a title line announces."""
    for pattern, kind, template in _title_patterns():
        match = pattern.fullmatch(title.strip())
        if match is None:
            continue
        if "name" in match.groupdict():
            return Recognised(kind, match.group("name"), template, True)
        described: str | None = match.group("path")
        if kind in _FOLDER_KINDS:
            described = "" if described == "root" else described
        elif kind is DocKind.ROOT_INDEX:
            described = None
        if kind in _SUFFIXES and described is not None:
            template = template_for_source(described, template)
        return Recognised(kind, described, template, False)
    return Recognised(DocKind.MARKDOWN, None, None, False)


def recognise(title: str) -> tuple[DocKind, str | None]:
    """The kind and documented path a title line announces; no path when the
    title names the file only, without its folder."""
    found = recognise_title(title)
    return found.kind, None if found.name_only else found.described


def described_by_page(path: str, kind: DocKind, name: str) -> str | None:
    """The documented path of a page whose title names the file only: the
    page's own place says the folder, if the page sits where the generator
    writes the page of a file of that name."""
    suffix = _SUFFIXES.get(kind)
    if suffix is None or not path.startswith("docs/"):
        return None
    described = path[len("docs/") : -len(suffix)] if path.endswith(suffix) else ""
    return described if posixpath.basename(described) == name else None


def expected_page_path(kind: DocKind, described: str | None) -> str | None:
    """The path, relative to the tree root, of the page a title announces."""
    if kind is DocKind.ROOT_INDEX:
        return "docs/index.md"
    if described is None:
        return None
    folder_page = FOLDER_PAGE_NAMES.get(kind)
    if folder_page is not None:
        return posixpath.join("docs", described, folder_page)
    suffix = _SUFFIXES.get(kind)
    return f"docs/{described}{suffix}" if suffix else None


def page_level(described: str | None, kind: DocKind) -> int:
    """1 for a page about a source; one more for each generator pass over docs/."""
    if not described:
        return 1
    level, path = 1, described
    while path.startswith("docs/") or path == "docs":
        is_page = kind in _FOLDER_KINDS
        if not (
            is_page or path.endswith(PAGE_SUFFIXES) or posixpath.basename(path) in FOLDER_PAGES
        ):
            break
        level, path = level + 1, path[5:]
    return level

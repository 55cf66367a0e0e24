"""Which page a file is: the kind, documented path and template its title line
announces, and where the generator writes that page."""

from __future__ import annotations

import posixpath

from doclint.models.page import DocKind
from doclint.profiles.templates import (
    Recognised,
    places_of,
    template_for_source,
    title_patterns,
)

# The titles recognised lately, and the patterns they were matched against:
# a run asks of a page's title in its parse, again where a page embeds it
# (whether the block is a page) and where it counts the pages no generator
# wrote, with other pages' titles between, and an answer is a match of every
# template's title patterns.
RECENT_TITLES = 64
_recent: dict[str, Recognised] = {}
_recent_patterns: list[object] = [None]


def recognise_title(title: str) -> Recognised:
    """The kind, documented path and template a title line announces."""
    patterns = title_patterns()
    title = title.strip()
    recent = _recent
    if _recent_patterns[0] is not patterns:
        recent.clear()
        _recent_patterns[0] = patterns
    known = recent.get(title)
    if known is not None:
        return known
    found = Recognised(DocKind.MARKDOWN, None, None, False)
    for pattern, kind, template in patterns:
        match = pattern.fullmatch(title)
        if match is None:
            continue
        parsed = _PARSED.get(kind, DocKind.MARKDOWN)
        if "name" in match.groupdict():
            found = Recognised(parsed, match.group("name"), template, True, kind)
            break
        described: str | None = match.group("path")
        subject = template.places.documents(kind)
        if subject == "folder":
            described = "" if described == template.places.top_folder else described
        elif subject == "tree":
            described = None
        if subject == "file" and described is not None:
            template = template_for_source(described, template)
        found = Recognised(parsed, described, template, False, kind)
        break
    if len(recent) >= RECENT_TITLES:
        del recent[next(iter(recent))]  # the oldest recognised
    recent[title] = found
    return found


# The kinds the parser has a reader of, by name.
_PARSED = {kind.value: kind for kind in DocKind if kind is not DocKind.MARKDOWN}


def recognise(title: str) -> tuple[str, str | None, str]:
    """The kind (as its profile names it) and documented path a title line
    announces (no path when the title names the file only, without its
    folder), and its template's id."""
    found = recognise_title(title)
    template = found.template.id if found.template is not None else ""
    return found.page_kind, None if found.name_only else found.described, template


def described_by_page(path: str, kind: str, name: str, template: str) -> str | None:
    """The documented path of a page whose title names the file only: the
    page's own place says the folder, if the page sits where the generator
    of `template` writes the page of a file of that name."""
    described = places_of(template).described_at(path, kind)
    return described if described is not None and posixpath.basename(described) == name else None


def expected_page_path(kind: str, described: str | None, template: str) -> str | None:
    """The path, relative to the tree root, of the page a title announces,
    where the generator of `template` writes it."""
    return places_of(template).page_path(kind, described)


def page_level(described: str | None, kind: str, template: str) -> int:
    """1 for a page about a source; one more for each generator pass over its pages."""
    return places_of(template).level(described, kind)

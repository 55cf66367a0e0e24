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

# The title last recognised, and the patterns it was matched against: a run
# asks of each page's title twice in a row (whether the page is read, then in
# its parse), and an answer is a match of every template's title patterns.
_last: tuple[object, str, Recognised] | None = None


def recognise_title(title: str) -> Recognised:
    """The kind, documented path and template a title line announces."""
    global _last
    patterns = title_patterns()
    title = title.strip()
    if _last is not None and _last[0] is patterns and _last[1] == title:
        return _last[2]
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
    _last = (patterns, title, found)
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

"""Which page a file is: the kind, documented path and template its title line
announces, and where the generator writes that page."""

from __future__ import annotations

import posixpath

from doclint.models.page import DocKind
from doclint.profiles.generators import Generators
from doclint.profiles.model import PagePlaces
from doclint.profiles.templates import Recognised

# The titles recognised lately, per run's generators: a run asks of a page's
# title in its parse, again where a page embeds it (whether the block is a
# page) and where it counts the pages no generator wrote, with other pages'
# titles between, and an answer is a match of every template's title patterns.
RECENT_TITLES = 64


def recognise_title(title: str, generators: Generators) -> Recognised:
    """The kind, documented path and template a title line announces, by the
    title patterns of `generators`."""
    title = title.strip()
    recent = generators.recent_titles
    known = recent.get(title)
    if known is not None:
        return known
    found = Recognised(DocKind.MARKDOWN, None, None, False)
    for pattern, kind, template in generators.title_patterns:
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
            template = generators.template_for_source(described, template)
        found = Recognised(parsed, described, template, False, kind)
        break
    if len(recent) >= RECENT_TITLES:
        del recent[next(iter(recent))]  # the oldest recognised
    recent[title] = found
    return found


# The kinds the parser has a reader of, by name.
_PARSED = {kind.value: kind for kind in DocKind if kind is not DocKind.MARKDOWN}


def recognise(title: str, generators: Generators) -> tuple[str, str | None, str]:
    """The kind (as its profile names it) and documented path a title line
    announces (no path when the title names the file only, without its
    folder), and its template's id."""
    found = recognise_title(title, generators)
    template = found.template.id if found.template is not None else ""
    return found.page_kind, None if found.name_only else found.described, template


def expected_page_path(title: str, generators: Generators) -> str | None:
    """The path, relative to the tree root, of the page a title line
    announces, where the generator of its template writes it."""
    kind, described, template = recognise(title, generators)
    return generators.places_of(template).page_path(kind, described)


def described_by_page(places: PagePlaces, path: str, kind: str, name: str) -> str | None:
    """The documented path of a page whose title names the file only: the
    page's own place says the folder, if the page sits where the generator
    (writing its pages at `places`) writes the page of a file of that name."""
    described = places.described_at(path, kind)
    return described if described is not None and posixpath.basename(described) == name else None

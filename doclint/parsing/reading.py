"""How a page is read: its kind, the generator that wrote it and why, made
once per page by the engine from the run's generators value. The rules'
dispatch, the run's count of the pages no generator read and what a rule
asks of a page's writer all take this one reading; nothing recognises a
page a second time.

A page is templated when its title is one of a generator's templates' (the
parser recognised it), a wiki's when a generator of wikis wrote it (its
marker, or its folder and its citations), an object page when a layout
profile reads it (its place and object headings), a citing page when it is
none of those and a line of it holds what a citation needs, else plain.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType

from doclint.models.generated import AnyPage
from doclint.models.page import DocKind, MarkdownPage
from doclint.models.records import NamedTuple
from doclint.profiles import Profile, builtin_profiles, heading_lines, in_some_layout, page_readings
from doclint.profiles.generators import Generators
from doclint.profiles.model import CLAIMS, PROOF_KINDS, WIKI_CLAIMS
from doclint.profiles.wikis import Wiki
from doclint.util.lazy_regex import compiled_on_use


class PageKind(StrEnum):
    """What a page is, by who wrote it: each kind has its claims (`CLAIMS_OF`)."""

    TEMPLATED = "templated"
    OBJECT_PAGE = "object page"
    WIKI = "wiki"
    CITING = "citing page"
    PLAIN = "plain"


_CITING = (
    "cited-file-exists",
    "range-inside-file",
    "lines-unchanged",
    "well-formed",
    "name-in-cited-lines",
    "subject-in-cited-lines",
)
"""What a page of no generator claims by its citations: the wikis' claims a
citation makes wherever it is written."""

CLAIMS_OF: Mapping[PageKind, Mapping[str, str]] = MappingProxyType(
    {
        # A templated page's sentences are proven from one of these.
        PageKind.TEMPLATED: PROOF_KINDS,
        PageKind.OBJECT_PAGE: CLAIMS,
        PageKind.WIKI: WIKI_CLAIMS,
        PageKind.CITING: {claim: WIKI_CLAIMS[claim] for claim in _CITING},
        PageKind.PLAIN: {},
    }
)
"""What a page of each kind claims, each claim with what it says: the one
table of every kind's vocabulary (a profile binds its parts, a wiki's grammar
its claims, to names of its kind's table)."""

# What a line of a plain page that cites code holds (`name:12`, `#L3`, a
# table column `Line`): other pages cite nothing.
_MAY_CITE = compiled_on_use(r"\w[:#]L?\d|\|\s*(?:\*\*)?[Ll]ines?\b")

_HEAD_BYTES = 1024
"""What tells of a page outside every profile's layout and wiki's folder
whether it carries a generator's marks: its title, its head's headings."""


class Reading(NamedTuple):
    """How the engine reads one page."""

    kind: PageKind
    writer: str | None
    """The generator (its profile's name) that wrote the page; None for a
    citing or plain page."""
    why: str
    """What decided it, as `doclint check --explain` says it."""
    wiki: Wiki | None = None
    """The generator of wikis that wrote it (its grammar reads its claims)."""
    place: tuple[Profile, str, str] | None = None
    """The layout profile that wrote it as its object page, its project and
    its source (relative to the root), whatever else wrote it."""
    in_layout: bool = False
    """Whether it sits in a layout profile's docs folder, where the object
    pages' rules judge what the profile wrote or left unfinished there."""
    cites: bool = False
    """Whether a line of the page, of no template, holds what a citation
    needs: the citation rules read it (a wiki's or an object page's too)."""
    marked: bool = False
    """Whether it carries a generator's marks: a place a generator writes
    its pages in (a profile's layout, a wiki's folder), a name it gives them
    (`X.py_docs.md`) or, in its head, a profile's object heading."""

    @property
    def unread(self) -> bool:
        """A page with a generator's marks that no generator read: its claims
        are judged by no generator's rules (the run's summary counts it)."""
        return self.marked and self.kind in (PageKind.CITING, PageKind.PLAIN)


def read_page(
    page: AnyPage,
    text: str,
    lines: Sequence[str],
    generators: Generators,
    is_file: Callable[[str], bool] | None,
) -> Reading:
    """How `page` (parsed from `text`, the file's `lines`) is read by the
    run's `generators`; `is_file` finds a profile's marker in the page's
    project (asked only of a page in a profile's layout)."""
    path, profiles = page.path, generators.object_profiles
    in_layout = in_some_layout(path, profiles)
    place, why = _object_page(page, lines, profiles, is_file) if in_layout else (None, "")
    if page.kind is not DocKind.MARKDOWN or page.page_kind:
        template = generators.templates.get(page.template)
        writer = template.generator if template is not None else None
        title = f"title `{page.title.text if page.title else ''}`, template `{page.template}`"
        return Reading(PageKind.TEMPLATED, writer, title, None, place, in_layout)
    cites = _MAY_CITE.search(text) is not None
    marked = _marked(path, lines, generators, profiles)
    found = generators.reading_of(path, lines)
    if found is not None:
        wiki, by = found
        return Reading(PageKind.WIKI, wiki.generator, by, wiki, place, in_layout, cites, marked)
    if place is not None:
        name = place[0].name
        return Reading(PageKind.OBJECT_PAGE, name, why, None, place, True, cites, marked)
    if cites:
        why = "no generator wrote it, and a line of it may cite code"
        return Reading(PageKind.CITING, None, why, None, None, in_layout, cites, marked)
    why = "no generator wrote it, and no line of it cites code"
    return Reading(PageKind.PLAIN, None, why, None, None, in_layout, cites, marked)


def _object_page(
    page: AnyPage,
    lines: Sequence[str],
    profiles: tuple[Profile, ...],
    is_file: Callable[[str], bool] | None,
) -> tuple[tuple[Profile, str, str] | None, str]:
    """The place of a page a layout profile wrote (`Reading.place`), by its
    parsed headings' lines, and why; (None, "") for any other page (one
    embedded in another is its outer page's)."""
    if not isinstance(page, MarkdownPage) or page.embedded_in is not None:
        return None, ""
    headings = (lines[h.line - 1] for h in page.markdown.headings if 0 < h.line <= len(lines))
    for reading in page_readings(page.path, headings, profiles, is_file):
        if reading.place is not None:
            return (reading.profile, *reading.place), reading.why
    return None, ""


def _marked(
    path: str, lines: Sequence[str], generators: Generators, profiles: tuple[Profile, ...]
) -> bool:
    """Whether a page no template titles carries a generator's marks (`Reading.marked`)."""
    every = (*profiles, *builtin_profiles())
    if any(p.layout.source_of(path) for p in every) or generators.in_any_wiki_folder(path):
        return True
    if path.endswith(generators.page_suffixes):
        return True
    head = _head(lines)
    return any(p.entries.pattern.match(line) for p in every for line in heading_lines(head))


def _head(lines: Sequence[str]) -> list[str]:
    """The lines of a page's first `_HEAD_BYTES` bytes."""
    head: list[str] = []
    size = 0
    for line in lines:
        if size >= _HEAD_BYTES:
            break
        encoded = len(line.encode("utf-8", errors="replace")) + 1
        head.append(line if size + encoded <= _HEAD_BYTES + 1 else _cut(line, _HEAD_BYTES - size))
        size += encoded
    return head


def _cut(line: str, size: int) -> str:
    """The part of `line` in its first `size` bytes."""
    return line.encode("utf-8", errors="replace")[:size].decode("utf-8", errors="ignore")

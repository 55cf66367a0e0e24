"""Turn a Markdown file into the typed model of the generated page it is.

The kind comes from the title line (`doclint.parsing.recognition`); the
generic layer from one parse (`doclint.parsing.page_builder`); the typed
fields from the template sections of that layer, read by the module of that
kind of page. Pages parsed lately are kept in a memo, so a page embedded in
another is moved to its lines rather than parsed again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from doclint.models.generated import AnyPage
from doclint.models.markdown_lines import normalize_newlines
from doclint.models.page import DocKind, MarkdownPage
from doclint.parsing.page_builder import PageBuilder
from doclint.parsing.page_memo import PageMemo, ParsedPage, nesting
from doclint.parsing.recognition import described_by_page, recognise_title
from doclint.parsing.relocate import moved
from doclint.profiles.generators import Generators, shipped_generators
from doclint.profiles.templates import source_kind
from doclint.util.lazy_regex import compiled_on_use
from doclint.util.lru import RecentPages

_LEADING_SPACE = compiled_on_use(r"[ \t\n]+")
# The kinds of page about one documented file.
_SOURCE_PAGES = (DocKind.FILE_DOCS, DocKind.KEYWORD_INDEX)


def parse_page(
    text: str,
    path: str,
    first_line: int = 1,
    embedded_in: str | None = None,
    *,
    depth: int = 0,
    lines: list[str] | None = None,
    memo: PageMemo | None = None,
    generators: Generators | None = None,
) -> AnyPage:
    """The typed page of `text` (any newline style); lines start at `first_line`;
    `depth` counts the pages this one is embedded in. `lines`, when the caller
    has them, are `text.split("\n")` of a text with LF newlines. With a `memo`
    (`page_memo()`), a page parsed lately at other lines is moved, not parsed
    again, and the pages parsed are remembered: the caller's models then share
    parts with the memo's, so they must not be changed (a memo serves one
    run's `generators`). The page is read by the templates of `generators`,
    the shipped ones by default."""
    if lines is None:
        text = normalize_newlines(text)
    known = memo.get(path, text) if memo is not None else None
    if known is not None and known.serves(depth) and known.first_line != first_line:
        return moved(known.page, first_line - known.first_line, embedded_in=embedded_in)
    known_generators = shipped_generators() if generators is None else generators
    page = _parse_page(text, path, first_line, embedded_in, depth, lines, memo, known_generators)
    if memo is not None:
        memo.put(path, text, ParsedPage(page, first_line, depth, nesting(page)))
    return page


# Pages a memo keeps: the copy of a page embedded in its level-2 page is the
# first parse moved to its lines, and the work puts the two close together
# (`work_order`): in every tree measured (the generated one of 14,710 pages,
# the real slices), one or three pages were parsed in between. A page kept
# longer costs more to free when it leaves: its objects have left the
# processor's caches.
PARSES_KEPT = 4


def page_memo() -> PageMemo:
    """A memo of the pages parsed lately, for a run over many files."""
    return RecentPages(PARSES_KEPT)


def _parse_page(
    text: str,
    path: str,
    first_line: int,
    embedded_in: str | None,
    depth: int,
    lines: list[str] | None,
    memo: PageMemo | None,
    generators: Generators,
) -> AnyPage:
    builder = PageBuilder(
        text, first_line, path, depth, lines, memo, generators=generators, read_page=parse_page
    )
    layer = builder.layer
    title = layer.headings[0] if layer.headings and layer.headings[0].level == 1 else None
    if title is not None and title.line != _first_text_line(text, first_line):
        title = None
    kind, described, template, name_only, page_kind = (
        recognise_title(title.text, generators)
        if title
        else (DocKind.MARKDOWN, None, None, False, "")
    )
    expected = None
    template_id = template.id if template else ""
    places = generators.places_of(template_id)
    if name_only:
        # Where the page is tells the folder; where it should be, nothing does.
        described = described_by_page(places, path, page_kind, described or "") or described
    else:
        expected = places.page_path(page_kind, described)
    common: dict[str, Any] = {
        "path": path,
        "described": described,
        "expected_path": expected,
        "level": places.level(described, page_kind),
        "embedded_in": embedded_in,
        "template": template_id,
        "source_kind": source_kind(described) if kind in _SOURCE_PAGES and described else "",
        "title": title,
        "markdown": layer,
        "outline": layer.headings,
        "sections": builder.sections,
    }
    if page_kind and kind is DocKind.MARKDOWN:
        common["page_kind"] = page_kind
    return (_BUILDERS.get(kind) or _builder(kind))(builder, common)


def _first_text_line(text: str, first_line: int) -> int:
    # Matched, not stripped: stripping would copy the whole page.
    leading = _LEADING_SPACE.match(text)
    return first_line + (leading.group().count("\n") if leading else 0)


def _build_markdown(builder: PageBuilder, common: dict[str, Any]) -> MarkdownPage:
    return MarkdownPage(**common)


Builder = Callable[[PageBuilder, dict[str, Any]], AnyPage]
_BUILDERS: dict[DocKind, Builder] = {DocKind.MARKDOWN: _build_markdown}
"""The builder of each kind of page met so far."""


def _builder(kind: DocKind) -> Builder:
    """The builder of pages of `kind`, its module (and the generator's page
    models) imported with the first such page: a README needs none of them."""
    found: Builder
    if kind is DocKind.FILE_DOCS:
        from doclint.parsing.file_docs import build_file_docs as found
    elif kind is DocKind.KEYWORD_INDEX:
        from doclint.parsing.keyword_index import build_keyword_index as found
    elif kind is DocKind.FOLDER_INDEX:
        from doclint.parsing.folder_pages import build_folder_index as found
    elif kind is DocKind.FOLDER_DOC:
        from doclint.parsing.folder_pages import build_folder_doc as found
    elif kind is DocKind.SUBTREE_INDEX:
        from doclint.parsing.folder_pages import build_subtree_index as found
    else:
        from doclint.parsing.start_page import build_start_page as found
    _BUILDERS[kind] = found
    return found

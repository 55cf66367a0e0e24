"""What only the rules of particular generators' pages use, beside the core
of the rule API (`doclint.rule_api`): PyTorch's templates and generator
profiles (the pages' outlines, phrase books, places and Original Source
blocks), wikis' claims (citations, names mentioned, site links) and their
Mermaid diagrams checked by Mermaid's own parser.

Importing it loads the profiles, the wiki grammar and the Mermaid client: a
rule imports it only for what it names here. The wikis' claims and their
reader, and the Mermaid client, are imported on first use of their names
(`__getattr__`): a rule that may meet a wiki page, or a Mermaid block,
imports this module for every page it checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doclint.models.page import AnyPage, DocKind
from doclint.profiles import (
    EntryOutline,
    FieldOutline,
    PhraseBook,
    Profile,
    heading_lines,
    page_profile,
)
from doclint.profiles.original_source import source_span
from doclint.profiles.patterns import Pattern, compile_pattern
from doclint.profiles.templates import (
    FOLDER_PAGES_TEMPLATE,
    OUTLINES,
    PagePlaces,
    Template,
    allowed_headings,
    file_docs_endings,
    folder_pages,
    generator_places,
    page_suffixes,
    phrase_book,
    places_of,
    template_for_source,
    template_named,
    template_words,
    title_names_file_only,
)
from doclint.profiles.wikis import wiki_of, wikis
from doclint.util.lazy_names import names_on_first_use

if TYPE_CHECKING:
    # Exported (`__all__`), imported at run time by `__getattr__`.
    from doclint.diagrams.mermaid import (
        MermaidVerdict,
        mermaid_ahead,
        mermaid_state,
        mermaid_verdicts,
    )
    from doclint.models.wiki import (
        Citation,
        NamedPath,
        NameMention,
        PageCitations,
        SiteLink,
        SourceEntry,
        WikiFacts,
    )
    from doclint.parsing.citations import read_citations
    from doclint.parsing.recognition import recognise
    from doclint.parsing.wiki import page_slug

__all__ = [
    "FOLDER_PAGES_TEMPLATE",
    "OUTLINES",
    "Citation",
    "EntryOutline",
    "FieldOutline",
    "MermaidVerdict",
    "NameMention",
    "NamedPath",
    "PageCitations",
    "PagePlaces",
    "Pattern",
    "PhraseBook",
    "Profile",
    "SiteLink",
    "SourceEntry",
    "Template",
    "WikiFacts",
    "allowed_headings",
    "compile_pattern",
    "file_docs_endings",
    "folder_pages",
    "generator_places",
    "heading_lines",
    "mermaid_ahead",
    "mermaid_state",
    "mermaid_verdicts",
    "original_source_lines",
    "page_profile",
    "page_slug",
    "page_suffixes",
    "phrase_book",
    "places_of",
    "read_citations",
    "recognise",
    "source_span",
    "template_for_source",
    "template_named",
    "template_words",
    "title_names_file_only",
    "wiki_of",
    "wikis",
]

_LAZY = {
    **dict.fromkeys(
        (
            "Citation",
            "NameMention",
            "NamedPath",
            "PageCitations",
            "SiteLink",
            "SourceEntry",
            "WikiFacts",
        ),
        "doclint.models.wiki",
    ),
    "page_slug": "doclint.parsing.wiki",
    "read_citations": "doclint.parsing.citations",
    # The PyTorch templates' reading of a title line: the HTML report's kind of a page.
    "recognise": "doclint.parsing.recognition",
    **dict.fromkeys(
        ("MermaidVerdict", "mermaid_ahead", "mermaid_state", "mermaid_verdicts"),
        "doclint.diagrams.mermaid",
    ),
}
"""The names imported on first use, and their modules."""


__getattr__ = names_on_first_use(__name__, _LAZY, globals())


def original_source_lines(page: AnyPage) -> range:
    """Line numbers of a file documentation's Original Source block, from its
    opening fence to the generator's closing one (where a broken block was
    meant to end); empty for any other page. Its text is the source's own, or
    an embedded page that is checked on its own."""
    if page.kind is DocKind.FILE_DOCS and page.source is not None:
        return range(page.source.line, page.source.end_line + 1)
    return range(0)

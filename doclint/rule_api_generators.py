"""What only the rules of particular generators' pages use, beside the core
of the rule API (`doclint.rule_api`): PyTorch's templates and generator
profiles (the pages' outlines, phrase books, places and Original Source
blocks), object pages read by their profile's outline (RepoAgent's), wikis'
claims (citations, names mentioned, site links) and their Mermaid diagrams
checked by Mermaid's own parser.

Beside them, what a rule that reads every line, entry or source of a tree
needs of doclint beyond the core: the Markdown line grammar pages are read
by, the entries of a file's name lists (`NameEntry`), findings and edits
built at a tuple's cost (`build_node`), bounded memos (`LatestDict`,
`RecentPages`), the garbage collector paused over bulk work, a line said
once a run, and a package's own modules listed. The built-in rules import
doclint through these two modules only, as a plugin's do.

Importing it loads the profiles, the wiki grammar and the Mermaid client: a
rule imports it only for what it names here. The wikis' claims and their
reader, the object-page reader, the Mermaid client, `NameEntry` and the
helpers after it are imported on first use of their names (`__getattr__`):
a rule that may meet a wiki page, or a Mermaid block, imports this module
for every page it checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doclint.models.generated import AnyPage

# The Markdown line grammar every room reads pages by (an ATX heading's line,
# where a fenced block closes, HTML anchors, CommonMark's line endings), and
# `build_node(Finding, fields)`: a named tuple (a finding, an edit, a fix)
# built from its fields in order, at half the cost of its own constructor.
from doclint.models.markdown import build_node
from doclint.models.markdown_lines import (
    ATX,
    ATX_START,
    closing_line,
    html_anchors,
    normalize_newlines,
    page_column,
    unescaped_names,
)
from doclint.models.page import DocKind
from doclint.profiles import (
    PhraseBook,
    Profile,
    heading_lines,
    page_profile,
)
from doclint.profiles.generators import Generators
from doclint.profiles.original_source import source_span
from doclint.profiles.patterns import Pattern, compile_pattern
from doclint.profiles.templates import FOLDER_PAGES_TEMPLATE, OUTLINES, PagePlaces, Template
from doclint.util.lazy_names import names_on_first_use

if TYPE_CHECKING:
    # Exported (`__all__`), imported at run time by `__getattr__`.
    from doclint.diagrams.mermaid import (
        MermaidVerdict,
        mermaid_ahead,
        mermaid_state,
        mermaid_verdicts,
    )
    from doclint.models.generated import NameEntry
    from doclint.models.installed import editable_install
    from doclint.models.wiki import (
        Citation,
        ClimbingShort,
        NamedPath,
        NameMention,
        PageCitations,
        SiteLink,
        SourceEntry,
        WikiFacts,
    )
    from doclint.parsing.citation_grammar import sentence_parts
    from doclint.parsing.object_pages import (
        Entry,
        Mention,
        ProfiledPage,
        as_meant,
        fenced_lines,
        in_output_example,
        source_file,
        swallowed_headings,
    )
    from doclint.parsing.reading import CLAIMS_OF, PageKind
    from doclint.parsing.recognition import recognise
    from doclint.parsing.subjects import (
        Subject,
        SubjectReader,
        Term,
        heading_of,
        long_words,
        page_subjects,
        shows,
        text_words,
        word_key,
    )
    from doclint.parsing.wiki import page_slug
    from doclint.util.gc_pause import gc_paused
    from doclint.util.lru import LatestDict, RecentPages
    from doclint.util.module_files import folder_modules
    from doclint.util.notices import say_once

__all__ = [
    "ATX",
    "ATX_START",
    "CLAIMS_OF",
    "FOLDER_PAGES_TEMPLATE",
    "OUTLINES",
    "Citation",
    "ClimbingShort",
    "Entry",
    "Generators",
    "LatestDict",
    "Mention",
    "MermaidVerdict",
    "NameEntry",
    "NameMention",
    "NamedPath",
    "PageCitations",
    "PageKind",
    "PagePlaces",
    "Pattern",
    "PhraseBook",
    "Profile",
    "ProfiledPage",
    "RecentPages",
    "SiteLink",
    "SourceEntry",
    "Subject",
    "SubjectReader",
    "Template",
    "Term",
    "WikiFacts",
    "as_meant",
    "build_node",
    "closing_line",
    "compile_pattern",
    "editable_install",
    "fenced_lines",
    "folder_modules",
    "gc_paused",
    "heading_lines",
    "heading_of",
    "html_anchors",
    "in_output_example",
    "long_words",
    "mermaid_ahead",
    "mermaid_state",
    "mermaid_verdicts",
    "normalize_newlines",
    "original_source_lines",
    "page_column",
    "page_profile",
    "page_slug",
    "page_subjects",
    "recognise",
    "say_once",
    "sentence_parts",
    "shows",
    "source_file",
    "source_span",
    "swallowed_headings",
    "text_words",
    "unescaped_names",
    "word_key",
]

_LAZY = {
    **dict.fromkeys(
        (
            "Citation",
            "ClimbingShort",
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
    # An object page read by its profile's outline (RepoAgent's): its
    # object headings, labelled lists and sentences.
    **dict.fromkeys(
        (
            "Entry",
            "Mention",
            "ProfiledPage",
            "as_meant",
            "fenced_lines",
            "in_output_example",
            "source_file",
            "swallowed_headings",
        ),
        "doclint.parsing.object_pages",
    ),
    # What each citation of a page is evidence for, read from its words.
    **dict.fromkeys(
        (
            "Subject",
            "SubjectReader",
            "Term",
            "heading_of",
            "long_words",
            "page_subjects",
            "shows",
            "text_words",
            "word_key",
        ),
        "doclint.parsing.subjects",
    ),
    # Each kind of page the engine reads (`RuleContext.reading`) and what it claims.
    **dict.fromkeys(("CLAIMS_OF", "PageKind"), "doclint.parsing.reading"),
    # The sentences of a line: what a citation's sentence names.
    "sentence_parts": "doclint.parsing.citation_grammar",
    # The PyTorch templates' reading of a title line: the HTML report's kind of a page.
    "recognise": "doclint.parsing.recognition",
    **dict.fromkeys(
        ("MermaidVerdict", "mermaid_ahead", "mermaid_state", "mermaid_verdicts"),
        "doclint.diagrams.mermaid",
    ),
    # A name listed on a line of a file's page (a class, a function, an import).
    "NameEntry": "doclint.models.generated",
    # Answers kept per key, at most so many (a source's facts by its digest),
    # and values of a page known by its path and text.
    **dict.fromkeys(("LatestDict", "RecentPages"), "doclint.util.lru"),
    # No cycle collection inside a `with gc_paused():` block (a syntax tree built).
    "gc_paused": "doclint.util.gc_pause",
    # A line on stderr that the run says once, whichever worker says it first.
    "say_once": "doclint.util.notices",
    # A package's modules listed as pkgutil lists them, without importing
    # inspect, and whether a distribution is installed editable (its code may
    # change after the install), read without importlib.metadata.
    "folder_modules": "doclint.util.module_files",
    "editable_install": "doclint.models.installed",
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

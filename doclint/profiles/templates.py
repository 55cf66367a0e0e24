"""The templates the generator writes, as the parser and the rules read them.

A template is what one generator version writes for one kind of source: the
titles of its pages, the headings of each kind of page, the bold summary
lines and count sentences of a file documentation, the metadata labels, the
fixed prose and the footer, the languages whose sources it documents
(`languages.py`: their extensions choose the template, their metadata Types
are its own) and what its pages claim that the rules can prove. They are data
of the shipped profiles of templated pages (`doclint/profiles/pytorch.toml`:
the PyTorch generator's), read once per process; this module holds them by
id, and where each generator writes its pages (`PagePlaces`). The
parser reads pages with them, `unknown-heading` judges headings against
them, the stop-word rule takes the generator's own words from them, and each
rule asks a template what its pages claim (`Template.dependencies`,
`Template.proven_by`...), never which template it is: a new template version
is an entry of that profile.

Ids: "python" (the Python sources, and the template of folder pages and the
start page, which are the same for every kind), "cpp" (C, C++ and CUDA),
"identifiers" (every other kind: a keyword index of capitalised words),
"repo-book-v1" (the older "Repo Book Generator v1.0", recognised by its titles
whatever the source), and "" for a page no generator wrote.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, ValuesView
from functools import cached_property
from types import MappingProxyType
from typing import Any

from doclint.models.languages import LANGUAGES
from doclint.models.page import DocKind
from doclint.models.records import NamedTuple
from doclint.profiles import templated_profiles
from doclint.profiles.model import (
    CountSentence,
    GeneratorProfile,
    Outline,
    PagePlaces,
    PhraseBook,
    ProfileError,
    Template,
)
from doclint.profiles.patterns import Match, compile_pattern, literal_lead
from doclint.profiles.wikis import use_wikis
from doclint.util.lazy_regex import compiled_on_use

__all__ = ["CountSentence", "Outline", "PagePlaces", "Template"]

# Headings the parser reads parts from, named so that it uses these strings
# (the profile's outlines hold each: tests check it).
FILE_METADATA = "File Metadata"
FILE_PURPOSE = "File Purpose"
ORIGINAL_SOURCE = "Original Source"
HIGH_LEVEL_OVERVIEW = "High-Level Overview"
CODE_STRUCTURE = "Code Structure"
IMPORT_DEPENDENCIES = "Import Dependencies"
TESTING = "Testing"
RELATED_FILES = "Related Files"
FILE_INFORMATION = "File Information"
KEYWORDS_EXTRACTED = "Keywords Extracted"
KEYWORD_INDEX = "Keyword Index"
KEY_COMPONENTS = "Key Components"
FILES = "Files"
SUBFOLDERS = "Subfolders"
CONTENTS_OVERVIEW = "Contents Overview"
FOLDER_STRUCTURE = "Folder Structure"
KEY_FILES = "Key Files"
KEYWORDS = "Keywords"


_SHIPPED_TEMPLATES: Mapping[str, Template] = MappingProxyType(
    {t.id: t for profile in templated_profiles() for t in profile.templates}
)
FOLDER_PAGES_TEMPLATE: Template = next(
    template for template in _SHIPPED_TEMPLATES.values() if DocKind.FOLDER_DOC in template.outlines
)
"""The template of the PyTorch system's folder pages and start page, whatever
they document (the Python template): its other templates take those kinds'
outlines from it."""
OUTLINES: Mapping[str, Outline] = FOLDER_PAGES_TEMPLATE.outlines
"""The outlines of the folder pages' template, which hold every folder page's."""


def templates_with(profiles: Iterable[GeneratorProfile]) -> dict[str, Template]:
    """The shipped templates and those of `profiles`, by id; ProfileError,
    naming the profile, for a template id another generator's template has."""
    templates = dict(_SHIPPED_TEMPLATES)
    for profile in profiles:
        for template in profile.templates:
            known = templates.get(template.id)
            if known is not None:
                raise ProfileError(
                    f"{profile.origin}: template id `{template.id}` is already the "
                    f"`{known.generator}` generator's: give it another"
                )
            templates[template.id] = template
    return templates


class Generators:
    """The generators of templated pages a run knows, as one value: the
    templates of the shipped profiles and of those its configuration names,
    by id, the shipped ones first (`templates`, whose titles and outlines are
    keyed by page kind, `DocKind`'s values), and what the parser and the
    rules derive from them, derived once per value, on first use."""

    def __init__(self, profiles: tuple[GeneratorProfile, ...] = ()) -> None:
        self.key = tuple(profile.digest for profile in profiles)
        """The digests of its profiles besides the shipped ones."""
        self.templates: Mapping[str, Template] = MappingProxyType(templates_with(profiles))
        self._phrase_books: dict[str, PhraseBook | None] = {}
        self._words: dict[str, frozenset[str]] = {}
        self._choices: dict[str, tuple[dict[str, Template], Template | None]] = {}

    @cached_property
    def places(self) -> tuple[PagePlaces, ...]:
        """Where each generator writes its pages, the current one's first."""
        return tuple({id(t.places): t.places for t in self.templates.values()}.values())

    @cached_property
    def page_suffixes(self) -> tuple[str, ...]:
        """The endings of the pages written about a file, in every generator's places."""
        return tuple(
            dict.fromkeys(ending for places in self.places for ending in places.file_endings)
        )

    @cached_property
    def file_docs_endings(self) -> tuple[str, ...]:
        """The endings of each generator's documentation page of a file."""
        found = (places.ending(DocKind.FILE_DOCS) for places in self.places)
        return tuple(dict.fromkeys(ending for ending in found if ending))

    @cached_property
    def folder_pages(self) -> tuple[str, ...]:
        """The names of the pages written about a folder, in every generator's places."""
        return tuple(
            dict.fromkeys(name for places in self.places for name in places.folder_page_names)
        )

    @cached_property
    def title_patterns(self) -> tuple[tuple[TitlePattern, str, Template], ...]:
        """Each title pattern once, in the order of the templates (see `title_patterns`)."""
        patterns: list[tuple[TitlePattern, str, Template]] = []
        seen: set[int] = set()
        for template in self.templates.values():
            if id(template.titles) in seen:
                continue
            seen.add(id(template.titles))
            patterns += [
                (TitlePattern(p, template.builtin), kind, template)
                for kind, p in template.titles.items()
            ]
        return tuple(patterns)

    def phrase_book(self, template_id: str) -> PhraseBook | None:
        """The phrase book of a template's pages (see `phrase_book`)."""
        if template_id not in self._phrase_books:
            template = self.templates.get(template_id)
            self._phrase_books[template_id] = (
                None
                if template is None or not template.sentences
                else PhraseBook(
                    template.sentences,
                    frozenset({template.id}),
                    template.generator,
                    template.builtin,
                )
            )
        return self._phrase_books[template_id]

    def template_words(self, template_id: str) -> frozenset[str]:
        """The capitalised words the generator writes on a template's pages
        (see `template_words`)."""
        words = self._words.get(template_id)
        if words is None:
            words = self._words[template_id] = _template_words(self.templates[template_id])
        return words

    def choices(self, footer: str) -> tuple[dict[str, Template], Template | None]:
        """The template of each extension a template of one generator (one
        footer) claims, the first to claim it keeping it; and its fallback."""
        found = self._choices.get(footer)
        if found is None:
            generator = [t for t in self.templates.values() if t.footer == footer]
            chosen = {
                extension: template
                for template in reversed(generator)
                for extension in template_extensions(template)
            }
            fallback = next((template for template in generator if template.fallback), None)
            found = self._choices[footer] = (chosen, fallback)
        return found


_SHIPPED = Generators()
_IN_USE = [_SHIPPED]
"""The generators in use: the shipped ones, else those the last run stated."""


def generators() -> Generators:
    """The generators in use: those `use_generators` last stated."""
    return _IN_USE[0]


def use_generators(profiles: Iterable[GeneratorProfile]) -> None:
    """Makes the templates of `profiles` (those a run's configuration names)
    the ones the parser and the rules know beside the shipped ones, until a
    run with others: each run states its own, so none is left from another."""
    given = tuple(profiles)
    use_wikis(given)
    chosen = tuple(profile for profile in given if profile.templates)
    if tuple(profile.digest for profile in chosen) != _IN_USE[0].key:
        _IN_USE[0] = Generators(chosen) if chosen else _SHIPPED


class _TemplatesInUse(Mapping[str, Template]):
    """The templates of the generators in use (`generators().templates`),
    read through: modules that took the name `TEMPLATES` read the run's."""

    def __getitem__(self, template_id: str) -> Template:
        return _IN_USE[0].templates[template_id]

    def __iter__(self) -> Iterator[str]:
        return iter(_IN_USE[0].templates)

    def __len__(self) -> int:
        return len(_IN_USE[0].templates)

    def values(self) -> ValuesView[Template]:
        return _IN_USE[0].templates.values()


TEMPLATES: Mapping[str, Template] = _TemplatesInUse()
"""The templates by id of the generators in use (`generators`)."""


def generator_places() -> tuple[PagePlaces, ...]:
    """Where each generator of templated pages writes them, the current one's first."""
    return _IN_USE[0].places


def page_suffixes() -> tuple[str, ...]:
    """The endings of the pages written about a file (the PyTorch system's
    documentation and keyword index), in every generator's places."""
    return _IN_USE[0].page_suffixes


def file_docs_endings() -> tuple[str, ...]:
    """The endings of each generator's documentation page of a file (`_docs.md`)."""
    return _IN_USE[0].file_docs_endings


def folder_pages() -> tuple[str, ...]:
    """The names of the pages written about a folder, in every generator's places."""
    return _IN_USE[0].folder_pages


class TitlePattern:
    """A template's title pattern, compiled on its profile's engine; a shipped
    one when a title first starts as every title it matches does (its
    `literal_lead`): recognising a page of no generator would otherwise
    compile each of them at every start. A tree's profile's compiles at
    once, where its error is the profile's."""

    __slots__ = ("_builtin", "_compiled", "_lead", "_text")

    def __init__(self, text: str, builtin: bool) -> None:
        self._text = text
        self._builtin = builtin
        self._lead = literal_lead(text)
        self._compiled = None if builtin else compile_pattern(text, builtin)

    def fullmatch(self, title: str) -> Match | None:
        """The pattern's match of the whole `title`, if it has one."""
        if not title.startswith(self._lead):
            return None
        if self._compiled is None:
            self._compiled = compile_pattern(self._text, self._builtin)
        return self._compiled.fullmatch(title)


def title_patterns() -> tuple[tuple[TitlePattern, str, Template], ...]:
    """Each title pattern once, in the order of the templates, compiled on
    its profile's engine: the templates of one generator share their titles,
    and the page's source then tells which of them it is in."""
    return _IN_USE[0].title_patterns


class Recognised(NamedTuple):
    """What a title line says about its page (doclint.parsing.recognition's
    answer, defined here: see `COMPILED_MODULES` for why a compiled module
    defines no named tuple)."""

    kind: DocKind
    """The parser's kind; MARKDOWN for a kind its profile declares (read as a
    generic page) and for a page no generator wrote."""
    described: str | None
    template: Template | None
    """None for a page no generator wrote."""
    name_only: bool
    """The title names the documented file without its folder."""
    page_kind: str = ""
    """The kind as its profile names it ("" for a page no generator wrote)."""


def source_copies(described: str) -> tuple[str, ...]:
    """The pages that may embed a copy of the file at `described` (its file
    documentation, where each generator writes it): where the tree does not
    hold the file, its copy stands for it."""
    return tuple(
        page
        for places in generator_places()
        if (page := places.page_path(DocKind.FILE_DOCS, described)) is not None
    )


def places_of(template_id: str) -> PagePlaces:
    """Where the generator of a template writes its pages; the current
    generator's for a page no generator wrote."""
    template = _IN_USE[0].templates.get(template_id)
    return template.places if template is not None else generator_places()[0]


def documented_languages(template: Template) -> tuple[str, ...]:
    """Its languages; for a fallback template, also every language no other
    template of its generator claims."""
    if not template.fallback:
        return template.languages
    claimed = {
        language
        for other in _IN_USE[0].templates.values()
        if other.footer == template.footer
        for language in other.languages
    }
    return (*template.languages, *(name for name in LANGUAGES if name not in claimed))


def template_extensions(template: Template) -> tuple[str, ...]:
    """Source extensions whose pages are in a template: its languages' endings."""
    return tuple(
        suffix
        for language in documented_languages(template)
        for suffix in LANGUAGES[language].suffixes
    )


def source_types(template: Template) -> tuple[str, ...]:
    """Values of the metadata `Type` line: its languages' and its own, each once."""
    types = [kind for name in documented_languages(template) for kind in LANGUAGES[name].types]
    return tuple(dict.fromkeys([*types, *template.other_types]))


_CAPITALISED = compiled_on_use(r"\b[A-Z][A-Za-z0-9_]*\b")
# Title words of each kind of page, as the title patterns write them.
_TITLE_WORD = compiled_on_use(r"(?<![\\(?<])\b[A-Z][A-Za-z]+\b")


def source_kind(described: str) -> str:
    """The kind of source a documented path is, as the generator tells it: its
    extension ("CMakeLists.txt" is ".txt"); "" for a name without one."""
    name = described.rpartition("/")[2]
    return name[name.rfind(".") :] if "." in name else ""


def template_named(template_id: str) -> Template | None:
    """The template of a page's `template` id; None for a page no generator wrote."""
    return _IN_USE[0].templates.get(template_id)


def phrase_book(template_id: str) -> PhraseBook | None:
    """The phrase book of a template's pages: its `sentences`, read for
    matching once per process; None for a page no generator wrote or a
    template without one."""
    return _IN_USE[0].phrase_book(template_id)


def title_names_file_only(template_id: str) -> bool:
    """Whether the titles of a template name the documented file without its
    folder (the v1 titles: `# Documentation: return_types.pyi.in`), so that
    only the page's place or its Path line can tell the folder."""
    template = _IN_USE[0].templates.get(template_id)
    return template is not None and any("(?P<name>" in title for title in template.titles.values())


def template_for_source(described: str, written: Template | None = None) -> Template:
    """The template of the pages of a documented path in the generator that
    wrote `written` (by default the current one, the first template's): by
    extension, as the generator chooses it; its fallback template for any
    other; `written` itself for a generator that writes one template."""
    template = written or next(iter(_IN_USE[0].templates.values()))
    chosen, fallback = _IN_USE[0].choices(template.footer)
    return chosen.get(source_kind(described)) or fallback or template


def allowed_headings(template_id: str, kind: str) -> Outline | None:
    """The outline a page of `kind` in template `template_id` may have: its
    own, else that of the template of its generator that writes the kind (the
    PyTorch system's folder pages are its Python template's); None for a kind
    no template of the generator writes, or a page of no template."""
    template = _IN_USE[0].templates.get(template_id)
    if template is None:
        return None
    if kind in template.outlines:
        return template.outlines[kind]
    return next(
        (
            other.outlines[kind]
            for other in _IN_USE[0].templates.values()
            if other.generator == template.generator and kind in other.outlines
        ),
        None,
    )


def template_words(template_id: str) -> frozenset[str]:
    """The capitalised words the generator itself writes on pages of a
    template: its headings, titles, labels, source types, prose and footer,
    split as the generator's identifier regex splits them ("High-Level"
    gives "High" and "Level"), each as the generator spells it."""
    return _IN_USE[0].template_words(template_id)


def _template_words(template: Template) -> frozenset[str]:
    texts: list[str] = [template.footer, *template.metadata_labels, *source_types(template)]
    texts += [*template.summary_lines, *template.prose]
    for title in template.titles.values():
        texts.extend(_TITLE_WORD.findall(title))
    for outline in template.outlines.values():
        for section, subsections in outline.items():
            texts.append(section)
            texts.extend(heading for heading in subsections or () if len(heading) > 1)
    words = {word for text in texts for word in _CAPITALISED.findall(text)}
    return frozenset(
        words | {spelled for word, spelled in template.spellings.items() if word in words}
    )


def describe_templates() -> dict[str, Any]:
    """The templates as JSON data, for `doclint schema`."""
    return {
        template.id: {
            "description": template.description,
            "generator": template.generator,
            "places": {
                "docs_folder": template.places.docs_folder,
                "pages": dict(template.places.pages),
                "top_folder": template.places.top_folder,
                "later_passes": template.places.later_passes,
                "top_pages": list(template.places.top_pages),
                "kinds": dict(template.places.kinds),
            },
            "footer": template.footer,
            "languages": list(documented_languages(template)),
            "fallback": template.fallback,
            "extensions": list(template_extensions(template)),
            "titles": dict(template.titles),
            "outlines": {
                kind: {
                    section: sorted(subsections) if subsections is not None else None
                    for section, subsections in outline.items()
                }
                for kind, outline in template.outlines.items()
            },
            "keyword_section": template.keyword_section,
            "keyword_entry": template.keyword_entry,
            "identifier_lists": (
                sorted(template.identifier_lists) if template.identifier_lists is not None else None
            ),
            "summary_lines": template.summary_lines,
            "guessed_summary_lines": template.guessed_summary_lines,
            "count_sentences": [
                {
                    "section": s.section,
                    "pattern": s.pattern,
                    "counts": list(s.counts),
                    "approximate": s.approximate,
                }
                for s in template.count_sentences
            ],
            "dependencies": template.dependencies,
            "proven_by": template.proven_by,
            "metadata_labels": list(template.metadata_labels),
            "source_types": list(source_types(template)),
            "prose": list(template.prose),
            "spellings": template.spellings,
            # Its phrase book by id: `doclint schema sentences` shows each entry.
            "sentences": [entry.id for entry in template.sentences],
        }
        for template in _IN_USE[0].templates.values()
    }

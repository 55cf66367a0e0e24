"""The generators a run knows, as one value: the profiles of object pages its
configuration names (the shipped ones are found by where a page sits), the
templates of templated pages (the shipped ones and the configuration's) and
the generators of wikis (the configuration's first, then the shipped ones),
with what the parser and the rules derive from them.

A run builds it once from its settings (`Settings.known_generators`) and
hands it on: the engine gives it to the parser and to each rule's context
(`RuleContext.generators`), the tree asks it where a file's documentation
embeds the file's copy, and a worker process rebuilds it from the same
profiles. Nothing about a run's generators is held anywhere else, so two runs
with different configurations in one process (an editor's server, the Python
API) never see each other's. What it derives (the places of the pages, the
title patterns, phrase books, the titles recognised lately) is kept on the
value, computed on first use: the answers never change, only when they are
first computed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache, cached_property
from types import MappingProxyType
from typing import Any

from doclint.models.generated import AnyPage
from doclint.models.languages import LANGUAGES
from doclint.models.page import DocKind, MarkdownPage
from doclint.profiles.model import (
    GeneratorProfile,
    Outline,
    PagePlaces,
    PhraseBook,
    Profile,
    Template,
)
from doclint.profiles.templates import (
    Recognised,
    TitlePattern,
    source_kind,
    template_words_of,
    templates_with,
)
from doclint.profiles.wikis import Wiki, in_folder, reading_of, shipped_wikis


class Generators:
    """The generators of one run (see the module's documentation)."""

    def __init__(self, profiles: tuple[GeneratorProfile, ...] = ()) -> None:
        self.profiles = profiles
        """The profiles the run's configuration names, besides the shipped ones."""
        self.object_profiles = tuple(p for p in profiles if isinstance(p, Profile))
        """Those of object pages."""
        self.templates: Mapping[str, Template] = MappingProxyType(
            templates_with(profile for profile in profiles if profile.templates)
        )
        """The templates by id, the shipped ones first; their titles and
        outlines are keyed by page kind (`DocKind`'s values)."""
        self._own_wikis = tuple(Wiki(p.name, p.wiki) for p in profiles if p.wiki is not None)
        self._phrase_books: dict[str, PhraseBook | None] = {}
        self._words: dict[str, frozenset[str]] = {}
        self._choices: dict[str, tuple[dict[str, Template], Template | None]] = {}
        self.recent_titles: dict[str, Recognised] = {}
        """The titles the parser recognised lately (`doclint.parsing.recognition`)."""

    @staticmethod
    def of(profiles: Iterable[GeneratorProfile]) -> Generators:
        """The generators of a run whose configuration names `profiles` (each
        once, however often given): the shipped ones alone (one value for the
        process) when it names none."""
        given = tuple({id(profile): profile for profile in profiles}.values())
        return Generators(given) if given else shipped_generators()

    def __reduce__(self) -> tuple[Any, ...]:
        # A spawned worker builds its own from the same profiles: the derived
        # answers are cheaper to derive again than to send.
        return Generators.of, (self.profiles,)

    @cached_property
    def wikis(self) -> tuple[Wiki, ...]:
        """Every generator of wikis the run knows: its own first."""
        return (*self._own_wikis, *shipped_wikis())

    def reading_of(self, path: str, lines: Sequence[str]) -> tuple[Wiki, str] | None:
        """The wiki that wrote the page at `path` (relative to the tree root)
        with `lines`, if any, and why (`doclint check --explain`)."""
        return reading_of(self.wikis, path, lines)

    def wiki_of(self, path: str, lines: Sequence[str]) -> Wiki | None:
        """The wiki that wrote the page at `path` with `lines`, if any: the
        first whose marker is in its head or in whose folder it sits citing
        lines as the wiki writes them."""
        found = reading_of(self.wikis, path, lines)
        return found[0] if found is not None else None

    def in_any_wiki_folder(self, path: str) -> bool:
        """Whether the page at `path` sits in a folder of a wiki the run knows
        (where the whole page, not its head only, says whether it is the wiki's)."""
        return any(in_folder(path, wiki.grammar) is not None for wiki in self.wikis)

    @cached_property
    def places(self) -> tuple[PagePlaces, ...]:
        """Where each generator of templated pages writes them, the current one's first."""
        return tuple({id(t.places): t.places for t in self.templates.values()}.values())

    @cached_property
    def page_suffixes(self) -> tuple[str, ...]:
        """The endings of the pages written about a file (the PyTorch system's
        documentation and keyword index), in every generator's places."""
        return tuple(
            dict.fromkeys(ending for places in self.places for ending in places.file_endings)
        )

    @cached_property
    def file_docs_endings(self) -> tuple[str, ...]:
        """The endings of each generator's documentation page of a file (`_docs.md`)."""
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
        """Each title pattern once, in the order of the templates, compiled on
        its profile's engine: the templates of one generator share their
        titles, and the page's source then tells which of them it is in."""
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

    def template_named(self, template_id: str) -> Template | None:
        """The template of a page's `template` id; None for a page no generator wrote."""
        return self.templates.get(template_id)

    def places_of(self, template_id: str) -> PagePlaces:
        """Where the generator of a template writes its pages; the current
        generator's for a page no generator wrote."""
        template = self.templates.get(template_id)
        return template.places if template is not None else self.places[0]

    def subject_of(self, page: AnyPage) -> str | None:
        """What `page` documents, as the places of the generator that wrote
        it say ("file", "folder" or "tree"), a kind its profile declares
        included; None for a page no generator wrote."""
        if not page.template:
            return None
        kind = page.page_kind if isinstance(page, MarkdownPage) else page.kind
        return self.places_of(page.template).documents(kind)

    def source_copies(self, described: str) -> tuple[str, ...]:
        """The pages that may embed a copy of the file at `described` (its file
        documentation, where each generator writes it): where the tree does not
        hold the file, its copy stands for it."""
        return tuple(
            page
            for places in self.places
            if (page := places.page_path(DocKind.FILE_DOCS, described)) is not None
        )

    def phrase_book(self, template_id: str) -> PhraseBook | None:
        """The phrase book of a template's pages: its `sentences`, read for
        matching once per value; None for a page no generator wrote or a
        template without one."""
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
        """The capitalised words the generator itself writes on pages of a
        template: its headings, titles, labels, source types, prose and
        footer, split as the generator's identifier regex splits them
        ("High-Level" gives "High" and "Level"), each as the generator spells it."""
        words = self._words.get(template_id)
        if words is None:
            template = self.templates[template_id]
            words = template_words_of(template, self.source_types(template))
            self._words[template_id] = words
        return words

    def title_names_file_only(self, template_id: str) -> bool:
        """Whether the titles of a template name the documented file without its
        folder (the v1 titles: `# Documentation: return_types.pyi.in`), so that
        only the page's place or its Path line can tell the folder."""
        template = self.templates.get(template_id)
        return template is not None and any(
            "(?P<name>" in title for title in template.titles.values()
        )

    def template_for_source(self, described: str, written: Template | None = None) -> Template:
        """The template of the pages of a documented path in the generator that
        wrote `written` (by default the current one, the first template's): by
        extension, as the generator chooses it; its fallback template for any
        other; `written` itself for a generator that writes one template."""
        template = written or next(iter(self.templates.values()))
        chosen, fallback = self._choices_of(template.footer)
        return chosen.get(source_kind(described)) or fallback or template

    def _choices_of(self, footer: str) -> tuple[dict[str, Template], Template | None]:
        """The template of each extension a template of one generator (one
        footer) claims, the first to claim it keeping it; and its fallback."""
        found = self._choices.get(footer)
        if found is None:
            generator = [t for t in self.templates.values() if t.footer == footer]
            chosen = {
                extension: template
                for template in reversed(generator)
                for extension in self.template_extensions(template)
            }
            fallback = next((template for template in generator if template.fallback), None)
            found = self._choices[footer] = (chosen, fallback)
        return found

    def allowed_headings(self, template_id: str, kind: str) -> Outline | None:
        """The outline a page of `kind` in template `template_id` may have: its
        own, else that of the template of its generator that writes the kind
        (the PyTorch system's folder pages are its Python template's); None
        for a kind no template of the generator writes, or a page of no template."""
        template = self.templates.get(template_id)
        if template is None:
            return None
        if kind in template.outlines:
            return template.outlines[kind]
        return next(
            (
                other.outlines[kind]
                for other in self.templates.values()
                if other.generator == template.generator and kind in other.outlines
            ),
            None,
        )

    def documented_languages(self, template: Template) -> tuple[str, ...]:
        """Its languages; for a fallback template, also every language no other
        template of its generator claims."""
        if not template.fallback:
            return template.languages
        claimed = {
            language
            for other in self.templates.values()
            if other.footer == template.footer
            for language in other.languages
        }
        return (*template.languages, *(name for name in LANGUAGES if name not in claimed))

    def template_extensions(self, template: Template) -> tuple[str, ...]:
        """Source extensions whose pages are in a template: its languages' endings."""
        return tuple(
            suffix
            for language in self.documented_languages(template)
            for suffix in LANGUAGES[language].suffixes
        )

    def source_types(self, template: Template) -> tuple[str, ...]:
        """Values of the metadata `Type` line: its languages' and its own, each once."""
        types = [
            kind for name in self.documented_languages(template) for kind in LANGUAGES[name].types
        ]
        return tuple(dict.fromkeys([*types, *template.other_types]))

    def templates_data(self) -> dict[str, Any]:
        """The templates as JSON data, for `doclint schema --templates`."""
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
                "languages": list(self.documented_languages(template)),
                "fallback": template.fallback,
                "extensions": list(self.template_extensions(template)),
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
                    sorted(template.identifier_lists)
                    if template.identifier_lists is not None
                    else None
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
                "source_types": list(self.source_types(template)),
                "prose": list(template.prose),
                "spellings": template.spellings,
                # Its phrase book by id: `doclint schema sentences` shows each entry.
                "sentences": [entry.id for entry in template.sentences],
            }
            for template in self.templates.values()
        }


@cache
def shipped_generators() -> Generators:
    """The shipped generators alone, one value per process."""
    return Generators()

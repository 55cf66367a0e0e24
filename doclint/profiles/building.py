"""A validated profile file (`schema`) to the frozen data doclint holds
(`model`): its layout, fields and patterns, its wiki's grammar, and the
templates of its versions, each with what it takes from its version."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from doclint.profiles.model import (
    CallerPattern,
    CatalogueSentence,
    CitationLink,
    CountSentence,
    EntryOutline,
    FieldOutline,
    GeneratorProfile,
    Layout,
    Outline,
    PagePlaces,
    Profile,
    Sentence,
    Template,
    WikiGrammar,
    fixed_text,
)
from doclint.profiles.patterns import Pattern, profile_pattern
from doclint.profiles.schema_base import Headings
from doclint.profiles.schema_templates import stated

if TYPE_CHECKING:
    from doclint.profiles.schema import ProfileModel
    from doclint.profiles.schema_templates import (
        KindModel,
        PlacesModel,
        TemplateModel,
        VersionModel,
    )
    from doclint.profiles.schema_wiki import WikiModel


# A version's phrase-book entries and each of its templates', as TOML data.
Phrases = list[tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]]


def built_profile(
    model: ProfileModel, origin: str, phrases: Phrases, builtin: bool, digest: str
) -> GeneratorProfile:
    """The profile a validated file describes, read from `origin`, with the
    phrase books of its versions and templates (`phrases`, validated or
    trusted); a shipped (`builtin`) one's patterns compile on first use."""
    places = page_places(model.places, model.kinds)
    templates = tuple(
        template
        for version, (shared, own) in zip(model.versions, phrases, strict=True)
        for template in _version_templates(version, shared, own, (model.name, places), builtin)
    )
    layout, entries, labels = model.layout, model.entries, model.labels
    wiki = _wiki(model.wiki, builtin) if model.wiki is not None else None
    if layout is None or entries is None or labels is None:
        return GeneratorProfile(
            model.name, model.description, templates, origin, wiki=wiki, digest=digest
        )
    return Profile(
        name=model.name,
        description=model.description,
        templates=templates,
        origin=origin,
        wiki=wiki,
        digest=digest,
        language=model.language,
        layout=Layout(
            layout.docs_folder.strip("/"),
            layout.page,
            layout.source,
            tuple(layout.markers),
            tuple(layout.skip_folders),
            layout.hierarchy,
            layout.docs_folder_named_by_project,
        ),
        entries=EntryOutline(
            profile_pattern(entries.heading, builtin),
            entries.base_level,
            dict(entries.kinds),
            entries.convention,
            frozenset(entries.claims),
        ),
        label_line=profile_pattern(labels.line, builtin),
        fields=tuple(
            FieldOutline(
                field.name,
                frozenset(field.labels),
                profile_pattern(field.item, builtin) if field.item else None,
                frozenset(field.none_words),
                field.claim,
            )
            for field in model.fields
        ),
        sentences=tuple(Sentence(s.text, s.claim) for s in model.sentences),
        callers=tuple(
            CallerPattern(profile_pattern(c.pattern, builtin), c.claim) for c in model.callers
        ),
        coverage_claims=frozenset(model.coverage.claims),
        private_documented=model.coverage.private,
        nested_documented=model.coverage.nested,
    )


def _wiki(model: WikiModel, builtin: bool) -> WikiGrammar:
    def compiled(text: str) -> Pattern | None:
        return profile_pattern(text, builtin) if text else None

    forms, site, names = model.forms, model.site, model.names
    return WikiGrammar(
        folders=tuple(folder.strip("/") for folder in model.folders),
        marker=compiled(model.marker),
        head_lines=model.head_lines,
        links=tuple(
            CitationLink(
                compiled(link.text),
                compiled(link.target),
                link.empty_target,
                link.text_required,
                link.base,
            )
            for link in model.links
        ),
        code_citation=compiled(forms.code_citation),
        fenced_citation=compiled(forms.fenced_citation),
        text_citation=compiled(forms.text_citation),
        source_lists=tuple(
            (profile_pattern(sl.start, builtin), profile_pattern(sl.end, builtin))
            for sl in model.source_lists
        ),
        front_matter_sources=model.front_matter_sources,
        site_link=compiled(site.link) if site is not None else None,
        page_number=compiled(site.page_number) if site is not None else None,
        markup=compiled(model.markup.pattern) if model.markup is not None else None,
        name_span=compiled(names.span) if names is not None else None,
        not_names=frozenset(names.not_names) if names is not None else frozenset(),
        claims=frozenset(model.claims),
        repository=compiled(model.repository),
        span_citation=compiled(forms.span_citation),
        base=model.base,
    )


def page_places(model: PlacesModel | None, kinds: dict[str, KindModel]) -> PagePlaces:
    """The places of a profile's templated pages (none for one without)."""
    if model is None:
        return PagePlaces("", {}, "", False, ())
    return PagePlaces(
        model.docs_folder,
        dict(model.pages),
        model.top_folder,
        model.later_passes,
        tuple(model.top_pages),
        {name: kind.documents for name, kind in kinds.items()},
    )


def _version_templates(
    version: VersionModel,
    shared: list[dict[str, Any]],
    own: list[list[dict[str, Any]]],
    generator: tuple[str, PagePlaces],
    builtin: bool,
) -> list[Template]:
    """The templates of a version, each with what it takes from the version:
    every key it does not state; the outline of each page kind, the prose and
    the phrase book (`shared`, then its `own` entries) added to. Templates that
    state no titles share their version's mapping."""
    titles = dict(version.titles or {})
    common = tuple(_phrase(entry) for entry in shared)
    return [
        _template(template, version, titles, (*common, *map(_phrase, entries)), generator, builtin)
        for template, entries in zip(version.templates, own, strict=True)
    ]


def _phrase(entry: Mapping[str, Any]) -> CatalogueSentence:
    """A phrase-book entry of a profile's data (validated or trusted)."""
    return CatalogueSentence(
        entry["id"],
        entry["section"],
        entry["pattern"],
        entry["claim"],
        entry.get("proven_by"),
        entry.get("unjudged"),
        tuple(entry.get("judged_by", ())),
    )


def _template(
    template: TemplateModel,
    version: VersionModel,
    titles: dict[str, str],
    sentences: tuple[CatalogueSentence, ...],
    generator: tuple[str, PagePlaces],
    builtin: bool,
) -> Template:
    def given(key: str, default: Any = None) -> Any:
        value = stated(template, version, key)
        return default if value is None else value

    outlines: dict[str, dict[str, Headings]] = {
        kind: dict(outline) for kind, outline in version.outlines.items()
    }
    for kind, outline in template.outlines.items():
        outlines.setdefault(kind, {}).update(outline)
    identifier_lists = given("identifier_lists")
    return Template(
        id=template.id,
        description=template.description,
        footer=version.footer,
        titles=titles if template.titles is None else dict(template.titles),
        outlines={kind: _outline(outline) for kind, outline in outlines.items()},
        keyword_section=given("keyword_section"),
        keyword_entry=given("keyword_entry"),
        identifier_lists=None if identifier_lists == "all" else frozenset(identifier_lists),
        metadata_labels=tuple(given("metadata_labels")),
        languages=tuple(template.languages),
        fallback=template.fallback,
        other_types=tuple(given("other_types", ())),
        summary_lines=dict(given("summary_lines", {})),
        guessed_summary_lines=given("guessed_summary_lines", False),
        count_sentences=tuple(
            CountSentence(s.section, s.pattern, tuple(s.counts), s.approximate)
            for s in given("count_sentences", ())
        ),
        dependencies=given("dependencies"),
        proven_by=given("proven_by"),
        prose=(*version.prose, *template.prose, *_prose_sentences(template, version, sentences)),
        sentences=sentences,
        spellings=dict(given("spellings", {})),
        generator=generator[0],
        places=generator[1],
        builtin=builtin,
    )


def _prose_sentences(
    template: TemplateModel, version: VersionModel, sentences: tuple[CatalogueSentence, ...]
) -> list[str]:
    """The texts of the phrase-book sentences the version and template name
    as prose (only theirs are read: a phrase book holds a hundred entries)."""
    entries = {entry.id: entry for entry in sentences}
    names = (*version.prose_sentences, *template.prose_sentences)
    return [
        text
        for name in names
        if (entry := entries.get(name)) is not None
        and (text := fixed_text(entry.pattern)) is not None
    ]


def _outline(headings: dict[str, Headings]) -> Outline:
    return {
        section: None if allowed == "any" else frozenset(allowed)
        for section, allowed in headings.items()
    }

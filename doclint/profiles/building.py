"""A profile's data (a TOML file's tables: validated by `schema`, or a
shipped profile's, which its tests validate whole) to the frozen data doclint
holds (`model`): its layout, fields and patterns, its wiki's grammar, and the
templates of its versions, each with what it takes from its version.

Plain code, with no pydantic: a run reads the shipped profiles through it at
every start. A key left out takes its default here; tests hold that each
default is the one the schema states (a profile built from its data as
written equals the one built from the schema's whole dump of it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from doclint.profiles.model import (
    WIKI_CLAIMS,
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

Data = Mapping[str, Any]
"""A table of a profile's data, as TOML reads it."""

Headings = list[str] | Literal["any"]
"""The headings an outline allows under a section: a list, or any."""


def built_profile(data: Data, origin: str, builtin: bool, digest: str) -> GeneratorProfile:
    """The profile `data` describes, read from `origin`; a shipped
    (`builtin`) one's patterns compile on first use."""
    name, description = data["name"], data.get("description", "")
    places = page_places(data.get("places"), data.get("kinds", {}))
    templates = tuple(
        template
        for version in data.get("versions", ())
        for template in _version_templates(version, (name, places), builtin)
    )
    wiki = _wiki(data["wiki"], builtin) if data.get("wiki") is not None else None
    layout, entries, labels = data.get("layout"), data.get("entries"), data.get("labels")
    if layout is None or entries is None or labels is None:
        return GeneratorProfile(name, description, templates, origin, wiki=wiki, digest=digest)
    coverage = data.get("coverage", {})
    return Profile(
        name=name,
        description=description,
        templates=templates,
        origin=origin,
        wiki=wiki,
        digest=digest,
        language=data.get("language", "python"),
        layout=Layout(
            layout["docs_folder"].strip("/"),
            layout["page"],
            layout["source"],
            tuple(layout.get("markers", ())),
            tuple(layout.get("skip_folders", ())),
            layout.get("hierarchy"),
            layout.get("docs_folder_named_by_project", False),
        ),
        entries=EntryOutline(
            profile_pattern(entries["heading"], builtin),
            entries.get("base_level", 2),
            dict(entries["kinds"]),
            entries.get("convention", "positional"),
            frozenset(entries.get("claims", ())),
        ),
        label_line=profile_pattern(labels["line"], builtin),
        fields=tuple(
            FieldOutline(
                field["name"],
                frozenset(field["labels"]),
                profile_pattern(field["item"], builtin) if field.get("item") else None,
                frozenset(field.get("none_words", ())),
                field.get("claim"),
            )
            for field in data.get("fields", ())
        ),
        sentences=tuple(Sentence(s["text"], s["claim"]) for s in data.get("sentences", ())),
        callers=tuple(
            CallerPattern(profile_pattern(c["pattern"], builtin), c.get("claim", "caller-claim"))
            for c in data.get("callers", ())
        ),
        coverage_claims=frozenset(coverage.get("claims", ())),
        private_documented=coverage.get("private", True),
        nested_documented=coverage.get("nested", True),
    )


def _wiki(data: Data, builtin: bool) -> WikiGrammar:
    def compiled(text: str) -> Pattern | None:
        return profile_pattern(text, builtin) if text else None

    forms, site = data.get("forms", {}), data.get("site")
    names, markup = data.get("names"), data.get("markup")
    return WikiGrammar(
        folders=tuple(folder.strip("/") for folder in data.get("folders", ())),
        marker=compiled(data.get("marker", "")),
        head_lines=data.get("head_lines", 40),
        links=tuple(
            CitationLink(
                compiled(link.get("text", "")),
                compiled(link.get("target", "")),
                link.get("empty_target", False),
                link.get("text_required", True),
                link.get("base", "page"),
            )
            for link in data.get("links", ())
        ),
        code_citation=compiled(forms.get("code_citation", "")),
        fenced_citation=compiled(forms.get("fenced_citation", "")),
        text_citation=compiled(forms.get("text_citation", "")),
        source_lists=tuple(
            (profile_pattern(sl["start"], builtin), profile_pattern(sl["end"], builtin))
            for sl in data.get("source_lists", ())
        ),
        front_matter_sources=data.get("front_matter_sources", ""),
        site_link=compiled(site["link"]) if site is not None else None,
        page_number=compiled(site.get("page_number", "")) if site is not None else None,
        markup=compiled(markup["pattern"]) if markup is not None else None,
        name_span=compiled(names["span"]) if names is not None else None,
        not_names=frozenset(names.get("not_names", ())) if names is not None else frozenset(),
        claims=frozenset(data.get("claims", WIKI_CLAIMS)),
        repository=compiled(data.get("repository", "")),
        span_citation=compiled(forms.get("span_citation", "")),
        base=data.get("base", "root"),
    )


def page_places(data: Data | None, kinds: Mapping[str, Data]) -> PagePlaces:
    """The places of a profile's templated pages (none for one without)."""
    if data is None:
        return PagePlaces("", {}, "", False, ())
    return PagePlaces(
        data["docs_folder"],
        dict(data["pages"]),
        data.get("top_folder", ""),
        data.get("later_passes", False),
        tuple(data.get("top_pages", ())),
        {name: kind["documents"] for name, kind in kinds.items()},
    )


def stated(template: Data, version: Data, key: str) -> Any:
    """A key of a template, else of its version (None: stated by neither)."""
    value = template.get(key)
    return version.get(key) if value is None else value


def _version_templates(
    version: Data, generator: tuple[str, PagePlaces], builtin: bool
) -> list[Template]:
    """The templates of a version, each with what it takes from the version:
    every key it does not state; the outline of each page kind, the prose and
    the phrase book (the version's entries, then its own) added to. Templates
    that state no titles share their version's mapping."""
    titles = dict(version.get("titles") or {})
    common = tuple(map(_phrase, version.get("sentences", ())))
    return [
        _template(
            template,
            version,
            titles,
            (*common, *map(_phrase, template.get("sentences", ()))),
            generator,
            builtin,
        )
        for template in version["templates"]
    ]


def _phrase(entry: Data) -> CatalogueSentence:
    """A phrase-book entry of a profile's data."""
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
    template: Data,
    version: Data,
    titles: dict[str, str],
    sentences: tuple[CatalogueSentence, ...],
    generator: tuple[str, PagePlaces],
    builtin: bool,
) -> Template:
    def given(key: str, default: Any = None) -> Any:
        value = stated(template, version, key)
        return default if value is None else value

    outlines: dict[str, dict[str, Headings]] = {
        kind: dict(outline) for kind, outline in version.get("outlines", {}).items()
    }
    for kind, outline in template.get("outlines", {}).items():
        outlines.setdefault(kind, {}).update(outline)
    identifier_lists = given("identifier_lists")
    own_titles = template.get("titles")
    return Template(
        id=template["id"],
        description=template.get("description", ""),
        footer=version["footer"],
        titles=titles if own_titles is None else dict(own_titles),
        outlines={kind: _outline(outline) for kind, outline in outlines.items()},
        keyword_section=given("keyword_section"),
        keyword_entry=given("keyword_entry"),
        identifier_lists=None if identifier_lists == "all" else frozenset(identifier_lists),
        metadata_labels=tuple(given("metadata_labels")),
        languages=tuple(template.get("languages", ())),
        fallback=template.get("fallback", False),
        other_types=tuple(given("other_types", ())),
        summary_lines=dict(given("summary_lines", {})),
        guessed_summary_lines=given("guessed_summary_lines", False),
        count_sentences=tuple(
            CountSentence(
                s["section"], s["pattern"], tuple(s["counts"]), s.get("approximate", False)
            )
            for s in given("count_sentences", ())
        ),
        dependencies=given("dependencies"),
        proven_by=given("proven_by"),
        prose=(
            *version.get("prose", ()),
            *template.get("prose", ()),
            *_prose_sentences(template, version, sentences),
        ),
        sentences=sentences,
        spellings=dict(given("spellings", {})),
        generator=generator[0],
        places=generator[1],
        builtin=builtin,
    )


def _prose_sentences(
    template: Data, version: Data, sentences: tuple[CatalogueSentence, ...]
) -> list[str]:
    """The texts of the phrase-book sentences the version and template name
    as prose (only theirs are read: a phrase book holds a hundred entries)."""
    entries = {entry.id: entry for entry in sentences}
    names = (*version.get("prose_sentences", ()), *template.get("prose_sentences", ()))
    return [
        text
        for name in names
        if (entry := entries.get(name)) is not None
        and (text := fixed_text(entry.pattern)) is not None
    ]


def _outline(headings: Mapping[str, Headings]) -> Outline:
    return {
        section: None if allowed == "any" else frozenset(allowed)
        for section, allowed in headings.items()
    }

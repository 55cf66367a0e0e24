"""A profile file's boundary model (pydantic): the profile as a whole, the
parts of a generator of object pages, and the JSON Schema editors check a
profile with. The parts of templated pages and of wikis have their modules
(`schema_templates`, `schema_wiki`)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import (
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    TypeAdapter,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic.config import JsonDict

from doclint.profiles.building import page_places
from doclint.profiles.model import (
    CONVENTIONS,
    OBJECT_KINDS,
    PAGE_KINDS,
    PagePlaces,
    fixed_text,
)
from doclint.profiles.patterns import MAX_PATTERNS
from doclint.profiles.schema_base import (
    Claim,
    Strict,
    checked_pattern,
)
from doclint.profiles.schema_templates import KindModel, PlacesModel, VersionModel
from doclint.profiles.schema_wiki import WikiModel


class LayoutModel(Strict):
    docs_folder: str = Field(description="The folder, at the project's top, holding the pages.")
    page: str = Field(description="A page's path inside docs_folder, `{path}` standing for ...")
    source: str = Field(description="... the same path in the source's name: `{path}.py`.")
    markers: list[str] = Field(default=[], description="Files the generator leaves beside them.")
    skip_folders: list[str] = Field(default=[], description="Source folders it never documents.")
    hierarchy: str | None = Field(
        default=None,
        description="A file recording each source's objects and line ranges, in RepoAgent's "
        "project_hierarchy.json format.",
    )
    docs_folder_named_by_project: bool = Field(
        default=False,
        description="A project may name its docs folder otherwise: where one of the markers "
        "is, a folder beside it whose pages have the profile's object headings is its docs "
        "folder.",
    )

    @field_validator("page", "source")
    @classmethod
    def _has_path(cls, value: str) -> str:
        if value.count("{path}") != 1:
            raise ValueError("must hold `{path}` once")
        return value


class EntriesModel(Strict):
    heading: str = Field(
        description="Regex of an object's heading: groups hashes, kind, name, params."
    )
    base_level: int = Field(
        default=2, ge=1, le=6, description="Heading level of a top-level object."
    )
    kinds: dict[str, str] = Field(
        description="Each kind word the heading writes: class or function."
    )
    convention: str = Field(default="positional", description="How parameter lists are written.")
    claims: list[Claim] = Field(default=[], description="Claims the headings make.")

    @field_validator("heading")
    @classmethod
    def _heading(cls, value: str, info: ValidationInfo) -> str:
        checked_pattern(value, info, ("hashes", "kind", "name"))
        return value

    @field_validator("kinds")
    @classmethod
    def _kinds(cls, value: dict[str, str]) -> dict[str, str]:
        for word, kind in value.items():
            if kind not in OBJECT_KINDS:
                raise ValueError(f"{word}: {kind!r} is not one of {', '.join(OBJECT_KINDS)}")
        return value

    @field_validator("convention")
    @classmethod
    def _convention(cls, value: str) -> str:
        if value not in CONVENTIONS:
            raise ValueError(
                f"unknown convention {value!r} (conventions: {', '.join(CONVENTIONS)})"
            )
        return value


class LabelsModel(Strict):
    line: str = Field(description="Regex of a line opening a labelled part: group label.")

    @field_validator("line")
    @classmethod
    def _line(cls, value: str, info: ValidationInfo) -> str:
        checked_pattern(value, info, ("label",))
        return value


class FieldModel(Strict):
    name: str
    labels: list[str] = Field(min_length=1, description="The label in every language written.")
    item: str | None = Field(default=None, description="Regex of a list item: group name.")
    none_words: list[str] = Field(default=[], description="Items that name nothing: None, 无.")
    claim: Claim | None = None

    @field_validator("item")
    @classmethod
    def _item(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None:
            checked_pattern(value, info, ("name",))
        return value


class SentenceModel(Strict):
    text: str = Field(min_length=1)
    claim: Claim


class CallerModel(Strict):
    pattern: str = Field(description="Regex of a caller sentence: group callers, a list of names.")
    claim: Claim = "caller-claim"

    @field_validator("pattern")
    @classmethod
    def _caller(cls, value: str, info: ValidationInfo) -> str:
        checked_pattern(value, info, ("callers",))
        return value


class CoverageModel(Strict):
    claims: list[Claim] = Field(default=[], description="Claims of the pages as a whole.")
    private: bool = Field(default=True, description="Whether `_private` objects get a heading.")
    nested: bool = Field(default=True, description="Whether nested functions get a heading.")


# The tables that make a profile's kind, each kind's in the order a profile
# holding several is told by: a profile of object pages may also describe
# templated pages and a wiki, a profile of templated pages a wiki too.
OBJECT_TABLES = ("layout", "entries", "labels", "fields", "sentences", "callers", "coverage")
TEMPLATED_TABLES = ("versions", "places")
WIKI_TABLES = ("wiki",)
PROFILE_KINDS = {
    "object-pages": OBJECT_TABLES,
    "templated": TEMPLATED_TABLES,
    "wiki": WIKI_TABLES,
}
"""Each kind of profile, a tag of the schema, and the tables that tell it."""


def _has_one_of(tables: tuple[str, ...]) -> Callable[[JsonDict], None]:
    """The JSON Schema's test of a kind of profile: it has one of `tables`
    at least (the kinds before it are ruled out by their tables, which its
    model does not have), so a profile file is of one kind only."""

    def extra(schema: JsonDict) -> None:
        schema["anyOf"] = [{"required": [table]} for table in tables]

    return extra


class _ProfileModel(Strict):
    """What every generator profile file has, whatever pages it describes."""

    name: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    description: str = ""
    language: str = Field(default="python", pattern="^python$")
    kinds: dict[str, KindModel] = Field(
        default={},
        description="Kinds of templated page besides the built-in ones, each read as a "
        "generic page of the generator: its title, place and outline are judged.",
    )

    @field_validator("kinds")
    @classmethod
    def _new_kinds(cls, value: dict[str, KindModel]) -> dict[str, KindModel]:
        for name in value:
            if name in PAGE_KINDS or not re.fullmatch(r"[a-z][a-z0-9-]*", name):
                raise ValueError(f"{name!r}: a new kind's name, lowercase words joined by -")
        return value

    @model_validator(mode="after")
    def _pages(self) -> _ProfileModel:
        """The checks of the pages a profile describes, the same for each
        kind (a kind's model lacks the tables of the kinds before it)."""
        _object_pages(self)
        _templated_pages(self)
        return self


class WikiProfileModel(_ProfileModel):
    """A generator of a wiki citing the code (`[wiki]`). A profile with none
    of the tables of a kind is read as this kind too, so that its keys are
    checked before it is refused for describing no pages."""

    model_config = ConfigDict(title="wiki", json_schema_extra=_has_one_of(WIKI_TABLES))

    wiki: WikiModel | None = Field(default=None, description="Its wiki pages, citing the code.")


class TemplatedProfileModel(_ProfileModel):
    """A generator of templated pages, recognised by their titles
    (`[[versions]]` and `[places]`), and maybe of a wiki too."""

    model_config = ConfigDict(title="templated", json_schema_extra=_has_one_of(TEMPLATED_TABLES))

    versions: list[VersionModel] = Field(
        default=[], description="Its versions of templated pages, the current one first."
    )
    places: PlacesModel | None = Field(
        default=None, description="Where its templated pages sit (with versions)."
    )
    wiki: WikiModel | None = Field(default=None, description="Its wiki pages, citing the code.")


class _ObjectTables(_ProfileModel):
    """The tables of a generator of object pages (`[layout]`, `[entries]` and
    `[labels]`, and what its pages claim), before those of the other kinds in
    the model of object pages, as a profile file lists them."""

    layout: LayoutModel | None = None
    entries: EntriesModel | None = None
    labels: LabelsModel | None = None
    fields: list[FieldModel] = Field(default=[])
    sentences: list[SentenceModel] = Field(default=[])
    callers: list[CallerModel] = Field(default=[])
    coverage: CoverageModel = CoverageModel.model_construct()  # as `WikiModel.forms`

    @field_validator("fields", "callers", mode="before")
    @classmethod
    def _few(cls, value: Any) -> Any:
        # Checked before the entries are: 20,000 of them is refused at once.
        if isinstance(value, list) and len(value) > MAX_PATTERNS:
            raise ValueError(
                f"{len(value)} entries, at most {MAX_PATTERNS}: every line of the "
                "profile's pages is read against each"
            )
        return value


class ObjectPagesProfileModel(TemplatedProfileModel, _ObjectTables):
    """A generator of object pages (`[layout]`, `[entries]` and `[labels]`),
    and maybe of templated pages and a wiki too."""

    model_config = ConfigDict(title="object-pages", json_schema_extra=_has_one_of(OBJECT_TABLES))


_NO_PAGES = "describes no pages: give layout, entries and labels, versions, or wiki"


def profile_kind(data: Any) -> str | None:
    """The kind of the profile `data` states, from the tables it has (the
    first kind whose tables it has any of; the last kind when it has none);
    None for data that is no table."""
    if isinstance(data, _ProfileModel):
        return next(kind for kind, model in _MODELS.items() if type(data) is model)
    if not isinstance(data, dict):
        return None
    return next(
        (kind for kind, tables in PROFILE_KINDS.items() if any(t in data for t in tables)), "wiki"
    )


_MODELS: dict[str, type[_ProfileModel]] = {
    "object-pages": ObjectPagesProfileModel,
    "templated": TemplatedProfileModel,
    "wiki": WikiProfileModel,
}

ProfileModel = Annotated[
    Annotated[ObjectPagesProfileModel, Tag("object-pages")]
    | Annotated[TemplatedProfileModel, Tag("templated")]
    | Annotated[WikiProfileModel, Tag("wiki")],
    Discriminator(profile_kind, custom_error_type="no_pages", custom_error_message=_NO_PAGES),
]
"""A generator profile file: what one generator writes, and what each part
claims; its kind (a tag) told by the tables it has. A generator of object
pages has `layout`, `entries` and `labels`; one of templated pages,
recognised by their titles, has `versions` and `places`; one of a wiki has
`wiki`."""

PROFILE: TypeAdapter[_ProfileModel] = TypeAdapter(ProfileModel)
"""The validator of a profile file's data (`PROFILE.validate_python`)."""


def _object_pages(profile: _ProfileModel) -> None:
    layout, entries, labels = (getattr(profile, part, None) for part in OBJECT_TABLES[:3])
    parts = (layout, entries, labels)
    if any(part is None for part in parts) and any(part is not None for part in parts):
        raise ValueError("layout, entries and labels go together: give all three")
    wiki = getattr(profile, "wiki", None)
    if entries is None and not getattr(profile, "versions", []) and wiki is None:
        raise ValueError(_NO_PAGES)
    object_parts = [key for key in OBJECT_TABLES[3:] if key in profile.model_fields_set]
    if entries is None and object_parts:
        raise ValueError(
            f"{', '.join(object_parts)} describe object pages: give layout, entries and labels"
        )


def _templated_pages(profile: _ProfileModel) -> None:
    versions: list[VersionModel] = getattr(profile, "versions", [])
    places: PlacesModel | None = getattr(profile, "places", None)
    if bool(versions) != (places is not None):
        raise ValueError("versions and places go together: give both")
    if places is not None:
        kinds = {name: kind.model_dump() for name, kind in profile.kinds.items()}
        _places_hold_their_subjects(page_places(places.model_dump(), kinds))
    ids = [template.id for version in versions for template in version.templates]
    names = [
        entry.id
        for version in versions
        for part in (version, *version.templates)
        for entry in part.sentences
    ]
    for what, given in (("template ids", ids), ("phrase-book ids", names)):
        twice = _given_twice(given)
        if twice:
            raise ValueError(f"{what} given twice: {', '.join(twice)}")
    for version in versions:
        _prose_sentences_named(version)


_HOLES = {"file": "{path}", "folder": "{folder}"}


def _places_hold_their_subjects(places: PagePlaces) -> None:
    """Refuses a place that does not say what its kind documents: `{path}`
    for a file's page, `{folder}` for a folder's, neither for the tree's."""
    for kind, place in places.pages.items():
        hole = _HOLES.get(places.documents(kind) or "")
        held = next((h for h in _HOLES.values() if h in place), None)
        if held != hole:
            needs = f"`{hole}`" if hole else "neither `{path}` nor `{folder}`"
            raise ValueError(f"places.pages.{kind}: the place of a {kind} page holds {needs}")


def _prose_sentences_named(version: VersionModel) -> None:
    """Refuses a version whose `prose_sentences` (its own or a template's)
    name no fixed sentence of its phrase book."""
    fixed = {e.id for e in version.sentences if fixed_text(e.pattern) is not None}
    for part in (version, *version.templates):
        own = {e.id for e in part.sentences if fixed_text(e.pattern) is not None}
        unknown = sorted(set(part.prose_sentences) - fixed - own)
        if unknown:
            raise ValueError(
                f"prose_sentences names no fixed sentence of its phrase book: {', '.join(unknown)}"
            )


def _closed(schema: Any) -> None:
    """Makes every object keyed by patterns (page kinds) refuse other keys,
    as the loader does."""
    if isinstance(schema, dict):
        if "patternProperties" in schema:
            schema.setdefault("additionalProperties", False)
        for value in schema.values():
            _closed(value)
    elif isinstance(schema, list):
        for value in schema:
            _closed(value)


def _given_twice(names: list[str]) -> list[str]:
    """The names given more than once, sorted: counted once each, as a
    profile of 1 MB holds some 20,000 phrase-book ids."""
    return sorted(name for name, count in Counter(names).items() if count > 1)


def profile_schema() -> dict[str, Any]:
    """The JSON Schema of a profile file (`doclint schema profile`)."""
    schema = PROFILE.json_schema()
    schema["description"] = (
        "A doclint generator profile: of object pages (layout, entries, labels), "
        "templated pages (versions, places) or a wiki (wiki), its kind told by its tables."
    )
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    _closed(schema)
    return schema

"""A profile file (TOML) to a `Profile`: validated once, at the boundary, by a
pydantic model whose errors become one line naming the file, line and key.
The same model publishes the JSON Schema editors check a profile with. A
template takes what its version states and it does not (`_template`)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails

from doclint.profiles.model import (
    ANY_SECTION,
    CLAIMS,
    CONVENTIONS,
    OBJECT_KINDS,
    PAGE_KINDS,
    PROOF_KINDS,
    WIKI_BASES,
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
    ProfileError,
    Sentence,
    Template,
    WikiGrammar,
    fixed_text,
    phrase_book_of,
)
from doclint.profiles.patterns import MAX_PATTERNS, Pattern, compile_pattern, profile_pattern
from doclint.util.digests import sha256_hex
from doclint.util.lazy_regex import compiled_on_use
from doclint.util.suggestions import did_you_mean
from doclint.util.toml import TomlError, read_toml


def _pattern(
    text: str, info: ValidationInfo, groups: Sequence[str] = (), one_of: Sequence[str] = ()
) -> Pattern | None:
    """`text` compiled on the engine the profile's origin allows (`_BUILTIN`
    in the validation context: `re`; else RE2), holding the named `groups`
    and one of `one_of`; None, not compiled, for a trusted profile's
    (`_TRUSTED`): a shipped profile's patterns compile on first use, and its
    tests check them."""
    if info.context and info.context.get(_TRUSTED):
        return None
    compiled = compile_pattern(text, bool(info.context and info.context.get(_BUILTIN)))
    missing = [group for group in groups if group not in compiled.groupindex]
    if missing:
        raise ValueError(f"the pattern has no named group {', '.join(missing)}")
    if one_of and not set(one_of) & set(compiled.groupindex):
        raise ValueError(f"the pattern has no named group {' or '.join(one_of)}")
    return compiled


def _one_of(names: Mapping[str, str], what: str) -> Callable[[str], str]:
    """A validator of a name from `names` (a `what`)."""

    def check(name: str) -> str:
        if name not in names:
            raise ValueError(f"unknown {what} {name!r} ({what}s: {', '.join(names)})")
        return name

    return check


Claim = Annotated[
    str,
    AfterValidator(_one_of(CLAIMS, "claim")),
    WithJsonSchema({"type": "string", "enum": list(CLAIMS)}),
]


def _page_kind(name: str, info: ValidationInfo) -> str:
    """A page kind of `PAGE_KINDS`, or one the profile declares (`[kinds]`,
    whose names the validation context holds)."""
    declared = info.context.get(_KINDS, ()) if info.context else ()
    if name not in PAGE_KINDS and name not in declared:
        known = ", ".join((*PAGE_KINDS, *declared))
        raise ValueError(
            f"unknown page kind {name!r} (page kinds: {known}; declare another under [kinds])"
        )
    return name


PageKind = Annotated[
    str,
    AfterValidator(_page_kind),
    WithJsonSchema({"type": "string", "pattern": "^[a-z][a-z0-9-]*$"}),
]
Headings = list[str] | Literal["any"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class LayoutModel(_Strict):
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


class KindModel(_Strict):
    description: str = ""
    documents: Literal["file", "folder", "tree"] = Field(
        description="What a page of the kind documents: one file, one folder, the whole tree."
    )


class PlacesModel(_Strict):
    docs_folder: str = Field(
        pattern=r"^[^/]+$", description="The folder, at the tree's top, holding the pages."
    )
    pages: dict[PageKind, str] = Field(
        min_length=1,
        description="Per page kind, its place inside docs_folder: `{path}` stands for the "
        "documented file's path (`{path}_kw.md`), `{folder}` for the documented folder's "
        "(`{folder}/index.md`), neither for a page of the whole tree (`index.md`).",
    )
    top_folder: str = Field(
        default="", description="What titles call the top folder (`Index: `root/``)."
    )
    later_passes: bool = Field(
        default=False,
        description="It documents its own pages again: the pages of `<docs_folder>/<page>` "
        "sit under `<docs_folder>/<docs_folder>/`.",
    )
    top_pages: list[str] = Field(
        default=[], description="Other pages it writes at the top of docs_folder only."
    )

    @field_validator("pages")
    @classmethod
    def _places(cls, value: dict[str, str]) -> dict[str, str]:
        for kind, place in value.items():
            holes = place.count("{path}") + place.count("{folder}")
            if holes > 1 or (place.count("{folder}") and not place.startswith("{folder}/")):
                raise ValueError(
                    f"{kind}: a place holds at most one of `{{path}}` and `{{folder}}`, "
                    "`{folder}` as its first part"
                )
        return value


class EntriesModel(_Strict):
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
        _pattern(value, info, ("hashes", "kind", "name"))
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


class LabelsModel(_Strict):
    line: str = Field(description="Regex of a line opening a labelled part: group label.")

    @field_validator("line")
    @classmethod
    def _line(cls, value: str, info: ValidationInfo) -> str:
        _pattern(value, info, ("label",))
        return value


class FieldModel(_Strict):
    name: str
    labels: list[str] = Field(min_length=1, description="The label in every language written.")
    item: str | None = Field(default=None, description="Regex of a list item: group name.")
    none_words: list[str] = Field(default=[], description="Items that name nothing: None, 无.")
    claim: Claim | None = None

    @field_validator("item")
    @classmethod
    def _item(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None:
            _pattern(value, info, ("name",))
        return value


class SentenceModel(_Strict):
    text: str = Field(min_length=1)
    claim: Claim


class CallerModel(_Strict):
    pattern: str = Field(description="Regex of a caller sentence: group callers, a list of names.")
    claim: Claim = "caller-claim"

    @field_validator("pattern")
    @classmethod
    def _caller(cls, value: str, info: ValidationInfo) -> str:
        _pattern(value, info, ("callers",))
        return value


class CoverageModel(_Strict):
    claims: list[Claim] = Field(default=[], description="Claims of the pages as a whole.")
    private: bool = Field(default=True, description="Whether `_private` objects get a heading.")
    nested: bool = Field(default=True, description="Whether nested functions get a heading.")


class CountSentenceModel(_Strict):
    section: str = Field(description="The level-2 heading it stands under.")
    pattern: str = Field(description="Regex of the sentence: one group per number.")
    counts: list[str] = Field(min_length=1, description="What each group counts: class, line...")
    approximate: bool = Field(default=False, description="It says its counts are approximate.")

    @model_validator(mode="after")
    def _one_group_per_count(self, info: ValidationInfo) -> CountSentenceModel:
        compiled = _pattern(self.pattern, info)
        if compiled is not None and compiled.groups != len(self.counts):
            raise ValueError(
                f"the pattern has {compiled.groups} groups for {len(self.counts)} counts"
            )
        return self


_KINDS = "|".join(re.escape(kind) for kind in PROOF_KINDS)
_PROOF = compiled_on_use(rf"(?:{_KINDS})(?: \+ (?:{_KINDS}))*(?::|$)")


class CatalogueSentenceModel(_Strict):
    """An entry of a phrase book: one sentence or bullet written from a fixed pattern."""

    id: str = Field(pattern=r"^[A-Z0-9]+(?:-[A-Z0-9]+)*$", description="A stable name: FP-TEST.")
    section: str = Field(
        min_length=1, description="The heading it stands under; `*` for any (the footer)."
    )
    pattern: str = Field(description="Regex of the whole line as written, named groups allowed.")
    claim: str = Field(min_length=1, description="What the sentence says of the file or folder.")
    proven_by: str | None = Field(
        default=None,
        description="How doclint proves it: opens with one of "
        + ", ".join(f"`{kind}`" for kind in PROOF_KINDS)
        + ", then `:` and how.",
    )
    unjudged: str | None = Field(default=None, description="Why it is left unjudged.")
    judged_by: list[str] = Field(
        default=[], description="Codes of the rules judging it already: DL302."
    )

    @field_validator("pattern")
    @classmethod
    def _sentence(cls, value: str, info: ValidationInfo) -> str:
        _pattern(value, info)
        return value

    @field_validator("proven_by")
    @classmethod
    def _proof(cls, value: str | None) -> str | None:
        if value is not None and not _PROOF.match(value):
            raise ValueError(
                "must open with what proves it (one or more of "
                + ", ".join(f"`{kind}`" for kind in PROOF_KINDS)
                + " joined by ` + `), then `:` and how"
            )
        return value

    @field_validator("judged_by")
    @classmethod
    def _codes(cls, value: list[str]) -> list[str]:
        wrong = [code for code in value if not re.fullmatch(r"DL\d{3}", code)]
        if wrong:
            raise ValueError(f"not a rule code: {', '.join(wrong)}")
        return value

    @model_validator(mode="after")
    def _judged_or_not(self) -> CatalogueSentenceModel:
        if (self.proven_by is None) == (self.unjudged is None):
            raise ValueError("give either proven_by or unjudged (why it is left unjudged)")
        return self


class _TemplatePartsModel(_Strict):
    """What a template states, or takes from its version when it does not."""

    titles: dict[PageKind, str] | None = Field(
        default=None,
        description="Per page kind, the regex of its title line: group path, or name "
        "when the title gives the file name only.",
    )
    outlines: dict[PageKind, dict[str, Headings]] = Field(
        default={},
        description="Per page kind, its level-2 headings, each with the level-3 headings "
        "allowed under it (\"any\": every one); a template's add to its version's.",
    )
    keyword_section: str | None = Field(
        default=None, description="The heading of a keyword index's lists."
    )
    keyword_entry: str | None = Field(
        default=None,
        description="Regex of a keyword entry's text: literal text, then group name.",
    )
    identifier_lists: list[str] | Literal["all"] | None = Field(
        default=None,
        description='Keyword lists filled with every capitalised word, not from syntax ("all").',
    )
    metadata_labels: list[str] | None = Field(
        default=None, description="The labels of the File Metadata list."
    )
    other_types: list[str] | None = Field(
        default=None, description="Metadata Type values besides its languages' own."
    )
    summary_lines: dict[str, str] | None = Field(
        default=None, description="Bold labels of the Code Structure lines: the field each fills."
    )
    guessed_summary_lines: bool | None = Field(
        default=None, description="The summary lines' names come from a regex, not a parser."
    )
    count_sentences: list[CountSentenceModel] | None = None
    dependencies: Literal["imports", "includes"] | None = Field(
        default=None,
        description="What its Import Dependencies list claims: modules the source imports, "
        "or paths it `#include`s.",
    )
    proven_by: str | None = Field(
        default=None,
        description="The language whose reader proves what its file documentations claim.",
    )
    prose: list[str] = Field(
        default=[],
        description="Fixed labels and sentence openings written whatever the source; a "
        "template's add to its version's.",
    )
    prose_sentences: list[str] = Field(
        default=[],
        description="Ids of its phrase book's fixed sentences that are prose of its pages too "
        "(their words are the generator's own); a template's add to its version's.",
    )
    spellings: dict[str, str] | None = Field(
        default=None, description="Words it misspells on its pages, with the spelling written."
    )
    sentences: list[CatalogueSentenceModel] = Field(
        default=[],
        description="Its phrase book: the sentences and bullets written from a fixed pattern, "
        "each with its claim and its proof; a template's add to its version's.",
    )

    @field_validator("titles")
    @classmethod
    def _titles(cls, value: dict[str, str] | None, info: ValidationInfo) -> dict[str, str] | None:
        for kind, title in (value or {}).items():
            compiled = _pattern(title, info)
            if compiled is not None and not {"path", "name"} & set(compiled.groupindex):
                raise ValueError(f"{kind}: the pattern has no named group path or name")
        return value

    @field_validator("keyword_entry")
    @classmethod
    def _keyword_entry(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None:
            _pattern(value, info, ("name",))
        return value


class TemplateModel(_TemplatePartsModel):
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$", description="The template's id on its pages.")
    description: str = ""
    languages: list[str] = Field(
        default=[], description="doclint's languages whose sources it documents, by extension."
    )
    fallback: bool = Field(
        default=False, description="It documents every language no other template names."
    )


# Keys every template states, itself or in its version.
_REQUIRED = ("titles", "keyword_section", "keyword_entry", "identifier_lists", "metadata_labels")


class VersionModel(_TemplatePartsModel):
    """One version of a generator: its footer, what its templates share, its templates."""

    footer: str = Field(min_length=1, description="The footer line of its pages.")
    templates: list[TemplateModel] = Field(min_length=1)

    @model_validator(mode="after")
    def _complete(self) -> VersionModel:
        for template in self.templates:
            unset = [key for key in _REQUIRED if _stated(template, self, key) is None]
            if unset:
                raise ValueError(
                    f"template {template.id} states neither itself nor in its version: "
                    + ", ".join(unset)
                )
        if sum(template.fallback for template in self.templates) > 1:
            raise ValueError("more than one fallback template")
        return self


def _stated(template: TemplateModel, version: VersionModel, key: str) -> Any:
    """A key of a template, else of its version (None: stated by neither)."""
    value = getattr(template, key)
    return getattr(version, key) if value is None else value


WikiClaim = Annotated[
    str,
    AfterValidator(_one_of(WIKI_CLAIMS, "wiki claim")),
    WithJsonSchema({"type": "string", "enum": list(WIKI_CLAIMS)}),
]


WikiBase = Annotated[
    str,
    AfterValidator(_one_of(WIKI_BASES, "base")),
    WithJsonSchema({"type": "string", "enum": list(WIKI_BASES)}),
]


class CitationLinkModel(_Strict):
    text: str = Field(
        default="",
        description="A pattern of the link's text: groups `path` (or `name`, the file's name "
        "or the end of its path, as Qoder writes `[main.py:1-20](file://src/main.py#L1-L20)`) "
        "and `lines` (a line, a range `4-55` or `L4-L55`, a list `14, 85`).",
    )
    target: str = Field(
        default="",
        description="A pattern of the link's target: groups `path`, `lines` (its `#L4-L55`), "
        "`commit` and `repository` (`host/owner/repo`) of a pinned URL.",
    )
    empty_target: bool = Field(
        default=False, description="A link with an empty target (`[a.ts:3]()`) is this form's."
    )
    text_required: bool = Field(
        default=True,
        description="The text must match `text`; else the target decides alone and the text, "
        "where it matches, is compared with it.",
    )
    base: WikiBase = Field(
        default="page",
        description="The folder a relative target's path is read from: `page` (the page's "
        "folder), `root` (the tree's root), `page-or-root` (the root where every relative "
        "citation of the page names in its target the path its text gives). A target with "
        "a `repository` group is read from that repository's top.",
    )

    @field_validator("target")
    @classmethod
    def _path(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info, ("path",))

    @field_validator("text")
    @classmethod
    def _named(cls, value: str, info: ValidationInfo) -> str:
        if value:
            _pattern(value, info, one_of=("path", "name"))
        return value

    @model_validator(mode="after")
    def _some(self) -> CitationLinkModel:
        if not self.text and not self.target:
            raise ValueError("give text, target or both")
        if self.empty_target and not self.text:
            raise ValueError("a form of empty targets needs its text's pattern")
        return self


def _wiki_pattern(value: str, info: ValidationInfo, groups: Sequence[str] = ()) -> str:
    """A pattern of a wiki's grammar, "" for none given."""
    if value:
        _pattern(value, info, groups)
    return value


class CitationFormsModel(_Strict):
    code_citation: str = Field(
        default="",
        description="A code span holding a citation (groups `path` and `lines`, or `text` and "
        "`target` of a link): it renders as no link, so it is malformed.",
    )
    fenced_citation: str = Field(
        default="", description="A citation line pasted into a fenced block: malformed."
    )
    text_citation: str = Field(
        default="", description="A citation written in the prose (groups `path` and `lines`)."
    )
    span_citation: str = Field(
        default="",
        description="A code span that is a citation as the generator writes it (groups `path` "
        "and `lines`): judged as a link's, not malformed; tried before `code_citation`.",
    )

    @field_validator("code_citation")
    @classmethod
    def _code(cls, value: str, info: ValidationInfo) -> str:
        if value:
            _pattern(value, info, one_of=("path", "target"))
        return value

    @field_validator("fenced_citation")
    @classmethod
    def _fenced(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info)

    @field_validator("text_citation", "span_citation")
    @classmethod
    def _text(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info, ("path",))


class SourceListModel(_Strict):
    start: str = Field(description="The line opening the list of relevant source files.")
    end: str = Field(description="The line closing it (not part of it).")

    @field_validator("start", "end")
    @classmethod
    def _line(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info)


class SiteModel(_Strict):
    link: str = Field(description="A link to a page of the wiki's site (group `slug`).")
    page_number: str = Field(default="", description="The number starting a page's name.")

    @field_validator("link")
    @classmethod
    def _link(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info, ("slug",))

    @field_validator("page_number")
    @classmethod
    def _number(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info)


class NamesModel(_Strict):
    span: str = Field(
        description="A code span the page presents as the project's name (groups `name` and "
        "`qualifier`)."
    )
    not_names: list[str] = Field(
        default=[], description="Names that are the platform's, never the project's."
    )

    @field_validator("span")
    @classmethod
    def _span(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info, ("name",))


class MarkupModel(_Strict):
    pattern: str = Field(description="Generator markup that must not be left in a page.")

    @field_validator("pattern")
    @classmethod
    def _markup(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info)


class WikiModel(_Strict):
    """The pages of a generator of wikis: topic pages citing the code."""

    folders: list[str] = Field(
        default=[],
        description="Folders (from the tree root) whose pages are the wiki's when they look "
        "like its pages: its marker in their head, or a citation of lines in one of its forms.",
    )
    marker: str = Field(
        default="",
        description="A line of a page's head that makes it the wiki's wherever it sits "
        "(optional where `folders` is given).",
    )
    base: Literal["page", "root"] = Field(
        default="root",
        description="The folder the paths of its prose and code-span citations and of its "
        "source lists' code spans are read from: `root` (the tree's root) or `page` (the "
        "page's folder).",
    )
    head_lines: int = Field(default=40, ge=1, le=400, description="The lines `marker` is tried on.")
    links: list[CitationLinkModel] = Field(default=[], description="Citations written as links.")
    # A default built, not validated: validating one at import would build
    # the model's own validator beside the profile's, which holds it.
    forms: CitationFormsModel = CitationFormsModel.model_construct()
    source_lists: list[SourceListModel] = []
    front_matter_sources: str = Field(
        default="", description="The front matter key listing the page's sources."
    )
    site: SiteModel | None = None
    names: NamesModel | None = None
    markup: MarkupModel | None = None
    claims: list[WikiClaim] = Field(default=list(WIKI_CLAIMS), description="What its pages claim.")
    repository: str = Field(
        default="",
        description="A line of a page's head naming the repository its pages describe (group "
        "`repository`, `host/owner/repo`): a source-list entry with no URL of its own is that "
        "repository's, judged only where a remote of the checkout names it.",
    )

    @field_validator("marker")
    @classmethod
    def _marker(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info)

    @field_validator("repository")
    @classmethod
    def _repository(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info, ("repository",))

    @model_validator(mode="after")
    def _cites(self) -> WikiModel:
        if not (self.links or self.forms.text_citation or self.forms.span_citation):
            raise ValueError(
                "describes no citation: give links, forms.text_citation or forms.span_citation"
            )
        if not (self.marker or self.folders):
            raise ValueError("says none of its pages: give folders, marker or both")
        return self


class ProfileModel(_Strict):
    """A generator profile file: what one generator writes, and what each part claims.
    A generator of object pages has `layout`, `entries` and `labels`; one of
    templated pages, recognised by their titles, has `versions`."""

    name: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    description: str = ""
    language: str = Field(default="python", pattern="^python$")
    kinds: dict[str, KindModel] = Field(
        default={},
        description="Kinds of templated page besides the built-in ones, each read as a "
        "generic page of the generator: its title, place and outline are judged.",
    )
    layout: LayoutModel | None = None
    entries: EntriesModel | None = None
    labels: LabelsModel | None = None
    fields: list[FieldModel] = []
    sentences: list[SentenceModel] = []
    callers: list[CallerModel] = []
    coverage: CoverageModel = CoverageModel.model_construct()  # as `WikiModel.forms`
    versions: list[VersionModel] = Field(
        default=[], description="Its versions of templated pages, the current one first."
    )
    places: PlacesModel | None = Field(
        default=None, description="Where its templated pages sit (with versions)."
    )
    wiki: WikiModel | None = Field(default=None, description="Its wiki pages, citing the code.")

    @field_validator("kinds")
    @classmethod
    def _new_kinds(cls, value: dict[str, KindModel]) -> dict[str, KindModel]:
        for name in value:
            if name in PAGE_KINDS or not re.fullmatch(r"[a-z][a-z0-9-]*", name):
                raise ValueError(f"{name!r}: a new kind's name, lowercase words joined by -")
        return value

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

    @model_validator(mode="after")
    def _object_pages(self) -> ProfileModel:
        parts = (self.layout, self.entries, self.labels)
        if any(part is None for part in parts) and any(part is not None for part in parts):
            raise ValueError("layout, entries and labels go together: give all three")
        if self.entries is None and not self.versions and self.wiki is None:
            raise ValueError(
                "describes no pages: give layout, entries and labels, versions, or wiki"
            )
        object_parts = [
            key
            for key in ("fields", "sentences", "callers", "coverage")
            if key in self.model_fields_set
        ]
        if self.entries is None and object_parts:
            raise ValueError(
                f"{', '.join(object_parts)} describe object pages: give layout, entries and labels"
            )
        return self

    @model_validator(mode="after")
    def _templated_pages(self, info: ValidationInfo) -> ProfileModel:
        if bool(self.versions) != (self.places is not None):
            raise ValueError("versions and places go together: give both")
        if self.places is not None:
            _places_hold_their_subjects(_places(self.places, self.kinds))
        ids = [template.id for version in self.versions for template in version.templates]
        names = [
            entry.id
            for version in self.versions
            for part in (version, *version.templates)
            for entry in part.sentences
        ]
        for what, given in (("template ids", ids), ("phrase-book ids", names)):
            twice = _given_twice(given)
            if twice:
                raise ValueError(f"{what} given twice: {', '.join(twice)}")
        # A trusted profile's phrase book is taken out before validating: its
        # names are checked by its tests, not here.
        if not (info.context and info.context.get(_TRUSTED)):
            for version in self.versions:
                _prose_sentences_named(version)
        return self


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
    schema = ProfileModel.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    _closed(schema)
    return schema


def parse_profile(text: str, origin: str, builtin: bool = False) -> Profile:
    """The profile of object pages a TOML text describes, as a user names one
    (`builtin`: a shipped one); ProfileError names `origin`, the line and the
    key of the first thing wrong. A profile of templates only is refused: the
    parser reads doclint's own."""
    profile = parse_generator(text, origin, builtin=builtin)
    if not isinstance(profile, Profile):
        raise ProfileError(
            f"{origin}:{_line_of(text, ['versions'])}: versions: a profile of templated pages "
            "only, where one of object pages (layout, entries and labels) is asked for"
        )
    return profile


_TRUSTED = "trusted"
"""The validation context's key saying the profile is trusted (`parse_generator`)."""
_KINDS = "kinds"
"""The validation context's key holding the names of the page kinds the profile declares."""
_BUILTIN = "builtin"
"""The validation context's key saying the profile is a shipped one, whose
patterns are Python's (`patterns.compile_pattern`)."""


def parse_generator(text: str, origin: str, builtin: bool = False) -> GeneratorProfile:
    """The profile a TOML text describes, of object pages, templates or both;
    ProfileError names `origin`, the line and the key of the first thing wrong.
    Its patterns run on RE2, unless it is `builtin` (a shipped profile)."""
    return generator_of_data(text, _toml(text, origin), origin, builtin)


def generator_of_data(
    text: str, data: dict[str, Any], origin: str, builtin: bool, trusted: bool = False
) -> GeneratorProfile:
    """`parse_generator` of a TOML text already read as `data` (left as it
    is). A `trusted` profile (a shipped one, which its tests validate whole)
    has its shape validated, not its phrase book nor its patterns: those
    compile on first use, and most never run on a given page."""
    if trusted:
        data, phrases = _taken_sentences(data)
    else:
        phrases = None
    declared = data.get("kinds")
    kinds = tuple(declared) if isinstance(declared, dict) else ()
    context = {_TRUSTED: trusted, _BUILTIN: builtin, _KINDS: kinds}
    try:
        model = ProfileModel.model_validate(data, context=context)
    except ValidationError as error:
        first = error.errors()[0]
        key = ".".join(str(part) for part in first["loc"]) or "(top)"
        message = _message(first)
        line = _line_of(text, first["loc"])
        raise ProfileError(f"{origin}:{line}: {key}: {message}") from None
    if phrases is None:
        phrases = [
            (
                [entry.model_dump() for entry in version.sentences],
                [[entry.model_dump() for entry in t.sentences] for t in version.templates],
            )
            for version in model.versions
        ]
    return _frozen(model, origin, phrases, builtin, sha256_hex(text.encode()))


def _message(error: ErrorDetails) -> str:
    """pydantic's message of a profile's error; for a key no part of a profile
    has, the closest one the part has, as for a configuration's keys."""
    if error["type"] != "extra_forbidden":
        return error["msg"].removeprefix("Value error, ")
    *part, key = error["loc"]
    keys = _keys_at(part)
    close = did_you_mean(str(key), keys) or " (keys: " + ", ".join(keys) + ")"
    return f"unknown key{close}"


def _keys_at(loc: Sequence[int | str]) -> list[str]:
    """The keys of the part of a profile at `loc` (a pydantic location)."""
    model: type[BaseModel] | None = ProfileModel
    for part in loc:
        if model is not None and isinstance(part, str):
            field = model.model_fields.get(part)
            model = _model_in(field.annotation) if field is not None else None
    return list(model.model_fields) if model is not None else []


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The model a field's type holds (`X`, `list[X]`, `X | None`), if any."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return next((found for arg in get_args(annotation) if (found := _model_in(arg))), None)


def describe_phrase_book(profile: GeneratorProfile) -> dict[str, Any]:
    """A profile's phrase book as JSON data (`doclint schema sentences`): each
    entry with the templates writing it, what it claims and how it is proven,
    or why it is left unjudged."""
    book = phrase_book_of(profile)
    writers: dict[str, list[str]] = {}
    for template in profile.templates:
        for entry in template.sentences:
            writers.setdefault(entry.id, []).append(template.id)
    return {
        "origin": book.origin,
        "templates": sorted(book.templates),
        "any_section": ANY_SECTION,
        "proof_kinds": dict(PROOF_KINDS),
        "sections": sorted(book.sections),
        "sentences": [
            {
                "id": entry.id,
                "templates": writers[entry.id],
                "section": entry.section,
                "pattern": entry.pattern,
                "claim": entry.claim,
                **(
                    {"proven_by": entry.proven_by}
                    if entry.proven_by is not None
                    else {"unjudged": entry.unjudged}
                ),
                "judged_by": list(entry.judged_by),
            }
            for entry in book.entries
        ],
    }


# A version's phrase-book entries and each of its templates', as TOML data.
_Phrases = list[tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]]


def _taken_sentences(data: dict[str, Any]) -> tuple[dict[str, Any], _Phrases]:
    """`data` without the phrase-book entries of its versions and templates
    (so that validating the rest does not read them), and those entries; the
    shipped profiles' only, whose shape their tests check."""
    phrases: _Phrases = []
    versions = []
    for version in data.get("versions", []):
        templates = version.get("templates", [])
        phrases.append((version.get("sentences", []), [t.get("sentences", []) for t in templates]))
        versions.append(
            {
                **_without_sentences(version),
                "templates": [_without_sentences(template) for template in templates],
            }
        )
    return {**data, "versions": versions}, phrases


def _without_sentences(table: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in table.items() if key != "sentences"}


def _toml(text: str, origin: str) -> dict[str, Any]:
    """`text` read as TOML; ProfileError is one line, naming the line when
    one is to blame (not for nesting too deep)."""
    try:
        return read_toml(text)
    except TomlError as error:
        where = f"{origin}:{error.line}" if error.line is not None else origin
        raise ProfileError(f"{where}: not TOML: {error.reason}") from None


def _line_of(text: str, loc: Sequence[int | str]) -> int:
    """The line of a key in a TOML text, as near as its tables tell: the
    table (the n-th `[[x]]` for `x.n`), then the key's `name =` inside it."""
    lines = text.split("\n")
    start, table = 0, ""
    parts = list(loc)
    while parts:
        part = parts.pop(0)
        if isinstance(part, int):
            headers = [i for i in range(start, len(lines)) if lines[i].strip() == f"[[{table}]]"]
            if part < len(headers):
                start = headers[part]
            continue
        name = f"{table}.{part}" if table else str(part)
        header = next(
            (
                i
                for i in range(start, len(lines))
                if lines[i].strip() in (f"[{name}]", f"[[{name}]]")
            ),
            None,
        )
        if header is not None:
            start, table = header, name
            continue
        key = re.compile(rf"^\s*{re.escape(str(part))}\s*=")
        found = next((i for i in range(start, len(lines)) if key.match(lines[i])), None)
        if found is not None:
            return found + 1
        break
    return start + 1


def _frozen(
    model: ProfileModel, origin: str, phrases: _Phrases, builtin: bool, digest: str
) -> GeneratorProfile:
    places = _places(model.places, model.kinds)
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


def _places(model: PlacesModel | None, kinds: dict[str, KindModel]) -> PagePlaces:
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
    def stated(key: str, default: Any = None) -> Any:
        value = _stated(template, version, key)
        return default if value is None else value

    outlines: dict[str, dict[str, Headings]] = {
        kind: dict(outline) for kind, outline in version.outlines.items()
    }
    for kind, outline in template.outlines.items():
        outlines.setdefault(kind, {}).update(outline)
    identifier_lists = stated("identifier_lists")
    return Template(
        id=template.id,
        description=template.description,
        footer=version.footer,
        titles=titles if template.titles is None else dict(template.titles),
        outlines={kind: _outline(outline) for kind, outline in outlines.items()},
        keyword_section=stated("keyword_section"),
        keyword_entry=stated("keyword_entry"),
        identifier_lists=None if identifier_lists == "all" else frozenset(identifier_lists),
        metadata_labels=tuple(stated("metadata_labels")),
        languages=tuple(template.languages),
        fallback=template.fallback,
        other_types=tuple(stated("other_types", ())),
        summary_lines=dict(stated("summary_lines", {})),
        guessed_summary_lines=stated("guessed_summary_lines", False),
        count_sentences=tuple(
            CountSentence(s.section, s.pattern, tuple(s.counts), s.approximate)
            for s in stated("count_sentences", ())
        ),
        dependencies=stated("dependencies"),
        proven_by=stated("proven_by"),
        prose=(*version.prose, *template.prose, *_prose_sentences(template, version, sentences)),
        sentences=sentences,
        spellings=dict(stated("spellings", {})),
        generator=generator[0],
        places=generator[1],
        builtin=builtin,
    )


def _prose_sentences(
    template: TemplateModel, version: VersionModel, sentences: tuple[CatalogueSentence, ...]
) -> list[str]:
    """The texts of the phrase-book sentences the version and template name as prose."""
    texts = {entry.id: fixed_text(entry.pattern) for entry in sentences}
    names = (*version.prose_sentences, *template.prose_sentences)
    return [text for name in names if (text := texts.get(name)) is not None]


def _outline(headings: dict[str, Headings]) -> Outline:
    return {
        section: None if allowed == "any" else frozenset(allowed)
        for section, allowed in headings.items()
    }

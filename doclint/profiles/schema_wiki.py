"""The boundary models (pydantic) of a generator of wikis: where its pages
are, and the grammar of their citations, source lists, site links and names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    Field,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from doclint.profiles.model import (
    WIKI_BASES,
    WIKI_CLAIMS,
)
from doclint.profiles.schema_base import (
    Strict,
    checked_pattern,
    one_of,
)

WikiClaim = Annotated[
    str,
    AfterValidator(one_of(WIKI_CLAIMS, "wiki claim")),
    WithJsonSchema({"type": "string", "enum": list(WIKI_CLAIMS)}),
]


WikiBase = Annotated[
    str,
    AfterValidator(one_of(WIKI_BASES, "base")),
    WithJsonSchema({"type": "string", "enum": list(WIKI_BASES)}),
]


class CitationLinkModel(Strict):
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
        "citation of the page names in its target the path its text gives, or climbs as many "
        "folders to it, fewer than the page sits deep: an export moved down, said by "
        "malformed-citation). A target with a `repository` group is read from that "
        "repository's top.",
    )

    @field_validator("target")
    @classmethod
    def _path(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info, ("path",))

    @field_validator("text")
    @classmethod
    def _named(cls, value: str, info: ValidationInfo) -> str:
        if value:
            checked_pattern(value, info, one_of=("path", "name"))
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
        checked_pattern(value, info, groups)
    return value


class CitationFormsModel(Strict):
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
            checked_pattern(value, info, one_of=("path", "target"))
        return value

    @field_validator("fenced_citation")
    @classmethod
    def _fenced(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info)

    @field_validator("text_citation", "span_citation")
    @classmethod
    def _text(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info, ("path",))


class SourceListModel(Strict):
    start: str = Field(description="The line opening the list of relevant source files.")
    end: str = Field(description="The line closing it (not part of it).")

    @field_validator("start", "end")
    @classmethod
    def _line(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info)


class SiteModel(Strict):
    link: str = Field(
        description="A link to a page of the wiki's site (group `slug`; or `number`, for a link "
        "by the page's number alone, `#4.2`)."
    )
    page_number: str = Field(default="", description="The number starting a page's name.")

    @field_validator("link")
    @classmethod
    def _link(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info, ("slug",))

    @field_validator("page_number")
    @classmethod
    def _number(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info)


class NamesModel(Strict):
    span: str = Field(
        description="A code span the page presents as the project's name (groups `name` and "
        "`qualifier`)."
    )
    not_names: list[str] = Field(
        default=[],
        description="The generator's own words that name no code of the project (the "
        "languages' built-in names are left out of every wiki's names already).",
    )

    @field_validator("span")
    @classmethod
    def _span(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info, ("name",))


class MarkupModel(Strict):
    pattern: str = Field(description="Generator markup that must not be left in a page.")

    @field_validator("pattern")
    @classmethod
    def _markup(cls, value: str, info: ValidationInfo) -> str:
        return _wiki_pattern(value, info)


class WikiModel(Strict):
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
    source_lists: list[SourceListModel] = Field(default=[])
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

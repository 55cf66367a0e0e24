"""The boundary models (pydantic) of a generator of templated pages: its
page kinds and places, its versions and their templates, each template's
count sentences and phrase book. A template takes what its version states and
it does not (`stated`)."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import (
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from doclint.profiles.building import stated
from doclint.profiles.model import (
    PROOF_KINDS,
)
from doclint.profiles.schema_base import (
    Headings,
    PageKind,
    Strict,
    checked_pattern,
)
from doclint.util.lazy_regex import compiled_on_use


class KindModel(Strict):
    description: str = ""
    documents: Literal["file", "folder", "tree"] = Field(
        description="What a page of the kind documents: one file, one folder, the whole tree."
    )


class PlacesModel(Strict):
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


class CountSentenceModel(Strict):
    section: str = Field(description="The level-2 heading it stands under.")
    pattern: str = Field(description="Regex of the sentence: one group per number.")
    counts: list[str] = Field(min_length=1, description="What each group counts: class, line...")
    approximate: bool = Field(default=False, description="It says its counts are approximate.")

    @model_validator(mode="after")
    def _one_group_per_count(self, info: ValidationInfo) -> CountSentenceModel:
        compiled = checked_pattern(self.pattern, info)
        if compiled.groups != len(self.counts):
            raise ValueError(
                f"the pattern has {compiled.groups} groups for {len(self.counts)} counts"
            )
        return self


_PROOF_WORDS = "|".join(re.escape(kind) for kind in PROOF_KINDS)
_PROOF = compiled_on_use(rf"(?:{_PROOF_WORDS})(?: \+ (?:{_PROOF_WORDS}))*(?::|$)")


class CatalogueSentenceModel(Strict):
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
        checked_pattern(value, info)
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


class _TemplatePartsModel(Strict):
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
            compiled = checked_pattern(title, info)
            if not {"path", "name"} & set(compiled.groupindex):
                raise ValueError(f"{kind}: the pattern has no named group path or name")
        return value

    @field_validator("keyword_entry")
    @classmethod
    def _keyword_entry(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None:
            checked_pattern(value, info, ("name",))
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
        own = self.model_dump(include=set(_REQUIRED))
        for template in self.templates:
            theirs = template.model_dump(include=set(_REQUIRED))
            unset = [key for key in _REQUIRED if stated(theirs, own, key) is None]
            if unset:
                raise ValueError(
                    f"template {template.id} states neither itself nor in its version: "
                    + ", ".join(unset)
                )
        if sum(template.fallback for template in self.templates) > 1:
            raise ValueError("more than one fallback template")
        return self

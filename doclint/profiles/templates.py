"""The templates the generator writes, as the parser and the rules read them.

A template is what one generator version writes for one kind of source: the
titles of its pages, the headings of each kind of page, the bold summary
lines and count sentences of a file documentation, the metadata labels, the
fixed prose and the footer, the languages whose sources it documents
(`languages.py`: their extensions choose the template, their metadata Types
are its own) and what its pages claim that the rules can prove. They are data
of the shipped profiles of templated pages (`doclint/profiles/pytorch.toml`:
the PyTorch generator's), read once per process; this module holds the
shipped ones by id, what a title pattern and a recognised title are, and
where each generator writes its pages (`PagePlaces`); a run's templates, the
shipped ones and its configuration's, are its `Generators` value. The parser
reads pages with them, `unknown-heading` judges headings against
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

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from doclint.models.page import DocKind
from doclint.models.records import NamedTuple
from doclint.profiles import templated_profiles
from doclint.profiles.model import (
    CountSentence,
    GeneratorProfile,
    Outline,
    PagePlaces,
    ProfileError,
    Template,
)
from doclint.profiles.patterns import Match, compile_pattern, literal_lead
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


_CAPITALISED = compiled_on_use(r"\b[A-Z][A-Za-z0-9_]*\b")
# Title words of each kind of page, as the title patterns write them.
_TITLE_WORD = compiled_on_use(r"(?<![\\(?<])\b[A-Z][A-Za-z]+\b")


def source_kind(described: str) -> str:
    """The kind of source a documented path is, as the generator tells it: its
    extension ("CMakeLists.txt" is ".txt"); "" for a name without one."""
    name = described.rpartition("/")[2]
    return name[name.rfind(".") :] if "." in name else ""


def template_words_of(template: Template, types: tuple[str, ...]) -> frozenset[str]:
    """The capitalised words the generator writes on a template's pages
    (`Generators.template_words`), its metadata Types being `types`."""
    texts: list[str] = [template.footer, *template.metadata_labels, *types]
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

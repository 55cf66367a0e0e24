"""A generator profile as doclint holds it: frozen data, its patterns compiled.

A profile says what one generator writes. A generator of a page per module
with a heading per object is described by where its pages sit and which
source each documents (`Layout`), the headings naming the source's objects
(`EntryOutline`), the bold-labelled lists under them (`FieldOutline`), its
fixed sentences and caller sentences, and which claim each part makes. A
claim is a name from `CLAIMS`; the rules of the generator-claims family
(DL7xx) each check one claim, on the pages of every profile that makes it.
A generator whose pages are recognised by their title lines is described by
its page templates (`Template`), per version: each kind of page's title and
outline, its count sentences, labels and fixed prose, and what its pages
claim that a reader of the source proves.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass

CLAIMS: Mapping[str, str] = {
    "symbol-exists": "a heading's object is defined in the source, with that kind and nesting",
    "parameters-match": "a heading's parameter list is the code's, by the profile's convention",
    "entry-names-parameter-or-attribute": "a list item names a parameter or attribute it has",
    "not-placeholder": "a fixed sentence the generator writes before it has a text is not left in",
    "coverage": "every object the source defines has its heading",
    "module-coverage": "every module defining a class or function has its page",
    "source-exists": "the page's source is in the tree",
    "complete-page": "the page is not cut off mid-text",
    "caller-claim": "a sentence naming an object's caller is true of the source",
}
"""Every claim a profile may bind a part to, and what it says."""

CONVENTIONS: Mapping[str, str] = {
    "positional": "the names of the positional-or-keyword parameters (`ast.arguments.args`)",
    "all": "every parameter's name, `*args`, keyword-only and `**kwargs` included",
}
"""How a heading's parameter list is read against the code's."""

OBJECT_KINDS = ("class", "function")

PAGE_KINDS: Mapping[str, str] = {
    "file-docs": "a file's documentation page",
    "keyword-index": "a file's keyword index",
    "folder-index": "a folder's index of its files and subfolders",
    "folder-doc": "a folder's documentation page",
    "subtree-index": "a folder's keyword index of everything below it",
    "root-index": "the start page of the tree",
}
"""The kinds of page a template gives a title and an outline (the parser's
kinds of generated page)."""


class ProfileError(ValueError):
    """A profile file that cannot be used; the message is one line:
    `file:line: key: what is wrong`."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the pages sit and which source each documents: the page of
    `<project>/<source>` is `<project>/<docs_folder>/<page>`, `{path}` standing
    for the same path in both patterns."""

    docs_folder: str
    page: str
    source: str
    markers: tuple[str, ...]
    skip_folders: tuple[str, ...]

    def source_of(self, page_path: str) -> tuple[str, str] | None:
        """(project folder, source path) of a page path relative to the tree
        root, both relative to the root; None for a page outside the layout."""
        mark = self.docs_folder + "/"
        if page_path.startswith(mark):
            project, inside = "", page_path[len(mark) :]
        else:
            at = page_path.rfind("/" + mark)
            if at < 0:
                return None
            project, inside = page_path[:at], page_path[at + len(mark) + 1 :]
        path = _unfill(self.page, inside)
        if path is None:
            return None
        return project, posixpath.join(project, self.source.replace("{path}", path))

    def page_of(self, project: str, source: str) -> str | None:
        """The page of `source` (relative to the project), relative to the root."""
        path = _unfill(self.source, source)
        if path is None:
            return None
        return posixpath.join(project, self.docs_folder, self.page.replace("{path}", path))


def _unfill(pattern: str, text: str) -> str | None:
    """What `{path}` stands for in `text` written by `pattern`, or None."""
    head, _, tail = pattern.partition("{path}")
    if len(text) <= len(head) + len(tail) or not text.startswith(head) or not text.endswith(tail):
        return None
    return text[len(head) : len(text) - len(tail)]


@dataclass(frozen=True, slots=True)
class EntryOutline:
    """The headings that name the source's objects. `pattern` captures
    `hashes`, `kind` and `name`, and `params` when the heading lists them;
    the nesting depth is the number of hashes less `base_level`."""

    pattern: re.Pattern[str]
    base_level: int
    kinds: Mapping[str, str]
    """The kind a heading writes to the kind of object: "class" or "function"."""
    convention: str
    claims: frozenset[str]


@dataclass(frozen=True, slots=True)
class FieldOutline:
    """A bold-labelled part under an entry heading, in any of its translated
    labels; when it has an `item` pattern, its list items name things (the
    `name` capture) and make the field's claim."""

    name: str
    labels: frozenset[str]
    item: re.Pattern[str] | None
    none_words: frozenset[str]
    claim: str | None


@dataclass(frozen=True, slots=True)
class Sentence:
    """A fixed sentence the generator writes, and the claim it breaks."""

    text: str
    claim: str


@dataclass(frozen=True, slots=True)
class CallerPattern:
    """A sentence saying who calls the section's object: `callers` captures
    the names it gives, a list in the page's language."""

    pattern: re.Pattern[str]
    claim: str


Outline = Mapping[str, frozenset[str] | None]
"""Level-2 headings, each with the level-3 headings allowed under it (None: any)."""


@dataclass(frozen=True, slots=True)
class CountSentence:
    """A sentence of a file documentation that claims counts: `pattern` has one
    group per number, and `counts` says what each group counts."""

    section: str
    pattern: str
    counts: tuple[str, ...]
    approximate: bool
    """The sentence says its counts are approximate ("contains approximately N")."""


@dataclass(frozen=True, slots=True)
class SentencePattern:
    """A sentence or bullet a template writes from a fixed pattern, under the
    level-2 heading `section` (None: under any), and what it claims of the
    documented file or folder: an entry of the generator's phrase book."""

    section: str | None
    pattern: re.Pattern[str]
    claim: str


@dataclass(frozen=True)
class Template:
    """What one generator version writes for some kinds of source, its pages
    recognised by their title lines. Page kinds are `PAGE_KINDS` names."""

    id: str
    description: str
    footer: str
    """The footer line of its version: the templates of one generator share it."""
    titles: Mapping[str, str]
    """Per kind of page, the pattern of its title line; group `path` is the
    documented path (`name` instead when the title gives the file name only).
    The templates of a version share one mapping unless they set their own."""
    outlines: Mapping[str, Outline]
    keyword_section: str
    keyword_entry: str
    """The pattern of a keyword entry's text in a keyword index: literal text
    (the entry's opening), then the group `name`."""
    identifier_lists: frozenset[str] | None
    """The lists of its keyword index the generator fills with every
    capitalised word of the file, not from syntax (`class X`, `#include`);
    None: every list."""
    metadata_labels: tuple[str, ...]
    languages: tuple[str, ...]
    """The languages (doclint's `LANGUAGES`) whose sources the generator
    documents in this template, chosen by their extensions (none: chosen by title)."""
    fallback: bool
    """The template of its generator for every language and extension no
    other template of that generator (same footer) claims."""
    other_types: tuple[str, ...]
    """Metadata `Type` values it writes besides its languages' own."""
    summary_lines: Mapping[str, str]
    """Bold labels of the Code Structure lines, each with the FileDocs field it fills."""
    guessed_summary_lines: bool
    """The summary lines' names come from the generator's regex (judged like
    keyword entries), not from a parser."""
    count_sentences: tuple[CountSentence, ...]
    dependencies: str | None
    """What its Import Dependencies list claims: "imports" (modules the source
    imports) or "includes" (paths it `#include`s); None: it claims none."""
    proven_by: str | None
    """The language whose reader proves what its file documentations claim of
    the source (definitions, counts, dependencies); None: nothing is proven."""
    prose: tuple[str, ...]
    """Fixed sentences and labels the generator writes on pages of this template
    whatever the source (not the lines it writes for some paths only)."""
    sentences: tuple[SentencePattern, ...]
    """The sentences it writes from a fixed pattern, each with its claim."""
    spellings: Mapping[str, str]
    """Words of its data the generator misspells on its pages ("Classes" is
    written "### Classs"), with the spelling written."""


@dataclass(frozen=True, slots=True)
class GeneratorProfile:
    """One generator, as data: what every profile holds. A profile of
    templated pages only (the PyTorch generator's) is this; one of object
    pages is a `Profile`."""

    name: str
    description: str
    templates: tuple[Template, ...]
    """Its page templates, version after version, the current one first."""
    origin: str
    """Where the profile was read: a built-in's name or a user's file."""


@dataclass(frozen=True, slots=True)
class Profile(GeneratorProfile):
    """A generator of object pages: a page per module, a heading per object."""

    language: str
    layout: Layout
    entries: EntryOutline
    label_line: re.Pattern[str]
    fields: tuple[FieldOutline, ...]
    sentences: tuple[Sentence, ...]
    callers: tuple[CallerPattern, ...]
    coverage_claims: frozenset[str]
    private_documented: bool
    nested_documented: bool

    def makes(self, claim: str) -> bool:
        """Whether some part of this generator's pages makes `claim`."""
        return (
            claim in self.entries.claims
            or claim in self.coverage_claims
            or any(field.claim == claim for field in self.fields)
            or any(sentence.claim == claim for sentence in self.sentences)
            or any(caller.claim == claim for caller in self.callers)
        )

    def field_of_label(self, label: str) -> FieldOutline | None:
        """The field a bold label opens, in any of its translations."""
        label = label.strip()
        for field in self.fields:
            if label in field.labels:
                return field
        return None

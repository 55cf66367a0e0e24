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
from typing import ClassVar

from doclint.models.records import Frozen, NamedTuple
from doclint.profiles.patterns import MAX_PHRASE_PROGRAM, Pattern, compile_pattern
from doclint.util.lazy_regex import compiled_on_use

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
"""The kinds of page the parser has a typed reader of; a profile may declare
others (`[kinds]`), read as generic pages of the generator."""

SUBJECTS: Mapping[str, str] = {
    "file": "one file of the tree: `{path}` in its place, `path` in its title",
    "folder": "one folder of the tree: `{folder}` in its place, `path` in its title",
    "tree": "the whole tree: a place with neither",
}
"""What a kind of page documents."""
_BUILTIN_SUBJECTS: Mapping[str, str] = {
    "file-docs": "file",
    "keyword-index": "file",
    "folder-index": "folder",
    "folder-doc": "folder",
    "subtree-index": "folder",
    "root-index": "tree",
}


# The parts of a profile are named tuples: every start of the process builds
# these classes, and a named tuple's class costs a fifth of a frozen
# dataclass's. A profile with fields derived at construction or extended by
# another class is a `Frozen` class (doclint.models.records), which costs
# nothing to build.


class ProfileError(ValueError):
    """A profile file that cannot be used; the message is one line:
    `file:line: key: what is wrong`."""


class Layout(NamedTuple):
    """Where the pages sit and which source each documents: the page of
    `<project>/<source>` is `<project>/<docs_folder>/<page>`, `{path}` standing
    for the same path in both patterns."""

    docs_folder: str
    page: str
    source: str
    markers: tuple[str, ...]
    skip_folders: tuple[str, ...]
    hierarchy: str | None = None
    """A file, relative to the project, in which the generator records each
    source's objects and their line ranges (RepoAgent's
    `project_hierarchy.json` format)."""
    docs_folder_named_by_project: bool = False
    """A project may name its docs folder otherwise (RepoAgent's
    `markdown_docs_name`): where one of `markers` is, a folder beside it whose
    pages have the profile's object headings is its docs folder."""

    def source_of(self, page_path: str) -> tuple[str, str] | None:
        """(project folder, source path) of a page path relative to the tree
        root, both relative to the root; None for a page outside the layout.
        A page a generator wrote on Windows may hold its folders in its file
        name (`markdown_docs\\pkg\\store.md`): `\\` is read as `/`."""
        page_path = page_path.replace("\\", "/")
        mark = self.docs_folder + "/"
        if page_path.startswith(mark):
            project, inside = "", page_path[len(mark) :]
        else:
            at = page_path.rfind("/" + mark)
            if at < 0:
                return None
            project, inside = page_path[:at], page_path[at + len(mark) + 1 :]
        path = unfill(self.page, inside)
        if path is None:
            return None
        return project, posixpath.join(project, self.source.replace("{path}", path))

    def describe(self) -> str:
        """The layout in a few words: `markdown_docs/<path>.md documents <path>.py`."""
        page = self.page.replace("{path}", "<path>")
        return f"{self.docs_folder}/{page} documents {self.source.replace('{path}', '<path>')}"

    def page_of(self, project: str, source: str) -> str | None:
        """The page of `source` (relative to the project), relative to the root."""
        path = unfill(self.source, source)
        if path is None:
            return None
        return posixpath.join(project, self.docs_folder, self.page.replace("{path}", path))


def unfill(pattern: str, text: str) -> str | None:
    """What `{path}` stands for in `text` written by `pattern`, or None."""
    head, _, tail = pattern.partition("{path}")
    if len(text) <= len(head) + len(tail) or not text.startswith(head) or not text.endswith(tail):
        return None
    return text[len(head) : len(text) - len(tail)]


class EntryOutline(NamedTuple):
    """The headings that name the source's objects. `pattern` captures
    `hashes`, `kind` and `name`, and `params` when the heading lists them;
    the nesting depth is the number of hashes less `base_level`."""

    pattern: Pattern
    base_level: int
    kinds: Mapping[str, str]
    """The kind a heading writes to the kind of object: "class" or "function"."""
    convention: str
    claims: frozenset[str]


class FieldOutline(NamedTuple):
    """A bold-labelled part under an entry heading, in any of its translated
    labels; when it has an `item` pattern, its list items name things (the
    `name` capture) and make the field's claim."""

    name: str
    labels: frozenset[str]
    item: Pattern | None
    none_words: frozenset[str]
    claim: str | None


class Sentence(NamedTuple):
    """A fixed sentence the generator writes, and the claim it breaks."""

    text: str
    claim: str


class CallerPattern(NamedTuple):
    """A sentence saying who calls the section's object: `callers` captures
    the names it gives, a list in the page's language."""

    pattern: Pattern
    claim: str


FOLDER_PATH = "{folder}"
FILE_PATH = "{path}"


class PagePlaces(Frozen):
    """Where a generator of templated pages writes each kind of page, and so
    which file or folder a page at a place documents: `pages` maps a page kind
    to its place inside `docs_folder`, `{path}` standing for a documented
    file's path, `{folder}` for a documented folder's ("" for the top, which
    titles call `top_folder`), neither for a page of the whole tree. With
    `later_passes`, the generator documents its own pages again: the pages of
    `<docs_folder>/<page>` sit under `<docs_folder>/<docs_folder>/`."""

    FIELDS = ("docs_folder", "pages", "top_folder", "later_passes", "top_pages", "kinds")
    __slots__ = (*FIELDS, "_split", "file_endings", "folder_page_names")
    docs_folder: str
    pages: Mapping[str, str]
    top_folder: str
    later_passes: bool
    top_pages: tuple[str, ...]
    """Other pages it writes at the top of its docs folder only."""
    kinds: Mapping[str, str]
    """The kinds of page its profile declares besides `PAGE_KINDS`, each with
    what it documents (a `SUBJECTS` name)."""
    # Derived once (the parser asks them of every page): each kind's place
    # split at its hole, with the docs folder in front; the endings of the
    # pages about a file, the names of those about a folder.
    _split: Mapping[str, tuple[str, str, str]]
    file_endings: tuple[str, ...]
    """The endings of the pages about a file (`_docs.md`, `_kw.md`)."""
    folder_page_names: tuple[str, ...]
    """The names of the pages about a folder (`index.md`, `doc.md`, `sub.md`)."""

    def __init__(
        self,
        docs_folder: str,
        pages: Mapping[str, str],
        top_folder: str,
        later_passes: bool,
        top_pages: tuple[str, ...],
        kinds: Mapping[str, str] | None = None,
    ) -> None:
        values = (docs_folder, pages, top_folder, later_passes, top_pages, kinds or {})
        for name, value in zip(self.FIELDS, values, strict=True):
            object.__setattr__(self, name, value)
        split = {}
        for kind, place in pages.items():
            hole = next((h for h in (FILE_PATH, FOLDER_PATH) if h in place), "")
            head, _, tail = place.partition(hole) if hole else ("", "", place)
            split[kind] = (f"{docs_folder}/{head}", hole, tail)
        endings = tuple(
            t for h, hole, t in split.values() if hole == FILE_PATH and h.count("/") == 1
        )
        names = tuple(
            t.lstrip("/")
            for h, hole, t in split.values()
            if hole == FOLDER_PATH and h.count("/") == 1
        )
        object.__setattr__(self, "_split", split)
        object.__setattr__(self, "file_endings", endings)
        object.__setattr__(self, "folder_page_names", names)

    def documents(self, kind: str) -> str | None:
        """What a page of `kind` documents: "file", "folder" or "tree"."""
        return _BUILTIN_SUBJECTS.get(kind) or self.kinds.get(kind)

    def page_path(self, kind: str, described: str | None) -> str | None:
        """The path, relative to the tree root, of the page of `kind` about
        `described`; None for a kind it does not write or a page of a file
        or folder with no path."""
        split = self._split.get(kind)
        if split is None:
            return None
        head, hole, tail = split
        if not hole:
            return head + tail
        if described is None:
            return None
        if hole == FOLDER_PATH:
            tail = tail.lstrip("/")
            return f"{head}{described}/{tail}" if described else head + tail
        return f"{head}{described}{tail}"

    def described_at(self, path: str, kind: str) -> str | None:
        """The file a page of `kind` at `path` documents by its place; None
        when the kind's place names no file or the page is not at one."""
        place = self.pages.get(kind, "")
        head = f"{self.docs_folder}/"
        if FILE_PATH not in place or not path.startswith(head):
            return None
        return unfill(place, path[len(head) :]) or ""

    def ending(self, kind: str) -> str | None:
        """The ending of the pages of `kind` about a file (`_docs.md`), or None."""
        head, hole, tail = self._split.get(kind, ("", "", ""))
        return tail if hole == FILE_PATH and head == f"{self.docs_folder}/" else None

    def subject(self, path: str) -> str | None:
        """The file a page at `path` (relative to the root) documents by its
        place, as a page about a file of any kind; None for another place."""
        return next(
            (found for kind in self.pages if (found := self.described_at(path, kind))), None
        )

    def is_page_name(self, name: str) -> bool:
        """Whether a file's name is that of one of its pages about a file or folder."""
        return name.endswith(self.file_endings) or name in self.folder_page_names

    @property
    def later_pass_folder(self) -> str | None:
        """The folder of the pages of a later pass (`docs/docs/`), or None."""
        return f"{self.docs_folder}/{self.docs_folder}/" if self.later_passes else None

    def level(self, described: str | None, kind: str) -> int:
        """1 for a page about a source; one more for each pass over the pages
        (a documented path in the docs folder naming one of its pages, or any
        path there for a folder's page)."""
        if not described or not self.later_passes:
            return 1
        head = f"{self.docs_folder}/"
        if not (described.startswith(head) or described == self.docs_folder):
            return 1  # most pages: asked of every page, answered without more
        folder_page = self.documents(kind) == "folder"
        level, path = 1, described
        while path.startswith(head) or path == self.docs_folder:
            if not (folder_page or self.is_page_name(path.rpartition("/")[2])):
                break
            level, path = level + 1, path[len(head) :]
        return level

    def source_order(self, path: str) -> tuple[str, int]:
        """The documented file a page at `path` (relative to the root) is made
        of, through every pass (as `docs/<file>`), and the passes it is away."""
        if self.later_passes and path.startswith(f"{self.docs_folder}/{self.docs_folder}/"):
            path = path[len(self.docs_folder) + 1 :]
        level = 0
        while True:
            for ending in self.file_endings:
                if path.endswith(ending):
                    path, level = path[: -len(ending)], level + 1
                    break
            else:
                return path, level


Outline = Mapping[str, frozenset[str] | None]
"""Level-2 headings, each with the level-3 headings allowed under it (None: any)."""


class CountSentence(NamedTuple):
    """A sentence of a file documentation that claims counts: `pattern` has one
    group per number, and `counts` says what each group counts."""

    section: str
    pattern: str
    counts: tuple[str, ...]
    approximate: bool
    """The sentence says its counts are approximate ("contains approximately N")."""


PROOF_KINDS: Mapping[str, str] = {
    "path": "the documented path alone (its folders, name and extension)",
    "kind": "the kind of source, from its extension",
    "code facts": "what the documented source's code defines, imports or calls",
    "file facts": "the documented file's size, lines and words",
    "folder facts": "the documented folder's listing: its files and subfolders",
    "structure": "the page itself: its headings, links and named pages",
}
"""What a catalogue sentence can be proven from; `proven_by` opens with one."""


class CatalogueSentence(NamedTuple):
    """One sentence or bullet the generator writes from a fixed pattern: the
    section it stands in (`*`: any section, as the footer), the pattern of the
    line as written, what it claims, and how that is proven (`proven_by`,
    opening with a kind of `PROOF_KINDS`) or why it is left unjudged."""

    id: str
    section: str
    pattern: str
    """The regular expression of the whole line (compiled where it is used:
    most entries are one fixed text, looked up, never matched)."""
    claim: str
    proven_by: str | None
    unjudged: str | None
    judged_by: tuple[str, ...]
    """The rules (codes) that already judge the claim."""

    def words(self) -> str | None:
        """The words the sentence always writes, for finding it in a line that
        may hold more (several purpose sentences on one line): the pattern's
        literal text after its last group (all of it when it has none), from
        its first word or bold mark on; None when that text is not literal."""
        text = fixed_text(self.pattern[_after_groups(self.pattern) :])
        return _LEAD.sub("", text) if text is not None else None


class Template(NamedTuple):
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
    """Fixed labels and sentences the generator writes on pages of this template:
    its `prose` and the texts of the phrase-book sentences its
    `prose_sentences` name (each sentence written once, in the phrase book)."""
    sentences: tuple[CatalogueSentence, ...]
    """Its phrase book: the sentences it writes from a fixed pattern, each with
    its claim (its version's entries, then its own)."""
    spellings: Mapping[str, str]
    """Words of its data the generator misspells on its pages ("Classes" is
    written "### Classs"), with the spelling written."""
    generator: str
    """The name of the profile it is of."""
    places: PagePlaces
    """Where its generator writes each kind of page."""
    builtin: bool = False
    """Its profile ships with doclint: its patterns run on Python's `re` (a
    profile a configuration names runs on RE2, `patterns.compile_pattern`)."""


WIKI_CLAIMS: Mapping[str, str] = {
    "cited-file-exists": "a citation's file is in the tree",
    "range-inside-file": "a citation's lines are lines of its file",
    "lines-unchanged": "the cited lines are the same as where the citation was written",
    "well-formed": "a citation follows the grammar: a link whose text and target agree",
    "source-list-exists": "an entry of the relevant source files is in the tree",
    "name-in-code": "a name the page presents as the project's occurs in its code",
    "name-in-cited-lines": "such a name occurs in the lines its sentence cites",
    "subject-in-cited-lines": "the cited lines show what their sentence, item or row names",
    "site-link-local": "a link to a page of the wiki's site points at the page in the tree",
    "no-generator-markup": "no generator markup is left in the page",
}
"""Every claim a wiki profile may make, each proven by one rule (DL8xx)."""


WIKI_BASES: Mapping[str, str] = {
    "page": "the page's folder",
    "root": "the tree's root (the folder holding the wiki's folder)",
    "page-or-root": "the page's folder, unless every relative citation of the page names in "
    "its target the path its text gives (a generator writing from the root): then the root; "
    "or each climbs as many folders (`../`) to it, fewer than the page sits below the root "
    "(an export moved down): then read from the root too, and said",
}
"""The folders a wiki's relative paths may be read from."""


class CitationLink(NamedTuple):
    """One way a wiki writes a citation as a link: a pattern of its text and
    one of its target, either absent; the `path`, `lines`, `commit` and
    `repository` groups say what each gives (the target's path wins)."""

    text: Pattern | None
    target: Pattern | None
    empty_target: bool
    """An empty target (`[a.ts:3]()`) is this form's (always malformed)."""
    text_required: bool
    """The text must match `text` (else the target alone decides, and the
    text is compared with it where it matches)."""
    base: str = "page"
    """The folder a relative target's path is read from (`WIKI_BASES`); a
    target naming a repository is read from that repository's top."""


class WikiGrammar(NamedTuple):
    """A generator of wiki pages: topic pages that cite the code."""

    folders: tuple[str, ...]
    """Folders (from the tree root) whose Markdown pages are the wiki's when
    they look like its pages: its marker, or a citation of its forms."""
    marker: Pattern | None
    """A line of a page's head that makes it the wiki's wherever it sits."""
    head_lines: int
    links: tuple[CitationLink, ...]
    code_citation: Pattern | None
    """A code span holding a citation (`path:lines`), a form that renders as
    no link: malformed."""
    fenced_citation: Pattern | None
    """A line of a fenced block that is a citation line of the prose (a
    `Sources:` line pasted into a diagram): malformed."""
    text_citation: Pattern | None
    """A citation written as plain text in the prose (`src/a.ts:12`)."""
    source_lists: tuple[tuple[Pattern, Pattern], ...]
    """(start, end) lines of each way of writing the list of relevant
    source files: its entries are the links between them."""
    front_matter_sources: str
    """The front matter key listing the page's sources ("" for none)."""
    site_link: Pattern | None
    """A link target naming a page of the wiki's site (group `slug`)."""
    page_number: Pattern | None
    """The number a page's file name or slug starts with (`4-2-`, `4.2-`)."""
    markup: Pattern | None
    name_span: Pattern | None
    """A code span presented as the project's name (group `name`, and
    `qualifier` for a dotted name's owner)."""
    not_names: frozenset[str]
    """The generator's own words in backticks that name no code of the
    project (`POST`, `ts`); the languages' names (`BUILTIN_NAMES` of the
    models) are left out of every wiki's names besides."""
    claims: frozenset[str]
    repository: Pattern | None = None
    """A line of a page's head naming the repository its pages describe
    (group `repository`): a source-list entry with no URL of its own is
    that repository's (an export of another project names other files)."""
    span_citation: Pattern | None = None
    """A code span that is a citation the generator writes so (groups `path`
    and `lines`): a citation like a link's, not malformed."""
    base: str = "root"
    """The folder the paths of its prose, code-span and source-list
    citations are read from (`WIKI_BASES`: `page` or `root`)."""


class GeneratorProfile(Frozen):
    """One generator, as data: what every profile holds. A profile of
    templated pages only (the PyTorch generator's) is this; one of object
    pages is a `Profile`."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "name",
        "description",
        "templates",
        "origin",
        "wiki",
        "digest",
    )
    __slots__ = FIELDS
    name: str
    description: str
    templates: tuple[Template, ...]
    """Its page templates, version after version, the current one first."""
    origin: str
    """Where the profile was read: a built-in's name or a user's file."""
    wiki: WikiGrammar | None
    """Its wiki pages, when it writes a wiki."""
    digest: str
    """The SHA-256 (hex) of the UTF-8 bytes of the TOML it was read from: all
    a profile is (it names no other profile file), so what the cache keys a
    run's results by, never a repr of its compiled patterns and sets."""

    def __init__(
        self,
        name: str,
        description: str,
        templates: tuple[Template, ...],
        origin: str,
        *,
        wiki: WikiGrammar | None = None,
        digest: str,
    ) -> None:
        values = (name, description, templates, origin, wiki, digest)
        for field, value in zip(GeneratorProfile.FIELDS, values, strict=True):
            object.__setattr__(self, field, value)


class Profile(GeneratorProfile):
    """A generator of object pages: a page per module, a heading per object.
    Built from keywords, one per field."""

    FIELDS = (
        *GeneratorProfile.FIELDS,
        "language",
        "layout",
        "entries",
        "label_line",
        "fields",
        "sentences",
        "callers",
        "coverage_claims",
        "private_documented",
        "nested_documented",
    )
    __slots__ = FIELDS[len(GeneratorProfile.FIELDS) :]
    language: str
    layout: Layout
    entries: EntryOutline
    label_line: Pattern
    fields: tuple[FieldOutline, ...]
    sentences: tuple[Sentence, ...]
    callers: tuple[CallerPattern, ...]
    coverage_claims: frozenset[str]
    private_documented: bool
    nested_documented: bool

    def __init__(
        self,
        *,
        name: str,
        description: str,
        templates: tuple[Template, ...],
        origin: str,
        wiki: WikiGrammar | None = None,
        digest: str,
        language: str,
        layout: Layout,
        entries: EntryOutline,
        label_line: Pattern,
        fields: tuple[FieldOutline, ...],
        sentences: tuple[Sentence, ...],
        callers: tuple[CallerPattern, ...],
        coverage_claims: frozenset[str],
        private_documented: bool,
        nested_documented: bool,
    ) -> None:
        super().__init__(name, description, templates, origin, wiki=wiki, digest=digest)
        values: tuple[object, ...] = (language, layout, entries, label_line, fields)
        values += (sentences, callers, coverage_claims, private_documented, nested_documented)
        for field, value in zip(self.__slots__, values, strict=True):
            object.__setattr__(self, field, value)

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


ANY_SECTION = "*"


class PhraseBook:
    """A generator's catalogue of fixed sentences, read for matching. Most
    lines the generator writes are one fixed text: a section's fixed texts
    are looked up in a dict, and its other patterns are joined into one, so a
    line costs a lookup and at most one match whatever the number of entries."""

    __slots__ = ("_combined", "_fixed", "_pending", "builtin", "entries", "origin", "templates")

    def __init__(
        self,
        entries: tuple[CatalogueSentence, ...],
        templates: frozenset[str],
        origin: str,
        builtin: bool = True,
    ) -> None:
        self.entries = entries
        self.builtin = builtin
        """Its patterns are Python's (a shipped profile's), not RE2's."""
        self.templates = templates
        """Ids of the templates whose pages the catalogue describes."""
        self.origin = origin
        self._fixed: dict[str, dict[str, CatalogueSentence]] = {}
        self._combined: dict[str, Pattern | None] = {}
        self._pending: dict[str, list[tuple[int, CatalogueSentence]]] = {}
        """A shipped book's sections whose patterns are joined and compiled
        when the section is first read: the PyTorch book has 36 sections,
        and a page reads a few. A tree's profile's compile
        at once, where a pattern too large for RE2 is the profile's error."""
        for section in {entry.section for entry in entries} - {ANY_SECTION}:
            fixed: dict[str, CatalogueSentence] = {}
            patterned: list[tuple[int, CatalogueSentence]] = []
            for number, entry in enumerate(entries):
                if entry.section not in (section, ANY_SECTION):
                    continue
                text = fixed_text(entry.pattern)
                if text is None:
                    patterned.append((number, entry))
                else:
                    fixed.setdefault(text, entry)
            self._fixed[section] = fixed
            if builtin and patterned:
                self._pending[section] = patterned
            else:
                self._combined[section] = _combined(patterned, builtin) if patterned else None

    @property
    def sections(self) -> frozenset[str]:
        """The sections whose every line the catalogue knows."""
        return frozenset(self._fixed)

    def matchers(self, section: str) -> tuple[Mapping[str, CatalogueSentence], Pattern | None]:
        """What `entry_for` looks a line of `section` up in, for a reader of
        many lines: the lines that are the whole text of an entry, with their
        entries, and the one pattern of the section's other entries (None
        without), whose matched group is named `e` followed by the index in
        `entries` of its entry. Empty for a section the catalogue does not know."""
        pending = self._pending.pop(section, None)
        if pending is not None:
            self._combined[section] = _combined(pending, self.builtin)
        return self._fixed.get(section, {}), self._combined.get(section)

    def entry_for(self, section: str, line: str) -> CatalogueSentence | None:
        """The entry whose pattern the whole `line` matches in `section`;
        None when none does or the catalogue does not know the section."""
        fixed, combined = self.matchers(section)
        entry = fixed.get(line)
        if entry is not None:
            return entry
        found = combined.fullmatch(line) if combined is not None else None
        if found is None or found.lastgroup is None:
            return None
        return self.entries[int(found.lastgroup[1:])]


def phrase_book_of(profile: GeneratorProfile) -> PhraseBook:
    """The phrase book of a profile: every entry of its templates' (each once,
    in the profile's order), read for the pages of the templates holding any."""
    entries: dict[str, CatalogueSentence] = {}
    for template in profile.templates:
        for entry in template.sentences:
            entries.setdefault(entry.id, entry)
    templates = frozenset(template.id for template in profile.templates if template.sentences)
    builtin = all(template.builtin for template in profile.templates)
    return PhraseBook(tuple(entries.values()), templates, profile.origin, builtin)


_SPECIAL = frozenset(".^$*+?{}[]|()")


def fixed_text(pattern: str) -> str | None:
    """The one text a pattern matches whole (`^Text\\.$` is "Text."), or
    None when it has any construct but escaped punctuation."""
    body = pattern.removeprefix("^")
    if body.endswith("$") and not body.endswith("\\$"):
        body = body[:-1]
    text: list[str] = []
    escaped = False
    for char in body:
        if escaped:
            if char.isalnum():
                return None  # a class (\d, \w) or an anchor (\b, \A)
            text.append(char)
            escaped = False
        elif char == "\\":
            escaped = True
        elif char in _SPECIAL:
            return None
        else:
            text.append(char)
    return None if escaped else "".join(text)


_GROUP = compiled_on_use(r"\(\?P<(\w+)>|\(\?P=(\w+)\)")
# What leads a sentence's words: a list marker, the `, ` after a named folder.
_LEAD = compiled_on_use(r"^[^\w*]+")


def _after_groups(pattern: str) -> int:
    """Where a pattern's text after its last group starts (0 with no group)."""
    end, escaped = 0, False
    for index, char in enumerate(pattern):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == ")":
            end = index + 1
    return end


def _combined(numbered: list[tuple[int, CatalogueSentence]], builtin: bool) -> Pattern:
    """One alternation of the entries' patterns, each as group `e<number>`
    (its own groups renamed apart, as two entries may use the same name): the
    outer group closes last, so `lastgroup` names the entry that matched."""

    def renamed(number: int, pattern: str) -> str:
        def rename(found: re.Match[str]) -> str:
            if found.group(1):
                return f"(?P<e{number}_{found.group(1)}>"
            return f"(?P=e{number}_{found.group(2)})"

        return _GROUP.sub(rename, pattern)

    return compile_pattern(
        "|".join(f"(?P<e{number}>{renamed(number, entry.pattern)})" for number, entry in numbered),
        builtin,
        MAX_PHRASE_PROGRAM,
    )

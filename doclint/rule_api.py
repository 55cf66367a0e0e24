"""What every rule may use, the stable core of the rule API: the Rule base
class and its documentation (`RuleDocs`), findings and fixes, a read-only
view of the file and the tree, and the page models. What only the rules of
one generator's pages use (PyTorch's templates and profiles, wikis' claims,
Mermaid diagrams) is in `doclint.rule_api_generators`. What else a rule may
import is stated in docs/layers.toml; plugins need nothing but these two
modules.

A rule is data plus a function. The data (code, name, summary, severity,
scope, fix safety, and `docs` with why it matters and a bad and a good
example) is what the CLI, SARIF and the README tables are generated from.

Importing this module is cheap (a process that loads no rule pays for no
pydantic, profile or parser): the page models, the Markdown models and the
tree's `SourceFile` are imported on first use of their names here
(`__getattr__`), and what a method needs of the heavier modules inside it.
"""

from __future__ import annotations

import inspect
import posixpath
from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType, UnionType
from typing import (
    TYPE_CHECKING,
    Annotated,
    ClassVar,
    Generic,
    TypeVar,
    Union,
    cast,
    get_args,
    get_origin,
)

from doclint.models.findings import Cause, Edit, Finding, Fix, FixSafety, Severity
from doclint.models.languages import LANGUAGES, PROJECT_LANGUAGES, LanguageData
from doclint.models.records import Frozen, NamedTuple
from doclint.tree.slugs import github_slug, unique_slugs
from doclint.util.lazy_names import names_on_first_use
from doclint.util.lazy_regex import compiled_on_use

if TYPE_CHECKING:
    # Exported (`__all__`), imported at run time by `__getattr__`.
    from doclint.models.generated import (
        AnyPage,
        Count,
        DependencyEntry,
        DocKind,
        EmbeddedSource,
        FileDocs,
        FolderDoc,
        FolderIndex,
        KeywordCategory,
        KeywordEntry,
        KeywordIndex,
        MarkdownPage,
        MetadataField,
        PageBase,
        RootIndex,
        RunCommand,
        Section,
        SizeClaim,
        SubtreeIndex,
    )
    from doclint.models.markdown import CodeBlock, Heading, Link
    from doclint.models.wiki import PageCitations, WikiFacts
    from doclint.parsing.object_pages import ProfiledPage
    from doclint.parsing.reading import Reading
    from doclint.profiles import Profile
    from doclint.profiles.generators import Generators
    from doclint.tree.index import Tree
    from doclint.tree.records import LinkTarget, SourceFile

__all__ = [
    "LANGUAGES",
    "PROJECT_LANGUAGES",
    "AnyPage",
    "Cause",
    "CodeBlock",
    "Count",
    "DependencyEntry",
    "DocKind",
    "Edit",
    "EmbeddedSource",
    "FileDocs",
    "Finding",
    "Fix",
    "FixSafety",
    "FolderDoc",
    "FolderIndex",
    "Heading",
    "HistoryView",
    "KeywordCategory",
    "KeywordEntry",
    "KeywordIndex",
    "LanguageData",
    "Link",
    "LinkTarget",
    "MarkdownPage",
    "MetadataField",
    "Origin",
    "PageBase",
    "RootIndex",
    "Rule",
    "RuleContext",
    "RuleDocs",
    "RuleOption",
    "RunCommand",
    "Scope",
    "Section",
    "Severity",
    "SizeClaim",
    "SourceFile",
    "SubtreeIndex",
    "compiled_on_use",
    "github_slug",
    "shown_target",
    "shown_tree_path",
    "unique_slugs",
]

_LAZY = {
    **dict.fromkeys(("DocKind", "MarkdownPage", "PageBase", "Section"), "doclint.models.page"),
    **dict.fromkeys(
        (
            "AnyPage",
            "Count",
            "DependencyEntry",
            "EmbeddedSource",
            "FileDocs",
            "FolderDoc",
            "FolderIndex",
            "KeywordCategory",
            "KeywordEntry",
            "KeywordIndex",
            "MetadataField",
            "RootIndex",
            "RunCommand",
            "SizeClaim",
            "SubtreeIndex",
        ),
        "doclint.models.generated",
    ),
    **dict.fromkeys(("CodeBlock", "Heading", "Link"), "doclint.models.markdown"),
    **dict.fromkeys(("LinkTarget", "SourceFile"), "doclint.tree.index"),
}
"""The names imported on first use, and their modules (the page models are
pydantic's)."""


__getattr__ = names_on_first_use(__name__, _LAZY, globals())


BuiltT = TypeVar("BuiltT")
"""What a rule helper builds once from a whole tree (`RuleContext.once_per_tree`)."""
ReadT = TypeVar("ReadT")
"""What a rule helper reads once of a page (`RuleContext.read_once`)."""

# Checked of a plugin's rules and of a rule module read again: not every run.
CODE_PATTERN = compiled_on_use(r"^[A-Z]{1,6}\d{2,4}$")
NAME_PATTERN = compiled_on_use(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")


class Origin(StrEnum):
    """Who wrote a page, for a rule that judges only the pages of one kind of
    writer: a generator of wikis (`RuleContext.wiki`), or a generator of object
    pages in a layout profile's docs folder. A rule that names one
    (`Rule.origin`) is not run on a page of another origin (a README, a page
    of no generator): most pages of most trees. Every rule module is imported
    at each run, for its class: the built-in ones that name an origin import
    the helpers their check uses where it uses them, so that such a page
    loads none of them."""

    WIKI = "wiki"
    PROFILE = "layout-profile"
    CITATIONS = "citations"
    """A page that may cite code: a wiki's, or a plain page one of whose
    lines holds what a citation needs (`name:12`, `#L3`, a table column
    `Line`). Other pages cite nothing, and their citation rules do not run
    on them."""


def origins_of(reading: Reading) -> frozenset[Origin]:
    """The origins whose rules judge a page read so (`Rule.origin`): a wiki's
    page is cited by it; a page in a layout profile's docs folder, whatever
    it is, is the object pages' rules' to judge."""
    # Told by the kind's value: the rule API imports no parser to name it.
    wiki = reading.kind == "wiki"
    origins = [Origin.WIKI] if wiki else []
    if wiki or reading.cites:
        origins.append(Origin.CITATIONS)
    if reading.in_layout:
        origins.append(Origin.PROFILE)
    return frozenset(origins)


class Scope(StrEnum):
    """PAGE rules run on every page, embedded ones included, at the outer
    file's lines. FILE rules run once per physical file: they see its raw
    lines and its live (rendered) Markdown, which cover any embedded page.

    What a PAGE rule finds may depend only on the page, the rule's options and
    the tree (as the content cache assumes of every rule): a level-2 page
    embeds the page it documents byte for byte, and one pass over either copy
    serves both. A rule that must know where a page sits is a FILE rule."""

    PAGE = "page"
    FILE = "file"


OptionValue = bool | int | str | tuple[str, ...]


class RuleOption(NamedTuple):
    """A setting a rule declares (`Rule.options`) and reads from `ctx.options`.

    Users set it in `[tool.doclint.rules.<rule-name>]`; its type is the type of
    `default` (a tuple default means a list of strings, given as a TOML array).
    """

    default: OptionValue
    help: str

    def validate(self, value: object) -> OptionValue:
        """The value as the rule gets it; ValueError says what was expected."""
        expected = type(self.default)
        if expected is tuple:
            if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
                return tuple(value)
            raise ValueError("expected a list of strings")
        # bool is an int to Python, not to a user.
        if type(value) is not expected:
            raise ValueError(f"expected {'an' if expected is int else 'a'} {expected.__name__}")
        return value


class RuleDocs(Frozen):
    """A rule's documentation (`Rule.docs`), from which `doclint rule`, the
    rule pages and SARIF's help are rendered, in ruff's convention: what the
    rule finds, why that is bad, an example of it and what to write instead.

    Each text is Markdown, written as a docstring is (its lines after the
    first indented as the code around it): it is dedented as one. An example
    that opens with a fenced block goes below its heading, else after it;
    a note says where the example is from: `**Example** (in a keyword index):`.
    """

    FIELDS = (
        "what",
        "why",
        "example",
        "use_instead",
        "example_note",
        "use_instead_note",
    )
    __slots__ = (*FIELDS, "_written")
    what: str
    why: str
    example: str
    use_instead: str
    example_note: str
    use_instead_note: str

    def __init__(
        self,
        what: str,
        why: str,
        example: str,
        use_instead: str,
        example_note: str = "",
        use_instead_note: str = "",
    ) -> None:
        texts = (what, why, example, use_instead, example_note, use_instead_note)
        for name, text in zip(self.FIELDS, texts, strict=True):
            if not isinstance(text, str):
                raise TypeError(f"RuleDocs.{name} must be text")
        # Dedented when first read (`__getattr__`): every rule a check runs
        # builds its documentation, which only `doclint rule`, the rule pages
        # and SARIF read.
        object.__setattr__(self, "_written", dict(zip(self.FIELDS, texts, strict=True)))
        for name, text in zip(self.FIELDS[:4], texts, strict=False):
            # Dedenting removes only white space: a text with more is not empty.
            if not text.strip() and not getattr(self, name):
                raise ValueError(f"RuleDocs.{name} is empty")

    def __getattr__(self, name: str) -> str:
        # Only reached for a field not read yet.
        written: dict[str, str] = object.__getattribute__(self, "_written")
        if name not in written:
            raise AttributeError(name)
        text = inspect.cleandoc(written[name])
        object.__setattr__(self, name, text)
        return text

    def markdown(self) -> str:
        """The documentation as one Markdown text."""
        return "\n\n".join(
            (
                self.what,
                f"**Why is this bad?** {self.why}",
                _headed("Example", self.example_note, self.example),
                _headed("Use instead", self.use_instead_note, self.use_instead),
            )
        )


def _headed(title: str, note: str, text: str) -> str:
    heading = f"**{title}** ({note}):" if note else f"**{title}:**"
    return f"{heading}\n\n{text}" if text.startswith("```") else f"{heading} {text}"


class RuleContext:
    """The read-only view a rule gets of the file being checked and its tree.

    Every question about another file goes through `Tree.fact`, and its answer
    is recorded in `facts`: the cache re-asks exactly those questions to know
    whether a stored result still holds. Without `records_facts` (a run that
    keeps no result), the questions whose recorded answer is only a digest
    (a source, an anchor set, a listing) are not recorded: the digest would
    cost a pass over each source for nothing.
    """

    def __init__(
        self,
        tree: Tree,
        path: str,
        text: str,
        lines: list[str],
        replaced_lines: frozenset[int] = frozenset(),
        *,
        records_facts: bool = True,
        generators: Generators | None = None,
    ) -> None:
        self._tree = tree
        self.records_facts = records_facts
        if generators is None:
            from doclint.profiles.generators import shipped_generators

            generators = shipped_generators()
        self.generators = generators
        """The run's generators, the shipped ones and its configuration's:
        what their pages are and claim."""
        self.profiles: tuple[Profile, ...] = generators.object_profiles
        """The run's profiles of object pages besides the built-in ones."""
        self.path = path
        self.text = text
        """The whole file, LF newlines: a rule can rule out a file in one search."""
        self.lines = lines
        self.replaced_lines = replaced_lines
        """Lines where doclint read undecodable bytes as U+FFFD (reported as invalid-utf8)."""
        self.facts: dict[tuple[str, str], object] = {}
        self.options: Mapping[str, OptionValue] = MappingProxyType({})
        """The running rule's options (`Rule.options`), defaults filled in."""
        self._read: dict[Callable[..., object], tuple[PageBase, object]] = {}

    def ask_again(self, facts: Iterable[tuple[str, str]]) -> None:
        """Ask tree questions (kind, path) again, as the rules that asked them
        would: the engine does so when it reuses their findings (Scope.PAGE),
        so that the cache knows them. A run without a cache records nothing."""
        if not self.records_facts:
            return
        for kind, path in facts:
            self._ask(kind, path)

    def _ask(self, kind: str, path: str) -> object:
        key = (kind, path)
        if key not in self.facts:
            self.facts[key] = self._tree.fact(kind, path)
        return self.facts[key]

    def _record(self, kind: str, path: str) -> None:
        """Record a question whose answer the rule takes from the tree itself."""
        if self.records_facts:
            self._ask(kind, path)

    def tally(self, template: str, count: int) -> None:
        """Count `count` claims of the file its check could not judge, said
        once a run with the others counted by `template` (`{count}` their
        total, `{s}` "s" where it is not 1): a fact of the file's result, so
        that a run reusing the result counts them again."""
        if count > 0:
            self._ask("tally", f"{self.path}\0{count}\0{template}")

    @property
    def listing_mode(self) -> bool:
        """True when existence comes from a listing: sizes may be unknown."""
        return self._tree.listing_mode

    def once_per_tree(self, key: str, build: Callable[[RuleContext], BuiltT]) -> BuiltT:
        """What `build` makes of the whole tree (an index of the project's
        names), built at the first call of a run and kept on the tree under
        `key`. `build` asks its questions through the context it is given;
        each context that gets what it built asks them again, so that the
        cache knows that every file using it depends on them."""
        held = self._tree.built.get(key)
        if held is None or held[0] != self.records_facts:
            asker = RuleContext(
                self._tree,
                self.path,
                self.text,
                self.lines,
                records_facts=self.records_facts,
                generators=self.generators,
            )
            held = self._tree.built[key] = (self.records_facts, build(asker), tuple(asker.facts))
        self.ask_again(held[2])
        return cast(BuiltT, held[1])

    def read_once(self, page: PageT, reader: Callable[[PageT, RuleContext], ReadT]) -> ReadT:
        """What `reader` reads of `page` (an object page by its profile's
        outline, a page's citations judged), read at the first ask and kept
        for the page's other rules: the rules that judge one reading of a
        page share it, and it goes with the file's context when its check is
        over. `reader` asks its questions through the context, as a rule does."""
        known = self._read.get(reader)
        if known is not None and known[0] is page:
            return cast(ReadT, known[1])
        value = reader(page, self)
        self._read[reader] = (page, value)
        return value

    def exists(self, path: str) -> bool:
        return self.is_file(path) or self.is_dir(path)

    def is_file(self, path: str) -> bool:
        return bool(self._ask("is_file", path))

    def is_dir(self, path: str) -> bool:
        return bool(self._ask("is_dir", path))

    def children(self, folder: str, *, links: bool = True) -> tuple[list[str], list[str]] | None:
        """(files, subfolders) of a folder of the tree, or None; without
        `links`, no subfolder that is a symbolic link (a walk of the whole
        tree then goes round no loop of links) and no file that is a link
        out of the root."""
        self._record("children", folder)
        return self._tree.children(folder, links=links)

    def walk(self, top: str = "") -> Iterator[tuple[str, list[str], list[str]]]:
        """(folder, files, subfolders) for `top` and each folder below it, a
        folder before those in it and in order of name; as with `os.walk`,
        the caller may prune `subfolders`. The one walk of the project: a
        subfolder that is a symbolic link is neither listed nor entered (two
        links to `.` would make a walk that follows them exponential, one
        out of the tree would make outside files the project's), so each
        folder of the tree is listed once at most."""
        folders = [top]
        while folders:
            folder = folders.pop()
            listing = self.children(folder, links=False)
            if listing is None:
                continue
            files, subfolders = listing
            yield folder, files, subfolders
            folders += (posixpath.join(folder, name) for name in reversed(subfolders))

    def is_binary(self, path: str) -> bool | None:
        """Whether a file of the tree is binary (NUL in its first 8 KiB); None
        when only a listing knows the file."""
        binary = self._ask("binary", path)
        return binary if isinstance(binary, bool) else None

    def file_size(self, path: str) -> int | None:
        size = self._ask("size", path)
        return size if isinstance(size, int) else None

    def source(self, page: PageBase) -> SourceFile | None:
        """The file `page` documents, if the tree has it (or its embedded copy)."""
        if page.described is None:
            return None
        self._record("source", page.described)
        return self._tree.source(page.described)

    def source_at(self, path: str) -> SourceFile | None:
        """A file of the tree read as a source (a generator profile's page
        names its source by its own path, not by a title)."""
        self._record("source", path)
        return self._tree.source(path)

    def anchors(self, path: str) -> frozenset[str] | None:
        """GitHub heading anchors of a Markdown file of the tree."""
        self._record("anchors", path)
        return self._tree.anchors(path)

    def relative_links(self, page: PageBase) -> Iterator[tuple[Link, LinkTarget]]:
        """The page's live links with a relative target, resolved. None for a
        page away from its place in the tree: its links were written for
        another folder (misplaced-page reports it once)."""
        if page.is_detached():
            return iter(())
        # Resolved once a page: broken-link, broken-anchor and
        # link-escapes-root all walk them.
        return iter(self.read_once(page, _resolved_links))

    def resolve(self, page: PageBase, target: str) -> LinkTarget | None:
        """Resolve a link of `page`; None for external or empty targets."""
        from doclint.tree.index import resolve_link

        return resolve_link(page.path, posixpath.dirname(page.path), target)

    def reading(self, page: PageBase) -> Reading:
        """How `page` is read (parsing/reading.py): its kind, its writer and
        why, made once per page, at the engine's first ask, from the run's
        generators; a test on its path and lines, asking of the tree only
        whether a profile's marker is in the project of a page in its layout."""
        return self.read_once(page, _reading)

    def written_by(self, page: PageBase, origin: Origin) -> bool:
        """Whether `page` may be one `origin` wrote, by its reading: True for
        every page a wiki or a layout profile wrote (for a layout profile,
        also for some pages in its docs folder that it did not write), and,
        for `Origin.CITATIONS`, for a wiki's page and a page of no template
        whose text may cite code."""
        return origin in origins_of(self.reading(page))

    def object_page(self, page: PageBase) -> ProfiledPage | None:
        """`page` read by the layout profile that wrote it (its object
        headings, labelled lists and sentences; parsing/object_pages.py),
        read once a page for all its rules; None for a page no profile wrote."""
        return self.read_once(page, _object_page)

    def citations(self, page: PageBase) -> PageCitations:
        """What a page no wiki wrote cites (`name:12`, `#L3`, a table's
        lines), the names its citing sentences present and the paths it
        names, as written (parsing/citations.py), read once a page for all
        its rules: the rules look its paths up in the tree."""
        return self.read_once(page, _citations)

    def wiki(self, page: PageBase) -> WikiFacts | None:
        """The claims of `page` when a generator of wikis wrote it (read by its
        grammar, once per page), else None."""
        return self.read_once(page, _wiki_facts)

    def neighbours(self, suffix: str) -> Iterator[tuple[str, str]]:
        """(path, text) of the other files of the page's folder whose names
        end in `suffix`, for work a rule starts ahead of their pages (Mermaid
        blocks sent to Node while the run checks other pages). Not recorded
        as facts: what a rule finds must not depend on them."""
        folder = posixpath.dirname(self.path)
        found = self._tree.children(folder)
        for name in found[0] if found is not None else ():
            path = posixpath.join(folder, name)
            if name.endswith(suffix) and path != self.path:
                text = self._tree.read_text(path)
                if text is not None:
                    yield path, text

    def file_lines(self, path: str) -> list[str] | None:
        """The lines of a file of the tree (LF-split, the empty string after a
        final newline not counted), None when the tree has no such file."""
        source = self.source_at(path)
        if source is None or not source.exact:
            return None
        lines = source.text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        return lines

    @property
    def checkout(self) -> Path:
        """The folder of the checkout holding the tree (the nearest folder
        with `.git` at or above its root), else the root: a tool the rule
        runs must load nothing from there, which the tree's author wrote."""
        from doclint.tree.reading import repository_root

        root = self._tree.root
        return repository_root(root) or root

    @property
    def history(self) -> HistoryView | None:
        """The history of the checkout holding the tree; None when the tree
        is in none (or git is missing)."""
        self._record("history", "")
        if self._tree.history() is None:
            return None
        return HistoryView(self)


def _resolved_links(page: PageBase, ctx: RuleContext) -> list[tuple[Link, LinkTarget]]:
    from doclint.tree.index import relative_links

    return relative_links(ctx._tree, ctx.facts, page.path, page.markdown.links)


def _reading(page: PageBase, ctx: RuleContext) -> Reading:
    from doclint.parsing.reading import read_page

    return read_page(cast("AnyPage", page), ctx.text, ctx.lines, ctx.generators, ctx.is_file)


def _object_page(page: PageBase, ctx: RuleContext) -> ProfiledPage | None:
    place = ctx.reading(page).place
    if place is None:
        return None
    from doclint.parsing.object_pages import read_object_page

    return read_object_page(cast("MarkdownPage", page), ctx.lines, place)


def _citations(page: PageBase, ctx: RuleContext) -> PageCitations:
    from doclint.parsing.citations import read_citations

    return read_citations(page.path, ctx.lines, page.markdown)


def _wiki_facts(page: PageBase, ctx: RuleContext) -> WikiFacts | None:
    wiki = ctx.reading(page).wiki
    if wiki is None:
        return None
    from doclint.parsing.wiki import read_wiki

    return read_wiki(page.path, ctx.lines, page.markdown, wiki)


class HistoryView:
    """What a rule may ask of the checkout's history: each answer recorded
    among the file's facts, as the tree's are."""

    def __init__(self, ctx: RuleContext) -> None:
        self._ctx = ctx
        history = ctx._tree.history()
        assert history is not None
        self._history = history

    @property
    def shallow(self) -> bool:
        self._ctx._record("shallow", "")
        return self._history.shallow

    def commit(self, rev: str) -> str | None:
        """The full name of the commit `rev` (a hex prefix) names, if the history has it."""
        self._ctx._record("commit", rev)
        return self._history.commit(rev)

    def parentless(self, commit: str) -> bool:
        """Whether the history holds `commit` without a parent: a shallow
        clone's oldest commit, which `git log` and `git blame` give every
        older change to (or a repository's first commit)."""
        self._ctx._record("parentless", commit)
        return self._history.parentless(commit)

    def lines_at(self, commit: str, path: str) -> tuple[str, ...] | None:
        """The lines of the file at `path` at `commit`, None when it had none."""
        self._ctx._record("blob", f"{commit}\0{path}")
        return self._history.lines_at(commit, path)

    def paths_at(self, commit: str) -> frozenset[str] | None:
        """The files of the tree at `commit`; None when the history cannot say."""
        self._ctx._record("paths", commit)
        return self._history.paths_at(commit)

    def last_change(self, path: str) -> str | None:
        """The commit in which the file at `path` last changed; None when the
        work tree's copy differs from it (or the history has none)."""
        self._ctx._record("last_change", path)
        return self._history.last_change(path)

    def blame(self, path: str) -> tuple[str, ...] | None:
        """The commit that last wrote each line of the file at `path` (one
        `git blame` for the whole file); None when its lines as the run
        reads them (the page being checked: its text) are not HEAD's."""
        self._ctx._record("blame", path)
        ctx = self._ctx
        data = ctx.text.encode("utf-8") if path == ctx.path else ctx._tree.read_bytes(path)
        return self._history.blame(path, data)

    def renamed(self, commit: str) -> Mapping[str, str]:
        """The files renamed since `commit` (old path to new)."""
        self._ctx._record("renamed", commit)
        return self._history.renamed(commit)

    def remotes(self) -> frozenset[str]:
        """`host/owner/repo` of each remote of the checkout."""
        self._ctx._record("remotes", "")
        return self._history.remotes()


def shown_target(target: str, limit: int = 200) -> str:
    """A link target as a message can show it: control characters escaped, and
    cut short, since a hostile page may hold a link of megabytes."""
    if len(target) <= limit and target.isprintable():
        return target
    text = "".join(char if char.isprintable() else repr(char)[1:-1] for char in target[:limit])
    return text + "\u2026" if len(target) > limit else text


TREE_PATH_MARK = "\0"
"""Brackets a path of the tree in a message (no shown text holds a NUL)."""


def shown_tree_path(path: str, limit: int = 200) -> str:
    """A path relative to the tree root (a resolved link target) as a message
    can show it. The finding's own path is shown relative to the working
    folder, which a stored message cannot know: the engine writes this one
    on the same base when it reports the finding."""
    return f"{TREE_PATH_MARK}{shown_target(path, limit)}{TREE_PATH_MARK}"


if TYPE_CHECKING:
    PageT = TypeVar("PageT", bound=PageBase)
else:
    # Its bound is for type checkers: as text, typing would compile it (a
    # process's first `compile()` builds the classes of `ast`'s nodes).
    PageT = TypeVar("PageT")


def _kinds_of(page_type: object) -> frozenset[DocKind] | None:
    """The kinds of page a type of page stands for (a page class or a union of
    them); None for every kind."""
    from doclint.models.page import DocKind, PageBase

    if get_origin(page_type) is Annotated:
        return _kinds_of(get_args(page_type)[0])
    if isinstance(page_type, UnionType) or get_origin(page_type) is Union:
        kinds: frozenset[DocKind] = frozenset()
        for member in get_args(page_type):
            member_kinds = _kinds_of(member)
            if member_kinds is None:
                return None
            kinds |= member_kinds
        return None if kinds == frozenset(DocKind) else kinds
    if isinstance(page_type, type) and issubclass(page_type, PageBase):
        kind = getattr(page_type, "kind", None)
        if isinstance(kind, DocKind):
            return frozenset({kind})
    return None


class Rule(Generic[PageT]):
    """Base class of every rule. Subclasses set the metadata and `check`.

    The type argument is the kind of page the rule checks: `Rule[KeywordIndex]`
    runs on keyword indexes only and its `check` gets a `KeywordIndex`;
    `Rule[FileDocs | FolderDoc]` runs on both; a bare `Rule` (or
    `Rule[AnyPage]`) on every page. `kinds` is derived from it, so a rule says
    what it checks once. A `Rule[AnyPage]` may set `kinds` itself, for a check
    that reads what every page has: its class then needs no generator's page
    model, which a check of pages of no generator (a README) does not import.
    """

    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    docs: ClassVar[RuleDocs]
    severity: ClassVar[Severity] = Severity.ERROR
    default_enabled: ClassVar[bool] = True
    fix_safety: ClassVar[FixSafety] = FixSafety.NONE
    scope: ClassVar[Scope] = Scope.PAGE
    kinds: ClassVar[frozenset[DocKind] | None] = None
    origin: ClassVar[Origin | None] = None
    """The writer of the only pages the rule can judge; None for any page.
    The rule must find nothing on a page `RuleContext.written_by` denies it."""
    options: ClassVar[Mapping[str, RuleOption]] = MappingProxyType({})
    # Every cause the rule's findings carry, one per distinct reason it fires.
    causes: ClassVar[tuple[Cause, ...]] = ()

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        for base in cls.__dict__.get("__orig_bases__", ()):
            if get_origin(base) is Rule:
                kinds = _kinds_of(get_args(base)[0])
                if "kinds" not in cls.__dict__:
                    cls.kinds = kinds
                elif kinds is not None:
                    raise TypeError(f"{cls.__name__}: give the page type or `kinds`, not both")

    def check(self, page: PageT, ctx: RuleContext) -> Iterable[Finding]:
        raise NotImplementedError

    @classmethod
    def outside_state(cls) -> str:
        """What the rule's findings depend on besides the page, the tree and
        the settings (a tool it runs, and its version), as text: it joins the
        key of stored results, so that a change re-checks the pages. Must be
        cheap: every run that keeps results asks it."""
        return ""

    @classmethod
    def documentation(cls) -> str:
        """The rule's documentation as Markdown (`docs`)."""
        return cls.docs.markdown()

    @classmethod
    def resolve_options(cls, values: Mapping[str, object]) -> Mapping[str, OptionValue]:
        """The rule's options: `values` checked against what it declares, the
        defaults for the rest. ValueError names an unknown or ill-typed option."""
        for key in values:
            if key not in cls.options:
                known = ", ".join(f"`{name}`" for name in cls.options) or "none"
                raise ValueError(f"unknown option `{key}` of rule {cls.name} (options: {known})")
        resolved = {}
        for key, option in cls.options.items():
            try:
                resolved[key] = option.validate(values[key]) if key in values else option.default
            except ValueError as error:
                raise ValueError(f"option `{key}` of rule {cls.name}: {error}") from None
        return MappingProxyType(resolved)

    @classmethod
    def applies_to(cls, kind: DocKind) -> bool:
        return cls.kinds is None or kind in cls.kinds

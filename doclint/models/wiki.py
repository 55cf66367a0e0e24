"""What a wiki page claims about the code it describes, with positions.

A wiki page (DeepWiki's and its clones') is about a topic, not one source:
its claims are its citations (a file, lines of it, maybe the commit they were
read at), its list of relevant source files, its links to other pages, and
the names it shows in backticks as the project's own. The parser reads them
by a wiki profile's grammar (`doclint.profiles.model.WikiGrammar`); the rules
prove each one against the tree and its history.

Lines and columns are 1-based and refer to the physical file.
"""

from __future__ import annotations

from doclint.models.records import NamedTuple

LineRange = tuple[int, int]
"""First and last line, inclusive, as the page wrote them (not yet checked)."""


class Citation(NamedTuple):
    """A reference to lines of a file: a link by one of the profile's
    citation grammars, or a citation written where it cannot render as one."""

    line: int
    column: int
    text: str
    """The citation as written (link text, or the code span / line part)."""
    path: str
    """The cited file, relative to the tree root ("" when it names none)."""
    ranges: tuple[LineRange, ...]
    """The cited lines: empty for a whole file."""
    commit: str = ""
    """The commit the citation is pinned to (a hex prefix), "" for none."""
    repository: str = ""
    """`host/owner/repo` of a pinned URL, lower-case; "" for a relative one."""
    problem: str = ""
    """Why the citation is malformed ("" when it is well formed)."""
    judged: bool = True
    """False when its file cannot be told (its own text pasted as the path):
    only malformed-citation reports it."""
    form: str = ""
    """How a page of no wiki wrote it (`span`, `link`, `prose`, `table`); ""
    for a wiki's citation, read by its generator's grammar."""
    base: str = ""
    """Where a page of no wiki reads `path` from: `root` (a URL of the
    repository, `/path`), `page` (a relative link's target: the page's
    folder, else the root), `any` (as a reader would: the page's folder, a
    path named earlier, a name unique in the tree)."""
    numbers: tuple[tuple[int, int], ...] = ()
    """Columns (1-based, end excluded) of each line number as written on
    its line, in the text and the target alike: what a re-anchoring rewrites."""
    section: int = 0
    """The line of the heading of its section (0: above the first)."""


class SourceEntry(NamedTuple):
    """An entry of the page's list of relevant source files."""

    line: int
    column: int
    path: str
    commit: str = ""
    repository: str = ""


class SiteLink(NamedTuple):
    """A link to a page of the wiki's web site (`/owner/repo/4.2-slug`)."""

    line: int
    column: int
    target: str
    slug: str
    """The page's slug without its number (`ticket-virtual-object`); for a
    link by the page's number alone, that number after `#` (`#4.2`)."""


class NameMention(NamedTuple):
    """A name in backticks that the page presents as the project's own."""

    line: int
    column: int
    span: str
    """The code span as written (`scriptClient.getAllScripts()`)."""
    name: str
    """The name judged: a dotted name's last member, a call's callee."""
    qualifier: str
    """The part before the last member of a dotted name ("" for none)."""
    cites: tuple[int, ...]
    """Indexes in `WikiFacts.citations` of the citations its sentence gives
    (empty when the sentence cites nothing)."""


class Markup(NamedTuple):
    """Generator markup left in the page (`<FileRef ...>`)."""

    line: int
    column: int
    text: str


class NamedPath(NamedTuple):
    """A path a page names without lines (`src/spans.py`, a link to a
    file): what a later bare name (`spans.py:40`) is read against."""

    line: int
    section: int
    path: str
    base: str
    column: int = 0


class PageCitations(NamedTuple):
    """What a page of no wiki cites, as written: its paths not yet looked
    up in the tree (the rules read them as a reader would)."""

    citations: tuple[Citation, ...]
    named: tuple[NamedPath, ...]
    names: tuple[NameMention, ...] = ()
    """The names in backticks of the sentences, list items and table rows
    that cite, with the indexes in `citations` of their citations."""


class ClimbingShort(NamedTuple):
    """A page's citation links that climb fewer folders than the page sits
    below the root (a wiki written for `.deepwiki/`, moved into
    `docs/wiki/`): its citations are read as their texts say, from the
    root."""

    climb: int
    """How many folders (`../`) each climbs."""
    line: int
    column: int
    target: str
    """The first such link's place and target."""
    followed: str
    """The path Markdown follows that target to from the page's folder."""
    targets: tuple[tuple[int, int], ...]
    """Where each link of the page climbing so starts its target (line and
    column, 1-based); () where one's target is not on its link's line."""


class WikiFacts(NamedTuple):
    """Every claim of one wiki page."""

    generator: str
    citations: tuple[Citation, ...]
    sources: tuple[SourceEntry, ...]
    site_links: tuple[SiteLink, ...]
    names: tuple[NameMention, ...]
    markup: tuple[Markup, ...]
    climbing_short: ClimbingShort | None = None

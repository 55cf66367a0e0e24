"""Which pages' citations the citation rules read, decided cheaply.

A wiki's page is read by its generator's grammar (`_wiki`); any other plain
Markdown page by the reader of every page's citations (`_any_page`), once one
of its lines holds what a citation needs (`x:12`, `#L3`, a column headed
`Line`). Most pages of most trees hold none: for them neither reader, nor the
wikis' claims, is imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from doclint.rule_api import MarkdownPage, Origin, PageBase, RuleContext, compiled_on_use

if TYPE_CHECKING:
    from doclint.rule_api_generators import WikiFacts

ANY_PAGE = "markdown"
"""The generator named by the claims of a page no wiki wrote."""


def citing(page: PageBase, ctx: RuleContext, claim: str) -> WikiFacts | None:
    """The page's citations when it makes `claim` by them: a wiki's page by
    its grammar, any other plain Markdown page as a reader reads it."""
    if ctx.written_by(page, Origin.WIKI):
        from ._wiki import wiki_claiming

        return wiki_claiming(page, ctx, claim)
    if not isinstance(page, MarkdownPage) or not ctx.written_by(page, Origin.CITATIONS):
        return None
    from doclint.rule_api_generators import CLAIMS_OF, PageKind

    if claim not in CLAIMS_OF[PageKind.CITING] or a_record(page.path):
        return None
    from ._any_page import any_page_facts

    facts = any_page_facts(page, ctx)
    return facts if facts.citations else None


# Pages that record the past: a changelog's or a decision record's citations
# were true of the code of their day, and are not rewritten as it moves.
_RECORD_NAMES = frozenset(
    {"changelog", "changes", "history", "news", "releases", "release-notes", "release_notes"}
)
_RECORD_FOLDERS = frozenset({"adr", "adrs", "decisions", "changelog", "changelogs", "releases"})


def a_record(path: str) -> bool:
    """Whether the page at `path` is a record of the past (a changelog, an
    architecture decision record): its citations are not judged."""
    *folders, name = path.lower().split("/")
    stem = name.rsplit(".", 1)[0]
    return stem in _RECORD_NAMES or any(folder in _RECORD_FOLDERS for folder in folders)


_TOKEN = compiled_on_use(r"[A-Za-z_$][A-Za-z0-9_$]*+")

# Words that open a line in many languages and name nothing of the project's.
_OPENERS = frozenset(
    [
        "def",
        "fn",
        "func",
        "function",
        "const",
        "let",
        "var",
        "val",
        "pub",
        "static",
        "final",
        "private",
        "public",
        "protected",
        "class",
        "struct",
        "enum",
        "interface",
        "type",
        "return",
        "if",
        "else",
        "elif",
        "for",
        "while",
        "match",
        "case",
        "async",
        "await",
        "export",
        "import",
        "from",
        "self",
        "this",
        "new",
        "throw",
        "raise",
        "try",
        "catch",
        "except",
        "with",
        "yield",
        "mut",
        "ref",
    ]
)


def edited_in_place(block: Sequence[str], now: Sequence[str], first: int) -> bool:
    """Whether a one-line block was edited where it stands: the line there
    now leads with the same name (`MAX_LOOP = 1000` made `MAX_LOOP = 2000`)."""
    if len(block) != 1 or first > len(now):
        return False
    before, after = _leading_name(block[0]), _leading_name(now[first - 1])
    return len(before) >= 3 and before == after


def _leading_name(line: str) -> str:
    """The first word of a line that is no language's keyword."""
    return next((word for word in _TOKEN.findall(line) if word not in _OPENERS), "")

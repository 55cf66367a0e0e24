"""The memo of the pages a run parsed lately (`PageMemo`), which the page
parser and the builders of embedded pages share: what it keeps of a page and
where it may serve again, bounded by how deep pages are embedded. Not a
compiled module, as its records are named tuples."""

from __future__ import annotations

from typing import NamedTuple

from doclint.models.generated import AnyPage
from doclint.models.page import DocKind
from doclint.util.lru import RecentPages

# Each generator pass over docs/ embeds one page in another; real trees have two
# or three levels. Deeper nesting is left as plain embedded text, which bounds
# both the recursion and the re-parsing of the same lines at each level.
MAX_EMBEDDED_DEPTH = 8


class ParsedPage(NamedTuple):
    """A page as a memo keeps it, with what tells where it may serve again."""

    page: AnyPage
    first_line: int
    depth: int
    nesting: int
    """How many pages are embedded one in another below this one."""

    def serves(self, depth: int) -> bool:
        """Whether the page parsed at `self.depth` is the page parsed at
        `depth`: the same unless the depth limit cut one of the two short."""
        return max(self.depth, depth) + self.nesting < MAX_EMBEDDED_DEPTH


def nesting(page: AnyPage) -> int:
    """How many pages are embedded one in another below `page`."""
    count = 0
    while page.kind is DocKind.FILE_DOCS and page.source is not None and page.source.document:
        page, count = page.source.document, count + 1
    return count


PageMemo = RecentPages[ParsedPage]

"""What every page builder starts from: one parse of the page's generic layer,
its sections, and lookups of the nodes a template section holds."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Protocol, TypeVar

from doclint.models.generated import AnyPage
from doclint.models.markdown import Heading, Node, build_node
from doclint.models.page import Section
from doclint.parsing.markdown import read_markdown
from doclint.util.lazy_regex import compiled_on_use

if TYPE_CHECKING:
    from doclint.parsing.page_memo import PageMemo
    from doclint.profiles.generators import Generators

N = TypeVar("N", bound=Node)

# A metadata line, "- **Size**: 1,024 bytes", as list item text.
FIELD = compiled_on_use(r"\*\*(?P<name>[^*]+)\*\*:\s*(?P<value>.*)")
CODE_NAME = compiled_on_use(r"`(?P<name>[^`]+)`")


class PageReader(Protocol):
    """The page parser (`doclint.parsing.pages.parse_page`), which a builder
    calls back for a page embedded in the one it builds: the parser imports
    the builders, so they are handed it rather than importing it."""

    def __call__(
        self,
        text: str,
        path: str,
        first_line: int = 1,
        embedded_in: str | None = None,
        *,
        depth: int = 0,
        lines: list[str] | None = None,
        memo: PageMemo | None = None,
        generators: Generators | None = None,
    ) -> AnyPage: ...


class PageBuilder:
    """Parses one text's layer and indexes it by line so template sections can
    pick their parts."""

    def __init__(
        self,
        text: str,
        first_line: int,
        path: str,
        depth: int = 0,
        lines: list[str] | None = None,
        memo: PageMemo | None = None,
        *,
        generators: Generators,
        read_page: PageReader,
    ) -> None:
        # One split serves the line scan and the lookups here: a page may
        # hold a whole source file.
        self.lines = text.split("\n") if lines is None else lines
        self.first_line = first_line
        # The keyword-entry lines the line scan read whole, for the keyword
        # index's builder (`doclint.parsing.line_scan.KeywordLines`).
        self.layer, self.keyword_lines = read_markdown(text, first_line, self.lines)
        self.path = path
        self.depth = depth
        self.memo = memo
        self.generators = generators
        """The run's generators, whose templates the page's parts are read by."""
        self.read_page = read_page
        """The parser of a page embedded in this one."""
        self.sections = sections(self.layer.headings, self.last_line)

    @property
    def last_line(self) -> int:
        return self.first_line + self.layer.line_count - 1

    def line_text(self, line: int) -> str:
        index = line - self.first_line
        return self.lines[index] if 0 <= index < len(self.lines) else ""

    def section(self, title: str, level: int = 2, after: int = 0) -> Section | None:
        for section in self.sections:
            if section.level == level and section.title == title and section.line > after:
                return section
        return None

    def subsections(self, parent: Section | None) -> list[Section]:
        if parent is None:
            return []
        return [
            section
            for section in self.sections
            if section.level == parent.level + 1 and parent.line < section.line <= parent.end_line
        ]


def sections(headings: Sequence[Heading], last_line: int) -> list[Section]:
    """Each heading's section: it ends before the next heading of its level or
    higher. One pass with a stack of open sections, so a page of 100,000
    headings costs no more than its length."""
    ends = [last_line] * len(headings)
    # The open sections' levels, strictly increasing, and their headings' indexes.
    levels: list[int] = []
    indexes: list[int] = []
    for index, (line, _, level, _) in enumerate(headings):
        while levels and levels[-1] >= level:
            levels.pop()
            ends[indexes.pop()] = line - 1
        levels.append(level)
        indexes.append(index)
    return [
        build_node(Section, (line, column, level, text, end))
        for (line, column, level, text), end in zip(headings, ends, strict=True)
    ]


_LINE = attrgetter("line")


def within(nodes: list[N], section: Section | None) -> list[N]:
    """The nodes (sorted by line) that sit in the body of `section`: found
    by two bisections, not by a list of every node's line."""
    if section is None:
        return []
    start = bisect_right(nodes, section.line, key=_LINE)
    return nodes[start : bisect_right(nodes, section.end_line, start, key=_LINE)]

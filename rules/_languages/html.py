"""HTML pages (`.html`, `.htm`), read by the standard library's
`html.parser`, which reads any text (an unclosed tag, a stray `<`) without
raising. An element's text and a comment are prose; tag names, attribute
names, and the values of the attributes that name things (`id`, `class`,
`name`, `for`, `href`, `src`, `type`, `data-*`, ...) are code, any other
attribute's value a literal (`title`, `alt`, `placeholder`: text for a
reader); a `<script>` or `<style>` element's body is code.

Its definitions are the ids of its elements (`<div id="app">`, an "id") and
its custom elements (`<script-list>`, an "element", by tag name: a name with
a hyphen is no HTML element), each from its start tag's line to its end
tag's, where it has one."""

from __future__ import annotations

from functools import lru_cache
from html.parser import HTMLParser

from doclint.rule_api import PROJECT_LANGUAGES

from . import Definition, Language, PlaceCollector, Places

# Attributes whose values are text for a reader, not names.
_TEXT_ATTRIBUTES = frozenset(
    {"title", "alt", "placeholder", "aria-label", "aria-description", "label", "content", "value"}
)
# Elements with no end tag: they end where they start.
_VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    }
)
_CODE_ELEMENTS = frozenset({"script", "style"})


class _Reader(HTMLParser):
    """One pass over a page: the places of its words, and its definitions."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found = PlaceCollector()
        self.definitions: list[Definition] = []
        # Open elements: tag, and the indices in `definitions` they hold.
        self.open: list[tuple[str, list[int]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs, closed=tag in _VOID)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs, closed=True)

    def _start(self, tag: str, attrs: list[tuple[str, str | None]], *, closed: bool) -> None:
        line = self.getpos()[0]
        self.found.add_code(tag)
        held: list[int] = []
        if "-" in tag:
            held.append(len(self.definitions))
            self.definitions.append(Definition(tag, line, "element", line))
        for name, value in attrs:
            self.found.add_code(name)
            if value is None:
                continue
            if name in _TEXT_ATTRIBUTES:
                self.found.add_literal(value)
            else:
                self.found.add_code(value)
            if name == "id" and value.strip():
                held.append(len(self.definitions))
                self.definitions.append(Definition(value.strip(), line, "id", line))
        if not closed:
            self.open.append((tag, held))

    def handle_endtag(self, tag: str) -> None:
        # An end tag closes its element and any left open inside it; one
        # that closes nothing open is ignored, as a browser ignores it.
        if not any(open_tag == tag for open_tag, _ in self.open):
            return
        line = self.getpos()[0]
        while self.open:
            open_tag, held = self.open.pop()
            for index in held:
                self.definitions[index] = self.definitions[index]._replace(end=line)
            if open_tag == tag:
                return

    def handle_data(self, data: str) -> None:
        if self.open and self.open[-1][0] in _CODE_ELEMENTS:
            self.found.add_code(data)
        else:
            self.found.add_text(data)

    def handle_comment(self, data: str) -> None:
        self.found.add_prose(data)


@lru_cache(maxsize=64)
def _read(text: str) -> tuple[Places, tuple[Definition, ...]]:
    reader = _Reader()
    try:
        reader.feed(text)
        reader.close()
    except (AssertionError, ValueError, IndexError):
        # `html.parser` reads any text in the versions doclint runs on; an
        # older one's assertion on a malformed declaration leaves what it read.
        pass
    return reader.found.places(), tuple(reader.definitions)


def read(text: str) -> Places:
    return _read(text)[0]


def definitions(text: str) -> tuple[Definition, ...]:
    return _read(text)[1]


LANGUAGE = Language(PROJECT_LANGUAGES["HTML"], frozenset(), read, definitions=definitions)

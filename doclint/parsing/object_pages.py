"""An object page of a profiled generator (RepoAgent's) read by its
profile's outline: the object headings, the items of their labelled lists,
the fixed sentences and the caller sentences, each at its line, and the code
blocks that swallow object headings. Nothing here reads the page's source:
whether the objects it names exist is for the rules.

The objects rules (DL7xx) each check one claim, and all of them share one
reading of a page (`RuleContext.object_page`).
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from doclint.models.markdown_lines import page_column, unescaped_names
from doclint.models.page import MarkdownPage
from doclint.profiles import EntryOutline, FieldOutline, Profile
from doclint.util.lazy_regex import compiled_on_use


class Entry(NamedTuple):
    """An object heading: `### FunctionDef name(a, b)`."""

    line: int
    column: int
    kind: str
    """"class" or "function", from the kind word the heading writes."""
    qualname: tuple[str, ...]
    """The names of the headings it sits under, and its own."""
    params: tuple[str, ...] | None
    """The parameter list as written; None when the heading writes none."""

    @property
    def dotted(self) -> str:
        return ".".join(self.qualname)


class Item(NamedTuple):
    """A list item of a labelled part (`· name: text`) naming something."""

    line: int
    column: int
    name: str
    field: str
    claim: str
    entry: Entry


class Mention(NamedTuple):
    """A line of the page making a claim by its text: a fixed sentence, or a
    sentence naming the callers of its section's object."""

    line: int
    column: int
    claim: str
    entry: Entry | None
    callers: tuple[str, ...] = ()


@dataclass(slots=True)
class ProfiledPage:
    """A page as its profile reads it."""

    profile: Profile
    project: str
    """The folder holding the docs folder and the sources, relative to the root."""
    source: str
    """The page's source, relative to the root."""
    entries: list[Entry] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)
    last_text_line: int = 0
    """The last line holding text outside a code block (0 for none)."""
    open_fence: bool = False
    """The page ends inside a code block it opened."""


# A name in a list of callers: an identifier, a dotted name (`self.run`), or
# a path (`examples/run_A2C.py`, `src/main.py/_route`).
_TOKEN = compiled_on_use(r"(?<![\w/.])[A-Za-z_]\w*(?:[/.][A-Za-z_]\w*)*", re.ASCII)
# A caller sentence's verb negated just before it: "is not called by",
# "is not directly invoked by", "不被`x`调用", "没有被`x`调用".
_NEGATED = compiled_on_use(
    r"(?:\bnot|\bnever|n't)(?: directly| explicitly)? $|(?:不|没有|未|并未|从未|并不|不会)\s*$"
)
_NEGATION_REACH = 24
"""How far before a caller sentence's verb its negation is looked for (the
longest, "not explicitly ", with room): not the whole line again for each
sentence of a line of many."""
# Words a caller list holds that name nothing: those joining it, and
# prepositions a sentence puts before a name ("such as in the `x` function").
# Python's keywords are never a function's name either.
_NOT_NAMES = frozenset(keyword.kwlist) | {
    "by",
    "within",
    "of",
    "to",
    "on",
    "at",
    "into",
    "via",
    "which",
    "that",
    "the",
    "a",
    "an",
    # Words standing for callers the sentence does not name ("such as those in ...").
    "those",
    "these",
    "them",
    "others",
    "another",
    "ones",
}


def read_object_page(
    page: MarkdownPage, lines: Sequence[str], place: tuple[Profile, str, str]
) -> ProfiledPage:
    """The page (its file's `lines`) read by the layout profile that wrote
    it, at its `place` (profile, project, source: the engine's reading of
    the page, parsing/reading.py, found it): its entries, lists and
    mentions. Read once a page for all its rules (`RuleContext.object_page`)."""
    return _read(page, lines, ProfiledPage(*place))


def in_output_example(profile: Profile, line: str, example: bool) -> bool:
    """Whether the lines from `line` on are in an output example (which
    illustrates, claiming nothing), where they were (`example`) before it: a
    part's label opens the output's and ends any other's."""
    label = profile.label_line.match(line)
    if label is None:
        return example
    part = profile.field_of_label(label.group("label"))
    return part is not None and part.name == "output"


def swallowed_headings(
    page: MarkdownPage, lines: Sequence[str], profiled: ProfiledPage, names: Collection[str]
) -> Iterator[tuple[int, int, str]]:
    """The line of each code block that swallows an object heading, the
    heading's line and the name it gives: a fence left open in one section
    swallows the headings after it, the headings of objects the source
    defines (`names`: an example's are made up), each heading in order. A
    closed block its author marked as Markdown shows a page as an example:
    its headings are the example's."""
    heading = profiled.profile.entries.pattern
    for block in page.markdown.code_blocks:
        if not block.fenced or (block.closed and _MARKDOWN.fullmatch(block.info.strip())):
            continue
        for number in range(block.content_line, block.end_line + (0 if block.closed else 1)):
            match = heading.match(lines[number - 1])
            if match is not None and match.group("name") in names:
                yield block.line, number, match.group("name")


def as_meant(
    page: MarkdownPage, lines: Sequence[str], profiled: ProfiledPage, names: Collection[str]
) -> ProfiledPage:
    """The page read as its author meant it where a code block swallows the
    headings of objects the source defines (`names`): from the first such
    heading to the block's end, its lines are read as the page's (each
    swallowed heading opens its object's section, and the text under it is
    that object's), but for the code blocks its author opened there. The
    page as read (`profiled`) where no block swallows one."""
    firsts: dict[int, int] = {}
    for block_line, heading, _name in swallowed_headings(page, lines, profiled, names):
        firsts.setdefault(block_line, heading)
    readable: set[int] = set()
    for block in page.markdown.code_blocks:
        first = firsts.get(block.line)
        if first is not None:
            last = block.end_line - 1 if block.closed else block.end_line
            readable.update(_authors_text(lines, first, last))
    if not readable:
        return profiled
    meant = ProfiledPage(profiled.profile, profiled.project, profiled.source)
    return _read(page, lines, meant, readable)


def _authors_text(lines: Sequence[str], first: int, last: int) -> Iterator[int]:
    """The lines `first` to `last` that are not in a code block their author
    opened and closed among them (an output example of the swallowed
    section), nor its fences."""
    example = False
    for number in range(first, last + 1):
        if _FENCE.match(lines[number - 1]):
            example = not example
        elif not example:
            yield number


_FENCE = compiled_on_use(r" {0,3}(?:```|~~~)")


_MARKDOWN = compiled_on_use(r"(?i)(?:markdown|md)(?:\s.*)?")
"""A fence's info string naming Markdown."""


def fenced_lines(page: MarkdownPage) -> set[int]:
    """The lines of the page's code blocks, their fences included."""
    return _fenced_lines(page)[0]


def _fenced_lines(page: MarkdownPage) -> tuple[set[int], bool]:
    fenced: set[int] = set()
    open_fence = False
    for block in page.markdown.code_blocks:
        fenced.update(range(block.line, block.end_line + 1))
        open_fence = open_fence or (block.fenced and not block.closed)
    return fenced, open_fence


def _read(
    page: MarkdownPage, lines: Sequence[str], profiled: ProfiledPage, readable: Collection[int] = ()
) -> ProfiledPage:
    """The page's lines outside its code blocks, and those of them that are
    `readable`, read into `profiled`."""
    fenced, profiled.open_fence = _fenced_lines(page)
    reader = _LineReader(profiled)
    for number, line in enumerate(lines, 1):
        if number not in fenced or number in readable:
            reader.read(number, line)
    return profiled


class _LineReader:
    """Reads a profile's page line by line: its entry headings, fixed
    sentences, labelled lists of names and caller sentences."""

    def __init__(self, profiled: ProfiledPage) -> None:
        self.profiled = profiled
        self.profile = profiled.profile
        self.sentences = {sentence.text: sentence.claim for sentence in self.profile.sentences}
        self.stack: list[Entry] = []
        self.entry: Entry | None = None
        self.field: FieldOutline | None = None
        """The field whose list items name things, while its list goes on."""
        self.items_started = False
        self.item_indent = 0

    def read(self, number: int, line: str) -> None:
        text = line.strip()
        if text:
            self.profiled.last_text_line = number
        outline = self.profile.entries
        heading = outline.pattern.match(line) if line.startswith("#") else None
        if heading is not None:
            self._entry(number, heading.groupdict(), outline)
            return
        if text in self.sentences:
            self.profiled.mentions.append(Mention(number, 1, self.sentences[text], self.entry))
            return
        label = self.profile.label_line.match(line)
        if label is not None:
            named = self.profile.field_of_label(label.group("label"))
            self.field = named if named is not None and named.item and named.claim else None
            self.items_started = False
        elif self.field is not None and self.entry is not None:
            self._item(number, line, self.field, self.entry)
        self._callers(number, line)

    def _entry(self, number: int, heading: dict[str, str | None], outline: EntryOutline) -> None:
        depth = max(len(heading["hashes"] or "") - outline.base_level, 0)
        del self.stack[depth:]
        params = heading.get("params")
        self.entry = Entry(
            number,
            1,
            outline.kinds.get(heading["kind"] or "", "function"),
            (*(e.qualname[-1] for e in self.stack), heading["name"] or ""),
            None if params is None else tuple(p.strip() for p in params.split(",") if p.strip()),
        )
        self.stack.append(self.entry)
        self.profiled.entries.append(self.entry)
        self.field = None

    def _item(self, number: int, line: str, outline: FieldOutline, entry: Entry) -> None:
        text = line.strip()
        item = outline.item.match(text) if outline.item is not None else None
        if item is None:
            # A blank line, before the items or between them (a loose list),
            # keeps the list going; any other line ends it.
            if text:
                self.field = None
            return
        indent = len(line) - len(line.lstrip())
        if not self.items_started:
            self.item_indent, self.items_started = indent, True
        name = item.group("name")
        # An item indented under the list's items is one of its parts (the
        # keys of a dict parameter), not a name of the object.
        if name not in outline.none_words and indent <= self.item_indent:
            column = line.find(name.lstrip("*")) + 1
            self.profiled.items.append(
                Item(number, column, name, outline.name, outline.claim or "", entry)
            )

    def _callers(self, number: int, line: str) -> None:
        # Names are read as they render: small models escape their underscores.
        read = unescaped_names(line)
        for caller in self.profile.callers:
            for match in caller.pattern.finditer(read):
                if _NEGATED.search(read, max(match.start() - _NEGATION_REACH, 0), match.start()):
                    continue  # "is not called by `x`" denies the call (wrong-relation judges it)
                names = caller_names(match.group("callers"), self.profile)
                column = page_column(line, match.start() + 1)
                self.profiled.mentions.append(
                    Mention(number, column, caller.claim, self.entry, names)
                )


def caller_names(written: str, profile: Profile) -> tuple[str, ...]:
    """The callers a sentence's list names: each function by its name (the
    last part of a dotted one: `self.run` is `run`), each file as written
    (`run_A2C.py`, `src/main.py/_route`: the file, then a function in it)."""
    suffix = profile.layout.source.partition("{path}")[2]
    names: list[str] = []
    for token in _TOKEN.findall(written):
        last = token.rpartition(".")[2]
        if source_file(token, suffix) is not None:
            names.append(token)
        elif "/" not in token and last not in _NOT_NAMES and not _other_file(token):
            names.append(last)
    return tuple(names)


# How the names of files other than sources end: `run.sh` names no function `sh`.
_EXTENSIONS = frozenset(
    {"sh", "bat", "ps1", "json", "yaml", "yml", "toml", "ini", "cfg", "md", "rst", "txt"}
    | {"csv", "html", "css", "js", "ts", "ipynb", "pyi", "pyx", "c", "h", "cpp"}
)


def _other_file(token: str) -> bool:
    return "." in token and token.rpartition(".")[2] in _EXTENSIONS


def source_file(token: str, suffix: str) -> tuple[str, str | None] | None:
    """A caller written as a file (`a/b.py`) or a function in one
    (`a/b.py/run`): the file and the function's name; None for a name."""
    if not suffix:
        return None
    if token.endswith(suffix):
        return token, None
    path, found, name = token.partition(f"{suffix}/")
    return (path + suffix, name) if found and "/" not in name and "." not in name else None

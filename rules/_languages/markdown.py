"""Markdown pages (`.md`), and above all the generator's own pages when it
documents them again (`X_docs.md_kw.md`): code is the source a page embeds,
read in that source's language (its comments stay prose); what the page
holds as code (code spans, fenced blocks, link targets) counts as string
literals: not prose, but no proof of a name either, since on a generated
page they are the generator's own entries and paths; everything else is prose,
but for words shaped as names (`JOB_NAME` in an issue template's "DISABLED
JOB_NAME"), which stand for names there and count as literals too."""

from __future__ import annotations

from doclint.rule_api import LANGUAGES, compiled_on_use
from doclint.rule_api_generators import closing_line, source_span

from . import (
    Definition,
    Language,
    PlaceCollector,
    Places,
    language_of,
    places,
    words_of,
)

# The path a generated page's title names (both templates, with or without backticks).
_TITLE = compiled_on_use(r"# (?:Documentation|Keyword Index|Keywords): `?([^`\s]+)`?\s*$")
# A fenced block runs from its opening line to its closing line, or to the
# end of the text, as the regex
#     ^ {0,3}(`{3,})[^`\n]*$.*?(?:^ {0,3}\1`*[ \t]*$|\Z)
#     |^ {0,3}(~{3,})[^\n]*$.*?(?:^ {0,3}\2~*[ \t]*$|\Z)
# with `re.MULTILINE | re.DOTALL` matches it (tests/rules/test_markdown_places.py
# splits with it), but found by `str.find`: the regex engine tries each
# position of a page for a line start (`_fenced_split`).
_FENCES = ("```", "~~~")


def read(text: str) -> Places:
    # A search for a pair of characters is a slower scan than for one.
    page = text.replace("\r\n", "\n") if "\r" in text else text
    found = PlaceCollector()
    embedded = embedded_source(page)
    if embedded is not None:
        start, end, language = embedded
        source = page[start:end]
        if language is None:
            found.add_literal_words(source)
        else:
            found.add(places(source, language))
        page = page[:start] + page[end:]
    # Whole runs at a time: a page is mostly prose, and a call per line costs.
    pieces, blocks = _fenced_split(page)
    found.add_literal_words(" ".join(blocks))
    page = " ".join(pieces)
    pieces, spans, targets = _code_split(page)
    found.add_literal_words(" ".join(spans))
    found.add_literal_words(" ".join(targets))
    found.add_text(" ".join(pieces))
    return found.places()


def embedded_source(page: str) -> tuple[int, int, Language | None] | None:
    """Where the source a generated page (LF newlines) embeds stands in it,
    and its language as the page's title names it (None: no reader)."""
    span = source_span(page)
    if span is None:
        return None
    title = next((m for m in map(_TITLE.match, page.split("\n", 3)[:3]) if m), None)
    return (*span, language_of(title[1]) if title else None)


def source_has(page: str, span: tuple[int, int, Language | None], words: set[str]) -> set[str]:
    """Those of `words` that the source embedded at `span` of `page` has,
    wherever they stand, as its language's reader (the same memo `read`
    fills) splits its words; a source without a reader as plain words."""
    start, end, language = span
    if language is None:
        return words & words_of(page[start:end])
    found = places(page[start:end], language)
    return {word for word in words if found.has(word)}


def _fenced_split(page: str) -> tuple[list[str], list[str]]:
    """The pieces of `page` (LF newlines) between its fenced blocks, and the
    blocks, each from its opening line's start to its closing line's end
    (without the newline) or to the text's end: `re.split` at the fenced
    blocks, its pieces and its blocks apart."""
    pieces: list[str] = []
    blocks: list[str] = []
    done = 0
    # Where the next "```" and "~~~" at or after `done` stand (-1: nowhere).
    found = [page.find(fence) for fence in _FENCES]
    while True:
        at = min((index for index in found if index >= 0), default=-1)
        if at < 0:
            break
        line = page.rfind("\n", 0, at) + 1
        opened = _opening(page, line, at)
        if opened is None:
            # No block opens on this line: look again from the next one.
            next_line = page.find("\n", at) + 1
            if next_line == 0:
                break
            end = next_line
        else:
            end = _block_end(page, opened[0], opened[1])
            pieces.append(page[done:line])
            blocks.append(page[line:end])
            done = end
        found = [
            index if index < 0 or index >= end else page.find(fence, end)
            for index, fence in zip(found, _FENCES, strict=True)
        ]
    pieces.append(page[done:])
    return pieces, blocks


def _opening(page: str, line: int, at: int) -> tuple[int, str] | None:
    """Where the opening line of a fenced block ends and its marker, when
    the fence found at `at` opens one on the line starting at `line`: up to
    three spaces before it, and no backtick after a backtick fence."""
    if at - line > 3 or page[line:at].strip(" "):
        return None
    run = at + 3
    while run < len(page) and page[run] == page[at]:
        run += 1
    line_end = page.find("\n", run)
    if line_end < 0:
        line_end = len(page)
    if page[at] == "`" and "`" in page[run:line_end]:
        return None
    return line_end, page[at:run]


def _block_end(page: str, opening_end: int, marker: str) -> int:
    """Where the block whose opening line ends at `opening_end` ends: its
    closing line's end, or the text's."""
    closing = closing_line(page, opening_end + 1, marker) if opening_end < len(page) else -1
    if closing < 0:
        return len(page)
    end = page.find("\n", closing)
    return len(page) if end < 0 else end


def _code_split(page: str) -> tuple[list[str], list[str], list[str]]:
    r"""The pieces of `page` between its code spans and link targets (the
    link's text is prose), the spans' texts and the targets that are not
    empty: `re.split` at the regex
        `(`*)(?!`)([^\n]+?)(?<!`)`\1(?!`)|\]\(([^)\s]*)\)
    its pieces, its groups 2 and 3 apart (tests/rules/test_markdown_places.py
    splits with it), but found by `str.find`: a match object and its groups
    cost more than the search."""
    pieces: list[str] = []
    spans: list[str] = []
    targets: list[str] = []
    done = at = 0
    tick, link = page.find("`"), page.find("](")
    while tick >= 0 or link >= 0:
        if link < 0 or 0 <= tick < link:
            start, end, text = _code_span(page, tick)
            if end < 0:
                at = start  # no span opens in this run of backticks
            else:
                spans.append(text)
        else:
            start, end, text = link, _link_target_end(page, link + 2), ""
            if end < 0:
                at = link + 1
            elif end > link + 3:
                targets.append(page[link + 2 : end - 1])
        if end >= 0:
            pieces.append(page[done:start])
            done = at = end
        if tick < at:
            tick = page.find("`", at)
        if link < at:
            link = page.find("](", at)
    pieces.append(page[done:])
    return pieces, spans, targets


def _code_span(page: str, tick: int) -> tuple[int, int, str]:
    """The code span opened in the run of backticks at `tick`: where it
    starts (the run's first backtick that opens one: the rest of the run is
    its opening), where it ends, and its text; the run's end and -1 when
    none opens. A span closes at the next run of as many backticks on its
    line."""
    run = tick + 1
    while run < len(page) and page[run] == "`":
        run += 1
    line_end = page.find("\n", run)
    if line_end < 0:
        line_end = len(page)
    for start in range(tick, run):
        size = run - start
        closing = page.find("`", run, line_end)
        while closing >= 0:
            closed = closing + 1
            while closed < line_end and page[closed] == "`":
                closed += 1
            if closed - closing == size:
                return start, closed, page[run:closing]
            closing = page.find("`", closed, line_end)
    return run, -1, ""


def _link_target_end(page: str, target: int) -> int:
    """Where the link target starting at `target` (after "](") ends, past
    its ")"; -1 if a space comes first or the text ends."""
    index = target
    while index < len(page):
        char = page[index]
        if char == ")":
            return index + 1
        if char.isspace():
            return -1
        index += 1
    return -1


def definitions(text: str) -> tuple[Definition, ...]:
    """What a Markdown page defines, in text order: each heading (ATX `##`
    or setext, not one inside a fenced block or the front matter) a
    "section" named by its text (code spans' backticks and closing `#`s
    left off), running to the line before the next heading of its level or
    above; and each fenced block whose info string names a language a
    "code block" named by it (`python`), running to its closing fence."""
    lines = text.replace("\r\n", "\n").split("\n")
    last = len(lines) - 1 if len(lines) > 1 and not lines[-1] else len(lines)
    found: list[tuple[int, Definition]] = []  # (heading level or 0, definition)
    open_sections: list[int] = []  # indices in `found` of sections not yet closed
    fence: tuple[int, str] | None = None  # the open block's index in `found` (or -1), marker
    first = _after_front_matter(lines)
    for number, line in enumerate(lines[first:], first + 1):
        marker = _fence_marker(line)
        if fence is not None:
            if marker is not None and _closes(line, marker, fence[1]):
                if fence[0] >= 0:
                    level, block = found[fence[0]]
                    found[fence[0]] = (level, block._replace(end=number))
                fence = None
            continue
        if marker is not None:
            info = line.strip()[len(marker) :].split()
            at = -1
            if info:
                at = len(found)
                found.append((0, Definition(info[0].strip("{}."), number, "code block", number)))
            fence = (at, marker)
            continue
        heading = _atx(line, number) or _setext(lines, number - 1, first)
        if heading is None:
            continue
        level, name, line_number = heading
        while open_sections and found[open_sections[-1]][0] >= level:
            closed = open_sections.pop()
            found[closed] = (found[closed][0], found[closed][1]._replace(end=line_number - 1))
        open_sections.append(len(found))
        found.append((level, Definition(name, line_number, "section", last)))
    return tuple(definition for _, definition in found)


def _after_front_matter(lines: list[str]) -> int:
    """The index of the first line after a page's front matter (0: none)."""
    if not lines or lines[0].rstrip() != "---":
        return 0
    for index in range(1, len(lines)):
        if lines[index].rstrip() in ("---", "..."):
            return index + 1
    return 0


def _fence_marker(line: str) -> str | None:
    """The fence a line opens or closes a fenced block with (```` ``` ````, `~~~`)."""
    stripped = line.lstrip(" ")
    if len(line) - len(stripped) > 3 or stripped[:3] not in _FENCES:
        return None
    size = len(stripped) - len(stripped.lstrip(stripped[0]))
    if stripped[0] == "`" and "`" in stripped[size:]:
        return None
    return stripped[:size]


def _closes(line: str, marker: str, opening: str) -> bool:
    return (
        marker[0] == opening[0] and len(marker) >= len(opening) and not line.strip()[len(marker) :]
    )


def _atx(line: str, number: int) -> tuple[int, str, int] | None:
    stripped = line.lstrip(" ")
    if len(line) - len(stripped) > 3 or not stripped.startswith("#"):
        return None
    level = len(stripped) - len(stripped.lstrip("#"))
    rest = stripped[level:]
    if level > 6 or (rest and rest[0] not in " \t"):
        return None
    name = rest.strip()
    closing = name.rstrip("#")
    if not closing or closing[-1] in " \t":
        name = closing.rstrip()
    return (level, name.replace("`", ""), number) if name else None


def _setext(lines: list[str], index: int, first: int) -> tuple[int, str, int] | None:
    """A setext heading whose underline is line `index` (0-based): its level,
    text and line (the text's, 1-based)."""
    underline = lines[index].strip()
    if not underline or underline.strip("=-") or len(set(underline)) != 1 or index <= first:
        return None
    above = lines[index - 1]
    text = above.strip()
    if (
        not text
        or len(above) - len(above.lstrip(" ")) > 3
        or text[0] in "#>|-*+"
        or _fence_marker(above) is not None
    ):
        return None
    return (1 if underline[0] == "=" else 2), text.replace("`", ""), index


LANGUAGE = Language(LANGUAGES["Markdown"], frozenset(), read, definitions=definitions)

"""What any Markdown page cites of code, read as a reader reads it.

A page no wiki generator wrote (a design note, a guide, a `LIFECYCLE.md`)
cites code in the forms people and their agents write: a code span
(`` `src/x.py:40-52` ``, `` `mod.rs:1216` ``, `` `answers.rs:88/91` ``,
`` `x.py:3, 9` ``, a follow-on `` `:481` `` of the file cited before it), a
link whose target or text names lines (`[x.py](x.py#L3-L9)`,
``[`x.py:3`](x.py)``, `file://`, a GitHub blob URL), a mention in the prose
(`spans.py:40-52` in a sentence) and a table column of line numbers whose
file stands in the row or the section. Nothing here looks at the tree: a
path is kept as written with where it is read from (`Citation.base`), and
the rules look it up as a reader would, counting a citation only when it
names a file of the tree.

Every pattern runs once over a line from left to right: a run of path
characters is tried only where it starts, its repeats possessive (a group's
in an atomic group, which every Python from 3.11.0 reads alike:
tests/test_regex_portability.py), so a line costs time linear in its length.
"""

from __future__ import annotations

import posixpath
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Sequence

from doclint.models.markdown import Link, MarkdownLayer, TableRow
from doclint.models.wiki import Citation, LineRange, NamedPath, NameMention, PageCitations
from doclint.util.lazy_regex import compiled_on_use
from doclint.util.link_paths import unquoted

from .citation_grammar import (
    MAX_RANGES,
    Span,
    cited_at,
    code_spans,
    fenced_lines,
    sentence_citations,
    sentence_parts,
)
from .inline import unescape

MAY_CITE = compiled_on_use(r"\w[:#]L?\d|\|\s*(?:\*\*)?[Ll]ines?\b")
"""A page none of whose lines holds this cites nothing: the test that keeps a
page of no citation from being read further."""

_NUMBER = r"\d{1,7}+"
_RANGE = rf"{_NUMBER}(?>(?:\s?[-\u2013]\s?{_NUMBER})?)"
_LINES = rf"{_RANGE}(?>(?:(?:,\s?|/){_RANGE})*)"
_PATH = r"[\w./\-]++"
# `x.py:3:5`, a line and a column, is a tool's output quoted (a compiler's,
# a linter's): no citation.
_SPAN = compiled_on_use(
    rf"\s*(?>(?P<path>{_PATH})?)(?::(?P<lines>{_LINES})|#L(?P<anchor>\d++(?>(?:-L?+\d++)?)))\s*"
)
_PROSE = compiled_on_use(rf"(?<![\w./\-:`\[#])(?P<path>{_PATH}):(?P<lines>{_LINES})(?![\w\-/]|:\w)")
_ANCHOR = compiled_on_use(r"L(\d++)(?>(?:-L?+(\d++))?)")
_GITHUB = compiled_on_use(
    r"https?://(?:www\.)?github\.com/(?P<repository>[\w.\-]++/[\w.\-]++)/blob/"
    r"(?P<ref>[^/#?\s]++)/(?P<path>[^#?\s]++)(?>(?:\?[^#\s]*+)?)(?>(?:#(?P<anchor>.*))?)"
)
_SCHEME = compiled_on_use(r"[A-Za-z][A-Za-z0-9+.\-]*+:")
_DIGITS = compiled_on_use(r"\d++")
_TARGET_LINES = compiled_on_use(r"\d++(?>(?:-\d++)?)")
_HEX = compiled_on_use(r"[0-9a-fA-F]{7,64}")
_NAME = compiled_on_use(
    r"(?P<qualifier>(?>(?:[A-Za-z_$][A-Za-z0-9_$]*+\.)*))(?P<name>[A-Za-z_$][A-Za-z0-9_$]*+)"
    r"(?>(?:<[^<>]*+>)?)(?>(?:\([^()]*+\))?)"
)
_LINE_HEADER = compiled_on_use(
    r"(?i)\s*(?:\*\*)?(?:(?:source |at )?lines?|line numbers?|ln)(?:\*\*)?\s*"
)
_CELL_LINES = compiled_on_use(rf"\s*`?(?:L|:)?(?P<lines>{_LINES})`?\s*")
_CELL_PATH = compiled_on_use(r"\s*`?(?P<path>[\w./\-]++)`?\s*")
_PATH_WORD = compiled_on_use(_PATH)


def read_citations(path: str, lines: Sequence[str], markdown: MarkdownLayer) -> PageCitations:
    """What the page at `path` (from the tree root) cites, and the paths it
    names without lines, in page order."""
    fenced = fenced_lines(markdown)
    spans = code_spans(lines, fenced)
    starts = [heading.line for heading in markdown.headings]
    cited: list[Citation] = []
    named: list[NamedPath] = []
    linked: dict[int, list[tuple[int, int]]] = {}
    # A reference link is read at its definition, where its path and lines
    # are written (and rewritten by a fix), once however often it is used.
    inline = [(link, None) for link in markdown.links if link.kind == "inline"]
    for link, placed in [*inline, *_written_links(lines, fenced)]:
        if link.line in fenced:
            continue
        section = _section(starts, link.line)
        line = lines[link.line - 1] if link.line <= len(lines) else ""
        found = _link(link, line, section, placed)
        extent = placed[0] if placed is not None else _extent(line, link)
        if extent is not None:
            linked.setdefault(link.line, []).append(extent)
        if isinstance(found, Citation):
            cited.append(found)
        elif found is not None:
            named.append(found)
    for number, written in spans.items():
        section = _section(starts, number)
        inside = _Taken(linked.get(number, ()))
        for span in written:
            if inside.holds(span.column - 1):
                continue
            result = _span(span, lines[number - 1], section)
            if isinstance(result, Citation):
                cited.append(result)
            elif result is not None:
                named.append(result)
    for number, line in enumerate(lines, 1):
        if number in fenced or ":" not in line:
            continue
        cited.extend(_prose(number, line, _taken(number, linked, spans), _section(starts, number)))
    cited.extend(_front_matter(lines))
    cited.extend(_tables(lines, markdown, starts, fenced, named))
    cited.extend(_prose_follow_ons(lines, cited, linked, spans, starts, markdown))
    cited.sort(key=lambda c: (c.line, c.column))
    read = tuple(_follow_ons(cited, named))
    return PageCitations(read, tuple(named), tuple(_names(lines, spans, read)))


def _names(
    lines: Sequence[str], spans: dict[int, list[Span]], cited: Sequence[Citation]
) -> Iterator[NameMention]:
    """The names in backticks of each line that cites (`_merge_spans`,
    `Parser<T>`, `Foo.bar()`), each with the citations that follow it in its
    sentence, or those of its table row."""
    by_line: dict[int, list[int]] = {}
    for index, citation in enumerate(cited):
        by_line.setdefault(citation.line, []).append(index)
    for number, indexes in by_line.items():
        found = spans.get(number)
        if not found:
            continue
        line = lines[number - 1]
        columns = [cited[i].column - 1 for i in indexes]
        parts = sentence_parts(line)
        starts = [start for start, _ in parts]
        table = line.lstrip().startswith("|")
        for span in found:
            match = _NAME.fullmatch(span.text.strip())
            if match is None or cited_at(columns, span.column - 1):
                continue
            cites = sentence_citations(span.column - 1, indexes, columns, parts, starts)
            if not table and cites and cited[cites[0]].column < span.column:
                # A name after its sentence's citations is said of something
                # else as often (`not the layout hints (`a`/`b`)`): only a
                # name a citation follows, or a table row's, is judged.
                continue
            if cites:
                qualifier = match.group("qualifier").rstrip(".")
                yield NameMention(
                    number, span.column, span.text, match.group("name"), qualifier, cites
                )


def _section(starts: list[int], line: int) -> int:
    at = bisect_right(starts, line) - 1
    return starts[at] if at >= 0 else 0


def _ranges(text: str) -> tuple[LineRange, ...]:
    """`12`, `4-55`, `88/91`, `3, 9`: each a range (at most `MAX_RANGES`)."""
    found: list[LineRange] = []
    for part in text.replace("/", ",").split(","):
        first, _, last = part.replace("\u2013", "-").partition("-")
        if not first.strip().isdigit():
            continue
        start = int(first)
        end = int(last.strip().lstrip("L")) if last.strip().lstrip("L").isdigit() else start
        found.append((start, end))
        if len(found) == MAX_RANGES:
            break
    return tuple(found)


def _numbers(line: str, start: int, end: int) -> tuple[tuple[int, int], ...]:
    """The columns (1-based, end excluded) of the numbers of `line[start:end]`."""
    return tuple((m.start() + 1, m.end() + 1) for m in _DIGITS.finditer(line, start, end))


def _file_like(path: str) -> bool:
    """Whether a written path can name a file: a folder in it, or a name with
    an extension (`spans.py`), not a number (`12:30`) or a word (`localhost`)."""
    if not path or path.startswith("//") or path.strip("./") == "":
        return False
    name = path.rstrip("/").rsplit("/", 1)[-1]
    stem, dot, ending = name.rpartition(".")
    if "/" in path.strip("/"):
        return not name.isdigit()
    return bool(dot and stem.strip(".") and ending[:1].isalpha() and len(ending) <= 12)


def _span(span: Span, line: str, section: int) -> Citation | NamedPath | None:
    """A code span that cites lines, or names a path without them."""
    match = _SPAN.fullmatch(span.text)
    if match is None:
        text = span.text.strip()
        if "/" in text and _CELL_PATH.fullmatch(text) and _file_like(text):
            return NamedPath(span.line, section, text, _base(text), span.column)
        if "/" not in text and _file_like(text) and _CELL_PATH.fullmatch(text):
            return NamedPath(span.line, section, text, "any", span.column)
        return None
    written = match.group("path") or ""
    if written and not _file_like(written):
        return None
    lines = match.group("lines") or match.group("anchor") or ""
    at = line.find(span.text, span.column - 1)
    group = "lines" if match.group("lines") else "anchor"
    start = at + match.start(group) if at >= 0 else 0
    numbers = _numbers(line, start, at + match.end(group)) if at >= 0 else ()
    return Citation(
        span.line,
        span.column,
        span.text,
        _clean(written),
        _ranges(lines.replace("L", "")),
        form="span",
        base=_base(written),
        numbers=numbers,
        section=section,
    )


def _base(path: str) -> str:
    return "root" if path.startswith("/") else "any"


def _clean(path: str) -> str:
    return posixpath.normpath(path.strip().lstrip("/")) if path.strip() else ""


class _Taken:
    """The columns of a line that its code spans and links hold, merged
    into runs sorted by position once a line, so that whether a column is
    held costs one search, not a look at each span: a line of 30,000 spans
    and as many citations between them stays linear."""

    def __init__(self, extents: Iterable[tuple[int, int]]) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []
        for start, end in sorted(extents):
            if self._ends and start <= self._ends[-1]:
                self._ends[-1] = max(self._ends[-1], end)
            else:
                self._starts.append(start)
                self._ends.append(end)

    def holds(self, column: int) -> bool:
        """Whether a span or a link holds `column` (0-based)."""
        at = bisect_right(self._starts, column) - 1
        return at >= 0 and column < self._ends[at]


def _taken(
    number: int, linked: dict[int, list[tuple[int, int]]], spans: dict[int, list[Span]]
) -> _Taken:
    """What the links and code spans of line `number` hold (0-based, end excluded)."""
    return _Taken(
        [*linked.get(number, ()), *((s.column - 1, s.end) for s in spans.get(number, ()))]
    )


def _prose(number: int, line: str, taken: _Taken, section: int) -> Iterator[Citation]:
    """`spans.py:40-52` in a sentence, outside code spans and links."""
    for match in _PROSE.finditer(line):
        at = match.start()
        if taken.holds(at):
            continue
        written = match.group("path").rstrip(".")
        if not _file_like(written):
            continue
        yield Citation(
            number,
            at + 1,
            match.group(0),
            _clean(written),
            _ranges(match.group("lines")),
            form="prose",
            base=_base(written),
            numbers=_numbers(line, match.start("lines"), match.end("lines")),
            section=section,
        )


_FRONT_VALUE = compiled_on_use(
    r"\s*+[\w.\-]++\s*+:\s*+([\"']?+)(?P<path>[\w./\-]++)#L(?P<first>\d++)"
    r"(?>(?:-L?+(?P<last>\d++))?)\1\s*+"
)
_FRONT_MOST = 200
"""The most lines of a page's front matter read for citations."""


def _front_matter(lines: Sequence[str]) -> Iterator[Citation]:
    """`sourceRef: ops.go#L228` in the page's YAML front matter (a docs
    site's page naming the code it documents); `ops.go:228` there is read
    as prose."""
    if not lines or lines[0].strip() != "---":
        return
    for number in range(2, min(len(lines), _FRONT_MOST) + 1):
        line = lines[number - 1]
        if line.strip() in ("---", "..."):
            return
        match = _FRONT_VALUE.fullmatch(line)
        if match is None or not _file_like(match.group("path")):
            continue
        first = int(match.group("first"))
        last = int(match.group("last") or first)
        numbers = _numbers(line, match.end("path"), match.end(0))
        yield Citation(
            number,
            match.start("path") + 1,
            line.strip(),
            _clean(match.group("path")),
            ((first, last),),
            form="prose",
            base=_base(match.group("path")),
            numbers=numbers,
        )


_FOLLOW_ON = compiled_on_use(rf"(?<![\w:/.\-`\[#]):(?P<lines>{_LINES})(?![\w\-/]|:\w)")


def _prose_follow_ons(
    lines: Sequence[str],
    cited: list[Citation],
    linked: dict[int, list[tuple[int, int]]],
    spans: dict[int, list[Span]],
    starts: list[int],
    markdown: MarkdownLayer,
) -> Iterator[Citation]:
    """`:120-121` in a paragraph after one of its citations (`x.lean:93-94
    (LH) and :120-121 (CD)`): more lines of the file cited before it."""
    paragraph: dict[int, int] = {}
    for block in markdown.paragraphs:
        for number in range(block.line, block.end_line + 1):
            paragraph[number] = block.line
    first: dict[int, tuple[int, int]] = {}
    for citation in cited:
        if citation.path:
            place = paragraph.get(citation.line, citation.line)
            here = (citation.line, citation.column)
            first[place] = min(first.get(place, here), here)
    for number, line in enumerate(lines, 1):
        after = first.get(paragraph.get(number, number))
        if after is None or after[0] > number or ":" not in line:
            continue
        taken = _taken(number, linked, spans)
        for match in _FOLLOW_ON.finditer(line, after[1] if after[0] == number else 0):
            at = match.start()
            if taken.holds(at):
                continue
            yield Citation(
                number,
                at + 1,
                match.group(0),
                "",
                _ranges(match.group("lines")),
                form="prose",
                numbers=_numbers(line, match.start("lines"), match.end("lines")),
                section=_section(starts, number),
            )


def _extent(line: str, link: Link) -> tuple[int, int] | None:
    """Where an inline link stands on its line (0-based, end excluded): from
    its `[` to the `)` closing its target; None where that cannot be told (a
    reference link, whose target is elsewhere; a target written otherwise
    than read), and no number of it is then rewritten."""
    if link.kind != "inline":
        return None
    start = link.column - 1
    middle = line.find("](", start)
    # The target as read is unescaped (`provider\_config.py` reads
    # `provider_config.py`); the line writes it as it was written, in at
    # most twice the characters (each one escaped).
    written = line[middle + 2 : middle + 83].lstrip("<") if middle >= 0 else ""
    if middle < 0 or not unescape(written).startswith(link.target[:40]):
        return None
    end = line.find(")", middle + 2 + len(link.target) - 1)
    return (start, end + 1 if end >= 0 else len(line))


_Columns = tuple[tuple[int, int], ...]
"""The columns of a citation's numbers on its line (`_numbers`)."""

_Placed = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]
"""Where a link stands on its line (0-based, end excluded), its target
and its text: an HTML anchor writes its text after its target."""


def _link(
    link: Link, line: str, section: int, placed: _Placed | None = None
) -> Citation | NamedPath | None:
    """A link that cites lines (its target's `#L3-L9`, or its text's
    `x.py:3` with the target naming the file), or one naming a file.
    `placed`: where a link written otherwise than `[text](target)` stands on
    its line, with its target and its text (`_written_links`)."""
    target = _link_target(link.target.strip().strip("<>"))
    if target is None:
        return None
    path, anchor, base, commit, repository = target
    if "%" in path:
        path = unquoted(path)
    path, suffix = _editor_lines(path)
    if not _file_like(path):
        return None
    extent: tuple[int, int] | None
    if placed is None:
        extent = _extent(line, link)
        if extent is not None:
            middle = line.find("](", extent[0])
            placed = (extent, (middle, extent[1]), (extent[0] + 1, middle))
    extent = placed[0] if placed is not None else None
    ranges, numbers = _target_ranges(line, anchor, suffix, placed)
    said = _SPAN.fullmatch(link.text.strip().strip("`"))
    if said is not None and said.group("lines"):
        text_path = _clean(said.group("path") or "")
        name = text_path.rsplit("/", 1)[-1]
        if not name or posixpath.basename(path) == name:
            ranges, numbers = _text_ranges(said.group("lines"), ranges, numbers, line, placed)
            if base == "root" and "/" in text_path and _clean(path).endswith("/" + text_path):
                # A path on the author's machine ending in the path the text names.
                path, base = text_path, "any"
    if not ranges:
        return NamedPath(link.line, section, _clean(path), base, link.column)
    return Citation(
        link.line,
        link.column,
        line[extent[0] : extent[1]] if extent is not None else link.text,
        _clean(path),
        ranges,
        commit,
        repository,
        form="link",
        base=base,
        numbers=tuple(sorted(numbers)),
        section=section,
    )


_DEFINITION = compiled_on_use(
    r" {0,3}\[(?P<label>[^\]\n]{1,999}+)\]:[ \t]*+<?(?P<target>[^\s>]++)>?"
)
# An anchor's text may hold other tags (lazydocs' source badge is an
# `<img>`, an API list's name a `<code>`), never another anchor; each run
# has one way to match and the group is atomic (not a possessive repeat of
# a group, which Python 3.11.4 and older match wrongly), so a line of
# unclosed tags cannot backtrack.
_ANCHOR_TAG = compiled_on_use(
    r"<a\s[^>]{0,999}?\bhref\s*+=\s*+([\"'])(?P<target>[^\"'\s]++)\1[^>]{0,999}+>"
    r"(?P<text>(?>(?:[^<]++|<(?!/?a[\s>])[^<>]{0,999}+>){0,99}))</a>",
    re.IGNORECASE,
)
_TAG = compiled_on_use(r"<[^<>]{0,999}+>")


def _written_links(lines: Sequence[str], fenced: frozenset[int]) -> Iterator[tuple[Link, _Placed]]:
    """The links a page writes otherwise than `[text](target)`: a reference
    link's definition (`[ld]: pkg/store.py#L10-L20`) and an HTML anchor
    (`<a href="https://github.com/o/r/blob/main/pkg/store.py#L742">load</a>`),
    each with where it, its target and its text stand on its line."""
    for number, line in enumerate(lines, 1):
        if number in fenced or ("]:" not in line and "href" not in line.lower()):
            continue
        definition = _DEFINITION.match(line)
        if definition is not None:
            extent = (definition.start("label") - 1, definition.end("target"))
            text = definition.group("label")
            link = Link(number, extent[0] + 1, "reference", text, definition.group("target"))
            label = (extent[0] + 1, definition.end("label"))
            yield link, (extent, (label[1], extent[1]), label)
            continue
        for anchor in _ANCHOR_TAG.finditer(line):
            extent = (anchor.start(), anchor.end())
            text = _TAG.sub("", anchor.group("text"))
            link = Link(number, anchor.start() + 1, "inline", text, anchor.group("target"))
            yield link, (extent, anchor.span("target"), anchor.span("text"))


def _link_target(target: str) -> tuple[str, str, str, str, str] | None:
    """A link's target as (path, anchor, base, commit, repository); None for
    one that names no file (another scheme, an anchor of the page, nothing)."""
    if target.lower().startswith("file://"):
        path, _, anchor = target[7:].partition("#")
        return path, anchor, "root", "", ""
    pinned = _GITHUB.fullmatch(target)
    if pinned is not None:
        repository = f"github.com/{pinned.group('repository')}".lower().removesuffix(".git")
        ref = pinned.group("ref")
        commit = ref if _HEX.fullmatch(ref) else f"branch:{ref}"
        return pinned.group("path"), pinned.group("anchor") or "", "root", commit, repository
    if _SCHEME.match(target) or target.startswith("#") or not target:
        return None
    path, _, anchor = target.partition("#")
    path = path.partition("?")[0]
    return path, anchor, "root" if path.startswith("/") else "page", "", ""


def _editor_lines(path: str) -> tuple[str, str]:
    """An editor's link, `/home/me/repo/src/x.py:12`: its path and its lines
    after a colon ("" when there are none)."""
    path, colon, suffix = path.rpartition(":") if ":" in path else (path, "", "")
    if colon and not _TARGET_LINES.fullmatch(suffix):
        return f"{path}:{suffix}", ""
    return path, suffix


def _target_ranges(
    line: str, anchor: str, suffix: str, placed: _Placed | None
) -> tuple[tuple[LineRange, ...], _Columns]:
    """The lines a link's target cites (its anchor's `#L3-L9`, its path's
    `:3`), and the columns of their numbers on the line."""
    anchored = _ANCHOR.fullmatch(anchor) if anchor else None
    if anchored is None and not suffix:
        return (), ()
    if anchored is not None:
        first, last = int(anchored.group(1)), int(anchored.group(2) or anchored.group(1))
        ranges: tuple[LineRange, ...] = ((first, last),)
    else:
        ranges = _ranges(suffix)
    if placed is None:
        return ranges, ()
    start, end = placed[1]
    mark = line.rfind("#" if anchored is not None else ":", start, end)
    return ranges, _numbers(line, mark, end)


def _text_ranges(
    said: str,
    ranges: tuple[LineRange, ...],
    numbers: _Columns,
    line: str,
    placed: _Placed | None,
) -> tuple[tuple[LineRange, ...], _Columns]:
    """The lines of a link whose text names them (`x.py:3-9`) as well as its
    target may, and the columns of all their numbers on the line."""
    told = _ranges(said)
    # A target naming the first line only (`x.py:93` for `x.py:93-94`).
    if not ranges or (len(ranges) == 1 and told and ranges[0] == (told[0][0],) * 2):
        ranges = told
    if placed is not None:
        start, end = placed[2]
        colon_at = line.find(":", start, end)
        if colon_at >= 0:
            numbers = _numbers(line, colon_at, end) + numbers
    return ranges, numbers


def _follow_ons(cited: list[Citation], named: list[NamedPath]) -> Iterator[Citation]:
    """A span of lines alone (`` `:481` ``) cites the file named last before
    it in its section, cited or not (`` `x.test.ts` `:303` ``); with none,
    it cites nothing."""
    if all(citation.path for citation in cited):
        yield from cited
        return
    events: list[tuple[int, int, Citation | NamedPath]] = [(c.line, c.column, c) for c in cited]
    events += [(n.line, n.column, n) for n in named]
    events.sort(key=lambda event: (event[0], event[1]))
    last: Citation | NamedPath | None = None
    for _, _, item in events:
        if isinstance(item, NamedPath):
            last = item
        elif item.path:
            last = item
            yield item
        elif last is not None and last.section == item.section and item.ranges:
            if isinstance(last, NamedPath):
                yield item._replace(path=last.path, base=last.base)
            else:
                yield item._replace(
                    path=last.path, base=last.base, commit=last.commit, repository=last.repository
                )


def _tables(
    lines: Sequence[str],
    markdown: MarkdownLayer,
    starts: list[int],
    fenced: frozenset[int],
    named: list[NamedPath],
) -> Iterator[Citation]:
    """A table column of line numbers (`| Line |`), the file of each row in
    another cell of it, else named in its section's heading, else the path
    its section named last above the table."""
    before = sorted(((n.line, n.column), n) for n in named)
    places = [place for place, _ in before]
    rows = [row for row in markdown.table_rows if row.line not in fenced]
    column = -1
    header_line = 0
    for at, row in enumerate(rows):
        if row.header:
            column = next((i for i, c in enumerate(row.cells) if _LINE_HEADER.fullmatch(c)), -1)
            header_line = row.line
            if column >= 0 and _counts(row.cells[column], rows, at + 1, column):
                column = -1
            continue
        if column < 0 or column >= len(row.cells) or row.line <= header_line:
            continue
        said = _CELL_LINES.fullmatch(row.cells[column])
        if said is None:
            continue
        path = _row_file(row.cells, column)
        section = _section(starts, row.line)
        if not path and section:
            path = _section_file(lines[section - 1], section, before, places, header_line)
        if not path:
            continue
        line = lines[row.line - 1]
        at = _cell_start(line, column)
        start = line.find(said.group("lines"), at)
        yield Citation(
            row.line,
            start + 1,
            said.group("lines"),
            _clean(path),
            _ranges(said.group("lines")),
            form="table",
            base=_base(path),
            numbers=_numbers(line, start, start + len(said.group("lines"))),
            section=section,
        )


def _counts(header: str, rows: Sequence[TableRow], first: int, column: int) -> bool:
    """Whether a column headed "Lines" counts each row's lines: an inventory
    (`| scripts/parse.py | 1798 | ... |`), not a citation of one line each.
    So read where the header is plural and no cell of the column, from the
    row at `first` to the table's end, writes a range or a list ("Line"
    heads one line each)."""
    if not header.strip(" *").lower().endswith("lines"):
        return False
    for at in range(first, len(rows)):
        row = rows[at]
        if row.header:
            break
        cell = row.cells[column].strip(" `") if column < len(row.cells) else ""
        if cell and not cell.isdigit():
            return False
    return True


def _row_file(cells: Sequence[str], column: int) -> str:
    """The file a table row names in a cell other than its lines' ("" for none)."""
    return next(
        (
            found.group("path")
            for i, cell in enumerate(cells)
            if i != column
            and (found := _CELL_PATH.fullmatch(cell)) is not None
            and _file_like(found.group("path"))
        ),
        "",
    )


def _section_file(
    heading: str,
    section: int,
    before: list[tuple[tuple[int, int], NamedPath]],
    places: list[tuple[int, int]],
    header_line: int,
) -> str:
    """The file of a table's rows that name none: the one its section's
    heading names in a code span, else the one path the section names above
    the table ("" for none, and where it names several: a table of lines
    under a list of files may count the lines of any of them, or of the
    page itself, and is not guessed)."""
    # The first path-like word of the heading's first code span: a search
    # for it with the cell's surrounding spaces would retry them from each
    # space of a long run of them.
    found = _PATH_WORD.search(heading.partition("`")[2].partition("`")[0])
    path = found.group(0) if found is not None and _file_like(found.group(0)) else ""
    if path:
        return path
    named = {
        n.path
        for _, n in before[
            bisect_left(places, (section, 0)) : bisect_right(places, (header_line, 0))
        ]
    }
    return named.pop() if len(named) == 1 else ""


def _cell_start(line: str, column: int) -> int:
    """Where cell `column` (0-based) of a table row starts on its line."""
    at = line.find("|") + 1 if line.lstrip().startswith("|") else 0
    for _ in range(column):
        found = line.find("|", at)
        if found < 0:
            return at
        at = found + 1
    return at

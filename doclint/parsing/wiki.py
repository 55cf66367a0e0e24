"""A wiki page's claims, read by its generator's grammar (`WikiGrammar`).

The page's Markdown layer says which links are live (a link in a code span
or a fenced block is text); this module reads what each says: a citation (a
file, its lines, the commit it is pinned to), an entry of the relevant
source files, a link to a page of the wiki's site, generator markup left in,
and the names in backticks each sentence presents as the project's, with the
citations of that sentence. Nothing here looks at the tree: whether a cited
file exists or the lines say what the page says is for the rules.
"""

from __future__ import annotations

import posixpath
from collections.abc import Generator, Iterator, Sequence

from doclint.models.languages import BUILTIN_NAMES
from doclint.models.markdown import Link, MarkdownLayer
from doclint.models.wiki import (
    Citation,
    ClimbingShort,
    LineRange,
    Markup,
    NameMention,
    SiteLink,
    SourceEntry,
    WikiFacts,
)
from doclint.profiles.model import CitationLink, WikiGrammar
from doclint.profiles.patterns import Match
from doclint.profiles.wikis import Wiki
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

_RANGE = compiled_on_use(r"L?(\d+)(?:\s*[-\u2013]\s*L?(\d+))?")
_SOURCES_LINE = compiled_on_use(r"^\s*(?:[-*]\s+)?(?:\*\*)?Sources?:")
_NOT_IN_NAME = compiled_on_use(r"[^a-z0-9.]+")


def read_wiki(path: str, lines: Sequence[str], markdown: MarkdownLayer, wiki: Wiki) -> WikiFacts:
    """Every claim of the wiki page at `path` (from the tree root), with
    `lines` (the physical file's, 0-based list of 1-based lines) and its
    Markdown layer."""
    grammar = wiki.grammar
    fenced = fenced_lines(markdown)
    listed = _source_list_lines(lines, grammar, fenced)
    page_folder = posixpath.dirname(path)
    spans = code_spans(lines, fenced)
    written = [*_written_links(markdown.links, listed), *_span_links(spans, grammar, listed)]
    climb = _climb(written, grammar, page_folder)
    folder = _Bases(grammar, page_folder, climb)
    citations: list[Citation] = []
    sources: list[SourceEntry] = list(_front_matter_sources(lines, grammar.front_matter_sources))
    sites: list[SiteLink] = []
    for link in markdown.links:
        if link.kind not in ("inline", "reference"):
            continue
        if link.line in listed:
            entry = _source_entry(link.line, link.column, link.target, grammar, folder)
            if entry is not None:
                sources.append(entry)
            continue
        site = _site_link(link, grammar)
        if site is not None:
            sites.append(site)
            continue
        # The text as it renders: `[provider\_config.py:72-84](...)` names
        # `provider_config.py`, as its target does.
        text = unescape(link.text)
        citation = _cited(link.line, link.column, text, link.target, grammar, folder)
        if citation is not None:
            citations.append(citation)
    linked = {link.line for link in markdown.links}
    sources.extend(_listed_spans(lines, listed - linked, folder.prose))
    named = _named_repository(lines, grammar)
    if named:
        sources = [s if s.repository else s._replace(repository=named) for s in sources]
    live = {(link.line, link.column) for link in markdown.links}
    sources.extend(_unrendered_sources(lines, listed, live, grammar, folder))
    citations.extend(_unrendered(lines, fenced | listed, spans, live, grammar, folder))
    citations.extend(_code_citations(spans, grammar, folder))
    citations.extend(_fenced_citations(lines, fenced, grammar))
    as_links = {(c.line, c.column) for c in citations}
    citations.extend(_text_citations(lines, fenced, spans, as_links, grammar, folder.prose))
    citations.sort(key=lambda c: (c.line, c.column))
    names = tuple(_names(lines, spans, citations, grammar, listed))
    markup = tuple(_markup(lines, grammar))
    short = _climbing_short(markdown.links, lines, page_folder, climb)
    return WikiFacts(
        wiki.generator, tuple(citations), tuple(sources), tuple(sites), names, markup, short
    )


class _Bases:
    """The folder each of a page's citation forms reads a relative path from
    (None for the root): its links' by form, its prose's and code spans'."""

    __slots__ = ("links", "prose")

    def __init__(self, grammar: WikiGrammar, folder: str, climb: int | None) -> None:
        written = folder if climb is None else _ancestor(folder, climb)
        self.links: tuple[str | None, ...] = tuple(
            None if form.base == "root" else written if form.base == "page-or-root" else folder
            for form in grammar.links
        )
        self.prose: str | None = folder if grammar.base == "page" else None


def _written_links(links: Sequence[Link], listed: frozenset[int]) -> Iterator[tuple[str, str]]:
    """The text (as it renders) and target of each link of the page's prose."""
    for link in links:
        if link.line not in listed and link.target and link.kind in ("inline", "reference"):
            yield unescape(link.text), link.target


def _span_links(
    spans: dict[int, list[Span]], grammar: WikiGrammar, listed: frozenset[int]
) -> Iterator[tuple[str, str]]:
    """The text and target of each link written inside a code span of the
    page's prose (`` `[src/a.ts:5](src/a.ts#L5)` ``), read as a link's."""
    if grammar.code_citation is None:
        return
    for number, found in spans.items():
        if number in listed:
            continue
        for span in found:
            match = grammar.code_citation.match(span.text)
            if match is not None and _group(match, "target"):
                yield _group(match, "text"), _group(match, "target")


def _climb(written: Sequence[tuple[str, str]], grammar: WikiGrammar, folder: str) -> int | None:
    """How many folders the page's relative citations of a `page-or-root`
    form climb (`../`) to the path their text gives, where each climbs as
    many and the page sits deeper than that; None where they are read from
    the page's folder, as Markdown reads them. 0: written from the root
    (`[src/lib.rs:5](src/lib.rs#L5)` in `.cubic/wiki/01-a/`, cubic's, a
    link's or one a code span holds); 1 in `docs/wiki/`: DeepWiki's export,
    written for `.deepwiki/` (`[src/lib.rs:5](../src/lib.rs#L5)`), moved a
    folder down. One citation reading otherwise keeps the page's folder."""
    if not folder or not any(form.base == "page-or-root" for form in grammar.links):
        return None
    climbs: set[int] = set()
    for text, target in written:
        for form in grammar.links:
            if form.base != "page-or-root" or form.target is None or form.text is None:
                continue
            aimed, said = form.target.match(target), form.text.match(text)
            if aimed is None or said is None or _group(aimed, "repository"):
                continue
            path, named = unquoted(aimed.group("path")).strip(), _clean(_group(said, "path"))
            up = 0
            while path.startswith("../"):
                path, up = path[3:], up + 1
            if not named or _clean(path) != named:
                return None
            climbs.add(up)
            break
    if len(climbs) != 1:
        return None
    climb = climbs.pop()
    return climb if climb < folder.count("/") + 1 else None


def _ancestor(folder: str, depth: int) -> str | None:
    """The folder `depth` folders below the root on the way to `folder`
    (None for the root itself)."""
    return "/".join(folder.split("/")[:depth]) or None


def _climbing_short(
    links: Sequence[Link], lines: Sequence[str], folder: str, climb: int | None
) -> ClimbingShort | None:
    """Where the page's links climb fewer folders than it sits below the
    root (`_climb`, citations and source lists alike): the first, where
    Markdown follows it, and where each starts its target."""
    if not climb:
        return None
    climbing = [
        link
        for link in links
        if link.kind == "inline"
        and link.target.startswith("../" * climb)
        and not link.target.startswith("../" * (climb + 1))
    ]
    if not climbing:
        return None
    first = climbing[0]
    followed = _joined(folder, unquoted(first.target.split("#", 1)[0]))
    targets = [_target_start(link, lines) for link in climbing]
    placed = tuple(at for at in targets if at is not None)
    return ClimbingShort(
        climb,
        first.line,
        first.column,
        first.target,
        followed,
        placed if len(placed) == len(targets) else (),
    )


def _target_start(link: Link, lines: Sequence[str]) -> tuple[int, int] | None:
    """Where an inline link's target starts on its line (1-based), if it
    stands there as written (`](target`)."""
    line = lines[link.line - 1] if 0 < link.line <= len(lines) else ""
    at = line.find("](", link.column - 1)
    if at < 0:
        return None
    at += 2 + (line[at + 2 : at + 3] == "<")
    return (link.line, at + 1) if line.startswith(link.target, at) else None


def _source_list_lines(
    lines: Sequence[str], grammar: WikiGrammar, fenced: frozenset[int]
) -> frozenset[int]:
    """The lines of the page's lists of relevant source files."""
    found: set[int] = set()
    if not grammar.source_lists:
        return frozenset()
    end = None
    for number, line in enumerate(lines, 1):
        if number in fenced:
            end = None
            continue
        if end is not None:
            if end.match(line):
                end = None
            else:
                found.add(number)
            continue
        for start, stop in grammar.source_lists:
            if start.match(line):
                end = stop
                break
    return frozenset(found)


def _front_matter_sources(lines: Sequence[str], key: str) -> Iterator[SourceEntry]:
    """The sources a page's YAML front matter lists under `key`: a flow list
    (`key: [a, "b"]`, over one line or several) or a block list (`- a`
    lines under `key:`), each entry where its path starts."""
    if not key or not lines or lines[0].strip() != "---":
        return
    block = flow = False
    for number, line in enumerate(lines[1:], 2):
        if line.strip() in ("---", "..."):
            return
        if flow:
            flow = yield from _flow_items(number, line, 0)
            continue
        if line.startswith(f"{key}:"):
            rest = line[len(key) + 1 :].strip()
            block = not rest
            if rest.startswith("["):
                flow = yield from _flow_items(number, line, line.index("[") + 1)
            continue
        stripped = line.strip()
        if block and stripped.startswith("- "):
            at = line.index("-") + 2
            value = line[at:].rstrip()
            quoted = value[:1] in ("'", '"') and value.endswith(value[0]) and len(value) > 1
            column = len(value) - len(value.lstrip()) + at + 1 + quoted
            name = value.strip()[1:-1] if quoted else value.strip()
            if name:
                yield SourceEntry(number, column, name)
        elif stripped:
            block = False


_QUOTED_OR_PLAIN = compiled_on_use(r""""([^"]*)"|'([^']*)'|([^,\]]+)""")


def _flow_items(number: int, line: str, at: int) -> Generator[SourceEntry, None, bool]:
    """The entries of a flow list on `line` from index `at`; whether the
    list is still open at the line's end."""
    size = len(line)
    while at < size:
        if line[at] in " \t\r,":
            at += 1
        elif line[at] == "]":
            return False
        else:
            match = _QUOTED_OR_PLAIN.match(line, at)
            assert match is not None  # the plain form takes any other character
            group = next(g for g in (1, 2, 3) if match.group(g) is not None)
            name = match.group(group).rstrip()
            if name:
                yield SourceEntry(number, match.start(group) + 1, name)
            at = match.end()
    return True


def _named_repository(lines: Sequence[str], grammar: WikiGrammar) -> str:
    """`host/owner/repo`, lower-case, of the repository the page's head
    names (deepwiki-open's `# Wiki Documentation for https://github.com/o/r`),
    "" for none."""
    if grammar.repository is None:
        return ""
    for line in lines[: grammar.head_lines]:
        match = grammar.repository.match(line)
        if match is not None:
            named: str = match.group("repository")
            return named.lower().rstrip("/").removesuffix(".git")
    return ""


_LISTED_SPAN = compiled_on_use(r"\s*[-*+]\s+(`+)\s*([^`\s]+)\s*\1\s*$")


def _listed_spans(
    lines: Sequence[str], listed: frozenset[int], folder: str | None
) -> Iterator[SourceEntry]:
    """Entries of a source list written as a list of code spans, each a path
    from the wiki's base (deepwiki-open's `### Related Files` then
    ``- `src/a.ts` ``, from the root)."""
    for number in sorted(listed):
        match = _LISTED_SPAN.match(lines[number - 1])
        if match is not None:
            path = _clean(match.group(2)) if folder is None else _joined(folder, match.group(2))
            yield SourceEntry(number, match.start(1) + 1, path)


def _source_entry(
    line: int, column: int, target: str, grammar: WikiGrammar, bases: _Bases
) -> SourceEntry | None:
    for form, folder in zip(grammar.links, bases.links, strict=True):
        if form.target is None:
            continue
        match = form.target.match(target)
        if match is None:
            continue
        found = _target_path(match, folder)
        if found is None:
            return None
        commit, repository = _pin(match)
        # Its citations in the page say a Windows path; the list names the file meant.
        return SourceEntry(line, column, _slashed(found), commit, repository)
    return None


def _site_link(link: Link, grammar: WikiGrammar) -> SiteLink | None:
    if grammar.site_link is None:
        return None
    match = grammar.site_link.match(link.target)
    if match is None:
        return None
    number = match.groupdict().get("number")
    slug = f"#{number}" if number else page_slug(match.group("slug"), grammar)
    return SiteLink(link.line, link.column, link.target, slug)


def page_slug(name: str, grammar: WikiGrammar) -> str:
    """A page's name as its site writes it, without its number: a file's
    stem or a site path's last part (`2.1-ticket-virtual-object`,
    `Ticket-Virtual-Object`, `2-1-ticket-virtual-object` are one page)."""
    if grammar.page_number is not None:
        number = grammar.page_number.match(name)
        if number is not None:
            name = name[number.end() :]
    name = unquoted(name).lower().replace("&", "and")
    return _NOT_IN_NAME.sub("-", name).strip("-")


def _cited(
    line: int, column: int, text: str, target: str, grammar: WikiGrammar, bases: _Bases
) -> Citation | None:
    """The citation a link of `text` and `target` is by the first of the
    grammar's forms that reads it, if any does."""
    for form, folder in zip(grammar.links, bases.links, strict=True):
        citation = _as_form(line, column, text, target, form, folder)
        if citation is not None:
            return citation
    return None


def _as_form(
    line: int, column: int, text: str, target: str, form: CitationLink, folder: str | None
) -> Citation | None:
    """The citation a link of `text` and `target` is by `form`, if it is one."""
    said = form.text.match(text) if form.text is not None else None
    if not target.strip():
        return _empty_target(line, column, text, form, said)
    if form.target is None or form.empty_target:
        return None
    aimed = form.target.match(target)
    if aimed is None or (form.text_required and said is None):
        return None
    path = _target_path(aimed, folder)
    if path is None:
        return None
    # `file://office\compat.py`: a Windows path, the file it meant judged,
    # the separators said (malformed), not a missing file.
    windows = "\\" in path
    path = _slashed(path)
    commit, repository = _pin(aimed)
    read = _read_with_text(text, target, said, path, _ranges(_group(aimed, "lines")), commit)
    if read is None:
        return None
    ranges, problem, judged = read
    if windows and not problem:
        problem = "backslashes"
    return Citation(line, column, text, path, ranges, commit, repository, problem, judged)


def _empty_target(
    line: int, column: int, text: str, form: CitationLink, said: Match | None
) -> Citation | None:
    """A link of `form` with an empty target, the file and lines its text
    names cited (a problem to say), if the form has such links."""
    if not form.empty_target or said is None or not _group(said, "path"):
        return None
    ranges = _ranges(_group(said, "lines"))
    return Citation(line, column, text, _clean(said.group("path")), ranges, problem="empty")


def _read_with_text(
    text: str,
    target: str,
    said: Match | None,
    path: str,
    ranges: tuple[LineRange, ...],
    commit: str,
) -> tuple[tuple[LineRange, ...], str, bool] | None:
    """A citation of `path` and `ranges` by its target, read with what its
    text says (`said`, the form's match of it): its lines, its problem (""
    for none) and whether it is judged; None where the link cites no file
    after all (its text a page's name)."""
    if said is not None and _group(said, "name"):
        return _read_named(said, path, ranges)
    if said is not None and _group(said, "path"):
        text_path = _clean(said.group("path"))
        text_ranges = _ranges(_group(said, "lines"))
        problem = _disagreement(text_path, text_ranges, path, ranges)
        if problem == "other-path" and "/" not in text_path and not commit:
            return None  # a page's name, not a path: `[ctx.run](Durable-ctx.run.md)`
        return ranges or text_ranges, problem, True
    shown = text.strip()
    if shown and unquoted(target).rstrip("/").endswith(shown) and not _file_name(shown, path):
        # `[line 16](https://.../blob/c0ffee/line 16)`: its own text as its path.
        return ranges, "pasted", False
    return ranges, "", True


def _read_named(
    said: Match, path: str, ranges: tuple[LineRange, ...]
) -> tuple[tuple[LineRange, ...], str, bool]:
    """A citation whose text is a label (Qoder's `[main.py:1-20](...)`):
    its lines, its problem and that it is judged."""
    named, text_ranges = _clean(said.group("name")), _ranges(_group(said, "lines"))
    if not _names_file(named, path):
        words = "/" not in named and not posixpath.splitext(named)[1]
        if words and posixpath.splitext(path)[1]:
            # A label in words (`[Sub-packages](file://README.md#L88-L114)`)
            # names no file to disagree with: its target, a file's path, is
            # the citation (`[requirements](file://workspace_path)` cites no
            # file either way).
            return ranges or text_ranges, "", True
        return ranges or text_ranges, "other-path", True
    if text_ranges and ranges and text_ranges != ranges:
        return ranges, "other-lines", True
    return ranges or text_ranges, "", True


_NAME_PARTS = compiled_on_use(r"[^/_.\-]+")


def _file_name(text: str, path: str) -> bool:
    """Whether a link's text names the file it cites, in any script
    (`[图片.py](file://src/图片.py)`): its path, or the end of it, with an
    extension (a text pasted as a path, `line 16`, has none)."""
    named = path == text or path.endswith("/" + text)
    return named and bool(posixpath.splitext(text)[1])


def _names_file(named: str, path: str) -> bool:
    """Whether a link's text names the file at `path` as a label does, by the
    generator's convention (Qoder's): its name (`[main.py:1-20](file://src/main.py#L1-L20)`),
    with some of its folders (`core/index.ts` for `packages/core/src/index.ts`),
    or words of its folders and name joined to tell files of one name apart
    (`sql-compile.ts` for `packages/sql/src/internal/compile.ts`,
    `dashboard_data_sources.py` for `src/dashboard/data_sources.py`): the
    same ending, and every word of the label a word of the path."""
    name, base = posixpath.basename(named), posixpath.basename(path)
    if name == base:
        return True
    if posixpath.splitext(name)[1] != posixpath.splitext(base)[1]:
        return False
    words = set(_NAME_PARTS.findall(path))
    return all(word in words for word in _NAME_PARTS.findall(named))


def _disagreement(
    text_path: str, text_ranges: tuple[LineRange, ...], path: str, ranges: tuple[LineRange, ...]
) -> str:
    if text_path != path:
        if not text_ranges and _glued(text_path, path, ranges):
            return "glued"
        if "/" not in text_path and path.endswith("/" + text_path):
            return "bare-name"
        return "other-path"
    if text_ranges and ranges and text_ranges != ranges:
        return "other-lines"
    return ""


def _glued(text_path: str, path: str, ranges: tuple[LineRange, ...]) -> bool:
    """Whether a text names the target's file with its lines run on without
    a colon (`server/src/config.ts7-36` for `config.ts#L7-L36`: DeepWiki's
    page copied from the site, which shows the two apart)."""
    if len(ranges) != 1:
        return False
    first, last = ranges[0]
    spelled = str(first) if first == last else f"{first}-{last}"
    named = text_path.removesuffix(spelled)
    return named != text_path and (named == path or path.endswith("/" + named))


def _target_path(match: Match, folder: str | None) -> str | None:
    """The tree path a citation target names: a pinned URL's path is from
    the repository's top, a relative one from the page's folder."""
    raw = unquoted(match.group("path"))
    return _joined(None if _group(match, "repository") else folder, raw) or None


def _joined(folder: str | None, raw: str) -> str:
    """`raw` read from `folder` (None: the root), "" when it leaves the
    repository (`..%2F..%2Fetc%2Fpasswd` cites no file of it)."""
    joined = _clean(raw) if folder is None else posixpath.normpath(posixpath.join(folder, raw))
    if joined.startswith("../") or joined == "..":
        return ""
    return joined


def _slashed(path: str) -> str:
    """A path written with Windows separators (`office\\compat.py`) as the
    tree's path it means."""
    return _clean(path.replace("\\", "/")) if "\\" in path else path


def _clean(path: str) -> str:
    return posixpath.normpath(path.strip().lstrip("/")) if path.strip() else ""


def _pin(match: Match) -> tuple[str, str]:
    return _group(match, "commit"), _group(match, "repository").lower()


def _group(match: Match, name: str) -> str:
    if name not in match.groupdict():
        return ""
    return match.group(name) or ""


def _ranges(text: str | None) -> tuple[LineRange, ...]:
    """The line ranges of a citation's lines: `23`, `4-55`, `L4-L55`,
    `14, 85`, `L9 - L16` (at most `MAX_RANGES`)."""
    if not text:
        return ()
    found = []
    for match in _RANGE.finditer(text):
        first = int(match.group(1))
        last = int(match.group(2)) if match.group(2) else first
        found.append((first, last))
        if len(found) == MAX_RANGES:
            break
    return tuple(found)


_RAW_LINK = compiled_on_use(r"\[([^\[\]]*)\]\(([^()]*)\)")


def _unrendered(
    lines: Sequence[str],
    fenced: frozenset[int],
    spans: dict[int, list[Span]],
    live: set[tuple[int, int]],
    grammar: WikiGrammar,
    folder: _Bases,
) -> Iterator[Citation]:
    """Citations written as links that Markdown does not render as links (a
    target with a space): text on the page, however they look."""
    for number, line in enumerate(lines, 1):
        if number in fenced or "](" not in line:
            continue
        inside = [(s.column - 1, s.end) for s in spans.get(number, ())]
        for match in _RAW_LINK.finditer(line):
            at = match.start()
            if (number, at + 1) in live or any(a <= at < b for a, b in inside):
                continue
            cited = _cited(number, at + 1, match.group(1), match.group(2), grammar, folder)
            if cited is not None:
                yield cited._replace(problem=cited.problem or "unrendered")


def _unrendered_sources(
    lines: Sequence[str],
    listed: frozenset[int],
    live: set[tuple[int, int]],
    grammar: WikiGrammar,
    folder: _Bases,
) -> Iterator[SourceEntry]:
    """Entries of a source list written as links that Markdown does not
    render: Qoder's list stands in a `<cite>` element, an HTML block whose
    lines Markdown shows as they are. The generator's list, not a citation
    in the prose: an entry like any other."""
    for number in sorted(listed):
        line = lines[number - 1]
        if "](" not in line:
            continue
        for match in _RAW_LINK.finditer(line):
            if (number, match.start() + 1) in live:
                continue
            entry = _source_entry(number, match.start() + 1, match.group(2), grammar, folder)
            if entry is not None:
                yield entry


def _code_citations(
    spans: dict[int, list[Span]], grammar: WikiGrammar, folder: _Bases
) -> Iterator[Citation]:
    """Citations written in code spans: the generator's own form where its
    `span_citation` reads them, else text where a link belongs (malformed)."""
    valid, pattern = grammar.span_citation, grammar.code_citation
    if pattern is None and valid is None:
        return
    for found in spans.values():
        for span in found:
            match = valid.match(span.text) if valid is not None else None
            if match is not None:
                path = _joined(folder.prose, _group(match, "path"))
                if path:
                    ranges = _ranges(_group(match, "lines"))
                    yield Citation(span.line, span.column, span.text, path, ranges)
                continue
            match = pattern.match(span.text) if pattern is not None else None
            if match is None:
                continue
            cited = _inner_link(match, grammar, folder, span)
            if cited is None:
                path = _clean(_group(match, "path"))
                cited = Citation(
                    span.line, span.column, span.text, path, _ranges(_group(match, "lines"))
                )
            yield cited._replace(text=span.text, problem="code-span")


def _inner_link(match: Match, grammar: WikiGrammar, folder: _Bases, span: Span) -> Citation | None:
    """The citation a link written inside a code span would be."""
    text, target = _group(match, "text"), _group(match, "target")
    if not text and not target:
        return None
    return _cited(span.line, span.column, text, target, grammar, folder)


def _fenced_citations(
    lines: Sequence[str], fenced: frozenset[int], grammar: WikiGrammar
) -> Iterator[Citation]:
    """Citation lines of the prose pasted into a code block or a diagram."""
    pattern = grammar.fenced_citation
    if pattern is None:
        return
    for number in sorted(fenced):
        line = lines[number - 1] if number <= len(lines) else ""
        match = pattern.search(line)
        if match is not None:
            text = line.strip()
            yield Citation(number, match.start() + 1, text, "", (), problem="fenced", judged=False)


def _text_citations(
    lines: Sequence[str],
    fenced: frozenset[int],
    spans: dict[int, list[Span]],
    linked: set[tuple[int, int]],
    grammar: WikiGrammar,
    folder: str | None,
) -> Iterator[Citation]:
    """Citations written in the prose (`src/a.ts:12`), outside code and
    outside the links `linked` (line, column) read as citations already;
    their paths from `folder` (None: the root)."""
    pattern = grammar.text_citation
    if pattern is None:
        return
    for number, line in enumerate(lines, 1):
        if number in fenced:
            continue
        inside = [(s.column - 1, s.end) for s in spans.get(number, ())]
        if "](" in line:
            inside += [
                (link.start(), link.end())
                for link in _RAW_LINK.finditer(line)
                if (number, link.start() + 1) in linked
            ]
        for match in pattern.finditer(line):
            at = match.start()
            if any(start <= at < end for start, end in inside):
                continue
            path = (
                _clean(match.group("path"))
                if folder is None
                else _joined(folder, match.group("path"))
            )
            written = line[at : match.end()]
            yield Citation(number, at + 1, written, path, _ranges(_group(match, "lines")))


def _names(
    lines: Sequence[str],
    spans: dict[int, list[Span]],
    citations: Sequence[Citation],
    grammar: WikiGrammar,
    listed: frozenset[int],
) -> Iterator[NameMention]:
    """The names in backticks each line presents as the project's, with the
    citations of their sentence (or table row)."""
    pattern = grammar.name_span
    if pattern is None:
        return
    by_line: dict[int, list[int]] = {}
    for index, citation in enumerate(citations):
        if citation.problem not in ("fenced",):
            by_line.setdefault(citation.line, []).append(index)
    for number, found in spans.items():
        line = lines[number - 1]
        if number in listed or _SOURCES_LINE.match(line):
            continue
        cited = by_line.get(number, [])
        # In column order (the citations are sorted): found by bisection, so
        # a line of n spans and n citations costs n log n, not n squared.
        columns = [citations[i].column - 1 for i in cited]
        parts = sentence_parts(line)
        starts = [start for start, _ in parts]
        for span in found:
            match = pattern.match(span.text.strip())
            if match is None or cited_at(columns, span.column - 1):
                continue
            name, qualifier = match.group("name"), (_group(match, "qualifier") or "").rstrip(".")
            root = qualifier.split(".", 1)[0] if qualifier else name
            if _not_the_projects(name, grammar) or _not_the_projects(root, grammar):
                continue
            yield NameMention(
                number,
                span.column,
                span.text,
                name,
                qualifier,
                sentence_citations(span.column - 1, cited, columns, parts, starts),
            )


def _not_the_projects(name: str, grammar: WikiGrammar) -> bool:
    """Whether a name in backticks is a language's (`Promise`, `len`) or one
    of the generator's own words (its profile's `not_names`)."""
    return name in BUILTIN_NAMES or name in grammar.not_names


def _markup(lines: Sequence[str], grammar: WikiGrammar) -> Iterator[Markup]:
    pattern = grammar.markup
    if pattern is None:
        return
    for number, line in enumerate(lines, 1):
        if "<" not in line:
            continue
        match = pattern.search(line)
        if match is not None:
            yield Markup(number, match.start() + 1, line[match.start() : match.end()])

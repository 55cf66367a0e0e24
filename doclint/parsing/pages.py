"""Turn a Markdown file into the typed model of the generated page it is.

The kind comes from the title line; the generic layer from one parse;
the typed fields from the template sections of that layer. A file
documentation's "Original Source" block is located as the generator meant it
(up to its own closing fence), and a generated page found there is parsed as a
page of its own, numbered at the outer file's lines.
"""

from __future__ import annotations

import posixpath
import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeVar

from doclint.models.generated import (
    AnyPage,
    Count,
    DependencyEntry,
    DocKind,
    EmbeddedSource,
    FileDocs,
    FolderDoc,
    FolderIndex,
    IndexRow,
    KeywordCategory,
    KeywordEntry,
    KeywordIndex,
    MarkdownPage,
    MetadataField,
    NameEntry,
    PageBase,
    RootIndex,
    RunCommand,
    Section,
    SizeClaim,
    SubtreeGroup,
    SubtreeIndex,
    Value,
)
from doclint.models.markdown import CodeBlock, Heading, Link, Node, build_node
from doclint.parsing.markdown import normalize_newlines, parse_markdown
from doclint.parsing.relocate import moved
from doclint.recent_pages import RecentPages

N = TypeVar("N", bound=Node)

_TITLES: list[tuple[re.Pattern[str], DocKind]] = [
    (re.compile(r"Documentation: `(?P<path>[^`]*)/`"), DocKind.FOLDER_DOC),
    (re.compile(r"Documentation: `(?P<path>[^`]+)`"), DocKind.FILE_DOCS),
    (re.compile(r"Keyword Index: `(?P<path>[^`]+)`"), DocKind.KEYWORD_INDEX),
    (re.compile(r"Index: `(?P<path>[^`]*)/`"), DocKind.FOLDER_INDEX),
    (re.compile(r"Subtree Keyword Index: `(?P<path>[^`]*)/`"), DocKind.SUBTREE_INDEX),
    (re.compile(r"PyTorch Repository Documentation(?P<path>)"), DocKind.ROOT_INDEX),
]
_PAGE_SUFFIXES = ("_docs.md", "_kw.md")
FOLDER_PAGES = ("index.md", "doc.md", "sub.md")
SHELL_INFOS = frozenset({"bash", "sh", "shell", "console", "zsh"})
# Each generator pass over docs/ embeds one page in another; real trees have two
# or three levels. Deeper nesting is left as plain embedded text, which bounds
# both the recursion and the re-parsing of the same lines at each level.
MAX_EMBEDDED_DEPTH = 8

_FIELD = re.compile(r"\*\*(?P<name>[^*]+)\*\*:\s*(?P<value>.*)")
_SIZE = re.compile(r"(?P<bytes>[\d,]+)\s*bytes(?:\s*\((?P<kb>[\d.,]+)\s*KB\))?")
_OVERVIEW = re.compile(
    r"contains (?P<classes>\d+) class\(es\) and (?P<functions>\d+) function\(s\)"
)
_DEFINED = re.compile(
    r"\*\*(?P<what>Classes defined|Functions defined|Key imports)\*\*:\s*(?P<rest>.*)"
)
# The module may itself hold backticks when the generator caught prose such as
# "(e.g. ``from ..pkg import mod``)": the entry is the whole code span.
_DEPENDENCY = re.compile(r"`(?P<module>.+)`(?::\s*(?P<names>[^`]*))?")
_KEYWORD = re.compile(r"\*\*`(?P<name>[^`]*)`\*\*")
_FOLDER_COUNT = re.compile(r"\*\*(?P<value>\d+) (?P<what>subfolder|file)\(s\)\*\*")
_EXTENSION_COUNT = re.compile(r"`(?P<ext>[^`]*)`:\s*(?P<value>\d+) file\(s\)")
_CODE_NAME = re.compile(r"`(?P<name>[^`]+)`")
_SUBFOLDER = re.compile(r"`(?P<name>[^`]+)/`")
_LEADING_SPACE = re.compile(r"[ \t\n]+")


def recognise(title: str) -> tuple[DocKind, str | None]:
    """The kind and documented path a title line announces."""
    for pattern, kind in _TITLES:
        match = pattern.fullmatch(title.strip())
        if match:
            described = match.group("path")
            if kind in (DocKind.FOLDER_DOC, DocKind.FOLDER_INDEX, DocKind.SUBTREE_INDEX):
                described = "" if described == "root" else described
            return kind, described if kind is not DocKind.ROOT_INDEX else None
    return DocKind.MARKDOWN, None


def expected_page_path(kind: DocKind, described: str | None) -> str | None:
    """The path, relative to the tree root, of the page a title announces."""
    if kind is DocKind.ROOT_INDEX:
        return "docs/index.md"
    if described is None:
        return None
    folder_page = {
        DocKind.FOLDER_INDEX: "index.md",
        DocKind.FOLDER_DOC: "doc.md",
        DocKind.SUBTREE_INDEX: "sub.md",
    }.get(kind)
    if folder_page is not None:
        return posixpath.join("docs", described, folder_page)
    suffix = {DocKind.FILE_DOCS: "_docs.md", DocKind.KEYWORD_INDEX: "_kw.md"}.get(kind)
    return f"docs/{described}{suffix}" if suffix else None


def page_level(described: str | None, kind: DocKind) -> int:
    """1 for a page about a source; one more for each generator pass over docs/."""
    if not described:
        return 1
    level, path = 1, described
    while path.startswith("docs/") or path == "docs":
        is_page = kind in (DocKind.FOLDER_DOC, DocKind.FOLDER_INDEX, DocKind.SUBTREE_INDEX)
        if not (
            is_page or path.endswith(_PAGE_SUFFIXES) or posixpath.basename(path) in FOLDER_PAGES
        ):
            break
        level, path = level + 1, path[5:]
    return level


def parse_page(
    text: str,
    path: str,
    first_line: int = 1,
    embedded_in: str | None = None,
    *,
    depth: int = 0,
    lines: list[str] | None = None,
    memo: PageMemo | None = None,
) -> AnyPage:
    """The typed page of `text` (any newline style); lines start at `first_line`;
    `depth` counts the pages this one is embedded in. `lines`, when the caller
    has them, are `text.split("\n")` of a text with LF newlines. With a `memo`
    (`page_memo()`), a page parsed lately at other lines is moved, not parsed
    again, and the pages parsed are remembered: the caller's models then share
    parts with the memo's, so they must not be changed."""
    if lines is None:
        text = normalize_newlines(text)
    known = memo.get(path, text) if memo is not None else None
    if known is not None and known.serves(depth) and known.first_line != first_line:
        return moved(known.page, first_line - known.first_line, embedded_in=embedded_in)
    page = _parse_page(text, path, first_line, embedded_in, depth, lines, memo)
    if memo is not None:
        memo.put(path, text, ParsedPage(page, first_line, depth, _nesting(page)))
    return page


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


def _nesting(page: AnyPage) -> int:
    count = 0
    while isinstance(page, FileDocs) and page.source is not None and page.source.document:
        page, count = page.source.document, count + 1
    return count


PageMemo = RecentPages[ParsedPage]
# Pages a memo keeps: the copy of a page embedded in its level-2 page is the
# first parse moved to its lines, and the work puts the two close together.
PARSES_KEPT = 8


def page_memo() -> PageMemo:
    """A memo of the pages parsed lately, for a run over many files."""
    return RecentPages(PARSES_KEPT)


def _parse_page(
    text: str,
    path: str,
    first_line: int,
    embedded_in: str | None,
    depth: int,
    lines: list[str] | None,
    memo: PageMemo | None,
) -> AnyPage:
    builder = _PageBuilder(text, first_line, path, depth, lines, memo)
    layer = builder.layer
    title = layer.headings[0] if layer.headings and layer.headings[0].level == 1 else None
    if title is not None and title.line != _first_text_line(text, first_line):
        title = None
    kind, described = recognise(title.text) if title else (DocKind.MARKDOWN, None)
    common: dict[str, Any] = {
        "path": path,
        "described": described,
        "expected_path": expected_page_path(kind, described),
        "level": page_level(described, kind),
        "embedded_in": embedded_in,
        "title": title,
        "markdown": layer,
        "outline": layer.headings,
        "sections": builder.sections,
    }
    return _BUILDERS[kind](builder, common)


def _first_text_line(text: str, first_line: int) -> int:
    # Matched, not stripped: stripping would copy the whole page.
    leading = _LEADING_SPACE.match(text)
    return first_line + (leading.group().count("\n") if leading else 0)


class _PageBuilder:
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
    ) -> None:
        # One split serves the line scan and the lookups here: a page may
        # hold a whole source file.
        self.lines = text.split("\n") if lines is None else lines
        self.first_line = first_line
        self.layer = parse_markdown(text, first_line, self.lines)
        self.path = path
        self.depth = depth
        self.memo = memo
        self.sections = _sections(self.layer.headings, first_line + self.layer.line_count - 1)

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


def _sections(headings: Sequence[Heading], last_line: int) -> list[Section]:
    """Each heading's section: it ends before the next heading of its level or
    higher. One pass with a stack of open sections, so a page of 100,000
    headings costs no more than its length."""
    ends = [last_line] * len(headings)
    open_sections: list[int] = []  # indexes of headings, levels strictly increasing
    for index, heading in enumerate(headings):
        while open_sections and headings[open_sections[-1]].level >= heading.level:
            ends[open_sections.pop()] = heading.line - 1
        open_sections.append(index)
    return [
        build_node(Section, (line, column, level, text, end))
        for (line, column, level, text), end in zip(headings, ends, strict=True)
    ]


def within(nodes: Sequence[N], section: Section | None, lines: list[int] | None = None) -> list[N]:
    """The nodes (sorted by line) that sit in the body of `section`."""
    if section is None:
        return []
    keys = lines if lines is not None else [node.line for node in nodes]
    return list(nodes[bisect_right(keys, section.line) : bisect_right(keys, section.end_line)])


def _build_markdown(builder: _PageBuilder, common: dict) -> MarkdownPage:
    return MarkdownPage(**common)


def _build_root(builder: _PageBuilder, common: dict) -> RootIndex:
    return RootIndex(**common)


def _build_file_docs(builder: _PageBuilder, common: dict) -> FileDocs:
    layer = builder.layer
    metadata_section = builder.section("File Metadata")
    metadata, size = [], None
    for item in within(layer.list_items, metadata_section):
        match = _FIELD.fullmatch(item.text)
        if match:
            field = MetadataField(
                line=item.line,
                column=item.column,
                name=match.group("name"),
                value=match.group("value"),
            )
            metadata.append(field)
            size_match = _SIZE.search(field.value)
            if field.name == "Size" and size_match:
                size = _size_claim(item, size_match)
    purpose_paragraphs = within(layer.paragraphs, builder.section("File Purpose"))
    purpose = (
        Value(
            line=purpose_paragraphs[0].line,
            column=purpose_paragraphs[0].column,
            text=purpose_paragraphs[0].text,
        )
        if purpose_paragraphs
        else None
    )
    source, tail = _original_source(builder, common["path"], common["described"])
    template = tail or builder
    if tail is not None and source is not None:
        before = [h for h in layer.headings if h.line < source.line]
        common["outline"] = before + tail.layer.headings
        common["sections"] = _sections(common["outline"], builder.first_line + layer.line_count - 1)
    overview_counts = []
    for paragraph in within(template.layer.paragraphs, template.section("High-Level Overview")):
        match = _OVERVIEW.search(paragraph.text)
        if match:
            overview_counts += [
                Count(
                    line=paragraph.line,
                    column=paragraph.column,
                    what="class",
                    value=int(match.group("classes")),
                ),
                Count(
                    line=paragraph.line,
                    column=paragraph.column,
                    what="function",
                    value=int(match.group("functions")),
                ),
            ]
    defined: dict[str, list[NameEntry]] = {}
    for paragraph in within(template.layer.paragraphs, template.section("Code Structure", 3)):
        match = _DEFINED.match(paragraph.text)
        if match:
            defined[match.group("what")] = _names(match.group("rest"), paragraph.line, template)
    dependencies = []
    for item in within(template.layer.list_items, template.section("Import Dependencies", 3)):
        match = _DEPENDENCY.fullmatch(item.text)
        if match:
            names = [n.strip() for n in (match.group("names") or "").split(",") if n.strip()]
            dependencies.append(
                DependencyEntry(
                    line=item.line, column=item.column, module=match.group("module"), names=names
                )
            )
    run_commands = []
    for block in within(template.layer.code_blocks, template.section("Testing", 3)):
        if block.fenced and block.info.split(" ")[0].lower() in SHELL_INFOS:
            run_commands += _commands(block)
    return FileDocs(
        **common,
        metadata=metadata,
        size=size,
        purpose=purpose,
        source=source,
        overview_counts=overview_counts,
        classes_defined=defined.get("Classes defined", []),
        functions_defined=defined.get("Functions defined", []),
        key_imports=defined.get("Key imports", []),
        dependencies=dependencies,
        run_commands=run_commands,
        related_files=within(template.layer.links, template.section("Related Files")),
    )


def _size_claim(item: Node, match: re.Match[str]) -> SizeClaim:
    kb = match.group("kb")
    return SizeClaim(
        line=item.line,
        column=item.column,
        size_bytes=int(match.group("bytes").replace(",", "")),
        size_kb=float(kb.replace(",", "")) if kb else None,
    )


def _names(rest: str, line: int, builder: _PageBuilder) -> list[NameEntry]:
    physical = builder.line_text(line)
    shift = physical.find(rest) if rest else 0
    found = _CODE_NAME.findall(rest) or [name.strip() for name in rest.split(",") if name.strip()]
    entries, search = [], 0
    for name in found:
        position = rest.find(name, search)
        search = max(position, search)
        entries.append(NameEntry(line=line, column=shift + max(position, 0) + 1, name=name))
    return entries


def _commands(block: CodeBlock) -> list[RunCommand]:
    commands = []
    for index, command in enumerate(block.text.split("\n")):
        if command.strip() and not command.lstrip().startswith("#"):
            commands.append(
                RunCommand(
                    line=block.content_line + index,
                    column=1,
                    command=command.strip(),
                    block_line=block.line,
                )
            )
    return commands


def intended_source_end(lines: list[str], open_index: int, marker: str) -> int | None:
    """Index of the generator's own closing fence of the block opened at `open_index`.

    The generator follows the embedded text with its closing fence and then
    the "High-Level Overview" section, so its fence is the last bare fence line
    before the last such heading. None when the page has no such heading.
    """
    heading = None
    for index in range(len(lines) - 1, open_index, -1):
        if lines[index].rstrip() == "## High-Level Overview":
            heading = index
            break
    if heading is None:
        return None
    for index in range(heading - 1, open_index, -1):
        stripped = lines[index].strip()
        if stripped and set(stripped) == {marker[0]} and len(stripped) >= len(marker):
            return index
    return None


def _original_source(
    builder: _PageBuilder, path: str, described: str | None
) -> tuple[EmbeddedSource | None, _PageBuilder | None]:
    """The Original Source block, and a re-parsed tail if the block broke early."""
    section = builder.section("Original Source")
    blocks = [block for block in within(builder.layer.code_blocks, section) if block.fenced]
    if not blocks:
        return None, None
    block = blocks[0]
    open_index = block.line - builder.first_line
    end_index = intended_source_end(builder.lines, open_index, block.marker)
    end_line = builder.first_line + end_index if end_index is not None else block.end_line
    content = builder.lines[open_index + 1 : end_line - builder.first_line]
    if end_index is None and not block.closed:
        content = builder.lines[open_index + 1 :]
    text = "\n".join(content) + ("\n" if content else "")
    tail = None
    if end_line != block.end_line and end_index is not None:
        rest = builder.lines[end_index + 1 :]
        tail = _PageBuilder("\n".join(rest), end_line + 1, path, builder.depth, rest)
    document = None
    first = next((line for line in content if line.strip()), "")
    if (
        builder.depth < MAX_EMBEDDED_DEPTH
        and first.startswith("# ")
        and recognise(first[2:])[0] is not DocKind.MARKDOWN
    ):
        page_text = embedded_page_text(text)
        document = parse_page(
            page_text,
            described or path,
            first_line=block.line + 1,
            embedded_in=path,
            depth=builder.depth + 1,
            # The page's lines are the block's, up to its last line with text.
            lines=[*content[: page_text.count("\n")], ""],
            memo=builder.memo,
        )
    source = EmbeddedSource(
        line=block.line,
        column=block.column,
        info=block.info,
        content_line=block.line + 1,
        end_line=end_line,
        live_end_line=block.end_line,
        closed=block.closed or end_index is not None,
        text=text,
        document=document,
    )
    return source, tail


def embedded_page_text(block_text: str) -> str:
    """The text of a page embedded in an Original Source block: the block's
    content without the blank lines the generator writes before its closing
    fence, which are not the page's. It then reads as the page itself."""
    page = block_text.rstrip("\n")
    return page + "\n" if page else block_text


def _build_keyword_index(builder: _PageBuilder, common: dict) -> KeywordIndex:
    layer = builder.layer
    info_links = within(layer.links, builder.section("File Information"))
    original = documentation = folder = None
    for item in within(layer.list_items, builder.section("File Information")):
        match = _FIELD.fullmatch(item.text)
        if not match:
            continue
        on_line = [link for link in info_links if link.line == item.line]
        if match.group("name") == "Original File" and on_line:
            original = on_line[0]
        elif match.group("name") == "Documentation" and on_line:
            documentation = on_line[0]
        elif match.group("name") == "Folder":
            folder = Value(
                line=item.line, column=item.column, text=match.group("value").strip().strip("`")
            )
    categories = []
    # The target of the first link of each line: reversed, so that it is the one kept.
    keyword_links = {link.line: link.target for link in reversed(layer.links)}
    # Keys computed once: a page may hold thousands of categories.
    item_lines = [item.line for item in layer.list_items]
    # Local names in the loop over what may be hundreds of thousands of entries.
    lines, first_line, name_of = builder.lines, builder.first_line, _KEYWORD.match
    for sub in builder.subsections(builder.section("Keywords Extracted")):
        entries = []
        for line, column, _, depth, text in within(layer.list_items, sub, item_lines):
            if depth or (match := name_of(text)) is None:
                continue
            column = lines[line - first_line].find("**`", column - 1) + 4
            entry = (line, column, match[1], keyword_links.get(line))
            entries.append(build_node(KeywordEntry, entry))
        categories.append(
            KeywordCategory(line=sub.line, column=sub.column, heading=sub.title, entries=entries)
        )
    return KeywordIndex(
        **common,
        original_file=original,
        documentation=documentation,
        folder=folder,
        categories=categories,
    )


def _build_folder_index(builder: _PageBuilder, common: dict) -> FolderIndex:
    layer = builder.layer
    files_section = builder.section("Files")
    links_by_line: dict[int, list[Link]] = {}
    for link in within(layer.links, files_section):
        links_by_line.setdefault(link.line, []).append(link)
    rows = []
    for row in within(layer.table_rows, files_section):
        if row.header or not row.cells:
            continue
        name_match = _CODE_NAME.search(row.cells[0])
        rows.append(
            IndexRow(
                line=row.line,
                column=row.column,
                name=name_match.group("name") if name_match else row.cells[0],
                description=row.cells[1] if len(row.cells) > 1 else "",
                links=links_by_line.get(row.line, []),
            )
        )
    return FolderIndex(
        **common, subfolders=within(layer.links, builder.section("Subfolders")), files=rows
    )


def _build_folder_doc(builder: _PageBuilder, common: dict) -> FolderDoc:
    layer = builder.layer
    counts, extension_counts, subfolders = [], [], []
    for item in within(layer.list_items, builder.section("Contents Overview")):
        match = _FOLDER_COUNT.fullmatch(item.text)
        extension = _EXTENSION_COUNT.fullmatch(item.text)
        if match:
            counts.append(
                Count(
                    line=item.line,
                    column=item.column + 4,
                    what=match.group("what"),
                    value=int(match.group("value")),
                )
            )
        elif extension:
            extension_counts.append(
                Count(
                    line=item.line,
                    column=item.column + 2,
                    what=extension.group("ext"),
                    value=int(extension.group("value")),
                )
            )
    for item in within(layer.list_items, builder.section("Folder Structure", 3)):
        match = _SUBFOLDER.fullmatch(item.text)
        if match:
            subfolders.append(
                NameEntry(line=item.line, column=item.column + 2, name=match.group("name"))
            )
    return FolderDoc(
        **common,
        counts=counts,
        extension_counts=extension_counts,
        subfolders=subfolders,
        key_files=within(layer.links, builder.section("Key Files", 3)),
    )


def _build_subtree_index(builder: _PageBuilder, common: dict) -> SubtreeIndex:
    link_lines = [link.line for link in builder.layer.links]
    groups = [
        SubtreeGroup(
            line=sub.line,
            column=sub.column,
            key=sub.title,
            entries=within(builder.layer.links, sub, link_lines),
        )
        for sub in builder.subsections(builder.section("Keywords"))
    ]
    return SubtreeIndex(**common, groups=groups)


_BUILDERS: dict[DocKind, Callable[[_PageBuilder, dict], PageBase]] = {
    DocKind.FILE_DOCS: _build_file_docs,
    DocKind.KEYWORD_INDEX: _build_keyword_index,
    DocKind.FOLDER_INDEX: _build_folder_index,
    DocKind.FOLDER_DOC: _build_folder_doc,
    DocKind.SUBTREE_INDEX: _build_subtree_index,
    DocKind.ROOT_INDEX: _build_root,
    DocKind.MARKDOWN: _build_markdown,
}

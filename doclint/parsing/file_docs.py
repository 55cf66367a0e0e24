"""The file documentation page (`X_docs.md`): metadata, purpose, the embedded
Original Source and the analysis sections read from it.

The Original Source block is located as the generator meant it (up to its own
closing fence), and a generated page found there is parsed as a page of its
own, numbered at the outer file's lines.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from doclint.models.generated import (
    AnyPage,
    Count,
    DependencyEntry,
    EmbeddedSource,
    FileDocs,
    MetadataField,
    NameEntry,
    RunCommand,
    SizeClaim,
    Value,
)
from doclint.models.markdown import CodeBlock, MarkdownLayer, Node, build_node
from doclint.parsing.page_builder import (
    CODE_NAME,
    FIELD,
    PageBuilder,
    sections,
    within,
)
from doclint.parsing.page_memo import MAX_EMBEDDED_DEPTH
from doclint.parsing.recognition import recognise
from doclint.profiles.original_source import embedded_page_text, intended_source_end
from doclint.profiles.patterns import compile_pattern
from doclint.profiles.templates import (
    CODE_STRUCTURE,
    FILE_METADATA,
    FILE_PURPOSE,
    IMPORT_DEPENDENCIES,
    ORIGINAL_SOURCE,
    RELATED_FILES,
    TESTING,
    Template,
)
from doclint.util.lazy_regex import compiled_on_use, shipped_pattern

SHELL_INFOS = frozenset({"bash", "sh", "shell", "console", "zsh"})

# A count is read from the start of its run of digits only: searched from
# each digit of a long run, it would cost the square of the run.
_SIZE = compiled_on_use(r"(?<![\d,])(?P<bytes>[\d,]++)\s*+bytes(?:\s*+\((?P<kb>[\d.,]++)\s*+KB\))?")
# The module may itself hold backticks when the generator caught prose such as
# "(e.g. ``from ..pkg import mod``)": the entry is the whole code span.
_DEPENDENCY = compiled_on_use(r"`(?P<module>.+)`(?::\s*(?P<names>[^`]*))?")


def build_file_docs(builder: PageBuilder, common: dict[str, Any]) -> FileDocs:
    """The file documentation model of the page `builder` parsed."""
    layer = builder.layer
    metadata, size = _metadata(builder)
    purpose_paragraphs = within(layer.paragraphs, builder.section(FILE_PURPOSE))
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
    # The analysis sections are read after the block, where the generator wrote them.
    template = tail or builder
    if tail is not None and source is not None:
        before = [h for h in layer.headings if h.line < source.line]
        common["outline"] = before + tail.layer.headings
        common["sections"] = sections(common["outline"], builder.last_line)
    kind = builder.generators.templates[common["template"]]
    common.update(_summary_lines(template, kind))
    return FileDocs(
        **common,
        metadata=metadata,
        size=size,
        purpose=purpose,
        source=source,
        overview_counts=_overview_counts(template, kind),
        dependencies=_dependencies(template),
        run_commands=_run_commands(template),
        related_files=within(template.layer.links, template.section(RELATED_FILES)),
        code_blocks=layer.code_blocks if tail is None else _written_blocks(layer, tail),
    )


def _written_blocks(layer: MarkdownLayer, tail: PageBuilder) -> list[CodeBlock]:
    """The blocks closed before the re-parsed tail, then the tail's own."""
    return [b for b in layer.code_blocks if b.end_line < tail.first_line] + tail.layer.code_blocks


def _metadata(builder: PageBuilder) -> tuple[list[MetadataField], SizeClaim | None]:
    metadata, size = [], None
    for item in within(builder.layer.list_items, builder.section(FILE_METADATA)):
        match = FIELD.fullmatch(item.text)
        if match:
            field = build_node(
                MetadataField, (item.line, item.column, match.group("name"), match.group("value"))
            )
            metadata.append(field)
            size_match = _SIZE.search(field.value)
            if field.name == "Size" and size_match:
                size = _size_claim(item, size_match)
    return metadata, size


def _size_claim(item: Node, match: re.Match[str]) -> SizeClaim:
    kb = match.group("kb")
    return SizeClaim(
        line=item.line,
        column=item.column,
        size_bytes=int(match.group("bytes").replace(",", "")),
        size_kb=float(kb.replace(",", "")) if kb else None,
    )


def _overview_counts(builder: PageBuilder, template: Template) -> list[Count]:
    """The counts the template's count sentences claim, in page order."""
    counts = []
    for sentence in template.count_sentences:
        pattern = compile_pattern(sentence.pattern, template.builtin)
        for paragraph in within(builder.layer.paragraphs, builder.section(sentence.section)):
            match = pattern.search(paragraph.text)
            if match:
                counts += [
                    build_node(Count, (paragraph.line, paragraph.column, what, int(value)))
                    for what, value in zip(sentence.counts, match.groups(), strict=True)
                ]
    return counts


def _summary_lines(builder: PageBuilder, template: Template) -> dict[str, list[NameEntry]]:
    """The entries of the template's bold summary lines, by the field they fill."""
    found: dict[str, list[NameEntry]] = {}
    if not template.summary_lines:
        return found
    source = _summary_source(tuple(template.summary_lines))
    # A tree's profile's labels are its own: never kept in the store.
    pattern = shipped_pattern(source) if template.builtin else re.compile(source)
    for paragraph in within(builder.layer.paragraphs, builder.section(CODE_STRUCTURE, 3)):
        match = pattern.match(paragraph.text)
        if match:
            names = _names(match.group("rest"), paragraph.line, builder)
            found[template.summary_lines[match.group("what")]] = names
    return found


@cache  # a template's: asked at each page, where escaping calls into `re`'s Python code
def _summary_source(labels: tuple[str, ...]) -> str:
    """The text of the pattern of a bold summary line with one of `labels`."""
    alternatives = "|".join(re.escape(label) for label in labels)
    return rf"\*\*(?P<what>{alternatives})\*\*:\s*(?P<rest>.*)"


def _names(rest: str, line: int, builder: PageBuilder) -> list[NameEntry]:
    physical = builder.line_text(line)
    shift = physical.find(rest) if rest else 0
    found = CODE_NAME.findall(rest) or [name.strip() for name in rest.split(",") if name.strip()]
    entries, search = [], 0
    for name in found:
        position = rest.find(name, search)
        search = max(position, search)
        entries.append(build_node(NameEntry, (line, shift + max(position, 0) + 1, name)))
    return entries


def _dependencies(template: PageBuilder) -> list[DependencyEntry]:
    dependencies = []
    for item in within(template.layer.list_items, template.section(IMPORT_DEPENDENCIES, 3)):
        match = _DEPENDENCY.fullmatch(item.text)
        if match:
            names = [n.strip() for n in (match.group("names") or "").split(",") if n.strip()]
            entry = (item.line, item.column, match.group("module"), names)
            dependencies.append(build_node(DependencyEntry, entry))
    return dependencies


def _run_commands(template: PageBuilder) -> list[RunCommand]:
    commands = []
    for block in within(template.layer.code_blocks, template.section(TESTING, 3)):
        if block.fenced and block.info.split(" ")[0].lower() in SHELL_INFOS:
            commands += _commands(block)
    return commands


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


def _original_source(
    builder: PageBuilder, path: str, described: str | None
) -> tuple[EmbeddedSource | None, PageBuilder | None]:
    """The Original Source block, and a re-parsed tail if the block broke early."""
    section = builder.section(ORIGINAL_SOURCE)
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
        tail = PageBuilder(
            "\n".join(rest),
            end_line + 1,
            path,
            builder.depth,
            rest,
            generators=builder.generators,
            read_page=builder.read_page,
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
        document=_embedded_page(builder, block.line, content, text, described or path),
    )
    return source, tail


def _embedded_page(
    builder: PageBuilder, block_line: int, content: list[str], text: str, path: str
) -> AnyPage | None:
    """The generated page the block holds, parsed as a page of its own; None
    for any other text, or past the nesting the parser follows."""
    first = next((line for line in content if line.strip()), "")
    if not (
        builder.depth < MAX_EMBEDDED_DEPTH
        and first.startswith("# ")
        and recognise(first[2:], builder.generators)[0] != ""
    ):
        return None
    # Parsed as any page is, by the parser that dispatched to this module.
    page_text = embedded_page_text(text)
    return builder.read_page(
        page_text,
        path,
        first_line=block_line + 1,
        embedded_in=builder.path,
        depth=builder.depth + 1,
        # The page's lines are the block's, up to its last line with text.
        lines=[*content[: page_text.count("\n")], ""],
        memo=builder.memo,
        generators=builder.generators,
    )

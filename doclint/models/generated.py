"""Typed models of the pages a repository documentation generator writes.

One model per kind of page (their base, `PageBase`, and the page of no
generator, `MarkdownPage`, are in `doclint.models.page`, and named here too),
and `AnyPage`, the union of them all. Each keeps the line of every part it holds, so a
rule can point at the exact line of a wrong claim. A page embedded in a file
documentation's "Original Source" block is a document too (`EmbeddedSource`).

Pages are plain dataclasses, built by the parser from values it has just
typed: checking a page does not import pydantic. pydantic reads them where
a page is validated or described (`TypeAdapter(AnyPage)`, `doclint schema`):
each field's description is in its metadata, and `AnyPage` tells the kinds
apart by `kind`. The parts they hold are `node` named tuples, as in
`doclint.models.markdown` (which says why).
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Annotated, Any, Literal

from doclint.models.markdown import CodeBlock, Link, node
from doclint.models.page import (
    DocKind,
    MarkdownPage,
    PageBase,
    Section,
    noted,
)
from doclint.models.records import NamedTuple, model

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler
    from pydantic_core import core_schema

__all__ = [
    "PAGE_TYPES",
    "AnyPage",
    "Count",
    "DependencyEntry",
    "DocKind",
    "EmbeddedSource",
    "FileDocs",
    "FolderDoc",
    "FolderIndex",
    "IndexRow",
    "KeywordCategory",
    "KeywordEntry",
    "KeywordIndex",
    "MarkdownPage",
    "MetadataField",
    "NameEntry",
    "PageBase",
    "RootIndex",
    "RunCommand",
    "Section",
    "SizeClaim",
    "SubtreeGroup",
    "SubtreeIndex",
    "Value",
]


@node
class Value(NamedTuple):
    """A text value found on a line, such as a metadata field."""

    line: int
    column: int
    text: str


@node
class Count(NamedTuple):
    """A number claimed on a line ("**3 file(s)**"), with what it counts."""

    line: int
    column: int
    what: str
    value: int


@node
class MetadataField(NamedTuple):
    """One "- **Name**: value" line of a File Metadata section."""

    line: int
    column: int
    name: str
    value: str


@node
class SizeClaim(NamedTuple):
    """The "- **Size**: 1,234 bytes (1.21 KB)" line."""

    line: int
    column: int
    size_bytes: int
    size_kb: float | None


@node
class RunCommand(NamedTuple):
    """A command line of a shell block in the Testing section."""

    line: int
    column: int
    command: str
    block_line: int


@node
class NameEntry(NamedTuple):
    """A name listed on a line (a class, a function, an import)."""

    line: int
    column: int
    name: str


@node
class DependencyEntry(NamedTuple):
    """One "- `module`: names" line of the Import Dependencies section."""

    line: int
    column: int
    module: str
    names: list[str]


@node
class KeywordEntry(NamedTuple):
    """One "- **`name`**: [page](./page)" line of a keyword index."""

    line: int
    column: int
    name: str
    target: str | None


@node
class KeywordCategory(NamedTuple):
    """A "### Classes" (or Functions, Imports, Identifiers) group of entries."""

    line: int
    column: int
    heading: str
    entries: list[KeywordEntry]


@node
class IndexRow(NamedTuple):
    """A row of a folder index's Files table."""

    line: int
    column: int
    name: str
    description: str
    links: list[Link]


@node
class SubtreeGroup(NamedTuple):
    """A "### key" group of a subtree keyword index."""

    line: int
    column: int
    key: str
    entries: list[Link]


@node
class EmbeddedSource(NamedTuple):
    """The "Original Source" block of a file documentation.

    `end_line` is the generator's closing fence; `live_end_line` is where
    CommonMark really closes the block (earlier when an embedded fence breaks it).
    """

    line: int
    column: int
    info: str
    content_line: int
    end_line: int
    live_end_line: int
    closed: bool
    text: str
    document: AnyPage | None = None


@model
class FileDocs(PageBase):
    """`X_docs.md`: the documentation of one file."""

    kind: Literal[DocKind.FILE_DOCS] = DocKind.FILE_DOCS
    metadata: list[MetadataField] = field(default_factory=list, metadata=noted(empty_list=True))
    size: SizeClaim | None = None
    purpose: Value | None = None
    source: EmbeddedSource | None = None
    overview_counts: list[Count] = field(
        default_factory=list,
        metadata=noted(
            "The counts the overview sentence claims: 'class' and 'function' (Python),"
            " 'class/struct' and 'function' (C/C++), 'word' and 'line' (repo-book-v1).",
            empty_list=True,
        ),
    )
    classes_defined: list[NameEntry] = field(
        default_factory=list,
        metadata=noted(
            "The `**Classes defined**:` (Python) or `**Classes/Structs**:` (C/C++) entries.",
            empty_list=True,
        ),
    )
    functions_defined: list[NameEntry] = field(
        default_factory=list, metadata=noted(empty_list=True)
    )
    key_imports: list[NameEntry] = field(default_factory=list, metadata=noted(empty_list=True))
    namespaces: list[NameEntry] = field(
        default_factory=list,
        metadata=noted("The `**Namespaces**:` entries of a C/C++ page.", empty_list=True),
    )
    dependencies: list[DependencyEntry] = field(
        default_factory=list,
        metadata=noted(
            "Import Dependencies entries: Python modules with their names, or the"
            " C/C++ includes as written (no names).",
            empty_list=True,
        ),
    )
    run_commands: list[RunCommand] = field(default_factory=list, metadata=noted(empty_list=True))
    related_files: list[Link] = field(default_factory=list, metadata=noted(empty_list=True))
    code_blocks: list[CodeBlock] = field(
        default_factory=list,
        metadata=noted(
            "The page's code blocks as the generator wrote them: those of"
            " `markdown.code_blocks` but, where an embedded fence closed the Original Source"
            " early, the blocks after its intended end as the text there reads alone (CommonMark"
            " pairs every fence after an early close with the wrong one).",
            empty_list=True,
        ),
    )


@model
class KeywordIndex(PageBase):
    """`X_kw.md`: the keywords extracted from one file."""

    kind: Literal[DocKind.KEYWORD_INDEX] = DocKind.KEYWORD_INDEX
    original_file: Link | None = None
    documentation: Link | None = None
    folder: Value | None = None
    categories: list[KeywordCategory] = field(default_factory=list, metadata=noted(empty_list=True))


@model
class FolderIndex(PageBase):
    """`index.md`: a folder's subfolders and documented files."""

    kind: Literal[DocKind.FOLDER_INDEX] = DocKind.FOLDER_INDEX
    subfolders: list[Link] = field(default_factory=list, metadata=noted(empty_list=True))
    files: list[IndexRow] = field(default_factory=list, metadata=noted(empty_list=True))


@model
class FolderDoc(PageBase):
    """`doc.md`: a folder's narrative page with its counts."""

    kind: Literal[DocKind.FOLDER_DOC] = DocKind.FOLDER_DOC
    counts: list[Count] = field(default_factory=list, metadata=noted(empty_list=True))
    extension_counts: list[Count] = field(default_factory=list, metadata=noted(empty_list=True))
    subfolders: list[NameEntry] = field(default_factory=list, metadata=noted(empty_list=True))
    key_files: list[Link] = field(default_factory=list, metadata=noted(empty_list=True))


@model
class SubtreeIndex(PageBase):
    """`sub.md`: keyword groups over a folder and all its descendants."""

    kind: Literal[DocKind.SUBTREE_INDEX] = DocKind.SUBTREE_INDEX
    groups: list[SubtreeGroup] = field(default_factory=list, metadata=noted(empty_list=True))


@model
class RootIndex(PageBase):
    """`docs/index.md`: the start page of the documentation tree."""

    kind: Literal[DocKind.ROOT_INDEX] = DocKind.ROOT_INDEX


PAGE_TYPES = (
    FileDocs | KeywordIndex | FolderIndex | FolderDoc | SubtreeIndex | RootIndex | MarkdownPage
)
"""The page classes, the union `AnyPage` stands for."""


class _ByKind:
    """pydantic's reading of `AnyPage`: the union of the page classes, told
    apart by `kind` (a `Field(discriminator=...)` would import pydantic with
    this module)."""

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        from pydantic import Field

        return handler.generate_schema(Annotated[PAGE_TYPES, Field(discriminator="kind")])


if TYPE_CHECKING:
    AnyPage = Annotated[PAGE_TYPES, _ByKind()]
else:
    # Any page, to pydantic the union of the page classes (`_ByKind`): as a
    # type argument (`Rule[AnyPage]`) it stands for the base of every page.
    AnyPage = Annotated[PageBase, _ByKind()]

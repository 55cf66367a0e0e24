"""Typed models of the pages a repository documentation generator writes.

One model per kind of page. Each keeps the line of every part it holds, so a
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

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from doclint.models.records import NamedTuple

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler
    from pydantic_core import core_schema

from doclint.models.markdown import CodeBlock, Heading, Link, MarkdownLayer, node


class DocKind(StrEnum):
    """The kinds of page, recognised from the file name and the title line."""

    FILE_DOCS = "file-docs"
    KEYWORD_INDEX = "keyword-index"
    FOLDER_INDEX = "folder-index"
    FOLDER_DOC = "folder-doc"
    SUBTREE_INDEX = "subtree-index"
    ROOT_INDEX = "root-index"
    MARKDOWN = "markdown"


@node
class Section(NamedTuple):
    """A heading and the lines up to the next heading of the same or a higher level."""

    line: int
    column: int
    level: int
    title: str
    end_line: int


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


def _described(description: str | None = None, empty_list: bool = False) -> dict[str, Any]:
    """A field's metadata for pydantic (`doclint schema`): its description,
    and for a list empty by default the default it shows (`[]`, which it
    does not for a factory)."""
    metadata: dict[str, Any] = {"json_schema_extra": {"default": []}} if empty_list else {}
    if description is not None:
        metadata["description"] = description
    return metadata


@dataclass(kw_only=True)
class PageBase:
    """What every page has: where it is, the generic layer, and its sections."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid"}

    path: str = field(
        metadata=_described("Path of the page relative to the tree root, POSIX style.")
    )
    described: str | None = field(
        default=None,
        metadata=_described("Repository path the page documents, from its title ('' is the root)."),
    )
    expected_path: str | None = field(
        default=None,
        metadata=_described(
            "Where the generator writes a page with this title, relative to the root."
        ),
    )
    level: int = field(
        default=1,
        metadata=_described("1 documents a source; 2 and up document generated pages."),
    )
    embedded_in: str | None = field(
        default=None,
        metadata=_described("Path of the page this one is embedded in, if any."),
    )
    source_kind: str = field(
        default="",
        metadata=_described(
            "Extension of the documented file ('.py', '.cpp', '.txt' for CMakeLists.txt);"
            " '' for a folder page, a file without one, or a page no generator wrote."
        ),
    )
    template: str = field(
        default="",
        metadata=_described(
            "Id of the generator template the page is in (doclint.profiles.templates:"
            " 'python', 'cpp', 'identifiers', 'repo-book-v1'); '' for a page no generator"
            " wrote."
        ),
    )
    title: Heading | None = None
    markdown: MarkdownLayer
    outline: list[Heading] = field(
        default_factory=list,
        metadata=_described(
            "The page's own headings: the live ones, less those of an embedded page"
            " that leak out of a broken Original Source block, plus those the break swallows.",
            empty_list=True,
        ),
    )
    sections: list[Section] = field(default_factory=list, metadata=_described(empty_list=True))

    def is_detached(self) -> bool:
        """True when the page sits in another folder than its title implies,
        so its relative links were written for a place it is not in."""
        if self.expected_path is None:
            return False
        return self.path.rpartition("/")[0] != self.expected_path.rpartition("/")[0]


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


@dataclass(kw_only=True)
class FileDocs(PageBase):
    """`X_docs.md`: the documentation of one file."""

    kind: Literal[DocKind.FILE_DOCS] = DocKind.FILE_DOCS
    metadata: list[MetadataField] = field(
        default_factory=list, metadata=_described(empty_list=True)
    )
    size: SizeClaim | None = None
    purpose: Value | None = None
    source: EmbeddedSource | None = None
    overview_counts: list[Count] = field(
        default_factory=list,
        metadata=_described(
            "The counts the overview sentence claims: 'class' and 'function' (Python),"
            " 'class/struct' and 'function' (C/C++), 'word' and 'line' (repo-book-v1).",
            empty_list=True,
        ),
    )
    classes_defined: list[NameEntry] = field(
        default_factory=list,
        metadata=_described(
            "The `**Classes defined**:` (Python) or `**Classes/Structs**:` (C/C++) entries.",
            empty_list=True,
        ),
    )
    functions_defined: list[NameEntry] = field(
        default_factory=list, metadata=_described(empty_list=True)
    )
    key_imports: list[NameEntry] = field(default_factory=list, metadata=_described(empty_list=True))
    namespaces: list[NameEntry] = field(
        default_factory=list,
        metadata=_described("The `**Namespaces**:` entries of a C/C++ page.", empty_list=True),
    )
    dependencies: list[DependencyEntry] = field(
        default_factory=list,
        metadata=_described(
            "Import Dependencies entries: Python modules with their names, or the"
            " C/C++ includes as written (no names).",
            empty_list=True,
        ),
    )
    run_commands: list[RunCommand] = field(
        default_factory=list, metadata=_described(empty_list=True)
    )
    related_files: list[Link] = field(default_factory=list, metadata=_described(empty_list=True))
    code_blocks: list[CodeBlock] = field(
        default_factory=list,
        metadata=_described(
            "The page's code blocks as the generator wrote them: those of"
            " `markdown.code_blocks` but, where an embedded fence closed the Original Source"
            " early, the blocks after its intended end as the text there reads alone (CommonMark"
            " pairs every fence after an early close with the wrong one).",
            empty_list=True,
        ),
    )


@dataclass(kw_only=True)
class KeywordIndex(PageBase):
    """`X_kw.md`: the keywords extracted from one file."""

    kind: Literal[DocKind.KEYWORD_INDEX] = DocKind.KEYWORD_INDEX
    original_file: Link | None = None
    documentation: Link | None = None
    folder: Value | None = None
    categories: list[KeywordCategory] = field(
        default_factory=list, metadata=_described(empty_list=True)
    )


@dataclass(kw_only=True)
class FolderIndex(PageBase):
    """`index.md`: a folder's subfolders and documented files."""

    kind: Literal[DocKind.FOLDER_INDEX] = DocKind.FOLDER_INDEX
    subfolders: list[Link] = field(default_factory=list, metadata=_described(empty_list=True))
    files: list[IndexRow] = field(default_factory=list, metadata=_described(empty_list=True))


@dataclass(kw_only=True)
class FolderDoc(PageBase):
    """`doc.md`: a folder's narrative page with its counts."""

    kind: Literal[DocKind.FOLDER_DOC] = DocKind.FOLDER_DOC
    counts: list[Count] = field(default_factory=list, metadata=_described(empty_list=True))
    extension_counts: list[Count] = field(
        default_factory=list, metadata=_described(empty_list=True)
    )
    subfolders: list[NameEntry] = field(default_factory=list, metadata=_described(empty_list=True))
    key_files: list[Link] = field(default_factory=list, metadata=_described(empty_list=True))


@dataclass(kw_only=True)
class SubtreeIndex(PageBase):
    """`sub.md`: keyword groups over a folder and all its descendants."""

    kind: Literal[DocKind.SUBTREE_INDEX] = DocKind.SUBTREE_INDEX
    groups: list[SubtreeGroup] = field(default_factory=list, metadata=_described(empty_list=True))


@dataclass(kw_only=True)
class RootIndex(PageBase):
    """`docs/index.md`: the start page of the documentation tree."""

    kind: Literal[DocKind.ROOT_INDEX] = DocKind.ROOT_INDEX


@dataclass(kw_only=True)
class MarkdownPage(PageBase):
    """Any other Markdown file: only the generic rules apply; or a page of a
    kind its generator's profile declares, read generically (`page_kind`)."""

    kind: Literal[DocKind.MARKDOWN] = DocKind.MARKDOWN
    page_kind: str = field(
        default="",
        metadata=_described(
            "The kind of generated page its profile declares (its title, place and "
            "outline are the generator's); empty for a page no generator wrote."
        ),
    )


class _ByKind:
    """pydantic's reading of `AnyPage`: a union told apart by `kind` (a
    `Field(discriminator=...)` would import pydantic with this module)."""

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        from pydantic import Field

        return handler.generate_schema(Annotated[source, Field(discriminator="kind")])


AnyPage = Annotated[
    FileDocs | KeywordIndex | FolderIndex | FolderDoc | SubtreeIndex | RootIndex | MarkdownPage,
    _ByKind(),
]

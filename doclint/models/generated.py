"""Typed models of the pages a repository documentation generator writes.

One model per kind of page. Each keeps the line of every part it holds, so a
rule can point at the exact line of a wrong claim. A page embedded in a file
documentation's "Original Source" block is a document too (`EmbeddedSource`).

Pages are pydantic models, validated when built and described by `doclint
schema`; the parts they hold are `node` named tuples, as in
`doclint.models.markdown` (which says why).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

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


class PageBase(BaseModel):
    """What every page has: where it is, the generic layer, and its sections."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    path: str = Field(description="Path of the page relative to the tree root, POSIX style.")
    described: str | None = Field(
        default=None,
        description="Repository path the page documents, from its title ('' is the root).",
    )
    expected_path: str | None = Field(
        default=None,
        description="Where the generator writes a page with this title, relative to the root.",
    )
    level: int = Field(
        default=1, description="1 documents a source; 2 and up document generated pages."
    )
    embedded_in: str | None = Field(
        default=None, description="Path of the page this one is embedded in, if any."
    )
    source_kind: str = Field(
        default="",
        description="Extension of the documented file ('.py', '.cpp', '.txt' for CMakeLists.txt);"
        " '' for a folder page, a file without one, or a page no generator wrote.",
    )
    template: str = Field(
        default="",
        description="Id of the generator template the page is in (doclint.profiles.templates:"
        " 'python', 'cpp', 'identifiers', 'repo-book-v1'); '' for a page no generator wrote.",
    )
    title: Heading | None = None
    markdown: MarkdownLayer
    outline: list[Heading] = Field(
        default=[],
        description="The page's own headings: the live ones, less those of an embedded page"
        " that leak out of a broken Original Source block, plus those the break swallows.",
    )
    sections: list[Section] = []

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


class FileDocs(PageBase):
    """`X_docs.md`: the documentation of one file."""

    kind: Literal[DocKind.FILE_DOCS] = DocKind.FILE_DOCS
    metadata: list[MetadataField] = []
    size: SizeClaim | None = None
    purpose: Value | None = None
    source: EmbeddedSource | None = None
    overview_counts: list[Count] = Field(
        default=[],
        description="The counts the overview sentence claims: 'class' and 'function' (Python),"
        " 'class/struct' and 'function' (C/C++), 'word' and 'line' (repo-book-v1).",
    )
    classes_defined: list[NameEntry] = Field(
        default=[],
        description="The `**Classes defined**:` (Python) or `**Classes/Structs**:` (C/C++)"
        " entries.",
    )
    functions_defined: list[NameEntry] = []
    key_imports: list[NameEntry] = []
    namespaces: list[NameEntry] = Field(
        default=[], description="The `**Namespaces**:` entries of a C/C++ page."
    )
    dependencies: list[DependencyEntry] = Field(
        default=[],
        description="Import Dependencies entries: Python modules with their names, or the"
        " C/C++ includes as written (no names).",
    )
    run_commands: list[RunCommand] = []
    related_files: list[Link] = []
    code_blocks: list[CodeBlock] = Field(
        default=[],
        description="The page's code blocks as the generator wrote them: those of"
        " `markdown.code_blocks` but, where an embedded fence closed the Original Source"
        " early, the blocks after its intended end as the text there reads alone (CommonMark"
        " pairs every fence after an early close with the wrong one).",
    )


class KeywordIndex(PageBase):
    """`X_kw.md`: the keywords extracted from one file."""

    kind: Literal[DocKind.KEYWORD_INDEX] = DocKind.KEYWORD_INDEX
    original_file: Link | None = None
    documentation: Link | None = None
    folder: Value | None = None
    categories: list[KeywordCategory] = []


class FolderIndex(PageBase):
    """`index.md`: a folder's subfolders and documented files."""

    kind: Literal[DocKind.FOLDER_INDEX] = DocKind.FOLDER_INDEX
    subfolders: list[Link] = []
    files: list[IndexRow] = []


class FolderDoc(PageBase):
    """`doc.md`: a folder's narrative page with its counts."""

    kind: Literal[DocKind.FOLDER_DOC] = DocKind.FOLDER_DOC
    counts: list[Count] = []
    extension_counts: list[Count] = []
    subfolders: list[NameEntry] = []
    key_files: list[Link] = []


class SubtreeIndex(PageBase):
    """`sub.md`: keyword groups over a folder and all its descendants."""

    kind: Literal[DocKind.SUBTREE_INDEX] = DocKind.SUBTREE_INDEX
    groups: list[SubtreeGroup] = []


class RootIndex(PageBase):
    """`docs/index.md`: the start page of the documentation tree."""

    kind: Literal[DocKind.ROOT_INDEX] = DocKind.ROOT_INDEX


class MarkdownPage(PageBase):
    """Any other Markdown file: only the generic rules apply; or a page of a
    kind its generator's profile declares, read generically (`page_kind`)."""

    kind: Literal[DocKind.MARKDOWN] = DocKind.MARKDOWN
    page_kind: str = Field(
        default="",
        description="The kind of generated page its profile declares (its title, place and "
        "outline are the generator's); empty for a page no generator wrote.",
    )


AnyPage = Annotated[
    FileDocs | KeywordIndex | FolderIndex | FolderDoc | SubtreeIndex | RootIndex | MarkdownPage,
    Field(discriminator="kind"),
]

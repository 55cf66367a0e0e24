"""What every page is, and the page of any Markdown file.

The kinds of page (`DocKind`), the base of every page model (`PageBase`) and
the page of a Markdown file no generator wrote (`MarkdownPage`). The models of
the generators' pages, and `AnyPage`, the union of every page class, are in
`doclint.models.generated`, which imports this module and not the reverse.
Models are plain dataclasses, as `doclint.models.generated` says.
"""

from __future__ import annotations

from dataclasses import field
from enum import StrEnum
from typing import Any, ClassVar, Literal

from doclint.models.markdown import Heading, MarkdownLayer, node
from doclint.models.records import Compared, NamedTuple, model


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


def noted(description: str | None = None, empty_list: bool = False) -> dict[str, Any]:
    """A field's metadata for pydantic (`doclint schema`): its description,
    and for a list empty by default the default it shows (`[]`, which it
    does not for a factory)."""
    metadata: dict[str, Any] = {"json_schema_extra": {"default": []}} if empty_list else {}
    if description is not None:
        metadata["description"] = description
    return metadata


@model
class PageBase(Compared):
    """What every page has: where it is, the generic layer, and its sections."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid"}

    path: str = field(metadata=noted("Path of the page relative to the tree root, POSIX style."))
    described: str | None = field(
        default=None,
        metadata=noted("Repository path the page documents, from its title ('' is the root)."),
    )
    expected_path: str | None = field(
        default=None,
        metadata=noted("Where the generator writes a page with this title, relative to the root."),
    )
    level: int = field(
        default=1,
        metadata=noted("1 documents a source; 2 and up document generated pages."),
    )
    embedded_in: str | None = field(
        default=None,
        metadata=noted("Path of the page this one is embedded in, if any."),
    )
    source_kind: str = field(
        default="",
        metadata=noted(
            "Extension of the documented file ('.py', '.cpp', '.txt' for CMakeLists.txt);"
            " '' for a folder page, a file without one, or a page no generator wrote."
        ),
    )
    template: str = field(
        default="",
        metadata=noted(
            "Id of the generator template the page is in (doclint.profiles.templates:"
            " 'python', 'cpp', 'identifiers', 'repo-book-v1'); '' for a page no generator"
            " wrote."
        ),
    )
    title: Heading | None = None
    markdown: MarkdownLayer
    outline: list[Heading] = field(
        default_factory=list,
        metadata=noted(
            "The page's own headings: the live ones, less those of an embedded page"
            " that leak out of a broken Original Source block, plus those the break swallows.",
            empty_list=True,
        ),
    )
    sections: list[Section] = field(default_factory=list, metadata=noted(empty_list=True))

    def is_detached(self) -> bool:
        """True when the page sits in another folder than its title implies,
        so its relative links were written for a place it is not in."""
        if self.expected_path is None:
            return False
        return self.path.rpartition("/")[0] != self.expected_path.rpartition("/")[0]


@model
class MarkdownPage(PageBase):
    """Any other Markdown file: only the generic rules apply; or a page of a
    kind its generator's profile declares, read generically (`page_kind`)."""

    kind: Literal[DocKind.MARKDOWN] = DocKind.MARKDOWN
    page_kind: str = field(
        default="",
        metadata=noted(
            "The kind of generated page its profile declares (its title, place and "
            "outline are the generator's); empty for a page no generator wrote."
        ),
    )

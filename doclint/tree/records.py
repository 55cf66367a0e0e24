"""The records of the tree's answers to the rules: a documented source, a
link's target (doclint.tree.index gives them, and re-exports them). Defined
here, not in that module: see `COMPILED_MODULES` for why a compiled module
defines no named tuple."""

from __future__ import annotations

from doclint.models.records import NamedTuple


class SourceFile(NamedTuple):
    """A documented source as a rule sees it.

    `exact` is False when the text comes from the block embedded in the
    source's `X_docs.md` rather than from the file itself: its text is what
    the generator read, but its byte size is not the file's.
    """

    path: str
    text: str
    exact: bool
    size: int | None


class LinkTarget(NamedTuple):
    """Where a relative link points, relative to the tree root."""

    path: str
    fragment: str | None
    escapes_root: bool

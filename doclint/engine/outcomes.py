"""What the linter gives: a page's text, a page pass, a file's and a text's
outcome (doclint.engine.linter builds them, and re-exports them). Defined
here, not in that module: see `COMPILED_MODULES` for why a compiled module
defines no named tuple."""

from __future__ import annotations

from typing import TYPE_CHECKING

from doclint.models.findings import Finding, shifted
from doclint.models.records import NamedTuple

if TYPE_CHECKING:
    from doclint.models.generated import AnyPage
    from doclint.parsing.reading import Reading
    from doclint.tree.index import Fact, Stamp


class PageText(NamedTuple):
    page: AnyPage
    text: str
    first_line: int


class PagePass(NamedTuple):
    """What the PAGE rules found on a page that starts at `first_line`, and the
    tree facts they asked for."""

    rows: list[Finding]
    first_line: int
    facts: list[tuple[str, str]]

    def at(self, first_line: int) -> list[Finding]:
        """The findings for a copy of the page that starts at `first_line`.
        Moved only when asked: most pages have no copy."""
        lines = first_line - self.first_line
        return [shifted(row, lines) for row in self.rows] if lines else list(self.rows)


class FileOutcome(NamedTuple):
    """What checking one file gives: findings, the tree facts its rules asked
    for, and the stamp and hash of the bytes checked (for the cache)."""

    rows: list[Finding]
    facts: list[Fact]
    stamp: Stamp | None
    content_hash: bytes | None
    lines: list[str] | None = None
    """The lines checked (the text split at LF), for the output to show
    without reading the file again; the run drops them once handed on."""
    reading: Reading | None = None
    """How the engine read the page (None: it read none): the run counts
    the pages no generator read by it."""


class Checked(NamedTuple):
    """What checking a text gives: its findings, the tree facts its rules
    asked for, and its lines (split at LF) when the rules read it; None for a
    file reported unread (binary, empty)."""

    rows: list[Finding]
    facts: list[Fact]
    lines: list[str] | None = None
    reading: Reading | None = None
    """How the engine read the file's page (None: it read none)."""

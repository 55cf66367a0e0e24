"""From a file's stored findings to what a run reports of it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple, Protocol

from doclint.engine.suppressions import FindingFilter
from doclint.models.findings import Finding, Fixable, RenderedParts, fixable, place
from doclint.models.markdown import build_node
from doclint.rule_api import TREE_PATH_MARK
from doclint.util.paths import display_path, printable, relative_to


class PartRenderer(Protocol):
    """How the output writes one file's findings (there are some), given the lines
    checked when there are some (they need not be read again). A command line
    whose format is written file by file gives one to `run`, so that the workers
    render what they checked."""

    @property
    def key(self) -> str:
        """What the parts depend on besides the findings and lines: two
        renderers of one key write the same part of the same findings."""
        ...

    def __call__(self, rows: list[Finding], lines: list[str] | None, /) -> bytes: ...


class FilePart(NamedTuple):
    """One file's findings as written, how many there are, and how many of
    them the fixes repair: counted from the findings where the part is
    rendered, so that a summary never reads the parts again to count them."""

    data: bytes
    count: int  # type: ignore[assignment]  # a field, not tuple's method of that name
    fixable: Fixable


class PartPlace(NamedTuple):
    """Where a worker wrote a file's part (engine/spill.py): its file's name in
    the run's folder, offset and length there; and its counts, as `FilePart`'s."""

    spool: str
    offset: int
    length: int
    count: int  # type: ignore[assignment]  # a field, not tuple's method of that name
    fixable: Fixable


def shown_paths(rows: list[Finding], root: Path, cwd: Path) -> list[Finding]:
    """Rows whose messages are as shown: the tree paths they name
    (`shown_tree_path`) relative to `cwd`, as the findings' own paths are
    shown, and what they quote of a tree escaped (`printable`), for every
    format and the API alike."""
    # TREE_PATH_MARK is no printable character: one C scan a message tells both.
    if all(row.message.isprintable() for row in rows):
        return rows
    root_text, cwd_text = str(root), str(cwd)

    def message(text: str) -> str:
        parts = text.split(TREE_PATH_MARK)
        for index in range(1, len(parts), 2):
            parts[index] = relative_to(f"{root_text}/{parts[index]}", cwd_text)
        return printable("".join(parts))

    return [
        row if row.message.isprintable() else row._replace(message=message(row.message))
        for row in rows
    ]


@lru_cache(maxsize=16)
def _part_place(render_key: str, root: str, cwd: str) -> bytes:
    """The part key of every file of a root without per-file ignores or severities."""
    return f"{render_key}\0{relative_to(root, cwd)}\0".encode("utf-8", "surrogatepass")


class FileReporter(NamedTuple):
    """Turns a file's stored findings into what is reported of it."""

    finding_filter: FindingFilter
    cwd: Path
    root: Path
    render: PartRenderer | None = None

    def diagnostics(self, file: Path | str, shown: str, rows: list[Finding]) -> list[Finding]:
        """The findings as reported (`shown` is the file's path as shown):
        per-file ignores and severities applied, deduplicated, sorted."""
        rows = shown_paths(self.finding_filter.rows(file, rows), self.root, self.cwd)
        shown = printable(shown)  # a name may hold a newline, or bytes that are not UTF-8
        kept = sorted(set(rows), key=place)
        # Not row._replace: a run may report 300,000.
        return [build_node(Finding, (*row[:8], shown)) for row in kept]

    def part_key(self, file: Path | str) -> bytes:
        """What the part of `file` (a file of the root) depends on besides
        its findings and lines: the output, where the root is seen from (the
        file's path as shown, and the tree paths its messages name, follow
        from it), and what the per-file ignores and severities do to it."""
        assert self.render is not None
        place = _part_place(self.render.key, str(self.root), str(self.cwd))
        return place + self.finding_filter.applied_to(file).encode("utf-8", "surrogatepass")

    def part(
        self, file: Path | str, rows: list[Finding], lines: list[str] | None = None
    ) -> FilePart | None:
        """The file's rendered part, None when it has no findings to report;
        `lines` are the lines checked, when the engine read some."""
        assert self.render is not None
        diagnostics = self.diagnostics(file, display_path(file, self.cwd), rows)
        if not diagnostics:
            return None
        return FilePart(self.render(diagnostics, lines), len(diagnostics), fixable(diagnostics))


class RunResult(NamedTuple):
    """All findings of a run, sorted, and how many files were checked."""

    diagnostics: list[Finding]
    files_checked: int
    from_cache: int
    files: Sequence[Path] = ()
    """The files checked, as absolute paths."""
    parts: RenderedParts | None = None
    """With a renderer, each file's (path as shown, part, findings), sorted by
    path (read from disk: run/spill.py), in place of `diagnostics`."""

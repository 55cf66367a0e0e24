"""What a run gives, and the port through which it hands the output each
file's findings.

A run knows no format and shows no path. It always has a sink: each file's
findings, as the engine gives them, go to the sink's `add` where the file is
checked (in a worker, or in the run's process for a file answered by the
cache or checked there), as a `FileRows` (models/kept_findings.py), which
filters them, and for a kept result decodes them, only when the sink reads
them. What `add` gives back comes to the run's process, which hands it to
the sink's `keep` as it comes. The pool starts each worker with the sink
(`start_worker`), so that the worker's copy knows it is one.

Two sinks: a `Collector` keeps each file's findings (the API, baselines,
`--statistics`, the formats that need the whole run), and the output's
`PartWriter` (output/parts.py) renders each file's part where it is checked
(the formats written file by file).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple, Protocol, TypeVar

from doclint.engine.suppressions import FindingFilter
from doclint.models.findings import FileFindings, Finding, by_file
from doclint.models.kept_findings import ELSEWHERE, FileRows, decode_findings

Note = TypeVar("Note")
"""What a sink's `add` gives back of a file, for its `keep` in the run's process."""


class FileSink(Protocol[Note]):
    """The output's side of a run."""

    def add(
        self,
        file: str,
        root: str,
        found: FileRows,
        lines: list[str] | bytes | None,
        content: bytes | None,
        parts: dict[bytes, bytes],
        /,
    ) -> Note | None:
        """The findings of `file` (of the tree at `root`), where the file is
        checked, given the lines checked when the engine read some (or the
        file's bytes, when a lookup of its kept result read them), the
        digest of the bytes they were found in (None: unknown) and the parts
        earlier runs rendered of them, kept with them; what the run's process
        is to `keep` of them (None: nothing)."""
        ...

    def keep(self, notes: Iterable[Note], /) -> dict[bytes, bytes]:
        """In the run's process: what `add` gave of one file, in any process;
        the parts rendered of it to keep with its result."""
        ...

    def start_worker(self) -> None:
        """This copy of the sink is a worker process's."""
        ...


class Collector:
    """The sink that keeps each file's findings, filtered, for whatever
    needs them all (`found`)."""

    def __init__(self) -> None:
        self.found: list[FileFindings] = []

    def add(
        self,
        file: str,
        root: str,
        found: FileRows,
        lines: list[str] | bytes | None = None,
        content: bytes | None = None,
        parts: dict[bytes, bytes] | None = None,
    ) -> FileFindings | None:
        rows = found.rows
        return FileFindings(file, root, rows) if rows else None

    def keep(self, notes: Iterable[FileFindings]) -> dict[bytes, bytes]:
        self.found += notes
        return {}

    def start_worker(self) -> None:
        """A worker's collector sends its findings back as they are."""


def hand_over(
    sink: FileSink[Note],
    file: str,
    root: str,
    ignores: FindingFilter,
    rows: list[Finding] | None,
    encoded: bytes | None = None,
    lines: list[str] | bytes | None = None,
    content: bytes | None = None,
    parts: dict[bytes, bytes] | None = None,
) -> list[Note]:
    """What `sink` gives of a file's findings (`rows`, or when they are kept,
    their bytes `encoded` and the `parts` rendered of them), filtered by
    `ignores` as the sink reads them: one `add`, or with findings that stand
    on other files of the tree, one for each of those files;
    UnreadableFindings when kept bytes it reads are not findings. The one
    way findings reach a sink: a run's, fix mode's, stdin's."""
    given: list[tuple[str, Any, Any, Any, Any]] = [(file, rows, encoded, lines, content)]
    parts = parts or {}
    # Kept findings tell by their first byte whether some stand elsewhere.
    if encoded[:1] == ELSEWHERE if encoded is not None else bool(rows):
        placed = by_file(file, root, rows if rows is not None else decode_findings(encoded or b""))
        if len(placed) > 1:
            (_, own), *others = placed
            given = [(file, own, None, lines, content)]
            given += [(other, on, None, None, None) for other, on in others]
    notes = []
    for on_file, on, kept, text, digest in given:
        refined = ignores.applied_to(on_file) if ignores else ""
        refine = partial(ignores.rows, on_file) if refined else None
        found = FileRows(on, kept, refined, refine)
        note = sink.add(on_file, root, found, text, digest, parts)
        if note is not None:
            notes.append(note)
    return notes


def collected(
    file: str, root: Path | str, ignores: FindingFilter, rows: list[Finding]
) -> list[FileFindings]:
    """A file's findings as a `Collector` keeps them (fix mode, stdin)."""
    collector = Collector()
    collector.keep(hand_over(collector, file, str(root), ignores, rows))
    return collector.found


class RunResult(NamedTuple):
    """What a run found, and how many files it checked."""

    found: list[FileFindings]
    """Each file's findings, as a `Collector` kept them (none for a run
    whose sink rendered them), in no set order."""
    files_checked: int
    from_cache: int
    files: Sequence[Path] = ()
    """The files checked, as absolute paths."""
    unread_pages: int | None = None
    """The Markdown pages no generator wrote (None: not counted)."""

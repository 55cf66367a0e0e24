"""What a run gives, and its sink: each file's findings go to the sink's
`add` where the file is checked, what `add` gives to its `keep` in the run's
process. A `Collector` keeps the findings (the API, baselines, statistics,
whole-run formats); output/parts.py's `PartWriter` renders each file's part."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, Protocol, TypeVar

from doclint.engine.suppressions import FindingFilter
from doclint.models.findings import FileFindings, Finding, by_file
from doclint.models.kept_findings import ELSEWHERE, FileRows, decode_findings
from doclint.util.records import NamedTuple

Note = TypeVar("Note")  # what a sink's `add` gives, for its `keep`


class FileSink(Protocol[Note]):
    def add(self, file: str, root: str, found: FileRows, /) -> Note | None: ...

    def keep(self, notes: Iterable[Note], /) -> dict[bytes, bytes]:
        """What `add` gave of one file; the parts to keep with its result."""

    def prepare_workers(self) -> None: ...  # in the run's process, before its workers start

    def start_worker(self) -> None: ...


class Collector:
    """The sink that keeps each file's findings, filtered (`found`)."""

    def __init__(self) -> None:
        self.found: list[FileFindings] = []

    def add(self, file: str, root: str, found: FileRows) -> FileFindings | None:
        return FileFindings(file, root, found.rows) if found.rows else None

    def keep(self, notes: Iterable[FileFindings]) -> dict[bytes, bytes]:
        self.found += notes
        return {}

    def start_worker(self) -> None:
        """A worker's collector sends its findings back: nothing to prepare."""

    prepare_workers = start_worker


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
    """The one way findings reach a sink: an `add` for the file and one for
    each other file some stand on; UnreadableFindings for kept bytes of none."""
    others: list[tuple[str, list[Finding]]] = []
    # Kept findings tell by their first byte whether some stand elsewhere.
    if encoded[:1] == ELSEWHERE if encoded is not None else rows:
        found = rows if rows is not None else decode_findings(encoded or b"")
        (_, own), *others = by_file(file, root, found)
        rows, encoded = (own, None) if others else (rows, encoded)

    def add(on_file: str, on: list[Finding] | None, kept: bytes | None, *read: Any) -> Note | None:
        refined = ignores.applied_to(on_file) if ignores else ""
        refine = partial(ignores.rows, on_file) if refined else None
        text, digest = read or (None, None)  # the lines and bytes' digest of the page itself
        return sink.add(on_file, root, FileRows(on, kept, refined, refine, text, digest, parts))

    notes = [add(file, rows, encoded, lines, content)]
    notes += [add(other, on, None) for other, on in others]
    return [note for note in notes if note is not None]


def collected(
    file: str, root: Path | str, ignores: FindingFilter, rows: list[Finding]
) -> list[FileFindings]:
    """A file's findings as a `Collector` keeps them (fix mode, stdin)."""
    return hand_over(Collector(), file, str(root), ignores, rows)


class RunResult(NamedTuple):
    """What a run found (in no set order), the files it checked and found
    kept, and the pages no generator wrote (None: not counted)."""

    found: list[FileFindings]
    files_checked: int
    from_cache: int
    files: Sequence[Path] = ()
    unread_pages: int | None = None

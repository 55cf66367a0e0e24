"""What a run gives, and its sink: each file's result (models/kept_findings.py
`FileResult`) goes to the sink's `add` where the file is checked, what `add`
gives to its `keep` in the run's process. A `Collector` keeps the findings
(the API, baselines, statistics, whole-run formats), output/parts.py's
`PartWriter` renders each file's part; the command line reads either alike."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Protocol, TypeVar

from doclint.engine.suppressions import FindingFilter
from doclint.models.findings import FileFindings, Finding, by_file
from doclint.models.kept_findings import ELSEWHERE, FileResult, decode_findings
from doclint.util.records import NamedTuple

Note = TypeVar("Note")  # what a sink's `add` gives, for its `keep`


class FileSink(Protocol[Note]):
    def add(self, result: FileResult, /) -> Note | None: ...

    def keep(self, notes: Iterable[Note], /) -> dict[bytes, bytes]:
        """What `add` gave of one file; the parts to keep with its result."""

    def prepare_workers(self) -> None: ...  # in the run's process, before its workers start

    def start_worker(self) -> None: ...


class Collector:
    """The sink that keeps each file's findings, filtered (`found`)."""

    def __init__(self) -> None:
        self.found: list[FileFindings] = []

    def add(self, result: FileResult) -> FileFindings | None:
        rows = result.rows
        return FileFindings(result.file, result.root, rows) if rows else None

    def keep(self, notes: Iterable[FileFindings]) -> dict[bytes, bytes]:
        self.found += notes
        return {}

    def delivered(self) -> tuple[list[FileFindings], None]:
        return self.found, None  # the findings, no rendered parts

    def start_worker(self) -> None:
        """A worker's collector sends its findings back: nothing to prepare."""

    prepare_workers = close = start_worker


def hand_over(sink: FileSink[Note], ignores: FindingFilter, result: FileResult) -> list[Note]:
    """The one way findings reach a sink: an `add` for the file and one for
    each other file some stand on, each filtered by the ignores of its file;
    UnreadableFindings for kept bytes of none."""
    shown = [result]
    rows, encoded = result.given, result.encoded
    # Kept findings tell by their first byte whether some stand elsewhere.
    if encoded[:1] == ELSEWHERE if encoded is not None else rows:
        found = rows if rows is not None else decode_findings(encoded or b"")
        (_, own), *others = by_file(result.file, result.root, found)
        if others:  # the page's own findings, apart: not the bytes the cache keeps of all
            shown = [result._replace(given=own, encoded=None)]
            shown += [FileResult(other, result.root, on) for other, on in others]
    notes = []
    for one in shown:
        refined = ignores.applied_to(one.file) if ignores else ""
        if refined:
            one = one._replace(refined=refined, refine=partial(ignores.rows, one.file))
        notes.append(sink.add(one))
    return [note for note in notes if note is not None]


def collected(
    file: str, root: Path | str, ignores: FindingFilter, rows: list[Finding]
) -> list[FileFindings]:
    """A file's findings as a `Collector` keeps them (fix mode, stdin)."""
    return hand_over(Collector(), ignores, FileResult(file, str(root), rows))


class RunResult(NamedTuple):
    """What a run found (in no set order), the files it checked and found
    kept, and the pages no generator read (`unread_page`)."""

    found: list[FileFindings]
    files_checked: int
    from_cache: int
    files: Sequence[Path] = ()
    unread_pages: int = 0

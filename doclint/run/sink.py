"""What a run gives, and the port through which it hands the output each
file's findings.

A run knows no format and shows no path. With a format written file by file,
the command line makes a `FileSink` (output/parts.py implements it) and
hands it to a `Run`: each file's findings, as the engine gives them, go to
the sink's `add` where the file is checked (in a worker, which renders the
part and puts it away), as a `FileRows` (models/kept_findings.py), which
filters them, and for a kept result decodes them, only when the sink reads
them; what `add` gives back comes to the run's
process, which hands it to the command line with each step of the run
(`Step.notes`), and the command line keeps it in the sink it made, and reads
the parts from the sink once the run is over. Without a sink, the run gives
each file's findings (`RunResult.found`), which the output shows
(output/shown.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple, Protocol, TypeVar

from doclint.models.findings import FileFindings
from doclint.models.kept_findings import FileRows

Note = TypeVar("Note")
"""What a sink's `add` gives back of a file, for the sink's owner to keep."""
Note_co = TypeVar("Note_co", covariant=True)


class FileSink(Protocol[Note_co]):
    """The output's side of a run whose format is written file by file."""

    def add(
        self,
        file: str,
        root: str,
        found: FileRows,
        lines: list[str] | bytes | None,
        content: bytes | None,
        /,
    ) -> Note_co | None:
        """The findings of `file` (of the tree at `root`), where the file is
        checked, given the lines checked when the engine read some (or the
        file's bytes, when a lookup of its kept result read them), and the
        digest of the bytes they were found in (None: unknown); what the
        sink's owner is to keep of them (None: nothing to keep)."""
        ...


class RunResult(NamedTuple):
    """What a run found, and how many files it checked."""

    found: list[FileFindings]
    """Each file's findings (without a sink), in no set order."""
    files_checked: int
    from_cache: int
    files: Sequence[Path] = ()
    """The files checked, as absolute paths."""

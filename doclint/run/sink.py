"""What a run gives, and the port through which it hands the output each
file's findings.

A run knows no format. With a format written file by file, the command line
hands `run` a `PartSink` (output/parts.py is the one implementation): each
file's findings, as reported, go to it where the file is checked (in a
worker, which renders the part and writes it to a file of its own), and the
run's process gathers where each part is; the output writes them in the
order of the paths. Without one, the run gives the findings themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple, Protocol, TypeVar

from doclint.models.findings import Finding, Fixable
from doclint.util.private_folder import PrivateFolder


class Part(Protocol):
    """A file's part as the run sees it: how many findings it shows, and how
    many of them the fixes repair; what it holds is the output's."""

    @property
    def count(self) -> int: ...

    @property
    def fixable(self) -> Fixable: ...


P = TypeVar("P", bound=Part)
"""The parts a sink makes, and the places of those a worker put away."""
P_in = TypeVar("P_in", bound=Part, contravariant=True)


class Spool(Protocol[P]):
    """Where a worker puts the parts it renders."""

    def place(self, part: P, /) -> P:
        """Keep a part; what tells the run's process where it is."""
        ...

    def flush(self) -> None:
        """Make what was placed readable by the run's process (after each chunk)."""
        ...


class Parts(Protocol[P_in]):
    """The parts of a run, gathered in the run's process."""

    def add(self, index: int, part: P_in | None, /) -> None:
        """The part of the run's `index`-th file (None: no findings), or where a worker put it."""
        ...

    def sort(self, shown: Sequence[str], /) -> Sequence[tuple[str, bytes, int]]:
        """(path as shown, part, findings) of each file, in the order of the
        paths as shown (`shown[index]`)."""
        ...


class PartSink(Protocol[P]):
    """The output's side of a run whose format is written file by file."""

    def part(self, rows: list[Finding], file: str, lines: list[str] | None, /) -> P | None:
        """The part of the findings of `file` as reported (None when there are
        none to show), given the lines checked when the engine read some."""
        ...

    def spool_folder(self) -> PrivateFolder:
        """A new folder for the workers' spools, removed when they stop."""
        ...

    def spool(self, folder: PrivateFolder, /) -> Spool[P]:
        """A worker's spool in `folder`."""
        ...

    def parts(self, folder: Callable[[], PrivateFolder | None], /) -> Parts[P]:
        """The run's gathering of parts; `folder()` is the workers' folder, if
        they were started."""
        ...


AnySink = PartSink[Any]
"""A sink, whatever its parts: the run only passes them on."""


class RunResult(NamedTuple):
    """All findings of a run, sorted, and how many files were checked."""

    diagnostics: list[Finding]
    files_checked: int
    from_cache: int
    files: Sequence[Path] = ()
    """The files checked, as absolute paths."""
    parts: Sequence[tuple[str, bytes, int]] | None = None
    """With a sink, each file's (path as shown, part, findings), sorted by
    path (`Parts.sort`), in place of `diagnostics`."""

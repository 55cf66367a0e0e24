"""The port through which a run reuses what earlier runs found.

The engine and the run know nothing of where results are kept or how: the
command line hands `run` (and fix mode) an object of `ResultStores`, and each
root of the run gets its `StoredResults` from it. doclint/incremental/ holds
the one implementation (a content cache); without one, every file is checked.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple, Protocol

from doclint.models.findings import Finding
from doclint.models.kept_findings import decode_findings
from doclint.tree.index import Fact, Stamp


class KeptResult(NamedTuple):
    """A kept result that still holds."""

    findings: bytes
    """Its findings as kept (models/kept_findings.py `encode_findings`)."""
    stamp: Stamp
    """The file's stamp now."""
    content_hash: bytes
    """The digest of its bytes."""
    facts: list[Fact]
    """The tree facts its rules asked, with their answers."""
    data: bytes | None = None
    """The file's bytes, when the lookup read them (its stamp had moved): a
    report shows its lines without reading it again."""
    parts: dict[bytes, bytes] = {}  # noqa: RUF012
    """The output's parts of its findings rendered by earlier runs, by their key."""
    unread: bool | None = None
    """Whether it is a Markdown page no generator wrote (None: not known)."""

    @property
    def rows(self) -> list[Finding]:
        """Its findings, decoded (anew at each read); UnreadableFindings
        (models/kept_findings.py) when the bytes kept are not findings."""
        return decode_findings(self.findings)


class ResultKey(NamedTuple):
    """What a stored result depends on besides the file's bytes and the tree
    facts: the deciding settings and rules, as text, and the files of the
    rules' code (whose digest a development install adds)."""

    description: str
    rule_modules: tuple[str, ...]


class StoredResults(Protocol):
    """The results kept for one root and one `ResultKey`. Paths are the
    files' paths relative to the root; `ask(kind, path)` answers a tree fact
    as the rules would now get it."""

    def lookup_entry(
        self,
        path: str,
        file: str | Path,
        ask: Callable[[str, str], object],
    ) -> KeptResult | None:
        """The stored result of the file, when it still holds."""
        ...

    def keep(self, path: str, stamp: Stamp, parts: dict[bytes, bytes] | None = None) -> None:
        """Keep the stored result of `path` for later runs, under the file's
        current stamp (another process's `lookup_entry` found it still
        holds), with the output's `parts` of it rendered since."""
        ...

    def store(
        self,
        path: str,
        stamp: Stamp,
        content_hash: bytes,
        facts: list[Fact],
        findings: bytes,
        parts: dict[bytes, bytes] | None = None,
        unread: bool | None = None,
    ) -> None:
        """Keep a file's result: `findings` as models/kept_findings.py
        `encode_findings` gives them, the output's `parts` of them and
        whether it is a page no generator wrote (None: not known)."""
        ...

    def forget(self, path: str) -> None: ...

    def save(self) -> None:
        """Keep what this run used and stored for later runs."""
        ...


class ResultStores(Protocol):
    """Where a run finds the results of each of its roots."""

    def open(self, root: Path, key: ResultKey, worker: bool = False) -> StoredResults | None:
        """The results kept for `root` under `key`; None when none can be kept.
        `worker`: a worker's view, which only looks results up: the run's own
        process gives the warnings and keeps what is used (`keep`)."""
        ...

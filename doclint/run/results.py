"""The port through which a run reuses what earlier runs found: the command
line hands `run` (and fix mode) `ResultStores`, and each root gets its
`StoredResults` there (doclint/incremental/ implements them: a content cache).
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

    findings: bytes  # as models/kept_findings.py `encode_findings` gives them
    stamp: Stamp  # the file's stamp now
    content_hash: bytes
    facts: list[Fact]  # the tree facts its rules asked, with their answers
    data: bytes | None = None
    """The file's bytes, when the lookup read them (its stamp had moved)."""
    parts: dict[bytes, bytes] = {}  # noqa: RUF012
    """The output's parts rendered of it by earlier runs, by their key."""
    unread: bool | None = None
    """Whether it is a Markdown page no generator wrote (None: not known)."""

    @property
    def rows(self) -> list[Finding]:
        """Its findings, decoded anew; UnreadableFindings when they are none."""
        return decode_findings(self.findings)


class ResultKey(NamedTuple):
    """What a result depends on besides the file's bytes and the tree facts:
    the deciding settings and rules, as text, and the rules' code files."""

    description: str
    rule_modules: tuple[str, ...]


class StoredResults(Protocol):
    """The results kept for one root and one `ResultKey`, by the files'
    paths from the root; `ask(kind, path)` answers a tree fact as now."""

    def lookup_entry(
        self, path: str, file: str | Path, ask: Callable[[str, str], object]
    ) -> KeptResult | None: ...

    def keep(self, path: str, stamp: Stamp, parts: dict[bytes, bytes] | None = None) -> None:
        """Keep the result another process's lookup found, under the file's
        stamp now, with the `parts` rendered of it since."""
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
    ) -> None: ...

    def forget(self, path: str) -> None: ...

    def save(self) -> None: ...


class ResultStores(Protocol):
    def open(self, root: Path, key: ResultKey, worker: bool = False) -> StoredResults | None:
        """The results kept for `root` under `key` (None: none can be);
        `worker`: a view that only looks up (the run's process warns and keeps)."""
        ...

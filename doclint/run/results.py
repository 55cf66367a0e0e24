"""The port through which a run reuses what earlier runs found: each root's
`StoredResults` from the `ResultStores` the command line hands the run."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from doclint.tree.index import Fact, Stamp
from doclint.util.records import NamedTuple


class KeptResult(NamedTuple):
    """A kept result: its findings encoded, the file's stamp and digest, the tree facts
    its rules asked, its bytes if read, parts by key, whether no generator wrote it."""

    findings: bytes
    stamp: Stamp
    content_hash: bytes
    facts: list[Fact]
    data: bytes | None = None
    parts: dict[bytes, bytes] = {}  # noqa: RUF012
    unread: bool | None = None


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
        """Keep a result another process's lookup found, with parts since."""

    def store(self, path: str, result: KeptResult) -> None: ...

    def forget(self, path: str) -> None: ...

    def save(self) -> None: ...


class ResultStores(Protocol):
    def open(self, root: Path, key: ResultKey, worker: bool = False) -> StoredResults | None:
        """The results kept for `root` (None: none can be); `worker`: only looks up."""

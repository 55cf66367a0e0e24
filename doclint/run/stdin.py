"""Checking an editor's buffer, read from stdin, as one file of the tree."""

from __future__ import annotations

import sys
from pathlib import Path

from doclint.engine.linter import Linter
from doclint.engine.settings import Settings
from doclint.models.findings import Finding
from doclint.run.page_reading import unread_page
from doclint.run.roots import choose_root, make_tree_at, root_from_title
from doclint.run.sink import RunResult, collected


def run_stdin(data: bytes, filename: str | Path, settings: Settings | None = None) -> RunResult:
    """Check `data` (an editor's buffer) as the file `filename` of the tree; the
    other files are read from disk as usual. Nothing is cached. A filename that
    `exclude` leaves out gives no findings and counts no file."""
    settings = settings or Settings()
    linter = stdin_linter(data, filename, settings)
    if linter is None:
        return RunResult([], 0, 0)
    file = Path(filename)
    path = linter.tree_path(file)
    outside = linter.outside(path)
    if outside is not None:
        return stdin_result(linter, file, outside, 0)
    checked = linter.check_bytes(data, path)
    return stdin_result(linter, file, checked.rows, int(unread_page(str(file), checked.reading)))


def read_stdin(limit: int) -> bytes:
    """The buffer on stdin, at most `limit` bytes: OSError when there is more
    (stdin from /dev/zero never ends) or no stdin at all (closed)."""
    if sys.stdin is None:
        raise OSError("closed")
    data = sys.stdin.buffer.read(limit + 1)
    if len(data) > limit:
        raise OSError(f"over the limit of {limit:,} bytes (--max-file-size)")
    return data


def stdin_linter(data: bytes, filename: str | Path, settings: Settings) -> Linter | None:
    """The linter for text read from stdin as the file `filename`; None when
    `exclude` leaves that file out."""
    file = Path(filename)
    if settings.path_filter().excludes(file):
        return None
    root = (
        settings.root
        or root_from_title(data[:4096], file, settings.known_generators)
        or choose_root([file], Path.cwd())
    )
    return Linter(settings, make_tree_at(settings, root))


def stdin_result(linter: Linter, file: Path, rows: list[Finding], unread: int) -> RunResult:
    """The result of checking stdin as `file`, its findings filtered as a
    file's are; `unread`: 1 when the engine read it as a page no generator
    read."""
    ignores = linter.settings.finding_filter(linter.registry)
    found = collected(str(file), linter.tree.root, ignores, rows)
    return RunResult(found, 1, 0, [file], unread)

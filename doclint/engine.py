"""Run the selected rules over files: one parse per file, one pass of all rules.

Every file is checked on its own; what a rule needs to know about other files
comes from the shared `Tree`. That independence is what lets files be checked
in parallel and cached.
"""

from __future__ import annotations

import hashlib
import inspect
import os
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from doclint.cache import (
    DEFAULT_FOLDER,
    Cache,
    Fact,
    Row,
    Stamp,
    code_fingerprint,
    digest,
    file_stamp,
)
from doclint.diagnostics import DiagnosticRow, Report
from doclint.discovery import discover
from doclint.engine_rules import (
    BinaryFile,
    FileTooLarge,
    InternalError,
    InvalidUtf8,
    UnreadableFile,
)
from doclint.models.generated import AnyPage, FileDocs
from doclint.parallel import map_in_processes, worker_count
from doclint.parsing.markdown import normalize_newlines
from doclint.parsing.pages import expected_page_path, parse_page, recognise
from doclint.registry import Registry, load_registry
from doclint.rule_api import Rule, RuleContext, Scope
from doclint.tree import Tree

_BOM = b"\xef\xbb\xbf"
# Like git and the generators, a NUL byte in the first 8 KiB means binary.
BINARY_SNIFF = 8192


@dataclass
class Settings:
    """What a run checks and against which tree."""

    select: list[str] | None = None
    ignore: list[str] = field(default_factory=list)
    extend_select: list[str] = field(default_factory=list)
    root: Path | None = None
    known_paths: list[str] | None = None
    show_traceback: bool = False
    jobs: int | None = None
    cache: bool = False
    cache_dir: Path | None = None
    max_file_size: int = 64 * 1024 * 1024


def absolute_path(path: Path) -> Path:
    """An absolute path with `..` folded away, symlinks left as they are."""
    return Path(os.path.abspath(path))


def choose_root(paths: list[Path], cwd: Path) -> Path:
    """The tree root: the cwd when every path lies in it, else their common folder."""
    absolute = [absolute_path(path) for path in paths] or [cwd]
    if all(path == cwd or path.is_relative_to(cwd) for path in absolute):
        return cwd
    folders = [path if path.is_dir() else path.parent for path in absolute]
    return Path(os.path.commonpath([str(folder) for folder in folders]))


def infer_root(files: list[Path], sample: int = 50) -> Path | None:
    """The root a generated tree lives in, from a page whose path ends with the
    path its title gives it (`/repo/docs/a/b.py_kw.md` -> `/repo`)."""
    for file in files[:sample]:
        try:
            with open(file, "rb") as handle:
                first = handle.read(4096).split(b"\n", 1)[0]
        except OSError:
            continue
        title = first.decode("utf-8", errors="replace").strip()
        if not title.startswith("# "):
            continue
        expected = expected_page_path(*recognise(title[2:]))
        absolute = absolute_path(file).as_posix()
        if expected is not None and absolute.endswith("/" + expected):
            return Path(absolute[: -len(expected) - 1] or "/")
    return None


def decode_utf8(data: bytes) -> tuple[str, list[tuple[int, int]]]:
    """The text, with each undecodable byte sequence read as U+FFFD (as Python's
    "replace" does), and the (byte offset, text offset) of each such place."""
    pieces: list[str] = []
    bad: list[tuple[int, int]] = []
    position, length = 0, 0
    while True:
        try:
            pieces.append(data[position:].decode("utf-8"))
            return "".join(pieces), bad
        except UnicodeDecodeError as error:
            good = data[position : position + error.start].decode("utf-8")
            length += len(good)
            bad.append((position + error.start, length))
            pieces += [good, "\ufffd"]
            length += 1
            position += error.end


def _line_of(text: str, offset: int) -> int:
    """1-based line of a text offset, counting CRLF, LF and lone CR as one break each."""
    before = text[:offset]
    return before.count("\n") + before.count("\r") - before.count("\r\n") + 1


def iter_pages(page: AnyPage) -> Iterator[AnyPage]:
    """A page and every page embedded in it, outermost first."""
    yield page
    if isinstance(page, FileDocs) and page.source is not None and page.source.document:
        yield from iter_pages(page.source.document)


class FileOutcome(NamedTuple):
    """What checking one file gives: findings, the tree facts its rules asked
    for, and the stamp and hash of the bytes checked (for the cache)."""

    rows: list[Row]
    facts: list[Fact]
    stamp: Stamp | None
    content_hash: bytes | None


class Linter:
    """The selected rules, bound to one tree, ready to check files."""

    def __init__(self, settings: Settings, tree: Tree, registry: Registry | None = None) -> None:
        self.settings = settings
        self.tree = tree
        self.registry = registry or load_registry()
        self.rules: list[Rule] = [
            rule()
            for rule in self.registry.select(
                settings.select, settings.ignore, settings.extend_select
            )
        ]
        self.enabled = {rule.code for rule in self.rules}
        self.root_text = str(tree.root)

    def tree_path(self, file: Path) -> str:
        """A file's path relative to the tree root, POSIX style."""
        relative = os.path.relpath(os.path.abspath(file), self.root_text)
        return relative if os.sep == "/" else relative.replace(os.sep, "/")

    def check_file(self, file: Path) -> FileOutcome:
        stamp = file_stamp(file)
        limit = self.settings.max_file_size
        if stamp is not None and stamp[1] > limit:
            message = f"{stamp[1]:,} bytes is over the limit of {limit:,}; not read"
            return FileOutcome(self._engine_row(FileTooLarge, 1, 1, message), [], stamp, None)
        try:
            with open(file, "rb") as handle:
                # One byte more than the limit tells a file that grew since its stat.
                data = handle.read(limit + 1)
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            message = f"cannot read file: {reason}"
            return FileOutcome(self._engine_row(UnreadableFile, 1, 1, message), [], None, None)
        if len(data) > limit:
            message = f"over the limit of {limit:,} bytes; not read"
            return FileOutcome(self._engine_row(FileTooLarge, 1, 1, message), [], None, None)
        nul = data.find(b"\0", 0, BINARY_SNIFF)
        if nul >= 0:
            message = f"NUL byte at offset {nul}: a binary file, not checked"
            return FileOutcome(self._engine_row(BinaryFile, 1, 1, message), [], stamp, digest(data))
        rows, facts = self.check_bytes(data, self.tree_path(file))
        return FileOutcome(rows, facts, stamp, digest(data))

    def check_bytes(self, data: bytes, path: str) -> tuple[list[Row], list[Fact]]:
        if data.startswith(_BOM):
            data = data[len(_BOM) :]
        text, bad = decode_utf8(data)
        found: list[Row] = []
        replaced: set[int] = set()
        for offset, text_offset in bad:
            line = _line_of(text, text_offset)
            replaced.add(line)
            if len(replaced) == 1:
                column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
                found += self._engine_row(
                    InvalidUtf8,
                    line,
                    column,
                    f"invalid UTF-8 at byte offset {offset}"
                    + (f" and {len(bad) - 1} more place(s)" if len(bad) > 1 else "")
                    + "; undecodable bytes were read as U+FFFD",
                )
        rows, facts = self.check_text(text, path, frozenset(replaced))
        return found + rows, facts

    def check_text(
        self, text: str, path: str, replaced_lines: frozenset[int] = frozenset()
    ) -> tuple[list[Row], list[Fact]]:
        text = normalize_newlines(text)
        lines = text.split("\n")
        if text.endswith("\n"):
            lines.pop()
        try:
            page = parse_page(text, path)
        except Exception as error:  # a parser bug must not stop the run
            return self._crash("the parser", error), []
        ctx = RuleContext(self.tree, path, text, lines, replaced_lines)
        found: list[Row] = []
        for rule in self.rules:
            pages: Iterable[AnyPage] = [page] if rule.scope is Scope.FILE else iter_pages(page)
            for current in pages:
                if rule.applies_to(current.kind):
                    found += self._run_rule(rule, current, ctx)
        facts = [(kind, fact_path, value) for (kind, fact_path), value in ctx.facts.items()]
        return found, facts

    def _run_rule(self, rule: Rule, page: AnyPage, ctx: RuleContext) -> list[Row]:
        try:
            return [
                (
                    max(f.line, 1),
                    max(f.column, 1),
                    rule.code,
                    rule.name,
                    str(rule.severity),
                    f.message,
                )
                for f in rule.check(page, ctx)
            ]
        except Exception as error:  # one crashing rule must not stop the others
            return self._crash(f"rule {rule.code} ({rule.name})", error)

    def _crash(self, who: str, error: Exception) -> list[Row]:
        message = f"{who} crashed: {type(error).__name__}: {error}"
        if self.settings.show_traceback:
            message += "\n" + "".join(traceback.format_exception(error)).rstrip()
        return self._engine_row(InternalError, 1, 1, message)

    def _engine_row(self, rule: type[Rule], line: int, column: int, message: str) -> list[Row]:
        if rule.code not in self.enabled:
            return []
        return [(line, column, rule.code, rule.name, str(rule.severity), message)]


def display_path(file: Path, cwd: Path) -> str:
    """How a path is shown: relative to the cwd, POSIX style."""
    return Path(os.path.relpath(absolute_path(file), cwd)).as_posix()


def tree_root(settings: Settings, paths: list[Path], files: list[Path], cwd: Path) -> Path:
    """The root of a run: --root, else the root the pages imply, else the cwd
    (or the common folder of paths outside it)."""
    return settings.root or infer_root(files) or choose_root(paths, cwd)


def make_tree_at(settings: Settings, root: Path) -> Tree:
    return Tree(root, settings.known_paths)


_worker: Linter | None = None


def _start_worker(settings: Settings, root: Path) -> None:
    global _worker
    _worker = Linter(settings, make_tree_at(settings, root))


def _check_chunk(chunk: Sequence[str]) -> list[FileOutcome]:
    assert _worker is not None
    return [_worker.check_file(Path(file)) for file in chunk]


def cache_key(linter: Linter) -> str:
    """What a stored result depends on besides the file and the tree facts."""
    settings = linter.settings
    listing = hashlib.sha256("\n".join(settings.known_paths or []).encode()).hexdigest()
    rules = sorted(
        (rule.code, type(rule).__module__, type(rule).__qualname__) for rule in linter.rules
    )
    modules = [inspect.getfile(type(rule)) for rule in linter.rules]
    state = (
        code_fingerprint(modules),
        str(linter.tree.root),
        settings.known_paths is not None,
        listing,
        rules,
        settings.show_traceback,
    )
    return hashlib.sha256(repr(state).encode()).hexdigest()[:32]


class RunResult(NamedTuple):
    """All findings of a run, sorted, and how many files were checked."""

    diagnostics: list[DiagnosticRow]
    files_checked: int
    from_cache: int


def run(
    paths: Iterable[str | Path],
    settings: Settings | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> RunResult:
    """Check files and folders (folders are walked for Markdown files), reusing
    cached results of unchanged files and spreading the rest over processes.
    `progress(done, total)` follows the files still to be checked."""
    settings = settings or Settings()
    cwd = Path.cwd()
    paths = [Path(path) for path in paths] or [Path(".")]
    files = list(discover(paths))
    root = tree_root(settings, paths, files, cwd)
    linter = Linter(settings, make_tree_at(settings, root))
    cache = None
    if settings.cache:
        folder = settings.cache_dir or (linter.tree.root / DEFAULT_FOLDER)
        cache = Cache.load(folder, cache_key(linter))
    results: dict[int, list[Row]] = {}
    missing: list[int] = []
    for index, file in enumerate(files):
        stored = cache.lookup(linter.tree_path(file), file, linter.tree.fact) if cache else None
        if stored is None:
            missing.append(index)
        else:
            results[index] = stored
    done = 0

    def advance(count: int) -> None:
        nonlocal done
        done += count
        if progress is not None:
            progress(done, len(missing))

    jobs = worker_count(settings.jobs, len(missing))
    if jobs > 1:
        chunk = [str(files[index]) for index in missing]
        outcomes = map_in_processes(
            _check_chunk, chunk, jobs, _start_worker, (settings, root), advance
        )
    else:
        outcomes = []
        for index in missing:
            outcomes.append(linter.check_file(files[index]))
            advance(1)
    for index, outcome in zip(missing, outcomes, strict=True):
        results[index] = outcome.rows
        if cache is not None and outcome.stamp is not None and outcome.content_hash is not None:
            cache.store(
                linter.tree_path(files[index]),
                outcome.stamp,
                outcome.content_hash,
                outcome.facts,
                outcome.rows,
            )
    if cache is not None:
        cache.save()
    diagnostics = set()
    for index, rows in results.items():
        if rows:
            shown = display_path(files[index], cwd)
            diagnostics.update(DiagnosticRow(shown, *row) for row in rows)
    return RunResult(sorted(diagnostics), len(files), len(files) - len(missing))


def check_paths(paths: Iterable[str | Path], settings: Settings | None = None) -> Report:
    """Check files and folders; folders are walked for Markdown files."""
    result = run(paths, settings)
    return Report.from_rows(result.diagnostics, result.files_checked)


def check_text(text: str, path: str = "<text>", settings: Settings | None = None) -> Report:
    """Check one text as if it were the file `path` (relative to the root) of the tree."""
    settings = settings or Settings()
    tree = Tree(settings.root or Path.cwd(), settings.known_paths)
    linter = Linter(settings, tree)
    file = Path(path)
    tree_path = linter.tree_path(file) if file.is_absolute() else file.as_posix()
    rows, _ = linter.check_text(text, tree_path)
    return Report.from_rows(sorted({DiagnosticRow(path, *row) for row in rows}), 1)

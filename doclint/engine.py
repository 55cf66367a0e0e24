"""Run the selected rules over files: one parse per file, one pass of all rules.

Every file is checked on its own; what a rule needs to know about other files
comes from the shared `Tree`. That independence is what lets files be checked
in parallel and cached.
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from doclint.diagnostics import Diagnostic, Report
from doclint.discovery import discover
from doclint.engine_rules import InternalError, InvalidUtf8, UnreadableFile
from doclint.models.generated import AnyPage, FileDocs
from doclint.parallel import map_in_processes, worker_count
from doclint.parsing.markdown import normalize_newlines
from doclint.parsing.pages import expected_page_path, parse_page, recognise
from doclint.registry import Registry, load_registry
from doclint.rule_api import Rule, RuleContext, Scope
from doclint.tree import Tree

_BOM = b"\xef\xbb\xbf"


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


def iter_pages(page: AnyPage) -> Iterator[AnyPage]:
    """A page and every page embedded in it, outermost first."""
    yield page
    if isinstance(page, FileDocs) and page.source is not None and page.source.document:
        yield from iter_pages(page.source.document)


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

    def tree_path(self, file: Path) -> str:
        """A file's path relative to the tree root, POSIX style."""
        return Path(os.path.relpath(absolute_path(file), self.tree.root)).as_posix()

    def check_file(self, file: Path, display: str) -> list[Diagnostic]:
        try:
            data = file.read_bytes()
        except OSError as error:
            return self._engine_finding(
                UnreadableFile, display, 1, 1, f"cannot read file: {error.strerror or error}"
            )
        return self.check_bytes(data, self.tree_path(file), display)

    def check_bytes(self, data: bytes, path: str, display: str) -> list[Diagnostic]:
        found: list[Diagnostic] = []
        if data.startswith(_BOM):
            data = data[len(_BOM) :]
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            text = data.decode("utf-8", errors="replace")
            line = data[: error.start].count(b"\n") + 1
            column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
            found += self._engine_finding(
                InvalidUtf8,
                display,
                line,
                column,
                f"invalid UTF-8 at byte offset {error.start} ({error.reason}); "
                "undecodable bytes were read as U+FFFD",
            )
        return found + self.check_text(text, path, display)

    def check_text(self, text: str, path: str, display: str) -> list[Diagnostic]:
        text = normalize_newlines(text)
        lines = text.split("\n")
        if text.endswith("\n"):
            lines.pop()
        try:
            page = parse_page(text, path)
        except Exception as error:  # a parser bug must not stop the run
            return self._crash("the parser", error, display)
        ctx = RuleContext(self.tree, path, lines)
        found: list[Diagnostic] = []
        for rule in self.rules:
            pages: Iterable[AnyPage] = [page] if rule.scope is Scope.FILE else iter_pages(page)
            for current in pages:
                if rule.applies_to(current.kind):
                    found += self._run_rule(rule, current, ctx, display)
        return found

    def _run_rule(
        self, rule: Rule, page: AnyPage, ctx: RuleContext, display: str
    ) -> list[Diagnostic]:
        try:
            return [
                Diagnostic(
                    path=display,
                    line=max(finding.line, 1),
                    column=max(finding.column, 1),
                    code=rule.code,
                    name=rule.name,
                    severity=rule.severity,
                    message=finding.message,
                )
                for finding in rule.check(page, ctx)
            ]
        except Exception as error:  # one crashing rule must not stop the others
            return self._crash(f"rule {rule.code} ({rule.name})", error, display)

    def _crash(self, who: str, error: Exception, display: str) -> list[Diagnostic]:
        message = f"{who} crashed: {type(error).__name__}: {error}"
        if self.settings.show_traceback:
            message += "\n" + "".join(traceback.format_exception(error)).rstrip()
        return self._engine_finding(InternalError, display, 1, 1, message)

    def _engine_finding(
        self, rule: type[Rule], display: str, line: int, column: int, message: str
    ) -> list[Diagnostic]:
        if rule.code not in self.enabled:
            return []
        return [
            Diagnostic(
                path=display,
                line=line,
                column=column,
                code=rule.code,
                name=rule.name,
                severity=rule.severity,
                message=message,
            )
        ]


def display_path(file: Path, cwd: Path) -> str:
    """How a path is shown: relative to the cwd, POSIX style."""
    return Path(os.path.relpath(absolute_path(file), cwd)).as_posix()


def tree_root(settings: Settings, paths: list[Path], files: list[Path], cwd: Path) -> Path:
    """The root of a run: --root, else the root the pages imply, else the cwd
    (or the common folder of paths outside it)."""
    return settings.root or infer_root(files) or choose_root(paths, cwd)


def make_tree_at(settings: Settings, root: Path) -> Tree:
    return Tree(root, settings.known_paths)


_FIELDS = ("path", "line", "column", "code", "name", "severity", "message")
_worker: Linter | None = None


def _start_worker(settings: Settings, root: Path) -> None:
    global _worker
    _worker = Linter(settings, make_tree_at(settings, root))


def _check_chunk(chunk: list[tuple[str, str]]) -> list[tuple[object, ...]]:
    """Plain tuples cross the process boundary faster than models."""
    assert _worker is not None
    return [
        tuple(getattr(d, field) for field in _FIELDS)
        for file, display in chunk
        for d in _worker.check_file(Path(file), display)
    ]


def check_paths(paths: Iterable[str | Path], settings: Settings | None = None) -> Report:
    """Check files and folders; folders are walked for Markdown files."""
    settings = settings or Settings()
    cwd = Path.cwd()
    paths = [Path(path) for path in paths] or [Path(".")]
    files = list(discover(paths))
    root = tree_root(settings, paths, files, cwd)
    jobs = worker_count(settings.jobs, len(files))
    if jobs > 1:
        pairs = [(str(file), display_path(file, cwd)) for file in files]
        rows = map_in_processes(_check_chunk, pairs, jobs, _start_worker, (settings, root))
        diagnostics = [
            Diagnostic.model_construct(**dict(zip(_FIELDS, row, strict=True))) for row in rows
        ]
    else:
        linter = Linter(settings, make_tree_at(settings, root))
        diagnostics = []
        for file in files:
            diagnostics += linter.check_file(file, display_path(file, cwd))
    return Report(
        diagnostics=sorted(set(diagnostics), key=Diagnostic.sort_key), files_checked=len(files)
    )


def check_text(text: str, path: str = "<text>", settings: Settings | None = None) -> Report:
    """Check one text as if it were the file `path` (relative to the root) of the tree."""
    settings = settings or Settings()
    cwd = Path.cwd()
    tree = Tree(settings.root or cwd, settings.known_paths)
    linter = Linter(settings, tree)
    file = Path(path)
    tree_path = linter.tree_path(file) if file.is_absolute() else file.as_posix()
    diagnostics = linter.check_text(text, tree_path, path)
    return Report(diagnostics=sorted(set(diagnostics), key=Diagnostic.sort_key), files_checked=1)

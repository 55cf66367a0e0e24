"""Run the selected rules over files: one parse per file, one pass of all rules.

Every file is checked on its own; what a rule needs to know about other files
comes from the shared `Tree`. That independence is what lets files be checked
in parallel and cached.
"""

from __future__ import annotations

import codecs
import hashlib
import inspect
import os
import re
import threading
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from doclint import replay_inputs
from doclint.builtin_rules import (
    BinaryFile,
    EmptyFile,
    FileTooLarge,
    InternalError,
    InvalidUtf8,
    OutsideRoot,
    UnreadableFile,
    Utf16File,
)
from doclint.cache import (
    DEFAULT_FOLDER,
    Cache,
    Fact,
    Row,
    code_fingerprint,
    digest,
)
from doclint.config import rule_options
from doclint.diagnostics import DiagnosticRow, Report
from doclint.discovery import PathFilter, discover
from doclint.gc_pause import collect_rarely, gc_paused
from doclint.models.generated import AnyPage, FileDocs
from doclint.models.markdown import build_node
from doclint.parallel import map_in_processes, worker_count
from doclint.parsing.markdown import normalize_newlines
from doclint.parsing.pages import (
    embedded_page_text,
    expected_page_path,
    page_memo,
    parse_page,
    recognise,
)
from doclint.paths import relative_to
from doclint.recent_pages import RecentPages
from doclint.registry import Registry, load_registry
from doclint.replay_inputs import RunTree, Stamp, file_stamp
from doclint.rule_api import Edit, Fix, FixSafety, Rule, RuleContext, Scope
from doclint.suppressions import MARKER, FindingFilter, apply_directives
from doclint.tree import MAX_FILE_SIZE, Tree, read_regular

_BOM = b"\xef\xbb\xbf"
# Like git and the generators, a NUL byte in the first 8 KiB means binary.
BINARY_SNIFF = 8192
# C0 controls other than tab, newlines, vertical tab and form feed: not text.
_CONTROL = re.compile("[\x00-\x08\x0e-\x1f]")

FixOffer = tuple[Row, Fix]
"""A finding's row and the fix its rule offers for it."""


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
    max_file_size: int = MAX_FILE_SIZE
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    """Glob (gitignore-style, relative to `base`) -> rules not reported for those files."""
    severity: dict[str, str] = field(default_factory=dict)
    """Rule selector -> the severity its findings are reported with."""
    rule_options: dict[str, dict[str, object]] = field(default_factory=dict)
    """Rule code or name -> options it declares (`Rule.options`)."""
    exclude: list[str] | None = None
    """Gitignore-style globs of paths not to check (None: discovery.DEFAULT_EXCLUDE)."""
    extend_exclude: list[str] = field(default_factory=list)
    respect_gitignore: bool = True
    base: Path | None = None
    """The folder globs are relative to: the configuration file's (default: the cwd)."""

    def path_filter(self) -> PathFilter:
        return PathFilter.build(
            self.base or Path.cwd(), self.exclude, self.extend_exclude, self.respect_gitignore
        )

    def finding_filter(self, registry: Registry) -> FindingFilter:
        return FindingFilter.build(
            registry, self.per_file_ignores, self.severity, self.base or Path.cwd()
        )


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
            first = read_regular(file, 4096)  # a named pipe would block open()
        except OSError:
            continue
        root = root_from_title(first, file)
        if root is not None:
            return root
    return None


def root_from_title(start: bytes, file: Path) -> Path | None:
    """The root implied by a page at `file` whose text starts with `start`."""
    title = start.split(b"\n", 1)[0].decode("utf-8", errors="replace").lstrip("\ufeff").strip()
    if not title.startswith("# "):
        return None
    expected = expected_page_path(*recognise(title[2:]))
    absolute = absolute_path(file).as_posix()
    if expected is not None and absolute.endswith("/" + expected):
        return Path(absolute[: -len(expected) - 1] or "/")
    return None


def decode_utf8(data: bytes) -> tuple[str, list[tuple[int, int]]]:
    """The text, with each undecodable byte sequence read as U+FFFD (as Python's
    "replace" does), and the (byte offset, text offset) of each such place.
    One decode whatever the number of places: a Latin-1 file of many megabytes
    has a bad byte on every line."""
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError:
        pass
    _bad_spans.list = spans = []
    text = data.decode("utf-8", errors=_RECORD_ERRORS)
    bad: list[tuple[int, int]] = []
    text_offset, byte_offset = 0, 0
    for start, end in spans:
        # The good bytes between two bad places decode to the text between them.
        text_offset += len(data[byte_offset:start].decode("utf-8"))
        bad.append((start, text_offset))
        text_offset += 1  # the U+FFFD
        byte_offset = end
    return text, bad


def _record_error(error: UnicodeError) -> tuple[str, int]:
    """The "replace" error handler, which also notes where it replaced."""
    assert isinstance(error, UnicodeDecodeError)
    _bad_spans.list.append((error.start, error.end))
    return "\ufffd", error.end


_bad_spans = threading.local()
_RECORD_ERRORS = "doclint-record-replace"
codecs.register_error(_RECORD_ERRORS, _record_error)


def decode_utf16(data: bytes) -> tuple[str, str] | None:
    """(text, what it was) if `data` is UTF-16 text: a byte-order mark, or a
    NUL beside every character of its start, as ASCII text has in UTF-16;
    None otherwise (a binary file is not text in any encoding)."""
    if data.startswith((b"\xff\xfe\0\0", b"\0\0\xfe\xff")):
        return None  # UTF-32
    if data.startswith(b"\xff\xfe"):
        codec, what, data = "utf-16-le", "UTF-16 LE text with a byte-order mark", data[2:]
    elif data.startswith(b"\xfe\xff"):
        codec, what, data = "utf-16-be", "UTF-16 BE text with a byte-order mark", data[2:]
    else:
        sample = data[:BINARY_SNIFF]
        if b"\0" not in sample:
            return None
        even, odd = sample[0::2], sample[1::2]
        if b"\0" not in even and odd.count(0) * 2 >= len(odd):
            codec, what = "utf-16-le", "UTF-16 LE text"
        elif b"\0" not in odd and even.count(0) * 2 >= len(even):
            codec, what = "utf-16-be", "UTF-16 BE text"
        else:
            return None
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return None
    if _CONTROL.search(text, 0, BINARY_SNIFF):
        return None  # 16-bit binary data decodes too, into control characters
    return text, what


def _breaks(text: str, start: int, end: int) -> int:
    """Line breaks in text[start:end], counting CRLF, LF and lone CR as one each;
    a bound must not split a CRLF."""
    return (
        text.count("\n", start, end) + text.count("\r", start, end) - text.count("\r\n", start, end)
    )


def _unreadable_reason(file: Path, error: OSError | ValueError) -> str:
    """Why a file could not be read, said plainly: a dangling symlink names its target."""
    if isinstance(error, FileNotFoundError) and file.is_symlink():
        try:
            return f"broken symbolic link to {os.readlink(file)}"
        except OSError:
            return "broken symbolic link"
    return getattr(error, "strerror", None) or str(error)


def iter_pages(page: AnyPage, text: str = "", first_line: int = 1) -> Iterator[PageText]:
    """A page of `text` starting at `first_line`, and every page embedded in it,
    outermost first, each with its own text and first line."""
    yield PageText(page, text, first_line)
    if isinstance(page, FileDocs) and page.source is not None and page.source.document:
        source = page.source
        text = embedded_page_text(source.text)
        yield from iter_pages(source.document, text, source.content_line)


class PageText(NamedTuple):
    page: AnyPage
    text: str
    first_line: int


class PagePass(NamedTuple):
    """What the PAGE rules found on a page that starts at `first_line`, and the
    tree facts they asked for."""

    rows: list[Row]
    first_line: int
    facts: list[tuple[str, str]]

    def at(self, first_line: int) -> list[Row]:
        """The rows for a copy of the page that starts at `first_line`. Moved
        only when asked: most pages have no copy."""
        return _shifted(self.rows, first_line - self.first_line)


def _shifted(rows: list[Row], lines: int) -> list[Row]:
    return [(line + lines, *rest) for line, *rest in rows]  # type: ignore[misc]


# Identical pages seen lately and what the PAGE rules found on them. A level-2
# page embeds the page it documents, byte for byte: one pass serves both. The
# work is ordered so that a page and its copy come close (`work_affinity`);
# a few pages are enough, and their texts are not kept for long.
PASSES_KEPT = 32


class FileOutcome(NamedTuple):
    """What checking one file gives: findings, the tree facts its rules asked
    for, and the stamp and hash of the bytes checked (for the cache)."""

    rows: list[Row]
    facts: list[Fact]
    stamp: Stamp | None
    content_hash: bytes | None
    part: FilePart | None = None
    """The file's findings as the output writes them, when rendered where checked."""


PartRenderer = Callable[[list[DiagnosticRow]], bytes]
"""How the output writes one file's findings (there are some). A command line
whose format is written file by file gives one to `run`, so that the workers
render what they checked."""
FilePart = tuple[bytes, int]
"""One file's findings as written, and how many there are."""


class FileReporter(NamedTuple):
    """Turns a file's stored findings into what is reported of it."""

    finding_filter: FindingFilter
    cwd: Path
    render: PartRenderer | None = None

    def diagnostics(self, file: Path, shown: str, rows: list[Row]) -> list[DiagnosticRow]:
        """The findings as reported (`shown` is the file's path as shown):
        per-file ignores and severities applied, deduplicated, sorted."""
        kept = sorted(set(self.finding_filter.rows(file, rows)))
        # Not DiagnosticRow._make: a run may report 300,000.
        return [build_node(DiagnosticRow, (shown, *row)) for row in kept]

    def part(self, file: Path, rows: list[Row]) -> FilePart | None:
        """The file's rendered part, None when it has no findings to report."""
        assert self.render is not None
        diagnostics = self.diagnostics(file, display_path(file, self.cwd), rows)
        return (self.render(diagnostics), len(diagnostics)) if diagnostics else None


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
        self.options = rule_options(map(type, self.rules), settings.rule_options, self.registry)
        # Each rule with its options, looked up once per run.
        passes = [(rule, self.options[rule.code]) for rule in self.rules]
        self._file_passes = [(rule, opts) for rule, opts in passes if rule.scope is Scope.FILE]
        self._page_passes = [(rule, opts) for rule, opts in passes if rule.scope is Scope.PAGE]
        self._seen: RecentPages[PagePass] = RecentPages(PASSES_KEPT)
        self._parsed = page_memo()
        self.root_text = str(tree.root)

    def tree_path(self, file: Path) -> str:
        """A file's path relative to the tree root, POSIX style."""
        return relative_to(file, self.root_text)

    def check_file(self, file: Path, fixes: list[FixOffer] | None = None) -> FileOutcome:
        """Check a file; `fixes`, when given, collects the fixes its findings offer."""
        path = self.tree_path(file)
        if path == ".." or path.startswith("../") or os.path.isabs(path):
            message = f"the file is outside the tree root {self.root_text}; not checked"
            return FileOutcome(self._engine_row(OutsideRoot, 1, 1, message), [], None, None)
        stamp = file_stamp(file)
        limit = self.settings.max_file_size
        if stamp is not None and stamp[1] > limit:
            message = f"{stamp[1]:,} bytes is over the limit of {limit:,}; not read"
            return FileOutcome(self._engine_row(FileTooLarge, 1, 1, message), [], stamp, None)
        try:
            # One byte more than the limit tells a file that grew since its stat.
            data = read_regular(file, limit + 1)
        except (OSError, ValueError) as error:
            message = f"cannot read file: {_unreadable_reason(file, error)}"
            return FileOutcome(self._engine_row(UnreadableFile, 1, 1, message), [], None, None)
        if len(data) > limit:
            message = f"over the limit of {limit:,} bytes; not read"
            return FileOutcome(self._engine_row(FileTooLarge, 1, 1, message), [], None, None)
        rows, facts = self.check_bytes(data, path, fixes)
        # The hash tells the cache, and fix mode, whether the bytes changed since.
        keeps = self.settings.cache or fixes is not None
        return FileOutcome(rows, facts, stamp, digest(data) if keeps else None)

    def check_bytes(
        self, data: bytes, path: str, fixes: list[FixOffer] | None = None
    ) -> tuple[list[Row], list[Fact]]:
        """Check a file's bytes: UTF-8 (a BOM is skipped), or UTF-16 (reported,
        then checked); binary and empty files are reported and not checked."""
        utf16 = decode_utf16(data)
        if utf16 is not None:
            text, what = utf16
            found = self._engine_row(Utf16File, 1, 1, f"{what}, not UTF-8; decoded and checked")
            return self.check_decoded(text, path, found, [], fixes)
        nul = data.find(b"\0", 0, BINARY_SNIFF)
        if nul >= 0:
            message = f"NUL byte at offset {nul}: a binary file, not checked"
            return self._engine_row(BinaryFile, 1, 1, message), []
        skipped = len(_BOM) if data.startswith(_BOM) else 0
        text, bad = decode_utf8(data[skipped:])
        found: list[Row] = []
        if bad:
            offset, text_offset = bad[0]
            line_start = max(text.rfind("\n", 0, text_offset), text.rfind("\r", 0, text_offset))
            found = self._engine_row(
                InvalidUtf8,
                _breaks(text, 0, text_offset) + 1,
                text_offset - line_start,
                f"invalid UTF-8 at byte offset {offset + skipped}"
                + (f" and {len(bad) - 1:,} more place(s)" if len(bad) > 1 else "")
                + "; undecodable bytes were read as U+FFFD",
            )
        replaced = [text_offset for _, text_offset in bad]
        return self.check_decoded(text, path, found, replaced, fixes)

    def check_decoded(
        self,
        text: str,
        path: str,
        found: list[Row],
        replaced: list[int],
        fixes: list[FixOffer] | None = None,
    ) -> tuple[list[Row], list[Fact]]:
        """Check decoded text; `replaced` are the (increasing) text offsets where
        the decoder put U+FFFD for bytes it could not read."""
        if not text or text.isspace():
            message = "the file is empty" if not text else "the file holds only whitespace"
            return found + self._engine_row(EmptyFile, 1, 1, message), []
        lines: set[int] = set()
        line, previous = 1, 0
        for offset in replaced:
            line += _breaks(text, previous, offset)
            lines.add(line)
            previous = offset
        rows, facts = self.check_text(text, path, frozenset(lines), fixes)
        return found + rows, facts

    def check_text(
        self,
        text: str,
        path: str,
        replaced_lines: frozenset[int] = frozenset(),
        fixes: list[FixOffer] | None = None,
    ) -> tuple[list[Row], list[Fact]]:
        """Run the rules on a text; `fixes`, when given, collects the fixes of
        findings whose rule declares it can fix (suppressed ones included: the
        caller keeps those of the rows it reports)."""
        text = normalize_newlines(text)
        split = text.split("\n")
        lines = split[:-1] if text.endswith("\n") else split
        try:
            page = parse_page(text, path, lines=split, memo=self._parsed)
        except Exception as error:  # a parser bug must not stop the run
            return self._crash("the parser", error), []
        ctx = RuleContext(self.tree, path, text, lines, replaced_lines, fixes is not None)
        found: list[Row] = []
        for rule, options in self._file_passes:
            if rule.applies_to(page.kind):
                ctx.options = options
                found += self._run_rule(rule, page, ctx, fixes)
        for current in iter_pages(page, text):
            found += self._page_pass(current, ctx, fixes)
        if MARKER in text:
            found = apply_directives(found, page.markdown, self.registry, frozenset(self.enabled))
        facts = [(kind, fact_path, value) for (kind, fact_path), value in ctx.facts.items()]
        return found, facts

    def _page_pass(
        self, current: PageText, ctx: RuleContext, fixes: list[FixOffer] | None
    ) -> list[Row]:
        """The PAGE rules' findings on one page: from an identical page seen
        lately (its facts asked again, so that the cache knows them), else
        found now. A run that fixes needs each finding's own fix: no reuse."""
        page, first_line = current.page, current.first_line
        seen = self._seen.get(page.path, current.text) if fixes is None else None
        if seen is not None:
            ctx.ask_again(seen.facts)
            return seen.at(first_line)
        asked_before, ctx.facts = ctx.facts, {}
        found: list[Row] = []
        for rule, options in self._page_passes:
            if rule.applies_to(page.kind):
                ctx.options = options
                found += self._run_rule(rule, page, ctx, fixes)
        asked, ctx.facts = ctx.facts, asked_before
        ctx.facts.update(asked)
        if fixes is None and all(row[0] >= first_line for row in found):
            passed = PagePass(found, first_line, list(asked))
            self._seen.put(page.path, current.text, passed)
        return found

    def _run_rule(
        self, rule: Rule, page: AnyPage, ctx: RuleContext, fixes: list[FixOffer] | None = None
    ) -> list[Row]:
        try:
            found = list(rule.check(page, ctx))
            if not found:
                return []  # most passes: nothing to turn into rows
            code, name, severity = rule.code, rule.name, str(rule.severity)
            # A finding off the file (a plugin's bug) is shown at its nearest line.
            last = max(len(ctx.lines), 1)
            rows: list[Row] = [
                (min(max(f.line, 1), last), max(f.column, 1), code, name, severity, f.message)
                for f in found
            ]
            # Only a rule that declares it can fix is trusted with edits.
            can_fix = rule.fix_safety is not FixSafety.NONE
            if can_fix:
                for finding in found:
                    _check_fix(finding.fix)
        except (Exception, SystemExit) as error:  # one crashing rule must not stop the others
            return self._crash(f"rule {rule.code} ({rule.name})", error)
        if fixes is not None and can_fix:
            fixes += [
                (row, finding.fix)
                for row, finding in zip(rows, found, strict=True)
                if finding.fix is not None
            ]
        return rows

    def _crash(self, who: str, error: Exception) -> list[Row]:
        message = f"{who} crashed: {type(error).__name__}: {error}"
        if self.settings.show_traceback:
            message += "\n" + "".join(traceback.format_exception(error)).rstrip()
        return self._engine_row(InternalError, 1, 1, message)

    def _engine_row(self, rule: type[Rule], line: int, column: int, message: str) -> list[Row]:
        if rule.code not in self.enabled:
            return []
        return [(line, column, rule.code, rule.name, str(rule.severity), message)]


def _check_fix(fix: object) -> None:
    """TypeError for a fix the applier cannot take: the rule's bug is reported
    as its internal error, not met halfway through a fix run."""
    if fix is None:
        return
    if not (
        isinstance(fix, Fix)
        and isinstance(fix.safety, FixSafety)
        and isinstance(fix.edits, tuple)
        and all(_well_formed(edit) for edit in fix.edits)
    ):
        raise TypeError(f"malformed fix {fix!r}")


def _well_formed(edit: object) -> bool:
    return (
        isinstance(edit, Edit)
        and all(
            type(value) is int for value in (edit.line, edit.column, edit.end_line, edit.end_column)
        )
        and isinstance(edit.replacement, str)
    )


def display_path(file: Path, cwd: Path) -> str:
    """How a path is shown: relative to the cwd, POSIX style."""
    return relative_to(file, str(cwd))


def tree_root(settings: Settings, paths: list[Path], files: list[Path], cwd: Path) -> Path:
    """The root of a run: --root, else the root the pages imply, else the cwd
    (or the common folder of paths outside it)."""
    return settings.root or infer_root(files) or choose_root(paths, cwd)


def make_tree_at(settings: Settings, root: Path) -> Tree:
    return Tree(root, settings.known_paths)


_worker: tuple[Linter, FileReporter] | None = None
"""A worker's linter and reporter; in the main process, those of the run in
progress, which a forked worker starts from (not loading the rules again)."""


def _start_worker(settings: Settings, root: Path, cwd: Path, render: PartRenderer | None) -> None:
    global _worker
    collect_rarely()
    if _worker is not None and _worker[0].settings is settings:
        return  # forked from the run's own process: its linter is here already
    linter = Linter(settings, make_tree_at(settings, root))
    _worker = linter, FileReporter(settings.finding_filter(linter.registry), cwd, render)


def _check_chunk(chunk: Sequence[str]) -> list[FileOutcome]:
    assert _worker is not None
    linter, reporter = _worker
    return [_checked(linter, reporter, Path(file)) for file in chunk]


def _checked(linter: Linter, reporter: FileReporter, file: Path) -> FileOutcome:
    """A file checked, its part rendered if the run renders; without a cache,
    only what the run reports (the rest costs pickling from a worker)."""
    outcome = linter.check_file(file)
    if reporter.render is not None:
        outcome = outcome._replace(part=reporter.part(file, outcome.rows))
    if not linter.settings.cache:
        outcome = outcome._replace(facts=[], rows=[] if reporter.render else outcome.rows)
    return outcome


_GENERATED_SUFFIXES = ("_docs.md", "_kw.md")


def work_affinity(path: str) -> str:
    """Pages that read the same source sort together: a file's documentation,
    its keyword index and their level-2 pages (`docs/docs/...`) all map to
    `docs/<file>`. Chunks of work in this order give each source to one
    worker, which reads and parses it once instead of once per worker."""
    if path.startswith("docs/docs/"):
        path = path[len("docs/") :]
    while path.endswith(_GENERATED_SUFFIXES):
        path = path.rsplit("_", 1)[0]
    return path


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
        sorted((code, sorted(options.items())) for code, options in linter.options.items()),
    )
    return hashlib.sha256(repr(state).encode()).hexdigest()[:32]


class RunResult(NamedTuple):
    """All findings of a run, sorted, and how many files were checked."""

    diagnostics: list[DiagnosticRow]
    files_checked: int
    from_cache: int
    files: Sequence[Path] = ()
    """The files checked, as absolute paths."""
    elsewhere: int = 0
    """Findings of files a partial replay did not check again (replay.py)."""
    parts: list[tuple[str, bytes, int]] | None = None
    """With a renderer, each file's (path as shown, part, findings), sorted by
    path, in place of `diagnostics`."""


@dataclass
class RunSetup:
    """What a run over files starts from: the files, their tree, the rules, the cache."""

    settings: Settings
    cwd: Path
    files: list[Path]
    root: Path
    linter: Linter
    finding_filter: FindingFilter
    cache: Cache | None

    def shown(self) -> list[str]:
        """Each file's path as reported."""
        return [display_path(file, self.cwd) for file in self.files]

    def reporter(self, render: PartRenderer | None = None) -> FileReporter:
        return FileReporter(self.finding_filter, self.cwd, render)

    def diagnostics(self, results: dict[int, list[Row]], shown: list[str]) -> list[DiagnosticRow]:
        """The findings of the files (by index) as reported, sorted."""
        # Sorted file by file: a path's findings never interleave with another's,
        # and sorting 300,000 findings at once costs more than sorting each file's.
        reporter = self.reporter()
        diagnostics: list[DiagnosticRow] = []
        with gc_paused():
            for index in sorted(results, key=shown.__getitem__):
                diagnostics += reporter.diagnostics(self.files[index], shown[index], results[index])
        return diagnostics


def set_up_run(paths: Iterable[str | Path], settings: Settings) -> RunSetup:
    """Find the files, the root and the rules of a run, and load its cache. A
    partial replay names its files and root: the walk would find the same."""
    cwd = Path.cwd()
    partial = replay_inputs.partial_run()
    if partial is not None:
        files, root = [Path(file) for file in partial.to_check], Path(partial.root)
    else:
        paths = [Path(path) for path in paths] or [Path(".")]
        files = list(discover(paths, settings.path_filter()))
        root = tree_root(settings, paths, files, cwd)
    linter = Linter(settings, make_tree_at(settings, root))
    finding_filter = settings.finding_filter(linter.registry)
    cache = None
    if settings.cache and partial is not None:
        # Only files that changed are checked: their stored results would not
        # hold, and loading every other file's is what a partial run avoids.
        cache = Cache(partial.folder, cache_key(linter))
    elif settings.cache:
        folder = settings.cache_dir or (linter.tree.root / DEFAULT_FOLDER)
        cache = Cache.load(folder, cache_key(linter))
    return RunSetup(settings, cwd, files, root, linter, finding_filter, cache)


def run(
    paths: Iterable[str | Path],
    settings: Settings | None = None,
    progress: Callable[[int, int], None] | None = None,
    render: PartRenderer | None = None,
) -> RunResult:
    """Check files and folders (folders are walked for Markdown files), reusing
    cached results of unchanged files and spreading the rest over processes.
    `progress(done, total)` follows the files still to be checked. With
    `render`, each file's findings come back rendered (`RunResult.parts`)."""
    settings = settings or Settings()
    setup = set_up_run(paths, settings)
    files, root, linter, cache = setup.files, setup.root, setup.linter, setup.cache
    reporter = setup.reporter(render)
    results: dict[int, list[Row]] = {}
    parts: dict[int, FilePart | None] = {}
    missing: list[int] = []
    for index, file in enumerate(files):
        stored = cache.lookup(linter.tree_path(file), file, linter.tree.fact) if cache else None
        if stored is None:
            missing.append(index)
        elif render is not None:
            parts[index] = reporter.part(file, stored)
        else:
            results[index] = stored
    done = 0

    def advance(count: int) -> None:
        nonlocal done
        done += count
        if progress is not None:
            progress(done, len(missing))

    affinity = {index: work_affinity(linter.tree_path(files[index])) for index in missing}
    missing.sort(key=affinity.__getitem__)
    jobs = worker_count(settings.jobs, len(missing))
    if jobs > 1:
        chunk = [str(files[index]) for index in missing]
        start = (settings, root, setup.cwd, render)
        groups = [affinity[index] for index in missing]
        global _worker
        _worker = linter, reporter
        try:
            outcomes = map_in_processes(
                _check_chunk, chunk, jobs, _start_worker, start, advance, groups
            )
        finally:
            _worker = None
    else:
        outcomes = []
        for index in missing:
            outcomes.append(_checked(linter, reporter, files[index]))
            advance(1)
    for index, outcome in zip(missing, outcomes, strict=True):
        if render is not None:
            parts[index] = outcome.part
        else:
            results[index] = outcome.rows
        if cache is None:
            continue
        if outcome.stamp is not None and outcome.content_hash is not None:
            cache.store(
                linter.tree_path(files[index]),
                outcome.stamp,
                outcome.content_hash,
                outcome.facts,
                outcome.rows,
            )
        else:
            replay_inputs.refuse()  # an unreadable file: nothing to tell when that changes
    shown = setup.shown()
    partial = replay_inputs.partial_run()
    if cache is not None:
        if partial is None:
            cache.save(linter.tree.root)
        named = [(shown[index], linter.tree_path(file)) for index, file in enumerate(files)]
        tree = RunTree(str(root), settings.known_paths, named, cache.kept)
        replay_inputs.note_tree(tree, cache.file.parent)
    diagnostics = setup.diagnostics(results, shown)
    rendered = None
    if render is not None:
        rendered = sorted(
            (shown[index], *part) for index, part in parts.items() if part is not None
        )
    total, elsewhere = len(files), 0
    if partial is not None:
        total, elsewhere = len(partial.files), partial.elsewhere
    cached = len(files) - len(missing)
    return RunResult(diagnostics, total, total - len(files) + cached, files, elsewhere, rendered)


def run_stdin(data: bytes, filename: str | Path, settings: Settings | None = None) -> RunResult:
    """Check `data` (an editor's buffer) as the file `filename` of the tree; the
    other files are read from disk as usual. Nothing is cached. A filename that
    `exclude` leaves out gives no findings and counts no file."""
    settings = settings or Settings()
    linter = stdin_linter(data, filename, settings)
    if linter is None:
        return RunResult([], 0, 0)
    file = Path(filename)
    rows, _ = linter.check_bytes(data, linter.tree_path(file))
    return stdin_result(linter, file, rows)


def stdin_linter(data: bytes, filename: str | Path, settings: Settings) -> Linter | None:
    """The linter for text read from stdin as the file `filename`; None when
    `exclude` leaves that file out."""
    file = Path(filename)
    if settings.path_filter().excludes(file):
        return None
    root = settings.root or root_from_title(data[:4096], file) or choose_root([file], Path.cwd())
    return Linter(settings, make_tree_at(settings, root))


def stdin_result(linter: Linter, file: Path, rows: list[Row]) -> RunResult:
    """The result of checking stdin as `file`, its findings filtered as a file's are."""
    rows = linter.settings.finding_filter(linter.registry).rows(file, rows)
    shown = display_path(file, Path.cwd())
    return RunResult(sorted({DiagnosticRow(shown, *row) for row in rows}), 1, 0, [file])


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
    rows = settings.finding_filter(linter.registry).rows(tree.root / tree_path, rows)
    return Report.from_rows(sorted({DiagnosticRow(path, *row) for row in rows}), 1)

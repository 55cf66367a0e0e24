"""Fix mode over a tree, never damaging a file (one file is fixed by
file_fixer.py).

A fix can change what other files' rules see (a heading renamed in a
keyword index changes its size, which the page documenting it claims). So
fixing goes in passes, each over a fixed picture of the tree: during a pass
every file sees the tree as the previous passes left it (fixed files read
from scratch copies of their new bytes, nothing is written), so the result
does not depend on the order files are handled in, in one process or many.
After a pass, the files whose rules asked the tree a question that now has
another answer are fixed again, from their original bytes; passes repeat
until no file is stale. Only then are the files written, each atomically
and only if it still holds the bytes that were read, or, for `--diff`, shown
as a unified diff.
"""

from __future__ import annotations

import difflib
import heapq
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from doclint.engine import Linter, Settings
from doclint.engine.registry import Registry
from doclint.fixes.edits import FixError, WriteRefused, write_atomically
from doclint.fixes.file_fixer import FileFix, FixedText, Fixer, FixSettings
from doclint.fixes.leftovers import remove_stale, scratch_prefix
from doclint.fixes.overlay_tree import OverlayTree
from doclint.models.findings import Finding
from doclint.models.kept_findings import UnreadableFindings, decode_findings, encode_findings
from doclint.run import (
    ResultStores,
    RunResult,
    RunSetup,
    set_up_runs,
    stdin_linter,
    stdin_result,
)
from doclint.run.page_reading import unread_page
from doclint.run.parallel import map_in_processes, worker_count
from doclint.run.results import KeptResult
from doclint.tree.index import Fact, Stamp, Tree, digest, stamp_of
from doclint.tree.reading import read_regular, read_regular_status
from doclint.util.paths import printable
from doclint.util.private_folder import PrivateFolder

MAX_PASSES = 10
WRITERS = 8


def unified_diff(old: bytes, new: bytes, shown: str) -> str:
    """A unified diff of two versions of a UTF-8 file, `--- a/<shown>` and
    `+++ b/<shown>`, lines split at LF as git and patch do. The name is
    escaped (`printable`): a newline in it would start a line of its own."""
    shown = printable(shown)
    lines = difflib.unified_diff(
        _diff_lines(old.decode("utf-8")),
        _diff_lines(new.decode("utf-8")),
        fromfile=f"a/{shown}",
        tofile=f"b/{shown}",
    )
    return "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    )


def _diff_lines(text: str) -> list[str]:
    # Not str.splitlines: it also breaks at U+0085 and U+2028, which mojibake holds.
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]
    return lines if lines[-1] else lines[:-1]


class FixRun(NamedTuple):
    """What a fix run did, and the findings it leaves."""

    result: RunResult
    """The findings of the files as they end (for `--diff`: as they would)."""
    fixed: Counter[str]
    """Fixes applied (or, for `--diff`, that would be), per rule code."""
    first: Counter[str]
    """Of those, the fixes of the first pass, over the tree as it is: the rest
    follow from them (a fixed page changes what the pages about it must say)."""
    files_fixed: list[str]
    """The files changed (or that would be), as shown."""
    problems: list[tuple[str, str]]
    """(file as shown, why it was not fixed), sorted."""
    diffs: list[str]
    """For `--diff`: a unified diff per changed file, in path order."""


@dataclass
class _TreeFix:
    """The state of fixing a tree: what each file gives so far, and the
    overlay of fixed files (tree path -> scratch file of its new bytes)."""

    setup: RunSetup
    fix_settings: FixSettings
    scratch: PrivateFolder
    overlay: dict[str, str] = field(default_factory=dict)
    outcomes: dict[int, FileFix] = field(default_factory=dict)
    disk: dict[int, tuple[Stamp | None, bytes]] = field(default_factory=dict)
    """Stamp and hash of each file's bytes when first read: only those are overwritten."""
    identity: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Device and inode of each file when first read: only that file is written."""
    cached: set[int] = field(default_factory=set)
    """Files whose cached result was used as it was."""
    passes: int = 0
    first: dict[int, Counter[str]] = field(default_factory=dict)
    """The fixes of each file in the first pass that fixed it."""

    def path(self, index: int) -> str:
        return self.setup.files.tree_paths[index]

    def shown(self, index: int) -> str:
        return self.setup.files.shown[index]

    def first_pass(self) -> list[int]:
        """The files to fix: all but those whose cached findings still hold and
        include none of a rule that may fix."""
        setup, cache, todo = self.setup, self.setup.cache, []
        allows = self.fix_settings.allows
        can_fix = {rule.code for rule in setup.linter.rules if allows(rule.fix_safety)}
        for index, file in enumerate(setup.files):
            path = self.path(index)
            found = cache.lookup_entry(path, file, setup.linter.tree.fact) if cache else None
            rows = _decoded(found)
            if (
                found is None
                or rows is None
                or found.unread is None  # kept without its page's reading: checked again
                or any(row.code in can_fix for row in rows)
            ):
                todo.append(index)
                continue
            self.outcomes[index] = FileFix(
                rows, found.facts, Counter(), None, None, None, unread=found.unread
            )
            self.disk[index] = (found.stamp, found.content_hash)
            self.cached.add(index)
        return todo

    def run(self, progress: Callable[[int, int], None] | None) -> None:
        todo = self.first_pass()
        done = total = 0

        def advance(count: int) -> None:
            nonlocal done
            done += count
            if progress is not None:
                progress(done, total)

        for _ in range(MAX_PASSES):
            if not todo:
                return
            total += len(todo)
            self.passes += 1
            todo = self.stale() if self.merge(todo, self.fix_pass(todo, advance)) else []
        if todo:
            names = ", ".join(sorted(self.shown(index) for index in todo)[:5])
            raise FixError(
                f"fixes did not settle across files after {MAX_PASSES} passes "
                f"(still changing: {names}); nothing was written"
            )

    def fix_pass(self, todo: list[int], advance: Callable[[int], None]) -> list[FileFix]:
        settings, files, root = self.setup.settings, self.setup.files, self.setup.root
        overlay = dict(self.overlay)
        jobs = worker_count(settings.jobs, len(todo))
        if jobs > 1:
            arguments = (settings, root, overlay, self.fix_settings, self.scratch)
            chunk = [files.texts[index] for index in todo]
            return map_in_processes(_fix_chunk, chunk, jobs, _start_fixer, arguments, advance)
        registry = self.setup.linter.registry
        fixer = _make_fixer(settings, root, overlay, self.fix_settings, self.scratch, registry)
        outcomes = []
        for index in todo:
            outcomes.append(fixer.fix_file(files[index], self.scratch))
            advance(1)
        return outcomes

    def merge(self, todo: list[int], outcomes: list[FileFix]) -> bool:
        """Take in a pass's outcomes; whether the tree they leave differs."""
        changed = False
        for index, outcome in zip(todo, outcomes, strict=True):
            path = self.path(index)
            previous = self.outcomes.get(index)
            self.outcomes[index] = outcome
            self.first.setdefault(index, outcome.fixed)
            self.cached.discard(index)
            if outcome.disk is not None:
                self.disk.setdefault(index, outcome.disk)
            if outcome.identity is not None:
                self.identity.setdefault(index, outcome.identity)
            before = previous.scratch[1] if previous and previous.scratch else None
            changed |= before != (outcome.scratch[1] if outcome.scratch else None)
            if path in self.overlay:
                self.scratch.unlink(self.overlay.pop(path))
            if outcome.scratch is not None:
                self.overlay[path] = outcome.scratch[0]
        return changed

    def stale(self) -> list[int]:
        """The files whose rules asked about the tree and would now get another answer."""
        settings = self.setup.settings
        tree = OverlayTree(
            self.setup.root,
            settings.known_paths,
            self.overlay,
            self.scratch,
            settings.known_generators,
        )
        return [
            index
            for index, outcome in sorted(self.outcomes.items())
            if _facts_differ(tree, outcome.facts)
        ]

    def changed_indices(self) -> list[int]:
        """The files with new bytes, in the order they are shown."""
        by_path = {self.path(index): index for index in self.outcomes}
        return sorted((by_path[path] for path in self.overlay), key=self.shown)

    def diffs(self) -> list[str]:
        return [
            unified_diff(
                read_regular(self.setup.files[index]),
                self.scratch.read(self.overlay[self.path(index)]),
                self.shown(index),
            )
            for index in self.changed_indices()
        ]

    def write(self) -> list[int]:
        """Write the fixed files, each atomically and only if it still holds
        the bytes that were fixed; the indices of those written."""
        changed = self.changed_indices()
        # Each write waits on its fsync: several at once keep the disk busy.
        with ThreadPoolExecutor(WRITERS) as pool:
            problems = list(pool.map(self._write_one, changed))
        written = []
        for index, problem in zip(changed, problems, strict=True):
            if problem is None:
                written.append(index)
            else:
                self._unwritten(index, problem)
        return written

    def _write_one(self, index: int) -> str | None:
        """Write one fixed file; why not, when it was not written."""
        target = Path(os.path.realpath(self.setup.files[index]))  # a symlink stays one
        if not target.is_relative_to(os.path.realpath(self.setup.root)):
            return "it now leads outside the tree"
        try:
            # Stat before the read: a change after it shows at the rename.
            read_as = os.stat(target)
            if (read_as.st_dev, read_as.st_ino) != self.identity.get(index):
                return "it is no longer the file doclint read (replaced meanwhile)"
            if digest(read_regular(target)) != self.disk[index][1]:
                return "the file changed while doclint fixed it"
            write_atomically(target, self.scratch.read(self.overlay[self.path(index)]), read_as)
        except WriteRefused as refusal:
            return str(refusal)
        except OSError as error:
            return f"cannot write it: {error.strerror or error}"
        return None

    def _unwritten(self, index: int, problem: str) -> None:
        """A fixed file that could not be written: report it as it is on disk."""
        del self.overlay[self.path(index)]
        settings = self.setup.settings
        tree = Tree(self.setup.root, settings.known_paths, settings.known_generators)
        linter = Linter(settings, tree, self.setup.linter.registry)
        file = self.setup.files[index]
        outcome = linter.check_file(file)
        unread = unread_page(str(file), outcome.reading)
        self.outcomes[index] = FileFix(
            outcome.rows, outcome.facts, Counter(), None, problem, None, unread=unread
        )

    def store(self, written: list[int]) -> None:
        """Keep in the cache the results that hold for the tree as written, with
        the tree's answers as they now come from disk."""
        cache, settings = self.setup.cache, self.setup.settings
        if cache is None:
            return
        # After one pass every answer came from disk and no file asked about a
        # file that changed. After more, answers about fixed files came from
        # their scratch copies (the same bytes, other stamps): ask again, and
        # drop results that relied on a fix that could not be written.
        generators = settings.known_generators
        as_written = OverlayTree(
            self.setup.root, settings.known_paths, self.overlay, self.scratch, generators
        )
        on_disk = (
            Tree(self.setup.root, settings.known_paths, generators) if self.passes > 1 else None
        )
        written_now = set(written)
        for index, outcome in self.outcomes.items():
            if index in self.cached:
                continue
            path, file = self.path(index), self.setup.files[index]
            cache.forget(path)
            stamp: Stamp | None
            if index in written_now:
                # One stat, of the file read: the stamp is that of the bytes digested.
                data, status = read_regular_status(file)
                stamp, content_hash = stamp_of(status), digest(data)
            elif outcome.disk is not None:
                stamp, content_hash = outcome.disk
            else:
                continue
            facts = outcome.facts
            if on_disk is not None:
                if _facts_differ(as_written, facts):
                    continue
                facts = [(kind, where, on_disk.fact(kind, where)) for kind, where, _ in facts]
            encoded = None if stamp is None else encode_findings(outcome.rows)
            if stamp is not None and encoded is not None:
                kept = KeptResult(encoded, stamp, content_hash, facts, unread=outcome.unread)
                cache.store(path, kept)
        cache.save()

    def finish(self, written: list[int] | None, diffs: list[str]) -> FixRun:
        setup = self.setup
        changed = written if written is not None else self.changed_indices()
        fixed: Counter[str] = Counter()
        first: Counter[str] = Counter()
        for index in changed:
            fixed.update(self.outcomes[index].fixed)
            first.update(self.first.get(index, Counter()))
        results = {index: outcome.rows for index, outcome in self.outcomes.items()}
        # Counted from the engine's reading of each file as it ends.
        unread = [outcome.unread for outcome in self.outcomes.values()]
        result = RunResult(
            [found for index, rows in results.items() for found in setup.found(index, rows)],
            len(setup.files),
            len(self.cached),
            setup.files,
            sum(unread),
        )
        problems = sorted(
            (self.shown(index), outcome.problem)
            for index, outcome in self.outcomes.items()
            if outcome.problem is not None
        )
        return FixRun(result, fixed, first, sorted(map(self.shown, changed)), problems, diffs)


def _decoded(found: KeptResult | None) -> list[Finding] | None:
    """The findings of a kept result; None when there is none, or its bytes
    are not findings (the file is checked again)."""
    if found is None:
        return None
    try:
        return decode_findings(found.findings)
    except UnreadableFindings:
        return None


def _facts_differ(tree: Tree, facts: Iterable[Fact]) -> bool:
    return any(tree.fact(kind, path) != value for kind, path, value in facts)


def _make_fixer(
    settings: Settings,
    root: Path,
    overlay: dict[str, str],
    fix_settings: FixSettings,
    scratch: PrivateFolder,
    registry: Registry | None = None,
) -> Fixer:
    tree = OverlayTree(root, settings.known_paths, overlay, scratch, settings.known_generators)
    linter = Linter(settings, tree, registry, reuses_pages=False)
    return Fixer(linter, fix_settings)


class _Worker:
    """What a worker process of a parallel fix holds for all its chunks: its
    fixer and the run's scratch folder, set by the pool's initializer."""

    started: tuple[Fixer, PrivateFolder] | None = None


def _start_fixer(
    settings: Settings,
    root: Path,
    overlay: dict[str, str],
    fix_settings: FixSettings,
    scratch: PrivateFolder,
) -> None:
    _Worker.started = (_make_fixer(settings, root, overlay, fix_settings, scratch), scratch)


def _fix_chunk(chunk: Sequence[str]) -> list[FileFix]:
    assert _Worker.started is not None
    fixer, scratch = _Worker.started
    return [fixer.fix_file(Path(file), scratch) for file in chunk]


def run_fixes(
    paths: Iterable[str | Path],
    settings: Settings | None = None,
    fix_settings: FixSettings | None = None,
    progress: Callable[[int, int], None] | None = None,
    stores: ResultStores | None = None,
) -> FixRun:
    """Fix files and folders: apply the allowed fixes until the whole tree
    settles, then write the changed files (or, with `write=False`, give their
    diffs). FixError when the files keep changing each other. With `stores`,
    results of earlier runs spare unchanged files, and results are kept."""
    settings = settings or Settings()
    fix_settings = fix_settings or FixSettings()
    started = time.time()
    setups = set_up_runs(paths, settings, stores=stores)
    remove_stale({file.parent for setup in setups for file in setup.files}, started)
    # Held by its descriptor (util/private_folder.py): in a shared temporary folder,
    # another user must not swap the copies of fixed files for theirs.
    scratch = PrivateFolder(scratch_prefix())
    try:
        # Each tree settles on its own (no tree reads another's files); none
        # is written before all have settled.
        states = [_TreeFix(setup, fix_settings, scratch) for setup in setups]
        for state in states:
            state.run(progress)
        runs = []
        for state in states:
            if not fix_settings.write:
                runs.append(state.finish(None, state.diffs()))
                continue
            written = state.write()
            state.store(written)
            runs.append(state.finish(written, []))
        return _joined(runs)
    finally:
        scratch.remove()


def _joined(runs: list[FixRun]) -> FixRun:
    """The fix runs of several trees as one, everything in path order."""
    if len(runs) == 1:
        return runs[0]
    results = [run.result for run in runs]
    result = RunResult(
        [found for result in results for found in result.found],
        sum(result.files_checked for result in results),
        sum(result.from_cache for result in results),
        [file for result in results for file in result.files],
        sum(result.unread_pages for result in results),
    )
    return FixRun(
        result,
        sum((run.fixed for run in runs), Counter()),
        sum((run.first for run in runs), Counter()),
        sorted(shown for run in runs for shown in run.files_fixed),
        sorted(problem for run in runs for problem in run.problems),
        list(heapq.merge(*(run.diffs for run in runs), key=lambda diff: diff.split("\n", 1)[0])),
    )


def fix_stdin(
    data: bytes,
    filename: str | Path,
    settings: Settings | None = None,
    fix_settings: FixSettings | None = None,
) -> tuple[FixedText, RunResult]:
    """Fix `data` (an editor's buffer) as the file `filename` of the tree; the
    new bytes are returned, nothing is written. Excluded files are not fixed."""
    settings = settings or Settings()
    linter = stdin_linter(data, filename, settings)
    if linter is None:
        return FixedText([], [], Counter(), None), RunResult([], 0, 0)
    file = Path(filename)
    fixed = Fixer(linter, fix_settings or FixSettings()).fix_bytes(
        data, file, linter.tree_path(file)
    )
    unread = int(unread_page(str(file), fixed.reading))
    return fixed, stdin_result(linter, file, fixed.rows, unread)

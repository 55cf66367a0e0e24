"""A run over files and folders: cached results reused, the rest checked in
chunks over worker processes."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import accumulate
from operator import itemgetter
from pathlib import Path

from doclint import replay_inputs
from doclint.cache import Cache
from doclint.engine.linter import FileOutcome, Linter
from doclint.engine.reporting import FileReporter, PartRenderer, RunResult
from doclint.engine.root import make_tree_at
from doclint.engine.run_setup import RunSetup, set_up_runs
from doclint.engine.settings import Settings
from doclint.engine.spill import SpilledParts
from doclint.findings import DiagnosticRow, Row
from doclint.gc_pause import collect_rarely
from doclint.parallel import (
    MIN_ITEMS_PER_WORKER,
    available_cores,
    imap_in_pool,
    process_pool,
    start_processes,
    worker_count,
)
from doclint.registry import Registry, load_registry
from doclint.replay_inputs import RunTree
from doclint.shards import work_order

Task = tuple[int, int]
"""A file of a run: the index of its root's setup, and its index there."""


class _Roots:
    """The linter and reporter of each root of a run. The main process holds
    those of every root; a worker forked from it starts with them, and a
    spawned one makes those of the roots its chunks name."""

    def __init__(
        self,
        settings: Settings,
        cwd: Path,
        render: PartRenderer | None,
        setups: Sequence[RunSetup] = (),
        registry: Registry | None = None,
    ) -> None:
        self.settings, self.cwd, self.render = settings, cwd, render
        self.registry = registry
        self.at_root = {str(setup.root): (setup.linter, setup.reporter(render)) for setup in setups}

    def at(self, root: str) -> tuple[Linter, FileReporter]:
        if root not in self.at_root:
            # Another root's registry serves: loading the rules is the cost of a start.
            known = next(iter(self.at_root.values()), None)
            settings, registry = self.settings, known[0].registry if known else self.registry
            linter = Linter(settings, make_tree_at(settings, Path(root)), registry)
            found = settings.finding_filter(linter.registry)
            reporter = FileReporter(found, self.cwd, Path(root), self.render)
            self.at_root[root] = linter, reporter
        return self.at_root[root]


_roots: _Roots | None = None
"""A worker's linters and reporters; in the main process, while it forks its
workers, what they start from (the rules loaded, no tree yet)."""


class _Workers:
    """The worker processes of a run, forked once the run has files enough to
    share (`start`), while its list of files is still short: a forked process
    counts all that its parent held as its own memory, and the list of files,
    their roots and tasks grow with the tree."""

    def __init__(self, settings: Settings, render: PartRenderer | None, registry: Registry):
        self.jobs = settings.jobs or available_cores()
        self.least = self.jobs * MIN_ITEMS_PER_WORKER
        self.start_from = _Roots(settings, Path.cwd(), render, registry=registry)
        self.pool: ProcessPoolExecutor | None = None

    def start(self) -> ProcessPoolExecutor:
        global _roots
        if self.pool is None:
            start = self.start_from
            self.pool = process_pool(
                self.jobs, _start_worker, (start.settings, start.cwd, start.render)
            )
            _roots = start
            try:
                start_processes(self.pool)
            finally:
                _roots = None
        return self.pool

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown()


def _start_worker(settings: Settings, cwd: Path, render: PartRenderer | None) -> None:
    global _roots
    collect_rarely()
    if _roots is not None and _roots.settings is settings:
        return  # forked from the run's own process: its linters are here already
    _roots = _Roots(settings, cwd, render)


def _check_chunk(chunk: Sequence[tuple[str, str]]) -> list[FileOutcome]:
    """Check the files of a chunk, each (root, file): a chunk carries the root
    of each of its files, since one run may check several trees."""
    assert _roots is not None
    return [_checked(*_roots.at(root), Path(file)) for root, file in chunk]


def _checked(linter: Linter, reporter: FileReporter, file: Path) -> FileOutcome:
    """A file checked, its part rendered if the run renders; without a cache,
    only what the run reports (the rest costs pickling from a worker)."""
    outcome = linter.check_file(file)
    if reporter.render is not None:
        outcome = outcome._replace(part=reporter.part(file, outcome.rows))
    if not linter.settings.cache:
        outcome = outcome._replace(facts=[], rows=[] if reporter.render else outcome.rows)
    return outcome


def run(
    paths: Iterable[str | Path],
    settings: Settings | None = None,
    progress: Callable[[int, int], None] | None = None,
    render: PartRenderer | None = None,
) -> RunResult:
    """Check files and folders (folders are walked for Markdown files), each
    file in the tree of its root (root.py), reusing cached results of
    unchanged files and spreading the rest over processes.
    `progress(done, total)` follows the files still to be checked. With
    `render`, each file's findings come back rendered (`RunResult.parts`),
    kept on disk as they come, so that memory does not grow with the findings."""
    settings = settings or Settings()
    registry = load_registry()
    workers = _Workers(settings, render, registry)
    try:
        many = (workers.least, workers.start) if workers.jobs > 1 else None
        setups = set_up_runs(paths, settings, registry, many)
        roots = _Roots(settings, Path.cwd(), render, setups)
        results: dict[Task, list[Row]] = {}
        # A part's place in the spill: its file's index among the files of every root.
        starts = list(accumulate((len(setup.files) for setup in setups), initial=0))
        parts = SpilledParts() if render is not None else None
        missing = _from_caches(setups, roots, results, parts, starts)
        for task, outcome in _check_missing(setups, roots, missing, progress, workers):
            if parts is not None:
                parts.add(starts[task[0]] + task[1], outcome.part)
            else:
                results[task] = outcome.rows
            setup = setups[task[0]]
            if setup.cache is not None:
                _store(setup.cache, setup.linter.tree_path(setup.files[task[1]]), outcome)
    finally:
        workers.close()
    shown = [setup.shown() for setup in setups]
    partial = replay_inputs.partial_run()
    if len(setups) > 1:
        replay_inputs.refuse()  # a record holds one tree: each run of several checks them
    for setup, names in zip(setups, shown, strict=True):
        if setup.cache is not None:
            _save(setup, setup.cache, names, partial is None)
    diagnostics = _diagnostics(setups, results, shown)
    rendered = None
    if parts is not None:
        rendered = parts.sort([name for names in shown for name in names])
    files = [file for setup in setups for file in setup.files]
    total, elsewhere = len(files), 0
    if partial is not None:
        total, elsewhere = len(partial.files), partial.elsewhere
    cached = len(files) - len(missing)
    return RunResult(diagnostics, total, total - len(files) + cached, files, elsewhere, rendered)


def _from_caches(
    setups: list[RunSetup],
    roots: _Roots,
    results: dict[Task, list[Row]],
    parts: SpilledParts | None,
    starts: list[int],
) -> list[Task]:
    """Fill `results` (or with a renderer, `parts`, at `starts[root] + index`)
    with the files the caches answer for; the other files, to check."""
    missing: list[Task] = []
    for number, setup in enumerate(setups):
        cache, linter, reporter = setup.cache, setup.linter, roots.at(str(setup.root))[1]
        for index, file in enumerate(setup.files):
            stored = cache.lookup(linter.tree_path(file), file, linter.tree.fact) if cache else None
            if stored is None:
                missing.append((number, index))
            elif parts is not None:
                parts.add(starts[number] + index, reporter.part(file, stored))
            else:
                results[number, index] = stored
    return missing


def _diagnostics(
    setups: list[RunSetup], results: dict[Task, list[Row]], shown: list[list[str]]
) -> list[DiagnosticRow]:
    """The findings of every root's files, file by file in the order of their paths."""
    of_roots = [
        setup.diagnostics(
            {index: rows for (at, index), rows in results.items() if at == number}, shown[number]
        )
        for number, setup in enumerate(setups)
    ]
    if len(of_roots) == 1:
        return of_roots[0]
    return list(heapq.merge(*of_roots, key=itemgetter(0)))


def _check_missing(
    setups: list[RunSetup],
    roots: _Roots,
    missing: list[Task],
    progress: Callable[[int, int], None] | None,
    workers: _Workers,
) -> Iterator[tuple[Task, FileOutcome]]:
    """Each file that the caches did not answer for, and what checking it
    gave, as the files are checked (not all kept till the end)."""
    done = 0

    def advance(count: int) -> None:
        nonlocal done
        done += count
        if progress is not None:
            progress(done, len(missing))

    def place(task: Task) -> tuple[str, str]:
        setup = setups[task[0]]
        return str(setup.root), str(setup.files[task[1]])

    def affinity_of(task: Task) -> tuple[int, str, int]:
        setup = setups[task[0]]
        return task[0], *work_order(setup.linter.tree_path(setup.files[task[1]]))

    affinity = {task: affinity_of(task) for task in missing}
    missing = sorted(missing, key=affinity.__getitem__)
    jobs = worker_count(roots.settings.jobs, len(missing))
    if jobs <= 1:
        for task in missing:
            root, file = place(task)
            yield task, _checked(*roots.at(root), Path(file))
            advance(1)
        return
    chunk = [place(task) for task in missing]
    groups = [affinity[task][:2] for task in missing]  # a source's pages, all levels
    del affinity
    outcomes = imap_in_pool(workers.start(), jobs, _check_chunk, chunk, advance, groups)
    yield from zip(missing, outcomes, strict=True)


def _store(cache: Cache, path: str, outcome: FileOutcome) -> None:
    """Keep a file's outcome in the cache, if there is something to tell a change by."""
    if outcome.stamp is not None and outcome.content_hash is not None:
        cache.store(path, outcome.stamp, outcome.content_hash, outcome.facts, outcome.rows)
    else:
        replay_inputs.refuse()  # an unreadable file: nothing to tell when that changes


def _save(setup: RunSetup, cache: Cache, shown: list[str], whole: bool) -> None:
    """Save the cache of a whole run, and tell a recording run the tree it checked."""
    linter = setup.linter
    if whole:
        cache.save(linter.tree.root)
    named = [(shown[index], linter.tree_path(file)) for index, file in enumerate(setup.files)]
    tree = RunTree(str(setup.root), setup.settings.known_paths, named, cache)
    replay_inputs.note_tree(tree, cache.file.parent)

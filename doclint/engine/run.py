"""A run over files and folders: cached results reused, the rest checked in
chunks over worker processes."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from doclint import replay_inputs
from doclint.cache import Cache
from doclint.engine.linter import FileOutcome, Linter
from doclint.engine.reporting import FileReporter, PartRenderer, RunResult
from doclint.engine.root import make_tree_at
from doclint.engine.run_setup import RunSetup, set_up_run
from doclint.engine.settings import Settings
from doclint.engine.spill import SpilledParts
from doclint.findings import Row
from doclint.gc_pause import collect_rarely
from doclint.parallel import imap_in_processes, worker_count
from doclint.replay_inputs import RunTree
from doclint.shards import work_affinity

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


def run(
    paths: Iterable[str | Path],
    settings: Settings | None = None,
    progress: Callable[[int, int], None] | None = None,
    render: PartRenderer | None = None,
) -> RunResult:
    """Check files and folders (folders are walked for Markdown files), reusing
    cached results of unchanged files and spreading the rest over processes.
    `progress(done, total)` follows the files still to be checked. With
    `render`, each file's findings come back rendered (`RunResult.parts`),
    kept on disk as they come, so that memory does not grow with the findings."""
    settings = settings or Settings()
    setup = set_up_run(paths, settings)
    files, linter, cache = setup.files, setup.linter, setup.cache
    reporter = setup.reporter(render)
    results: dict[int, list[Row]] = {}
    parts = SpilledParts() if render is not None else None
    missing: list[int] = []
    for index, file in enumerate(files):
        stored = cache.lookup(linter.tree_path(file), file, linter.tree.fact) if cache else None
        if stored is None:
            missing.append(index)
        elif parts is not None:
            parts.add(index, reporter.part(file, stored))
        else:
            results[index] = stored
    for index, outcome in _check_missing(setup, reporter, missing, progress):
        if parts is not None:
            parts.add(index, outcome.part)
        else:
            results[index] = outcome.rows
        if cache is not None:
            _store(cache, linter.tree_path(files[index]), outcome)
    shown = setup.shown()
    partial = replay_inputs.partial_run()
    if cache is not None:
        _save(setup, cache, shown, partial is None)
    diagnostics = setup.diagnostics(results, shown)
    total, elsewhere = len(files), 0
    if partial is not None:
        total, elsewhere = len(partial.files), partial.elsewhere
    cached = len(files) - len(missing)
    rendered = parts.sort(shown) if parts is not None else None
    return RunResult(diagnostics, total, total - len(files) + cached, files, elsewhere, rendered)


def _check_missing(
    setup: RunSetup,
    reporter: FileReporter,
    missing: list[int],
    progress: Callable[[int, int], None] | None,
) -> Iterator[tuple[int, FileOutcome]]:
    """Each file (by index) that the cache did not answer for, and what
    checking it gave, as the files are checked (not all kept till the end)."""
    files, linter, settings = setup.files, setup.linter, setup.settings
    done = 0

    def advance(count: int) -> None:
        nonlocal done
        done += count
        if progress is not None:
            progress(done, len(missing))

    affinity = {index: work_affinity(linter.tree_path(files[index])) for index in missing}
    missing = sorted(missing, key=affinity.__getitem__)
    jobs = worker_count(settings.jobs, len(missing))
    if jobs <= 1:
        for index in missing:
            yield index, _checked(linter, reporter, files[index])
            advance(1)
        return
    chunk = [str(files[index]) for index in missing]
    start = (settings, setup.root, setup.cwd, reporter.render)
    groups = [affinity[index] for index in missing]
    del affinity
    global _worker
    _worker = linter, reporter
    try:
        outcomes = imap_in_processes(
            _check_chunk, chunk, jobs, _start_worker, start, advance, groups
        )
        yield from zip(missing, outcomes, strict=True)
    finally:
        _worker = None


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
    tree = RunTree(str(setup.root), setup.settings.known_paths, named, cache.kept)
    replay_inputs.note_tree(tree, cache.file.parent)

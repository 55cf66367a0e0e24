"""A run over files and folders: cached results reused, the rest checked in
chunks over worker processes."""

from __future__ import annotations

import sys
from array import array
from bisect import bisect_right
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import closing
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

from doclint.engine.linter import Linter
from doclint.engine.registry import Registry, load_registry
from doclint.engine.settings import Settings
from doclint.engine.suppressions import FindingFilter
from doclint.models.kept_findings import FileResult, UnreadableFindings, encode_findings
from doclint.models.records import NamedTuple
from doclint.run.page_reading import unread_page
from doclint.run.parallel import (
    FORKS,
    MIN_ITEMS_PER_WORKER,
    available_cores,
    close_pool,
    imap_in_pool,
    process_pool,
    start_processes,
    worker_count,
)
from doclint.run.results import KeptResult, ResultStores, StoredResults
from doclint.run.roots import make_tree_at
from doclint.run.setup import RunSetup, result_key, set_up_runs
from doclint.run.shards import work_order
from doclint.run.sink import Collector, FileSink, RunResult, hand_over
from doclint.util.gc_pause import collect_rarely
from doclint.util.notices import forget_said, say_tallies

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor


class _Roots:
    """The linter and finding filter of each root of a run, and the output's
    sink. The main process holds those of every root; a
    worker forked from it starts with them, and a spawned one makes those of
    the roots its chunks name."""

    def __init__(
        self,
        settings: Settings,
        cwd: Path,
        sink: FileSink[Any],
        setups: Sequence[RunSetup] = (),
        registry: Registry | None = None,
        stores: ResultStores | None = None,
    ) -> None:
        self.settings, self.cwd, self.sink = settings, cwd, sink
        self.registry = registry
        self.at_root = {str(setup.root): (setup.linter, setup.finding_filter) for setup in setups}
        self.stores = stores if settings.cache else None
        self._stored: dict[str, StoredResults | None] = {}
        self.unread_kept = 0
        """The pages no generator wrote among those this process found kept."""

    def stored_at(self, root: str) -> StoredResults | None:
        """A worker's own view of the results kept for a root, opened at its
        first file there: it only looks up (the run's process warns of any
        problem and keeps what is used)."""
        if root not in self._stored:
            linter = self.at(root)[0]
            stores, key = self.stores, result_key(linter)
            self._stored[root] = stores.open(linter.tree.root, key, worker=True) if stores else None
        return self._stored[root]

    def deliver(self, result: FileResult) -> FileResult:
        """The file's result handed to the sink (sink.py `hand_over`): what
        is left of it, with what the sink gave of it."""
        return result.handed_over(hand_over(self.sink, self.at(result.root)[1], result))

    def __reduce__(self) -> tuple[Any, ...]:
        # A spawned worker makes the linters of the roots its chunks name;
        # a forked one starts with this very object.
        return _Roots, (self.settings, self.cwd, self.sink)

    def close(self) -> None:
        """The run's reads are over: its trees let go of their roots' folders,
        and the Node process that parsed its Mermaid blocks is stopped."""
        for linter, _ in self.at_root.values():
            linter.tree.close()
        # The client is imported with the run's first Mermaid block: a run
        # that met none has no Node to stop, and need not import it to say so.
        mermaid = sys.modules.get("doclint.diagrams.mermaid")
        if mermaid is not None:
            mermaid.close_checker()
        # What the run's rules could not judge, counted over its processes.
        say_tallies()
        forget_said()

    def warm_up(self) -> None:
        """Import the modules of the run's rules that judge every writer's
        pages, which each worker otherwise imports at its first page: a
        worker starts while the run's process still walks the tree and
        orders the files, and would wait idle."""
        self.registry = self.registry or load_registry()
        for entry in self.settings.rules(self.registry):
            if entry.origin is None:
                entry.build()  # not `load`: one that fails to import fails where a page meets it

    def at(self, root: str) -> tuple[Linter, FindingFilter]:
        if root not in self.at_root:
            # Another root's registry serves: loading the rules is the cost of a start.
            known = next(iter(self.at_root.values()), None)
            settings, registry = self.settings, known[0].registry if known else self.registry
            tree = make_tree_at(settings, Path(root))
            linter = Linter(settings, tree, registry, records_facts=settings.cache)
            self.at_root[root] = linter, settings.finding_filter(linter.registry)
        return self.at_root[root]


class _Worker:
    """What a worker process checks its chunks with, set as it starts."""

    roots: _Roots | None = None


class _Workers:
    """The worker processes of a run, forked once the run has files enough to
    share (`start`), while its list of files is still short: a forked process
    counts all that its parent held as its own memory, and the list of files,
    their roots and tasks grow with the tree."""

    def __init__(
        self,
        settings: Settings,
        sink: FileSink[Any],
        registry: Registry,
        stores: ResultStores | None = None,
    ):
        self.jobs = settings.jobs or available_cores()
        self.least = self.jobs * MIN_ITEMS_PER_WORKER
        self.start_from = _Roots(settings, Path.cwd(), sink, registry=registry, stores=stores)
        self.pool: ProcessPoolExecutor | None = None

    def start(self) -> ProcessPoolExecutor:
        if self.pool is None:
            self.start_from.sink.prepare_workers()
            self.pool = process_pool(self.jobs, _start_worker, (self.start_from,))
            start_processes(self.pool)
        return self.pool

    def close(self, wait: bool) -> None:
        """Stop the workers."""
        if self.pool is not None:
            close_pool(self.pool, wait)


def _start_worker(roots: _Roots) -> None:
    """Start a worker from the run's roots: forked, the very object (this
    process's copy); spawned, one made of the run's settings and sink."""
    collect_rarely()
    roots.sink.start_worker()
    _Worker.roots = roots
    roots.warm_up()


def _check_chunk(chunk: Sequence[tuple[str, str]]) -> list[FileResult]:
    """The results of the files of a chunk, each (root, file), from the
    results kept where they still hold, else by checking them. A chunk
    carries the root of each of its files, since one run may check several
    trees."""
    roots = _Worker.roots
    assert roots is not None
    # Paths stay strings: every reader takes one, and a Path costs its parse.
    return [_kept_or_checked(roots, root, file) for root, file in chunk]


def _kept_or_checked(roots: _Roots, root: str, file: str) -> FileResult:
    """A worker's result for one file: its kept result when it still holds
    (handed to the sink as a checked one is), else what checking it gives."""
    linter = roots.at(root)[0]
    stored = roots.stored_at(root)
    found = None
    if stored is not None:
        found = stored.lookup_entry(linter.tree_path(file), file, linter.tree.fact)
    if found is None:
        return _checked(roots, root, file)
    try:
        return _kept(roots, root, file, found)
    except UnreadableFindings:
        return _checked(roots, root, file)


def _kept(roots: _Roots, root: str, file: str, found: KeptResult) -> FileResult:
    """A kept result handed to the sink, as kept, with the bytes the lookup
    read, if it read them (the sink reads its lines there, when it shows
    some); UnreadableFindings when the sink reads findings the result does
    not hold, or does not say whether a generator read its page (the file
    is checked again: its page is read only by the engine)."""
    if found.unread is None:
        raise UnreadableFindings("kept without the page's reading")
    result = FileResult(
        file,
        root,
        None,
        found.findings,
        lines=found.data,
        content=found.content_hash,
        stamp=found.stamp,
        parts=found.parts,
        kept=True,
        unread=found.unread,
    )
    return roots.deliver(result)


def _checked(roots: _Roots, root: str, file: str) -> FileResult:
    """A file checked, its findings handed to the sink; with a cache,
    encoded here, once, for the cache and the sink (a worker sends back the
    bytes, not the findings: pickling them costs more)."""
    linter = roots.at(root)[0]
    rows, facts, stamp, content_hash, lines, reading = linter.check_file(file)
    cache = linter.settings.cache
    caching = cache and stamp is not None and content_hash is not None
    result = FileResult(
        file,
        root,
        rows,
        encode_findings(rows) if caching else None,
        lines=lines,
        content=content_hash,
        stamp=stamp,
        facts=facts if cache else [],
        unread=unread_page(file, reading),
    )
    return roots.deliver(result)


class Step(NamedTuple):
    """How far a run is."""

    done: int
    """Files checked (or looked up by a worker) of the `total` to check:
    not those this process found kept."""
    total: int


class Run:
    """A run of files and folders (folders are walked for Markdown files),
    each file checked in the tree of its root (roots.py), the stored results
    of unchanged files reused (from `stores`) and the rest spread over
    processes. Iterating it runs it, a `Step` at a time: the caller follows
    its progress; its `result` once the steps are over. Each file's findings
    go to `sink` where the file is checked, and what it gives of them to
    the sink's `keep` in this process (run/sink.py). With the `registry` the
    caller loaded, the rules are not looked up again (their entry points, the
    dist-info folders)."""

    def __init__(
        self,
        paths: Iterable[str | Path],
        settings: Settings | None,
        sink: FileSink[Any],
        stores: ResultStores | None = None,
        registry: Registry | None = None,
    ) -> None:
        self.paths, self.settings = paths, settings or Settings()
        self.sink, self.stores, self.registry = sink, stores, registry
        self._result: RunResult | None = None

    def __iter__(self) -> Generator[Step, None, None]:
        self._result = yield from _steps(
            self.paths, self.settings, self.sink, self.stores, self.registry
        )

    @property
    def result(self) -> RunResult:
        if self._result is None:
            raise RuntimeError("the run has not been through all its steps")
        return self._result


def run(
    paths: Iterable[str | Path],
    settings: Settings | None = None,
    progress: Callable[[int, int], None] | None = None,
    stores: ResultStores | None = None,
) -> RunResult:
    """A `Run` that collects its findings, to its end; `progress(done,
    total)` follows the files still to be checked."""
    collector = Collector()
    checking = Run(paths, settings, collector, stores)
    with closing(iter(checking)) as steps:
        for step in steps:
            if progress is not None:
                progress(step.done, step.total)
    return checking.result._replace(found=collector.found)


def _steps(
    paths: Iterable[str | Path],
    settings: Settings,
    sink: FileSink[Any],
    stores: ResultStores | None,
    registry: Registry | None,
) -> Generator[Step, None, RunResult]:
    """The steps of a `Run`, and at their end its result."""
    registry = registry or load_registry()
    workers = _Workers(settings, sink, registry, stores)
    roots: _Roots | None = None
    try:
        many = (workers.least, workers.start) if workers.jobs > 1 else None
        files = _Files(set_up_runs(paths, settings, registry, many, stores))
        setups = files.setups
        roots = _Roots(settings, Path.cwd(), sink, setups)
        if _workers_look_up(files, settings):
            # Looking up and rendering a kept result costs a good part of
            # checking the file: the workers share it, as they share the checking.
            missing = array("q", range(len(files)))
        else:
            missing = _from_caches(files, roots)
        reused = len(files) - len(missing)
        unread_pages = roots.unread_kept
        shown = 0
        caching = any(setup.cache is not None for setup in setups)
        for number, result, done in _check_missing(files, roots, missing, workers):
            parts = sink.keep(result.notes)
            if caching:
                _keep(files, number, result, parts)
            reused += result.kept
            unread_pages += result.unread
            if done > shown:
                yield Step(done, len(missing))
                shown = done
    except BaseException:
        workers.close(wait=False)
        if roots is not None:
            roots.close()
        raise
    workers.close(wait=True)
    for setup in setups:
        if setup.cache is not None:
            setup.cache.save()
    roots.close()
    return RunResult([], len(files), reused, files.paths(), unread_pages)


def _keep(files: _Files, number: int, result: FileResult, parts: dict[bytes, bytes]) -> None:
    """Keep a file's result in its root's results, if that root has any: a
    result kept again under its stamp, or a new one stored, if there is
    something to tell a change by and its findings could be encoded, with
    the `parts` the sink rendered of it."""
    setup, index = files.locate(number)
    cache, stamp, content = setup.cache, result.stamp, result.content
    if cache is None or stamp is None:  # a result is kept under its stamp
        return
    tree_path = setup.files.tree_paths[index]
    if result.kept:
        cache.keep(tree_path, stamp, parts)
    elif content is not None and result.encoded is not None:
        kept = KeptResult(result.encoded, stamp, content, result.facts, None, parts, result.unread)
        cache.store(tree_path, kept)


def _workers_look_up(files: _Files, settings: Settings) -> bool:
    """Whether the workers, rather than this process, look up the kept
    results: when there are any to look up, and workers forked from this
    process (which start with its results store)."""
    caching = any(setup.cache is not None for setup in files.setups)
    return caching and FORKS and worker_count(settings.jobs, len(files)) > 1


class _Files:
    """The files of every root of a run, numbered one after the other."""

    def __init__(self, setups: list[RunSetup]) -> None:
        self.setups = setups
        self.starts = list(accumulate((len(setup.files) for setup in setups), initial=0))

    def __len__(self) -> int:
        return self.starts[-1]

    def locate(self, number: int) -> tuple[RunSetup, int]:
        """The setup of the `number`-th file, and its index there."""
        at = self._root_of(number)
        return self.setups[at], number - self.starts[at]

    def _root_of(self, number: int) -> int:
        return bisect_right(self.starts, number) - 1

    def numbered(self) -> Iterator[tuple[int, RunSetup, int]]:
        """Each file's number, setup and index there."""
        for setup, start in zip(self.setups, self.starts, strict=False):
            for index in range(len(setup.files)):
                yield start + index, setup, index

    def paths(self) -> Sequence[Path]:
        if len(self.setups) == 1:
            return self.setups[0].files
        return [file for setup in self.setups for file in setup.files]

    def place(self, number: int) -> tuple[str, str]:
        """The file's root and path, as a worker is told them."""
        setup, index = self.locate(number)
        return str(setup.root), setup.files.texts[index]

    def work_order(self, number: int) -> tuple[int, str, int]:
        """Where the file comes in the work: by root, then shards.work_order."""
        at = self._root_of(number)
        setup = self.setups[at]
        tree_path = setup.files.tree_paths[number - self.starts[at]]
        return at, *work_order(tree_path, setup.linter.generators.places)


class _Chunks(Sequence[tuple[str, str]]):
    """The (root, file) of each file to check, made as a chunk of them is cut
    (parallel.imap_in_pool): not held for the whole tree at once."""

    def __init__(self, files: _Files, numbers: array[int]) -> None:
        self.files, self.numbers = files, numbers

    def __len__(self) -> int:
        return len(self.numbers)

    @overload
    def __getitem__(self, item: int) -> tuple[str, str]: ...
    @overload
    def __getitem__(self, item: slice) -> list[tuple[str, str]]: ...
    def __getitem__(self, item: int | slice) -> tuple[str, str] | list[tuple[str, str]]:
        if isinstance(item, slice):
            return [self.files.place(number) for number in self.numbers[item]]
        return self.files.place(self.numbers[item])


def _from_caches(files: _Files, roots: _Roots) -> array[int]:
    """Hand the sink the findings of the files the caches answer for; the
    numbers of the other files, to check."""
    missing = array("q")
    for number, setup, index in files.numbered():
        cache = setup.cache
        if cache is None:
            missing.append(number)
            continue
        file, tree_path = setup.files.texts[index], setup.files.tree_paths[index]
        found = cache.lookup_entry(tree_path, file, setup.linter.tree.fact)
        try:
            if found is None:
                missing.append(number)
            else:
                result = _kept(roots, str(setup.root), file, found)
                parts = roots.sink.keep(result.notes)
                if parts:
                    cache.keep(tree_path, found.stamp, parts)
                roots.unread_kept += result.unread
        except UnreadableFindings:
            missing.append(number)
    return missing


def _check_missing(
    files: _Files,
    roots: _Roots,
    missing: array[int],
    workers: _Workers,
) -> Iterator[tuple[int, FileResult, int]]:
    """Each file that the caches did not answer for (by number), its result
    (checked, or found kept by a worker's look at the kept results), and how
    many files are done; as the files are checked (not all kept till the end)."""
    done = 0

    def advance(count: int) -> None:
        nonlocal done
        done += count

    missing, groups = _in_work_order(files, missing)
    jobs = worker_count(roots.settings.jobs, len(missing))
    if jobs <= 1:
        for done, number in enumerate(missing, 1):
            root, file = files.place(number)
            yield number, _checked(roots, root, file), done
        return
    chunks = _Chunks(files, missing)
    outcomes = imap_in_pool(workers.start(), jobs, _check_chunk, chunks, advance, groups)
    for number, result in zip(missing, outcomes, strict=True):
        yield number, result, done


def _in_work_order(files: _Files, missing: array[int]) -> tuple[array[int], array[int]]:
    """The files' numbers in the order of the work, and the group of each: a
    source's pages, all levels, as numbers, not the work order's strings.
    Each file's place is found once, for both."""
    orders = [files.work_order(number) for number in missing]
    ranked = sorted(range(len(missing)), key=orders.__getitem__)
    groups, previous = array("q"), None
    for rank in ranked:
        group = orders[rank][:2]
        groups.append(len(groups) if group != previous else groups[-1])
        previous = group
    return array("q", (missing[rank] for rank in ranked)), groups

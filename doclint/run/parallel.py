"""Map work over processes in contiguous chunks, keeping the input order.

Files are independent (cross-file facts come from each worker's own tree
index), so a run can be cut into chunks; merging the chunk results in order
gives exactly what a serial run gives.
"""

from __future__ import annotations

import os
import sys
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

# The pool's modules (multiprocessing, concurrent.futures and its logging) are
# imported when a pool starts: checking one page starts none.
if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")
R = TypeVar("R")

# Below this many items per worker a pool costs more than it saves.
MIN_ITEMS_PER_WORKER = 64
# Several chunks per worker even out files of very different sizes.
CHUNKS_PER_WORKER = 32
# A chunk's results travel to the main process whole, and wait there for the
# chunks before them: on a tree of 200,000 files, 32 chunks a worker would
# each hold thousands of files' findings, in both processes.
MOST_ITEMS_PER_CHUNK = 256
# The last chunks shrink, down to this many items: a process that runs out of
# work waits for the others to end theirs.
LEAST_ITEMS_PER_CHUNK = 8
# Chunks sent per process ahead of the results taken: enough that a slow
# chunk does not leave the other processes idle.
CHUNKS_UNDER_WAY = 8


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def worker_count(requested: int | None, items: int) -> int:
    """Processes to use: the request (0 or None: all cores), bounded by the work."""
    wanted = requested or available_cores()
    return max(1, min(wanted, items // MIN_ITEMS_PER_WORKER))


def map_in_processes(
    work: Callable[[Sequence[T]], list[R]],
    items: Sequence[T],
    jobs: int,
    initializer: Callable[..., None],
    initargs: tuple[Any, ...],
    progress: Callable[[int], None] | None = None,
) -> list[R]:
    """`work` applied to chunks of `items` in `jobs` new processes, each started
    with `initializer(*initargs)`: the results, in order (`imap_in_pool`)."""
    pool = process_pool(jobs, initializer, initargs)
    try:
        results = list(imap_in_pool(pool, jobs, work, items, progress))
    except BaseException:
        close_pool(pool, wait=False)
        raise
    close_pool(pool, wait=True)
    return results


FORKS = sys.platform != "win32"  # multiprocessing.get_all_start_methods() has "fork"
"""Whether worker processes are forked, and so start with what the run's
process holds (its rules, its results store), or spawned afresh."""


def process_pool(
    jobs: int, initializer: Callable[..., None], initargs: tuple[Any, ...]
) -> ProcessPoolExecutor:
    """`jobs` worker processes, each started with `initializer(*initargs)`;
    forked where the system can, so they start from this process as it is
    when they are started (`start_processes`)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = "fork" if FORKS else "spawn"
    if not FORKS:
        isolate_spawned_workers()
    return ProcessPoolExecutor(
        jobs,
        mp_context=multiprocessing.get_context(method),
        initializer=initializer,
        initargs=initargs,
    )


def isolate_spawned_workers() -> None:
    """A spawned worker starts as `python -c ...`, which puts the working
    folder first on sys.path, and the working folder is often the tree being
    checked: its `multiprocessing/` or `json.py` would run before the worker
    reads a file. PYTHONSAFEPATH (Python 3.11) keeps it off, in every process
    this one starts from now on. A process started with -E ignores it, but
    then passes its -I or -P on to the worker (multiprocessing copies the
    interpreter's flags): started with -E alone, it is on its own."""
    os.environ["PYTHONSAFEPATH"] = "1"


def close_pool(pool: ProcessPoolExecutor, wait: bool) -> None:
    """Shut the pool down; when the run is stopping or failing (`wait` false),
    without waiting, its queued work dropped: a stop kills the workers first,
    and CPython 3.11's pool, waited on once its workers are gone, can wait
    for ever."""
    pool.shutdown(wait=wait, cancel_futures=not wait)


def start_processes(pool: ProcessPoolExecutor) -> None:
    """Start the pool's processes now rather than at its first work: a pool
    forks them all at its first task, before `submit` returns. Not waited
    for: each runs its initializer while this process finds the run's files."""
    pool.submit(int)


def imap_in_pool(
    pool: ProcessPoolExecutor,
    jobs: int,
    work: Callable[[Sequence[T]], list[R]],
    items: Sequence[T],
    progress: Callable[[int], None] | None = None,
    groups: Sequence[object] | None = None,
) -> Iterator[R]:
    """`work` applied to chunks of `items` in a pool of `jobs` processes, results
    in order, each chunk's given as soon as it and those before it are done
    (the caller keeps what it needs, not every result); `progress(n)` is told
    each time n more items are done. Neighbouring items of one group (equal
    `groups` values) stay in one chunk. A chunk is cut from `items` only when
    it is sent, and a few chunks per process are under way at a time: sent
    all at once, the chunks of a big tree, and the results that wait for a
    slow chunk before them, would all be held at once."""
    size = min(MOST_ITEMS_PER_CHUNK, max(1, len(items) // (jobs * CHUNKS_PER_WORKER)))
    bounds = iter(chunk_bounds(len(items), size, groups, jobs))
    under_way: deque[tuple[int, Future[list[R]]]] = deque()

    def send() -> None:
        bound = next(bounds, None)
        if bound is not None:
            start, stop = bound
            under_way.append((stop - start, pool.submit(work, items[start:stop])))

    for _ in range(jobs * CHUNKS_UNDER_WAY):
        send()
    while under_way:
        count, future = under_way.popleft()
        result = future.result()
        send()
        if progress is not None:
            progress(count)
        yield from result


def chunk_bounds(
    count: int, size: int, groups: Sequence[object] | None = None, jobs: int = 1
) -> list[tuple[int, int]]:
    """(start, stop) of chunks of about `size` items out of `count`, each
    stretched to the end of the group its last item belongs to: what one item
    of a group computes (a parse, a source's facts) serves the next one only
    in the same process. Towards the end, a chunk takes at most a share of
    what is left (1 in 2 x `jobs`, at least LEAST_ITEMS_PER_CHUNK), so that
    the `jobs` processes end their last chunks close together."""
    bounds, start = [], 0
    while start < count:
        share = max(LEAST_ITEMS_PER_CHUNK, (count - start) // (2 * jobs))
        stop = min(start + min(size, share), count)
        while groups is not None and stop < count and groups[stop] == groups[stop - 1]:
            stop += 1
        bounds.append((start, stop))
        start = stop
    return bounds

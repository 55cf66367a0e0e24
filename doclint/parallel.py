"""Map work over processes in contiguous chunks, keeping the input order.

Files are independent (cross-file facts come from each worker's own tree
index), so a run can be cut into chunks; merging the chunk results in order
gives exactly what a serial run gives.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

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
    with process_pool(jobs, initializer, initargs) as pool:
        return list(imap_in_pool(pool, jobs, work, items, progress))


def process_pool(
    jobs: int, initializer: Callable[..., None], initargs: tuple[Any, ...]
) -> ProcessPoolExecutor:
    """`jobs` worker processes, each started with `initializer(*initargs)`;
    forked where the system can, so they start from this process as it is
    when they are started (`start_processes`)."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return ProcessPoolExecutor(
        jobs,
        mp_context=multiprocessing.get_context(method),
        initializer=initializer,
        initargs=initargs,
    )


def start_processes(pool: ProcessPoolExecutor) -> None:
    """Start the pool's processes now rather than at its first work: a pool
    starts them all at its first task (forked ones, at least)."""
    pool.submit(int).result()


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
    `groups` values) stay in one chunk."""
    size = min(MOST_ITEMS_PER_CHUNK, max(1, len(items) // (jobs * CHUNKS_PER_WORKER)))
    chunks = [items[start:stop] for start, stop in chunk_bounds(len(items), size, groups)]
    for chunk, result in zip(chunks, pool.map(work, chunks), strict=True):
        if progress is not None:
            progress(len(chunk))
        yield from result


def chunk_bounds(
    count: int, size: int, groups: Sequence[object] | None = None
) -> list[tuple[int, int]]:
    """(start, stop) of chunks of about `size` items out of `count`, each
    stretched to the end of the group its last item belongs to: what one item
    of a group computes (a parse, a source's facts) serves the next one only
    in the same process."""
    bounds, start = [], 0
    while start < count:
        stop = min(start + size, count)
        while groups is not None and stop < count and groups[stop] == groups[stop - 1]:
            stop += 1
        bounds.append((start, stop))
        start = stop
    return bounds

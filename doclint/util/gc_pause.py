"""Pausing Python's cyclic garbage collector around bulk work."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """No cycle collection inside the block. For building millions of acyclic
    objects (a syntax tree, a cache's entries, a run's findings): each
    collection would trace them all again, and every other object of the run,
    for nothing, since reference counting frees them. The collector's state
    before the block is restored after it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# A young collection after this many new container objects, not 700: a page's
# models are thousands of small acyclic objects that reference counting frees.
YOUNG_COLLECTION = 50_000


def collect_rarely() -> None:
    """Tune a process that only checks files: what exists now (modules, the
    rules) is never traced again, and young collections come far less often.
    Cyclic garbage is still collected. Parsing makes many small objects that
    live as long as their page, which frequent young collections would trace
    again and again. Only for processes doclint owns (a worker, the command line), never inside a
    program that embeds it."""
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION, *gc.get_threshold()[1:])


def leave_to_exit() -> None:
    """At the end of a process doclint owns, once its output is written: the
    interpreter's last collection would trace everything the run left, and
    free its cycles, which the process's end frees anyway. Finalizers
    (`weakref.finalize`: temporary folders, open spills) still run at exit."""
    gc.freeze()

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

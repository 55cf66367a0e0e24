"""A dict that keeps only the entries stored last.

The tree index answers the same questions for neighbouring files (the work is
ordered so that a folder's pages, and a page and its source, come together).
Kept for a whole run, its answers would grow each process with every file it
checks. An answer forgotten is only found again.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class LatestDict(OrderedDict[K, V]):
    """At most `size` entries: storing one more drops the oldest stored."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        if len(self) > self.size:
            self.popitem(last=False)

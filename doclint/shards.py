"""Which of N machines checks a file (`--shard K/N`).

A file's shard is a hash of its path relative to the tree root, so every
machine of a CI matrix cuts a tree the same way, whatever its checkout folder
or file system order. Pages that read the same source share a shard
(`work_affinity`): each source is parsed on one machine only.
"""

from __future__ import annotations

import argparse
import hashlib
from typing import NamedTuple

from doclint.parsing.recognition import PAGE_SUFFIXES


def work_affinity(path: str) -> str:
    """Pages that read the same source sort together: a file's documentation,
    its keyword index and their level-2 pages (`docs/docs/...`) all map to
    `docs/<file>`. Chunks of work in this order give each source to one
    worker, which reads and parses it once instead of once per worker."""
    return work_order(path)[0]


def work_order(path: str) -> tuple[str, int]:
    """The place of a page in the work: its `work_affinity`, then its level
    (the page endings its name carries), so that a page comes before the
    level-2 pages made of it, which read it again (and find it just read)."""
    if path.startswith("docs/docs/"):
        path = path[len("docs/") :]
    level = 0
    while path.endswith(PAGE_SUFFIXES):
        path = path.rsplit("_", 1)[0]
        level += 1
    return path, level


class Shard(NamedTuple):
    """The `index`-th (from 1) of `count` disjoint parts of a tree's files."""

    index: int
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        """`K/N` with 1 <= K <= N; otherwise ArgumentTypeError, whose message
        the command line shows as it is."""
        index, slash, count = text.partition("/")
        if not slash or not index.isdigit() or not count.isdigit():
            raise argparse.ArgumentTypeError(f"a shard is K/N (such as 2/3), not {text!r}")
        shard = cls(int(index), int(count))
        if not 1 <= shard.index <= shard.count:
            raise argparse.ArgumentTypeError(f"shard {text}: K goes from 1 to N")
        return shard

    def holds(self, tree_path: str) -> bool:
        """Whether the file at `tree_path` (relative to the root, POSIX) is in this part."""
        key = work_affinity(tree_path).encode("utf-8", "surrogatepass")
        number = int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big")
        return number % self.count == self.index - 1

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

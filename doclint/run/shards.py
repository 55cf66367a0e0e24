"""Which of N machines checks a file (`--shard K/N`).

A file's shard is a hash of its path relative to the tree root, so every
machine of a CI matrix cuts a tree the same way, whatever its checkout folder
or file system order. Pages that read the same source share a shard
(`work_affinity`): each source is parsed on one machine only.
"""

from __future__ import annotations

from doclint.engine.settings import Shard
from doclint.profiles.model import PagePlaces
from doclint.util.digests import blake2b


def work_affinity(path: str, places: tuple[PagePlaces, ...]) -> str:
    """Pages that read the same source sort together: a file's documentation,
    its keyword index and their level-2 pages (`docs/docs/...`) all map to
    `docs/<file>`. Chunks of work in this order give each source to one
    worker, which reads and parses it once instead of once per worker.
    `places`: where the run's generators write their pages."""
    return work_order(path, places)[0]


def work_order(path: str, places: tuple[PagePlaces, ...]) -> tuple[str, int]:
    """The place of a page in the work: its `work_affinity`, then its level
    (the page endings its name carries), so that a page comes before the
    level-2 pages made of it, which read it again (and find it just read)."""
    found = next((p for p in places if path.startswith(p.docs_folder + "/")), places[0])
    return found.source_order(path)


def holds(shard: Shard, tree_path: str, places: tuple[PagePlaces, ...]) -> bool:
    """Whether the file at `tree_path` (relative to the root, POSIX) is in
    `shard`'s part, the run's generators writing their pages at `places`."""
    key = work_affinity(tree_path, places).encode("utf-8", "surrogatepass")
    number = int.from_bytes(blake2b(key, digest_size=8).digest(), "big")
    return number % shard.count == shard.index - 1

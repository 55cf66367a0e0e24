"""Bounded memos. doclint memoises two ways:

- a pure function of hashable arguments: `functools.lru_cache` with a bound
  (`functools.cache` only where the arguments are few and fixed, as names
  of templates or profiles); `lru_cache(maxsize=1)` for a function the rules
  call in turn about one page's text;
- answers kept per key by an object or a module, whose keys the caller
  chooses (a digest, a path): `LatestDict`, and `RecentPages` on it for
  values of a page known by its path and text (or of a source's text by
  its language: each page of a source asks with a copy of its own, which a
  key of the text would hash whole).

The tree index answers the same questions for neighbouring files (the work is
ordered so that a folder's pages, and a page and its source, come together),
the language readers meet the same source from its page and its keyword
index, and a level-2 page embeds the page before it. Kept for a whole run,
their answers would grow each process with every file it checks. An answer
forgotten is only found again.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class LatestDict(OrderedDict[K, V]):
    """At most `size` entries: storing one more drops the oldest stored, and
    `memo` keeps an entry it answers from as if stored last."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        if len(self) > self.size:
            self.popitem(last=False)

    def memo(self, key: K, compute: Callable[[], V]) -> V:
        """The value stored for `key`, else `compute()` stored."""
        if key in self:
            self.move_to_end(key)
            return self[key]
        value = self[key] = compute()
        return value


class RecentPages(Generic[V]):
    """A value for each of the `size` pages last stored or found, by path (or
    any key that tells texts apart besides their own) and text. Pages are
    keyed by path and length, not by text: a key of the text would hash every
    page whole, where the text needs comparing only when a page of that
    length is known."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: LatestDict[tuple[Hashable, int], tuple[str, V]] = LatestDict(size)

    def get(self, path: Hashable, text: str) -> V | None:
        key = (path, len(text))
        item = self._items.get(key)
        if item is None or item[0] != text:
            return None
        self._items.move_to_end(key)
        return item[1]

    def put(self, path: Hashable, text: str, value: V) -> None:
        key = (path, len(text))
        self._items.pop(key, None)  # stored again: stored last
        self._items[key] = (text, value)

    def __len__(self) -> int:
        return len(self._items)

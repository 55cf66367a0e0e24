"""The last few pages seen, by path and text.

A level-2 page embeds the page it documents byte for byte, and the work puts
the two side by side: what was made of one (its parse, its PAGE rules'
findings) serves the other. Pages are keyed by path and length, not by text:
a key of the text would hash every page whole, where the text needs comparing
only when a page of that length is known.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

V = TypeVar("V")


class RecentPages(Generic[V]):
    """A value for each of the `size` pages last stored or found."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple[str, int], tuple[str, V]] = OrderedDict()

    def get(self, path: str, text: str) -> V | None:
        key = (path, len(text))
        item = self._items.get(key)
        if item is None or item[0] != text:
            return None
        self._items.move_to_end(key)
        return item[1]

    def put(self, path: str, text: str, value: V) -> None:
        key = (path, len(text))
        self._items[key] = (text, value)
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)

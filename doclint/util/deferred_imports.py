"""Standard modules that a process of doclint's own loads when a module first
uses them, not when one imports them.

Some standard modules import others for a rare case: `dataclasses` imports
`inspect` (with `ast`, `dis` and `tokenize`: ~4 ms, the largest part of a
one-page check's imports) to name the fields of a dataclass that has no
docstring, and doclint's all have one; `urllib.parse` imports `ipaddress`
(~0.8 ms) for a URL whose host is in brackets. Such a module is put in
`sys.modules` as a stand-in that holds only what the import system reads
(`__spec__`, `__name__`...): an `import` of it finds it there, and the first
read of any other attribute runs the module's code in it, which makes it the
module itself, for whoever imported it. `importlib.util.LazyLoader` does the
same, but loads at any attribute read, and the next `import` statement reads
`__spec__`. Only for a process doclint owns (`launcher`), as the stand-in
lasts as long as the process: never in a program that embeds it.
"""

from __future__ import annotations

import sys
from _thread import allocate_lock
from types import ModuleType
from typing import Any

RARELY_USED = ("inspect", "ipaddress")

_LOADING = allocate_lock()


class _Deferred(ModuleType):
    """A module whose code has not run yet."""

    def __getattr__(self, name: str) -> Any:
        # Reached only for what the module does not hold: before its load,
        # anything but the import system's attributes.
        with _LOADING:
            if type(self) is _Deferred:  # not loaded by another thread meanwhile
                object.__setattr__(self, "__class__", ModuleType)
                spec = self.__spec__
                assert spec is not None and spec.loader is not None
                spec.loader.exec_module(self)
        return getattr(self, name)


def defer(names: tuple[str, ...] = RARELY_USED) -> None:
    """Each module of `names` not imported yet loads at its first use."""
    if all(name in sys.modules for name in names):
        return
    import importlib.util

    for name in names:
        if name in sys.modules:
            continue
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        module.__class__ = _Deferred
        sys.modules[name] = module

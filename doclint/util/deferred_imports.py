"""Standard modules that a process of doclint's own loads when a module first
uses them, not when one imports them.

Some standard modules import others for a rare case: `dataclasses` imports
`inspect` (with `ast`, `dis` and `tokenize`: ~4 ms, the largest part of a
one-page check's imports) to name the fields of a dataclass that has no
docstring, and doclint's all have one (mistune's has not: `inspect` and
`linecache` import `tokenize`, which compiles its patterns as it loads, to
read source files), and `copy` for `asdict`'s deep copies;
`urllib.parse` imports `ipaddress` (~0.8 ms) for a URL whose host is in
brackets; `pathlib` imports `urllib.parse` for `as_uri`, `fnmatch` for
`glob` and `match`, and `ntpath` for its Windows paths (which tries five
imports of Windows' `nt` as it loads, each a search of the path), and `argparse`
imports `gettext` (which compiles a pattern of plural forms as it loads) for
its labels' translations, which a parser built without a locale folder never
asks for (`doclint.cli.parser`); and doclint's modules import `json` to write
what a check with no cache never writes (a check's reads are
`doclint.util.json_reading`'s). Such a module is put in `sys.modules` as a
stand-in that holds only what the import system reads (`__spec__`,
`__name__`...) and, for the names another module takes from it as it loads
(`from gettext import gettext`), a function that loads it and calls its own:
an `import` of it finds it there, and the first read of any other attribute
runs the module's code in it, which makes it the module itself, for whoever
imported it. `importlib.util.LazyLoader` does the same, but loads at any
attribute read, and the next `import` statement reads `__spec__`. Only for a
process doclint owns (`launcher`), as the stand-in lasts as long as the
process: never in a program that embeds it.
"""

from __future__ import annotations

import sys
from _thread import allocate_lock
from collections.abc import Callable, Mapping
from types import ModuleType

# typing's, without importing it: this module loads before the launcher
# tunes the garbage collector (`doclint.launcher`).
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any

RARELY_USED: Mapping[str, tuple[str, ...]] = {
    "inspect": (),
    "ipaddress": (),
    "copy": (),
    "gettext": ("gettext", "ngettext"),
    "urllib.parse": ("quote_from_bytes",),
    "ntpath": (),
    "fnmatch": (),
    "json": (),
    "tokenize": (),
}
"""The modules deferred, each with the functions another module takes from it
as it loads."""

_LOADING = allocate_lock()


class _Deferred(ModuleType):
    """A module whose code has not run yet."""

    def __getattr__(self, name: str) -> Any:
        # Reached only for what the module does not hold: before its load,
        # anything but the import system's attributes and the forwarders.
        # `from module import name` asks for `__path__` first, which only a
        # package has (its spec says so).
        spec = self.__spec__
        if name == "__path__" and spec is not None and spec.submodule_search_locations is None:
            raise AttributeError(name)
        _load(self)
        return getattr(self, name)


def _load(module: ModuleType) -> None:
    with _LOADING:
        if type(module) is _Deferred:  # not loaded by another thread meanwhile
            object.__setattr__(module, "__class__", ModuleType)
            spec = module.__spec__
            assert spec is not None and spec.loader is not None
            spec.loader.exec_module(module)


def _forwarder(module: ModuleType, name: str) -> Callable[..., Any]:
    """A function that loads `module` and calls its `name` (which its code
    sets in its namespace, in the forwarder's place)."""

    def forward(*args: Any, **kwargs: Any) -> Any:
        _load(module)
        return getattr(module, name)(*args, **kwargs)

    forward.__name__ = forward.__qualname__ = name
    return forward


def is_loaded(name: str) -> bool:
    """Whether the module `name` is imported and its code has run (not a
    stand-in of this module)."""
    module = sys.modules.get(name)
    return module is not None and type(module) is not _Deferred


def defer(names: Mapping[str, tuple[str, ...]] = RARELY_USED) -> None:
    """Each module of `names` not imported yet loads at its first use."""
    if all(name in sys.modules for name in names):
        return
    import importlib.util

    for name, taken in names.items():
        if name in sys.modules:
            continue
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        for function in taken:
            setattr(module, function, _forwarder(module, function))
        module.__class__ = _Deferred
        sys.modules[name] = module
        parent, _, child = name.rpartition(".")
        if parent:
            # As the import system sets a submodule it loads on its package.
            setattr(sys.modules[parent], child, module)

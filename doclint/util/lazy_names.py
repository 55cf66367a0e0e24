"""Names a module exports but imports on first use (a module `__getattr__`,
PEP 562): importing the module costs none of theirs, and a check imports only
what it reads."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping

# typing's, without importing it: this module loads before the launcher
# tunes the garbage collector (`doclint.launcher`).
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any


def names_on_first_use(
    module: str, origins: Mapping[str, str], namespace: dict[str, Any]
) -> Callable[[str], Any]:
    """The `__getattr__` of `module`: a name of `origins` imported from the
    module `origins` names and kept in `namespace` (the module's globals),
    so that it is looked up once; AttributeError for any other name."""

    def __getattr__(name: str) -> Any:
        origin = origins.get(name)
        if origin is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = namespace[name] = getattr(importlib.import_module(origin), name)
        return value

    return __getattr__

"""Regular expressions compiled when first used, each once a process.

`re` compiles in Python: a module-level pattern costs its compile at every
start of the process, used or not. Checking one page (pre-commit's command)
is mostly the process starting, and most patterns of the rules and profiles
never run on a given page. `compiled_on_use` gives a pattern that compiles
on its first use; from then on its methods are its compiled pattern's own,
held on the object, so that a call costs what a call of the compiled pattern
costs. `shipped_pattern` compiles one of doclint's own patterns (its code,
its shipped profiles) once a process, however many places ask for it: `re`'s
own cache holds a few hundred and forgets the oldest. An editor keeps one
process warm through the language server (`doclint server`).
"""

from __future__ import annotations

import re
from functools import cache

# typing's, without importing typing: the launcher imports this module before
# it tunes the garbage collector (see `doclint/__init__.py`).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, AnyStr, cast
else:

    def cast(kind: object, value: object) -> object:
        return value


_FORWARDED = (
    "findall",
    "finditer",
    "flags",
    "fullmatch",
    "groupindex",
    "groups",
    "match",
    "pattern",
    "scanner",
    "search",
    "split",
    "sub",
    "subn",
)


class LazyPattern:
    """A pattern, compiled on first use (see `compiled_on_use`)."""

    def __init__(self, source: str | bytes, flags: int = 0) -> None:
        self._source = source
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        # Only reached for what the object does not hold yet: the first use.
        if name.startswith("_"):
            raise AttributeError(name)
        compiled = self._compiled()
        for attribute in _FORWARDED:
            setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    def _compiled(self) -> re.Pattern[Any]:
        return shipped_pattern(self._source, self._flags)  # built once a process

    def __eq__(self, other: object) -> bool:
        # Equal as the compiled patterns are: same source and flags.
        if isinstance(other, LazyPattern):
            other = other._compiled()
        return self._compiled() == other if isinstance(other, re.Pattern) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._compiled())

    def __repr__(self) -> str:
        return f"compiled_on_use({self._source!r}, {self._flags!r})"

    def __reduce__(self) -> tuple[type[LazyPattern], tuple[str | bytes, int]]:
        return LazyPattern, (self._source, self._flags)


def compiled_on_use(source: AnyStr, flags: int | re.RegexFlag = 0) -> re.Pattern[AnyStr]:
    """`shipped_pattern(source, flags)`, done when the pattern is first used:
    only for doclint's own patterns. It does everything a compiled pattern
    does but be one: `re` functions and `isinstance` do not take it."""
    return cast("re.Pattern[AnyStr]", LazyPattern(source, int(flags)))


@cache
def _compiled(source: str | bytes, flags: int) -> re.Pattern[Any]:
    return re.compile(source, flags)


def shipped_pattern(source: AnyStr, flags: int | re.RegexFlag = 0) -> re.Pattern[AnyStr]:
    """`re.compile(source, flags)` for a pattern of doclint's own (its code,
    its shipped profiles), compiled once a process. A pattern that a tree, a
    configuration or a command line gives takes `re.compile`: nothing a tree
    writes is kept for the life of the process."""
    return cast("re.Pattern[AnyStr]", _compiled(source, int(flags)))

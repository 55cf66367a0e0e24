"""Regular expressions compiled when first used, and doclint's own patterns
built without being compiled again.

`re` compiles in Python: a module-level pattern costs its compile at every
start of the process, used or not, and `re`'s own cache does not outlive the
process. Checking one page (pre-commit's command, an editor's save) is mostly
the process starting, and most patterns of the rules and profiles never run
on a given page. `compiled_on_use` gives a pattern that compiles on its first
use; from then on its methods are its compiled pattern's own, held on the
object, so that a call costs what a call of the compiled pattern costs.

Even so, the patterns a one-page check does use took a tenth of its run to
compile: `re` parses a pattern and writes the engine's code in Python, and
only the last step, `_sre.compile`, is C. `shipped_pattern` is `re.compile`
for doclint's own patterns (written in its code and its shipped profiles,
never one that a tree, a configuration or a command line gives): their code,
once written, is kept in a store beside this module's bytecode, and a later
process builds them from it with `_sre.compile` alone. The store is bytecode
in all but name: in the `__pycache__` folder Python keeps this module's
bytecode in (`importlib.util.cache_from_source`: `sys.pycache_prefix` and the
interpreter's cache tag apply), replaced with the install, trusted as the
bytecode beside it is. Its header names what the code depends on (the
interpreter's version, `_sre`'s magic number and limits, doclint's version);
a store of other values, or not of the exact shape written, is not used.
Only the `doclint` command's process writes it (`keep_compiled_patterns`), at
its end, when it compiled patterns the store lacked, and not where Python
would write no bytecode (`-B`, PYTHONDONTWRITEBYTECODE, a folder it cannot
write in).
"""

from __future__ import annotations

import contextlib
import marshal
import os
import re
import stat
import sys

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


# What `re._compiler.compile` does, in three steps the store can split: parse
# (`re._parser.parse`), write the engine's code (`re._compiler._code`), build
# the pattern from it (`_sre.compile`, C). They are CPython's private names,
# the same in 3.11 to 3.13 (`re/_compiler.py`'s `compile`); an interpreter
# without them keeps no store and compiles as `re.compile` does. Taken from
# `sys.modules`, where importing `re` put them: no stubs type them.
_sre: Any = sys.modules.get("_sre")
_parser: Any = sys.modules.get("re._parser")
_compiler: Any = sys.modules.get("re._compiler")
_STORE_ON = all(
    callable(getattr(module, name, None))
    for module, name in ((_sre, "compile"), (_parser, "parse"), (_compiler, "_code"))
)
# A pattern's code is kept as the bytes of an array of C unsigned ints, of
# the width of `_sre`'s words (`_sre.CODESIZE`, 4), in this machine's byte
# order: C reads them back at once, where reading a list of numbers (JSON's,
# or marshal's) costs a good part of the compiles the store saves.
_WORD = "I"

MAX_STORE_BYTES = 4 * 1024 * 1024
"""The largest store read or written: doclint's every pattern takes under a MiB."""
MAX_STORED = 4096
"""The most patterns stored (doclint has a few hundred): the newest are kept."""
MAX_SOURCE = 32 * 1024
"""The longest pattern stored (characters), and the most words of code (below)."""
MAX_CODE = 64 * 1024

_Entry = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]
"""What `_sre.compile` takes after a pattern's source, as stored: its flags
(with those it sets itself), its code (bytes, above), its number of groups,
its groups' numbers by name and names by number."""
_SHAPE = (int, bytes, int, dict, tuple)

# (source, flags as given) -> the pattern, built once a process.
_built: dict[tuple[str | bytes, int], re.Pattern[Any]] = {}
# (source, flags) -> its entry: the store's (None until first needed; each
# entry checked when it is used), and those of the patterns this process
# compiled that the store lacked.
_stored: dict[Any, Any] | None = None
_recorded: dict[tuple[str, int], _Entry] = {}


def shipped_pattern(source: AnyStr, flags: int | re.RegexFlag = 0) -> re.Pattern[AnyStr]:
    """`re.compile(source, flags)` for a pattern of doclint's own (its code,
    its shipped profiles): built from the store of compiled patterns when it
    holds it, recorded for the store when not. A pattern that a tree, a
    configuration or a command line gives takes `re.compile`: nothing of a
    tree is written outside it."""
    key = (source, int(flags))
    built = _built.get(key)
    if built is None:
        built = _built[key] = _build(source, key[1])
    return built


def _build(source: AnyStr, flags: int) -> re.Pattern[AnyStr]:
    if not _STORE_ON or not isinstance(source, str) or flags & re.DEBUG:
        return re.compile(source, flags)  # bytes are not stored
    from array import array

    global _stored
    key = (source, flags)
    stored = (_stored if _stored is not None else _load()).get(key)
    if stored is not None:
        built = _stored_pattern(source, stored)
        if built is not None:
            return built
        _stored = {}  # a store not as written: not used again, nor kept
    # As `re._compiler.compile` does, reading the parse's state as it does.
    parsed = _parser.parse(source, flags)
    words = _compiler._code(parsed, flags)
    state = parsed.state
    numbered: list[str | None] = [None] * state.groups
    for name, number in state.groupdict.items():
        numbered[number] = name
    final, groups, names = flags | state.flags, state.groups - 1, tuple(numbered)
    compiled = _sre.compile(source, final, words, groups, state.groupdict, names)
    if len(source) <= MAX_SOURCE and len(words) <= MAX_CODE:
        code = array(_WORD, words).tobytes()
        _recorded[key] = (final, code, groups, dict(state.groupdict), names)
    return cast("re.Pattern[AnyStr]", compiled)


def _stored_pattern(source: AnyStr, entry: Any) -> re.Pattern[AnyStr] | None:
    """The pattern `source` built from its stored entry; None when the entry
    is not of the shape written or not code `_sre` takes (it checks each word)."""
    from array import array

    if not _valid(entry):
        return None
    try:
        words = array(_WORD, entry[1]).tolist()
        return cast("re.Pattern[AnyStr]", _sre.compile(source, entry[0], words, *entry[2:]))
    except (TypeError, ValueError, OverflowError, RuntimeError):
        return None


def _valid(entry: Any) -> bool:
    """Whether a stored entry has exactly the shape written."""
    if type(entry) is not tuple or tuple(map(type, entry)) != _SHAPE:
        return False
    _, code, groups, index, names = entry
    if len(code) > MAX_CODE * _sre.CODESIZE or len(code) % _sre.CODESIZE:
        return False
    if len(names) != groups + 1:
        return False
    return (not index and names.count(None) == len(names)) or (
        {*map(type, index)} <= {str}
        and {*map(type, index.values())} <= {int}
        and {*map(type, names)} <= {str, type(None)}
    )


def _store_path() -> str | None:
    """Where the store is: beside this module's bytecode, as Python names it;
    None where there is none."""
    from array import array
    from importlib.util import cache_from_source

    if array(_WORD).itemsize != _sre.CODESIZE:
        return None  # no C type of the width of `_sre`'s words
    if not __file__.endswith(".py"):
        return None  # no source to name bytecode after (a compiled module, a zip)
    try:
        bytecode = cache_from_source(__file__)
    except (NotImplementedError, ValueError):  # no cache tag: no bytecode kept
        return None
    return bytecode.removesuffix(".pyc") + ".patterns"


def _header() -> dict[str, Any]:
    """What the stored code depends on: a store of other values is not used."""
    from doclint import __version__

    return {
        "python": sys.version,
        "cache_tag": sys.implementation.cache_tag,
        "sre_magic": _sre.MAGIC,
        "sre_codesize": _sre.CODESIZE,
        "sre_maxrepeat": _sre.MAXREPEAT,
        "sre_maxgroups": _sre.MAXGROUPS,
        "byteorder": sys.byteorder,
        "doclint": __version__,
    }


def _load() -> dict[Any, Any]:
    """The store's entries, read once a process: none when there is no
    store to use. An entry is checked when it is used (`_valid`)."""
    global _stored
    _stored = {}
    path = _store_path()
    if path is None:
        return _stored
    try:
        # Never a link, never a wait (a FIFO), never more than the bound.
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return _stored
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_STORE_BYTES:
            return _stored
        data = os.read(handle, status.st_size + 1)  # replaced whole, never grown
    except OSError:
        return _stored
    finally:
        os.close(handle)
    try:
        # marshal, as the bytecode beside it: a few times faster than JSON
        # here. It builds only plain values (never runs code); the checks
        # below and `_valid` take nothing else.
        document = marshal.loads(data)
    except Exception:  # any refusal of marshal's: not a store
        return _stored
    if type(document) is not tuple or len(document) != 2:
        return _stored
    header, entries = document
    if type(header) is dict and header == _header() and type(entries) is dict:
        _stored = entries if len(entries) <= MAX_STORED else _stored
    return _stored


def keep_compiled_patterns() -> None:
    """Write the store, with the patterns this process compiled that it
    lacked: called by the `doclint` command's process at its end (never by a
    worker or a program using the API). Written as Python writes bytecode: a
    new file in the same folder, renamed over the store, so that a process
    reading it meanwhile sees the old store or the new one whole; silently
    not where it cannot be written, or where Python writes no bytecode."""
    if not _recorded or sys.dont_write_bytecode:
        return
    path = _store_path()
    if path is None:
        return
    kept = {key: entry for key, entry in (_stored or {}).items() if _valid_key(key, entry)}
    # The newest last, and kept when the bounds leave out the oldest.
    merged = list({**kept, **_recorded}.items())[-MAX_STORED:]
    data = marshal.dumps((_header(), dict(merged)))
    while len(data) > MAX_STORE_BYTES:
        merged = merged[len(merged) // 2 :]
        data = marshal.dumps((_header(), dict(merged)))
    folder, name = os.path.split(path)
    temporary = os.path.join(folder, f".{name}.{os.urandom(8).hex()}.tmp")
    try:
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666)
    except OSError:
        return  # no folder, or one this process cannot write in
    replaced = False
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)  # over a link or a file; not over a folder
        replaced = True
    except OSError:
        pass
    finally:
        if not replaced:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def _valid_key(key: Any, entry: Any) -> bool:
    """Whether a stored pattern is kept when the store is written again."""
    if type(key) is not tuple or tuple(map(type, key)) != (str, int):
        return False
    return len(key[0]) <= MAX_SOURCE and _valid(entry)

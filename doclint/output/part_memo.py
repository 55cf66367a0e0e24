"""The output's memo of rendered parts: what a file's part depends on, as a
key, and the part kept under it by an earlier run, given instead of
rendering it again.

A part is a function of the format and its options (colour, the encoding's
error handler, the rules SARIF indexes, doclint's version), the file's path
as shown, its findings as shown (the tree paths their messages name are
shown relative to the working folder first, so that the key holds what is
printed, not where the tree lies) and the lines the format shows, which come
from the file's bytes: the key digests all of them. A hit gives the part's
bytes and its counts; anything else is rendered. The command line hands the
`PartWriter` the memo's keeper (a `PartMemo`, doclint/incremental/ keeps
one); without it, every part is rendered.
"""

from __future__ import annotations

import marshal
import struct
from collections.abc import Sequence
from hashlib import blake2b
from typing import NamedTuple, Protocol

from doclint import __version__
from doclint.engine.registry import load_registry
from doclint.models.findings import Finding, Fixable
from doclint.models.urls import documentation_base

COUNTS = struct.Struct("<QQQ")
"""The counts a kept part starts with: its findings, the safe and the
unsafe-only fixable ones."""


class PartMemo(Protocol):
    """Where parts are kept between runs, by the key the output derives.
    `root` is the tree a file belongs to (each tree's cache folder may differ)."""

    def part(self, root: str, key: bytes) -> bytes | None:
        """The bytes kept under `key`, when they are whole."""
        ...

    def keep(self, root: str, key: bytes, data: bytes | None) -> None:
        """In the run's process: keep `data` under `key` for later runs
        (None: the bytes kept under it were used)."""
        ...


class Kept(NamedTuple):
    """A part found in the memo."""

    data: bytes
    count: int  # type: ignore[assignment]  # a field, not tuple's method of that name
    fixable: Fixable


def writer_context(part: object, errors: str, color: bool) -> bytes:
    """What every part a writer renders depends on besides its file: the
    format (its part function), the error handler, colour, doclint's version,
    the rules known (SARIF numbers a finding's rule among them) and where the
    rules' pages are (JSON and SARIF link them; the install's metadata says)."""
    codes = tuple(rule.code for rule in load_registry().sorted_rules())
    name = f"{getattr(part, '__module__', '')}.{getattr(part, '__qualname__', repr(part))}"
    context = (__version__, name, errors, color, codes, documentation_base())
    return repr(context).encode("utf-8", "surrogatepass")


def part_key(context: bytes, shown: str, rows: Sequence[Finding], content: bytes) -> bytes:
    """The key of a file's part: the writer's `context`, the file's path as
    shown, its findings with their messages as shown (in the order given: a
    change of order only misses) and the digest of its bytes (`content`)."""
    plain = [
        (
            line,
            column,
            message,
            None if fix is None else (tuple(map(tuple, fix[0])), str(fix[1]), fix[2]),
            None if cause is None else tuple(cause),
            code,
            name,
            str(severity),
        )
        for line, column, message, fix, cause, code, name, severity, _ in rows
    ]
    hasher = blake2b(context, digest_size=16)
    hasher.update(b"\0" + shown.encode("utf-8", "surrogatepass") + b"\0" + content)
    # Version 0: the same findings give the same bytes in every process
    # (later versions mark strings interned and objects shared, which vary).
    hasher.update(marshal.dumps(plain, 0))
    return hasher.digest()


def packed(data: bytes, count: int, fixable: Fixable) -> bytes:
    """A part as the memo keeps it: its counts, then its bytes."""
    return COUNTS.pack(count, *fixable) + data


def unpacked(kept: bytes | None) -> Kept | None:
    """A part the memo kept (`packed`), None when there is none of that shape."""
    if kept is None or len(kept) <= COUNTS.size:
        return None
    count, safe, unsafe = COUNTS.unpack_from(kept)
    return Kept(kept[COUNTS.size :], count, (safe, unsafe))

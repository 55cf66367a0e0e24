"""The rendered parts kept with a file's result: what a file's part depends
on, as a key, and the part kept under it by an earlier run, given instead of
rendering it again.

A part is a function of the format and its options (colour, the encoding's
error handler, the rules SARIF indexes, doclint's version), the file's path
as shown, its findings as shown and the lines the format shows, which come
from the file's bytes: the key digests all of them, and the findings as they
are kept (their bytes, models/kept_findings.py), with what the filter does
to them and the messages that name tree paths as shown (relative to the
working folder, so that the key holds what is printed, not where the tree
lies), so that a part found needs no finding decoded. A hit gives the part's
bytes and its counts; anything else is rendered. The cache keeps a file's
parts in its entry (incremental/cache.py), given only while the entry holds.
"""

from __future__ import annotations

import marshal
import struct
from hashlib import blake2b
from pathlib import Path

from doclint import __version__
from doclint.models.findings import Counts
from doclint.models.kept_findings import FileRows
from doclint.models.urls import documentation_base
from doclint.output.sarif import known_rules
from doclint.output.shown import message_shown

LENGTH = struct.Struct("<Q")
COUNTS = struct.Struct("<QQQQQ")
"""The counts a kept part starts with (`Counts`)."""


def writer_context(part: object, errors: str, color: bool) -> bytes:
    """What every part a writer renders depends on besides its file: the
    format (its part function), the error handler, colour, doclint's version,
    the rules known (SARIF numbers a finding's rule among them) and where the
    rules' pages are (JSON and SARIF link them; the install's metadata says)."""
    codes = tuple(rule.code for rule in known_rules())
    name = f"{getattr(part, '__module__', '')}.{getattr(part, '__qualname__', repr(part))}"
    context = (__version__, name, errors, color, codes, documentation_base())
    return repr(context).encode("utf-8", "surrogatepass")


def part_key(
    context: bytes, shown: str, found: FileRows, content: bytes, root: str, cwd: Path
) -> bytes | None:
    """The key of a file's part (None: its findings are not encoded): the
    writer's `context`, the file's path as shown, its findings as encoded
    and what the filter does to them (models/kept_findings.py `FileRows`),
    each message that is not printable as shown (the tree paths it names,
    relative to `cwd`) and the digest of the file's bytes (`content`). No
    finding is decoded: a part found by its key costs no more than that."""
    if found.encoded is None:
        return None
    hasher = blake2b(context, digest_size=16)
    for piece in (shown.encode("utf-8", "surrogatepass"), content, found.refined.encode()):
        hasher.update(LENGTH.pack(len(piece)) + piece)
    hasher.update(LENGTH.pack(len(found.encoded)) + found.encoded)
    if found.shows_otherwise():
        show = message_shown(root, cwd)
        texts = [show(text) for text in found.messages() if not text.isprintable()]
        # Version 0: the same texts give the same bytes in every process
        # (later versions mark strings interned and objects shared, which vary).
        hasher.update(marshal.dumps(texts, 0))
    return hasher.digest()


def packed(data: bytes, counts: Counts) -> bytes:
    """A part as the memo keeps it: its counts, then its bytes."""
    return COUNTS.pack(*counts) + data


def unpacked(kept: bytes | None) -> tuple[bytes, Counts] | None:
    """A part the memo kept (`packed`) and its counts, None when there is
    none of that shape."""
    if kept is None or len(kept) <= COUNTS.size:
        return None
    return kept[COUNTS.size :], Counts(*COUNTS.unpack_from(kept))

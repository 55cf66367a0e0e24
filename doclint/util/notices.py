"""Lines a run says once on stderr, however many worker processes say them.

A rule that could not judge something says why once a run (a commit the
history lacks, a repository that is not this checkout's). Each worker
process is forked from the run's process after this module is imported, so
an anonymous shared mapping made here is one memory for all of them: a bit
per message digest, set by whichever process says it first.
"""

from __future__ import annotations

import hashlib
import mmap

from doclint.util.paths import say

_BITS = 1 << 16
_said = mmap.mmap(-1, _BITS // 8)


def say_once(message: str) -> None:
    """`message` on stderr (as `say` writes it), unless the run said it.
    Two messages sharing a bit (one chance in 65,536) make the second silent."""
    bit = int.from_bytes(hashlib.blake2b(message.encode(), digest_size=4).digest()) % _BITS
    byte, mask = bit >> 3, 1 << (bit & 7)
    if _said[byte] & mask:
        return
    _said[byte] |= mask
    say(message)


def forget_said() -> None:
    """The run is over: the next run in this process says its lines again."""
    _said[:] = bytes(len(_said))

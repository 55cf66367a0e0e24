"""SHA-256 and BLAKE2b without OpenSSL.

`hashlib` loads OpenSSL's `_hashlib`, a shared library, for its SHA-256. The
digests a one-page check takes (of the rule modules and the shipped profiles,
against their indexes; of files and answers in the tree's index) are of small
inputs, for which CPython's own implementations, the modules `hashlib` falls
back on, are as fast and give the same digests. BLAKE2b is always those:
`hashlib.blake2b` is `_blake2.blake2b`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    from _blake2 import blake2b
except ImportError:  # an interpreter without CPython's modules
    from hashlib import blake2b

if TYPE_CHECKING:
    from hashlib import sha256
else:
    try:
        from _sha2 import sha256  # CPython 3.12 and later
    except ImportError:
        try:
            from _sha256 import sha256  # CPython 3.11
        except ImportError:
            from hashlib import sha256

__all__ = ["blake2b", "sha256", "sha256_hex"]


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of `data`, in hexadecimal (as `hashlib.sha256(data).hexdigest()`)."""
    return sha256(data).hexdigest()

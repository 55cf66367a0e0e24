"""The digests doclint keeps and compares (caches, indexes, notices, the
answers of Mermaid's parser): hashlib's SHA-256 and BLAKE2b, named in one
place."""

from __future__ import annotations

from hashlib import blake2b, sha256

__all__ = ["blake2b", "sha256", "sha256_hex"]


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of `data`, in hexadecimal (as `hashlib.sha256(data).hexdigest()`)."""
    return sha256(data).hexdigest()

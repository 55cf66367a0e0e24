"""BLAKE2b without OpenSSL: `hashlib` loads OpenSSL's `_hashlib` when
imported (2 to 3 ms, a fifth of a one-page check's own time), and BLAKE2 is
CPython's own module, which `hashlib` would hand back anyway."""

try:
    from _blake2 import blake2b
except ImportError:  # an interpreter built without it
    from hashlib import blake2b

__all__ = ["blake2b"]

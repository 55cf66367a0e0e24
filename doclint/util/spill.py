"""Bytes written once and read back by place: held in memory up to a bound,
then in a nameless temporary file. A run that writes little (one page) does
not import `tempfile` (with `shutil`, `random`, `bz2` and `lzma`), and one
that writes much holds no more than the bound in memory."""

from __future__ import annotations

import os
import weakref
from typing import IO

BOUND = 1 << 20


class Spill:
    """One spill: `write` says where its bytes start, `read` gives them back."""

    def __init__(self, prefix: str, bound: int = BOUND) -> None:
        self.prefix, self.bound, self.size = prefix, bound, 0
        self._memory = bytearray()  # emptied when the file takes over
        self._file: IO[bytes] | None = None

    def write(self, data: bytes) -> int:
        """Where `data` starts."""
        at, self.size = self.size, self.size + len(data)
        if self._file is None and self.size <= self.bound:
            self._memory += data
            return at
        if self._file is None:
            import tempfile

            self._file = tempfile.TemporaryFile(prefix=self.prefix)  # noqa: SIM115
            weakref.finalize(self, self._file.close)
            self._file.write(self._memory)
            self._memory = bytearray()
        self._file.write(data)
        return at

    def read(self, length: int, offset: int) -> bytes:
        """The `length` bytes written at `offset` (fewer past the end), as `os.pread`."""
        if self._file is None:
            return bytes(self._memory[offset : offset + length])
        self._file.flush()
        return os.pread(self._file.fileno(), length, offset)

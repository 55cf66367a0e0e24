"""A progress bar on stderr for long runs on a terminal."""

from __future__ import annotations

import sys
import time
from typing import TextIO

# Short runs finish before a bar would help; it would only flicker.
DELAY_SECONDS = 2.0
REFRESH_SECONDS = 0.1
WIDTH = 30


class ProgressBar:
    """Draws `[#####.....] done/total files  elapsed  rate` once a run has lasted
    DELAY_SECONDS, only when the stream is a terminal, and clears itself at the
    end. It goes to stderr and vanishes when done, so -q, which quiets the
    summary, leaves it: a long --fix must not look hung."""

    def __init__(self, stream: TextIO | None = None, enabled: bool = True) -> None:
        self.stream = stream or sys.stderr
        self.enabled = enabled and self.stream.isatty()
        self.started = time.monotonic()
        self.drawn_at = 0.0
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        now = time.monotonic()
        if now - self.started < DELAY_SECONDS or (
            now - self.drawn_at < REFRESH_SECONDS and done < total
        ):
            return
        filled = WIDTH * done // total
        bar = "#" * filled + "." * (WIDTH - filled)
        elapsed = max(now - self.started, 0.001)
        rate = f"{done / elapsed:,.0f} files/s"
        self.stream.write(f"\r[{bar}] {done:,}/{total:,} files  {_clock(elapsed)}  {rate}")
        self.stream.flush()
        self.drawn_at, self.shown = now, True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


def _clock(seconds: float) -> str:
    """Elapsed time as m:ss."""
    minutes, seconds = divmod(int(seconds), 60)
    return f"{minutes}:{seconds:02d}"

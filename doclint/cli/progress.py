"""Progress on stderr for long runs: a bar on a terminal, and, when asked
(`--progress`, or the CI variable that CI services set), a line now and then
in a log, so that a long CI run does not look hung."""

from __future__ import annotations

import sys
import time
from typing import TextIO

# Short runs finish before a bar would help; it would only flicker.
DELAY_SECONDS = 2.0
REFRESH_SECONDS = 0.1
WIDTH = 30
# A log line this often: enough to see a run move, few enough to read.
LINE_SECONDS = 10.0


class ProgressBar:
    """Draws `[#####.....] done/total files  elapsed  rate` once a run has lasted
    DELAY_SECONDS, only when the stream is a terminal, and clears itself at the
    end. It goes to stderr and vanishes when done, so -q, which quiets the
    summary, leaves it: a long --fix must not look hung."""

    def __init__(
        self, stream: TextIO | None = None, enabled: bool = True, lines: bool = False
    ) -> None:
        self.stream = stream or sys.stderr
        terminal = self.stream.isatty()
        self.enabled = enabled and terminal
        # Off a terminal, a line every LINE_SECONDS, when asked for.
        self.lines = enabled and lines and not terminal
        self.started = time.monotonic()
        self.drawn_at = 0.0
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if self.lines and total > 0:
            self._line(done, total)
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

    def _line(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - max(self.started, self.drawn_at) < LINE_SECONDS or done >= total:
            return
        elapsed = now - self.started
        self.stream.write(
            f"doclint: {done:,}/{total:,} files checked, {_clock(elapsed)}, "
            f"{done / elapsed:,.0f} files/s\n"
        )
        self.stream.flush()
        self.drawn_at = now

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


def _clock(seconds: float) -> str:
    """Elapsed time as m:ss."""
    minutes, seconds = divmod(int(seconds), 60)
    return f"{minutes}:{seconds:02d}"

"""The `doclint` command as a process: the command line (cli/main.py) run with
the process's own concerns: SIGINT and SIGTERM, and an output that cannot be
written.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import sys
from collections.abc import Sequence
from types import FrameType

EXIT_ERROR = 2
# The shell's codes for a run ended by a signal: 128 + its number.
STOP_SIGNALS: dict[int, int] = {signal.SIGINT: 130, signal.SIGTERM: 143}
# What writing a report can meet: a full disk, a closed or vanished reader.
OUTPUT_ERRORS = frozenset(
    {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EPIPE, errno.EBADF, errno.EIO, errno.EROFS}
)


def main(argv: Sequence[str] | None = None) -> int:
    from doclint.cli.main import main as run_command_line

    return run_command_line(list(sys.argv[1:] if argv is None else argv))


def script() -> int:
    """The `doclint` and `python -m doclint` commands: `main` in a process of
    its own, whose garbage collector can be tuned for checking files. Every
    way it ends is an exit code and at most one line: no traceback."""
    from doclint.util.gc_pause import collect_rarely, leave_to_exit

    collect_rarely()
    # Imported once the collector is tuned, so that its young collections do
    # not trace what pathlib and the rest build as they load.
    from doclint.util.paths import say

    try:
        # Every path of a run is relative to it: without one there is no run.
        os.getcwd()
    except OSError as error:
        say(f"error: the working folder is gone: {error.strerror}")
        return EXIT_ERROR
    if sys.stdout is None:  # started with stdout closed
        sys.stdout = ClosedStream()
    stop = Stop(os.getpid())
    for signum in STOP_SIGNALS:
        signal.signal(signum, stop.handle)
    try:
        exit_code = main()
        sys.stdout.flush()  # here, not at exit, where a full disk has no say in the code
        leave_to_exit()
        stop.finished = True
        return exit_code
    except Stopped as stopped:
        # Every `finally` has run, the temporary files are gone: the process
        # ends here, not through the interpreter's exit, which joins a
        # process pool's threads, and those can wait for ever on the workers
        # the stop killed (CPython 3.11).
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(AttributeError, OSError, ValueError):
                stream.flush()
        os._exit(stopped.exit_code)
    except OSError as error:
        if error.errno not in OUTPUT_ERRORS:
            raise
        _discard_stdout()
        if sys.stderr is not None:
            say(f"error: cannot write the output: {error.strerror}")
        return EXIT_ERROR


class Stopped(BaseException):
    """SIGINT or SIGTERM arrived: the run unwinds, so that every `finally`
    removes its temporary files, and exits with the signal's code."""

    def __init__(self, exit_code: int) -> None:
        super().__init__(exit_code)
        self.exit_code = exit_code


class Stop:
    """What SIGINT and SIGTERM do. Worker processes are forked and inherit the
    handler: a worker ends at once, without a word; the main process kills
    its workers (a pool would otherwise finish its queue first), ignores
    further signals while it cleans up, and unwinds."""

    def __init__(self, main_pid: int) -> None:
        self.main_pid = main_pid
        self.finished = False
        """The run is over, its output flushed: the interpreter is exiting."""

    def handle(self, signum: int, frame: FrameType | None) -> None:
        exit_code = STOP_SIGNALS[signum]
        if os.getpid() != self.main_pid or self.finished:
            # A worker, or the run's process while the interpreter exits: an
            # exception raised there is printed by whatever it interrupts
            # (an exit handler joining the workers' pool), not unwound.
            os._exit(exit_code)
        for other in STOP_SIGNALS:
            signal.signal(other, signal.SIG_IGN)
        import threading
        from multiprocessing import active_children

        # A process pool's manager thread may trip over the futures it loses
        # with its workers: the run is ending, its complaint is no news.
        threading.excepthook = lambda _: None
        children = active_children()
        for child in children:
            child.kill()
        # Reaped here: the process ends without its pool waiting on them, and
        # an init that reaps nothing (a container's) would keep them as zombies.
        for child in children:
            child.join(1)
        raise Stopped(exit_code)


class ClosedStream(io.TextIOBase):
    """Stands for a stdout the process was started without: writing to it
    fails as writing to a closed file does."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "stdout is closed")


def _discard_stdout() -> None:
    """Send what stdout still holds to /dev/null: the interpreter flushes it
    at exit and would print a second error."""
    with contextlib.suppress(OSError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)

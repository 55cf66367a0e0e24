"""The `doclint` command: replay an unchanged run, else run the command line.

Kept apart from cli.py so that a replayed run never imports the parsers, the
rules or pydantic (see replay.py).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from doclint import replay


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    replayed = replay.replay(arguments)
    if isinstance(replayed, int):
        return replayed
    from doclint.cli import main as run_command_line

    with replay.recording(arguments, partial=replayed) as recorder:
        exit_code = run_command_line(arguments)
        replay.save(recorder, arguments, exit_code)
    return exit_code


def script() -> int:
    """The `doclint` and `python -m doclint` commands: `main` in a process of
    its own, whose garbage collector can be tuned for checking files."""
    from doclint.gc_pause import collect_rarely

    collect_rarely()
    return main()

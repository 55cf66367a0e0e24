"""The run: which files, in which order, on which worker, against which root.

It turns paths into files (`setup`, with the tree's discovery), cuts them into
shards and chunks (`shards`, `parallel`), hands each to the engine's `Linter`
on worker processes (`scheduler`), applies the per-file ignores and
severities to each file's findings, and checks an editor's buffer from stdin
(`stdin`); how findings are shown is the output's (output/shown.py). `roots`
says which tree each file is checked in; `results` is the port through which
a run reuses what earlier runs found, and `sink` the one through which it
hands the output each file's findings (the command line hands it both).

The names below are the run's surface for the command line, the public API
and fix mode.
"""

from __future__ import annotations

from doclint.run.results import ResultKey, ResultStores, StoredResults
from doclint.run.roots import choose_root, root_from_title
from doclint.run.scheduler import Run, Step, run
from doclint.run.setup import RunSetup, set_up_runs
from doclint.run.sink import Collector, FileSink, RunResult
from doclint.run.stdin import read_stdin, run_stdin, stdin_linter, stdin_result

__all__ = [
    "Collector",
    "FileSink",
    "ResultKey",
    "ResultStores",
    "Run",
    "RunResult",
    "RunSetup",
    "Step",
    "StoredResults",
    "choose_root",
    "read_stdin",
    "root_from_title",
    "run",
    "run_stdin",
    "set_up_runs",
    "stdin_linter",
    "stdin_result",
]

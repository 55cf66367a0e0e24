"""The engine: run the selected rules over files, one parse per file, one pass
of all rules.

Every file is checked on its own; what a rule needs to know about other files
comes from the shared `Tree`. That independence is what lets files be checked
in parallel and cached.

One module per job: `settings` (what a run checks), `decoding` (UTF-8 and
UTF-16), `root` (which tree each file is checked in), `linter` (the rules over
one file's pages), `reporting` (stored findings to reported ones),
`run_setup` and `run` (files, shards, stored results, worker processes),
`results` (the port through which a run reuses earlier results), `spill` (the
rendered findings of a run, kept on disk), `stdin` (an editor's buffer).

The names below are the engine's whole surface for the command line, the
public API (doclint/api.py) and fix mode (doclint/fix_mode.py and
doclint/file_fixer.py), which import nothing else of it. Fix mode uses:

- `set_up_runs` -> a `RunSetup` per root: the files, root, linter, finding
  filter and cache of the files of one tree, and their reported findings
  (`diagnostics`);
- `Linter`: `check_file` / `check_bytes` / `check_decoded` with a list that
  collects each finding's `FixOffer`, `tree_path`, and its `rules`,
  `registry`, `settings` and `tree`;
- `stdin_linter` and `stdin_result`: a buffer from stdin checked as a file;
- `decode_utf16`, to leave UTF-16 files unfixed;
- `RunResult` and `Settings`;
- `ResultStores`, the port fix mode takes stored results through.
"""

from __future__ import annotations

from doclint.engine.decoding import decode_utf8, decode_utf16
from doclint.engine.linter import FixOffer, Linter
from doclint.engine.reporting import PartRenderer, RunResult, shown_paths
from doclint.engine.results import ResultKey, ResultStores, StoredResults
from doclint.engine.root import root_from_title
from doclint.engine.run import run
from doclint.engine.run_setup import RunSetup, set_up_runs
from doclint.engine.settings import Settings
from doclint.engine.stdin import read_stdin, run_stdin, stdin_linter, stdin_result

__all__ = [
    "FixOffer",
    "Linter",
    "PartRenderer",
    "ResultKey",
    "ResultStores",
    "RunResult",
    "RunSetup",
    "Settings",
    "StoredResults",
    "decode_utf8",
    "decode_utf16",
    "read_stdin",
    "root_from_title",
    "run",
    "run_stdin",
    "set_up_runs",
    "shown_paths",
    "stdin_linter",
    "stdin_result",
]

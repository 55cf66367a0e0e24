"""The engine: one file in, its findings out. One parse per file, one pass of
all selected rules over its pages.

Every file is checked on its own; what a rule needs to know about other files
comes from the shared tree index (doclint/tree/). That independence is what
lets the run (doclint/run/) check files in parallel and cache them.

One module per job: `settings` (what a run checks), `linter` (the rules over
one file's pages), `registry` (which rules there are), `suppressions`
(inline directives, per-file ignores, severities) and `builtin_rules` (the
engine's own diagnostics about a file). It returns findings
(`models.findings.Finding`); what is reported of them, and how, is the
run's and the output's.

The names below are the engine's surface for the run, the command line, the
public API (doclint/api.py) and fix mode (doclint/fixes/), which import
nothing else of its package root.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doclint.util.lazy_names import names_on_first_use

if TYPE_CHECKING:
    from doclint.engine.linter import Linter
    from doclint.engine.settings import Settings

# Imported on first use: importing a module of the package (the registry, for
# `doclint rules` or the command line's options) must not load the linter and
# with it the parsers and the profiles.
_EXPORTS = {"Linter": "doclint.engine.linter", "Settings": "doclint.engine.settings"}


__getattr__ = names_on_first_use(__name__, _EXPORTS, globals())


__all__ = ["Linter", "Settings"]

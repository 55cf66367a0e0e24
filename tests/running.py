"""A run as the command line reads it: a `doclint.run.Run`, each file's
findings shown by the output (output/shown.py), or with a sink, the parts
read from the sink once the run is over."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

from doclint.engine.settings import Settings
from doclint.models.findings import Finding
from doclint.output.parts import PartWriter
from doclint.output.shown import shown_findings
from doclint.output.spilled_parts import SpilledParts
from doclint.run import Collector, ResultStores, Run, RunResult


class Ran(NamedTuple):
    diagnostics: list[Finding]
    files_checked: int
    from_cache: int
    files: Sequence[Path]
    parts: SpilledParts | None


def run(
    paths: Iterable[str | Path],
    settings: Settings | None = None,
    progress: Callable[[int, int], None] | None = None,
    sink: PartWriter | None = None,
    stores: ResultStores | None = None,
) -> Ran:
    """Check `paths`; the findings as shown, or with `sink`, its parts."""
    collector = Collector()
    checking = Run(paths, settings, sink or collector, stores)
    for step in checking:
        if progress is not None:
            progress(step.done, step.total)
    result = checking.result._replace(found=collector.found)
    parts = sink.delivered()[1] if sink is not None else None
    return Ran(findings(result), result.files_checked, result.from_cache, result.files, parts)


def findings(result: RunResult) -> list[Finding]:
    """A run's (or fix mode's) findings, as the command line shows them."""
    return shown_findings(result.found, Path.cwd())

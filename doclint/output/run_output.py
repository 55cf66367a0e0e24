"""What a format is given: the findings of a run and what they point at."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doclint.models.findings import Counts, Finding, counts, total
from doclint.output.baseline import SourceLines
from doclint.rule_api import Rule, Severity

if TYPE_CHECKING:
    from doclint.output.spilled_parts import SpilledParts
    from doclint.rule_api_generators import Generators


class RunOutput:
    """What a format may show about a run (a plain class: a dataclass compiles
    its methods at every start)."""

    def __init__(
        self,
        diagnostics: Sequence[Finding],
        files_checked: int,
        files: Sequence[Path] = (),  # the files checked (JUnit names each)
        rules: Sequence[type[Rule[Any]]] = (),  # every known rule (SARIF describes them)
        sources: SourceLines | None = None,
        quiet: bool = False,  # findings only: no summary line
        baselined: int = 0,  # findings left out because the baseline records them
        parts: SpilledParts | None = None,  # findings a layout rendered, besides `diagnostics`
        color: bool = False,
        command: Sequence[str] = (),  # the command line as typed (the HTML report names it)
        root: Path | None = None,  # the settings' root; else each file's is found
        fail_on: str = Severity.INFO,
        generators: Generators | None = None,  # the run's (the HTML report lists kinds)
        unread_pages: int = 0,  # pages no generator wrote: each format with a summary says so
        plain: bool = False,  # each message known printable (`isprintable`): not looked at again
    ) -> None:
        self.diagnostics, self.files_checked, self.files = diagnostics, files_checked, files
        self.rules, self.sources = rules, sources if sources is not None else SourceLines()
        self.quiet, self.baselined, self.parts, self.color = quiet, baselined, parts, color
        self.command, self.root, self.fail_on = command, root, fail_on
        self.generators, self.unread_pages, self.plain = generators, unread_pages, plain

    @cached_property
    def counts(self) -> Counts:
        """The counts of the findings the run reports, rendered or not."""
        return total([counts(self.diagnostics), *([self.parts.counts] if self.parts else [])])

    @property
    def count(self) -> int:
        return self.counts.findings

    @property
    def failing(self) -> int:
        """The findings of severity `fail_on` or above."""
        return self.counts.at_least(self.fail_on)

    @property
    def fixable(self) -> tuple[int, int]:
        """The findings `--fix` repairs, and those only `--unsafe-fixes` does."""
        return self.counts.safe, self.counts.unsafe


Format = Callable[[RunOutput], Iterator[str]]


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'s' if count != 1 else ''}"


def unread_note(output: RunOutput) -> str:
    """What the summary says of the pages no generator wrote ("" for none):
    a run whose pages went unrecognised must not read as a clean one."""
    if not output.unread_pages:
        return ""
    verb = "matches" if output.unread_pages == 1 else "match"
    pages = _plural(output.unread_pages, "page")
    return f"{pages} {verb} no generator: `doclint check --explain PAGE` says why"


def summary(output: RunOutput) -> str:
    unread = unread_note(output)
    checked = _plural(output.files_checked, "file") + " checked" + (f"; {unread}" if unread else "")
    known = f" ({output.baselined:,} more in the baseline)" if output.baselined else ""
    if not output.count:
        return f"All checks passed ({checked}){known}."
    files = len({d.path for d in output.diagnostics}) + len(output.parts or ())
    found = f"{_plural(output.count, 'problem')} in {_plural(files, 'file')}"
    return f"Found {found} ({checked}){known}{_passing(output)}."


def _passing(output: RunOutput) -> str:
    """Why a run with findings exits 0 under `--fail-on`: each is below it."""
    if output.failing:
        return ""
    found = output.counts._asdict()
    below = [
        f"{found[level]:,} {level}" if level == Severity.INFO else _plural(found[level], level)
        for level in Severity  # most severe first
        if found[level]
    ]
    return f"; all below --fail-on {output.fail_on} ({', '.join(below)}): exit 0"


def knock_on(fixed: int, first: int) -> str:
    """What a fix summary adds when fixes led to more: fixing a page changes
    what other pages must say of it (its size, in the pages that embed it)."""
    more = fixed - first
    if more <= 0:
        return ""
    return (
        f" {first:,} of them on the files as they are; {more:,} more "
        f"follow{'s' if more == 1 else ''} from those fixes (pages that describe or embed "
        "a fixed page must say what it now holds)."
    )


def statistics(diagnostics: Sequence[Finding]) -> list[tuple[int, str, str, str | None]]:
    """(count, code, name, "safe", "unsafe" or None: the best fix of any) per
    rule, most frequent first."""
    counts = Counter((d.code, d.name) for d in diagnostics)
    fixes: dict[tuple[str, str], str] = {}
    for d in diagnostics:
        if d.fix is not None and fixes.get((d.code, d.name)) != "safe":
            fixes[d.code, d.name] = str(d.fix.applicability)
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0][0]))
    return [(count, code, name, fixes.get((code, name))) for (code, name), count in ranked]

"""The citations without a pin whose lines could not be compared with the
lines they were written on (cited-lines-changed): counted over the run and
said in one line at its end, with how to have them judged. Never silently
off: a shallow clone, a tree outside a checkout, a page's line not committed
as it is leave the claim unjudged, and the run says so.

In a shallow clone the oldest commit it holds stands for every commit
before it: a page or line `git log` or `git blame` gives it to was written
there or earlier, no one can tell. Its citations are judged as in no
checkout, less what the full history could judge otherwise: their ranges
(the full history judges them against the file as it was, not as it is) and
their missing files (the full history may know where they went). So a
shallow clone gives no finding the full clone does not make.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from doclint.rule_api import HistoryView, RuleContext

if TYPE_CHECKING:
    from doclint.rule_api_generators import Citation

_CLAIM = (
    "{count} citation{s} without a pin were not compared with the lines they were written on "
    "(cited-lines-changed)"
)
SHALLOW = (
    _CLAIM + ", nor their ranges and missing files judged: this shallow clone lacks the commits "
    "their lines were written in; fetch the whole history (`git fetch --unshallow`, or "
    "`fetch-depth: 0` in actions/checkout)"
)
NO_HISTORY = (
    _CLAIM + ": the tree is in no checkout git reads (no checkout, no git 2.36 or later, or git "
    "refuses its owner: see safe.directory); check the repository's checkout, with its whole "
    "history (`fetch-depth: 0` in actions/checkout)"
)
UNCOMMITTED = (
    _CLAIM + ": their lines are not committed as they stand in the tree; they "
    "are compared once committed"
)


def drift_commits(
    citations: Sequence[Citation], commits: Sequence[str], ctx: RuleContext
) -> tuple[list[str], frozenset[int]]:
    """The commit each citation's lines are compared at (`commits`, one a
    citation, "" for none), less those a shallow clone cannot vouch for,
    and the indexes of the citations so left unjudged; counts every
    citation without a pin whose lines are not compared, by its reason."""
    history = ctx.history
    kept = list(commits)
    shallow: set[int] = set()
    counts = {SHALLOW: 0, NO_HISTORY: 0, UNCOMMITTED: 0}
    for index, (citation, commit) in enumerate(zip(citations, commits, strict=True)):
        if not _unpinned(citation):
            continue
        if history is None:
            counts[NO_HISTORY] += 1
        elif commit and history.shallow and _boundary(history, commit):
            kept[index] = ""
            shallow.add(index)
            counts[SHALLOW] += 1
        elif not commit:
            counts[UNCOMMITTED] += 1
    for template, count in counts.items():
        ctx.tally(template, count)
    return kept, frozenset(shallow)


def _unpinned(citation: Citation) -> bool:
    """Whether the citation's lines are compared at the commit its line or
    page was written in: it cites lines, has no pin, and is judged."""
    if not citation.judged or not citation.path or not citation.ranges or citation.commit:
        return False
    return citation.base != "gone?"  # a path of no file: a citation only where history had it


def _boundary(history: HistoryView, commit: str) -> bool:
    """Whether the shallow clone holds `commit` without its parent: the
    commit its oldest lines and pages are all given to. (A repository's
    first commit has no parent either: its lines are left unjudged there
    too, which only the full history could tell apart.)"""
    return history.parentless(commit)

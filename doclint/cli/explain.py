"""`doclint check --explain PAGE`: which generator each page is read as, of
which kind, and why each other generator did not read it, without checking
anything. ruff's `check --explain` took a rule code: one given here, not a
file, is pointed at `doclint rule`."""

from __future__ import annotations

from pathlib import Path

from doclint.cli.arguments import UsageError
from doclint.engine import Settings
from doclint.run.page_reading import PageRead, explain
from doclint.run.roots import roots_of_files
from doclint.util.paths import display_path, printable


def explain_pages(pages: list[Path], settings: Settings) -> None:
    """Print how each page is read: a line per page, then one per generator
    that did not read it. UsageError for a page that is not a readable file."""
    cwd = Path.cwd()
    for page in pages:
        if not page.is_file():
            raise UsageError(f"{printable(str(page))}: no such page{_rule_named(str(page))}")
    roots = roots_of_files(settings, [str(page) for page in pages], cwd)
    for root, files in roots.items():
        for file in files:
            shown = display_path(Path(file), cwd)
            try:
                read = explain(root, Path(file), settings, cwd)
            except OSError as error:
                raise UsageError(f"{printable(shown)}: cannot read: {error.strerror}") from None
            if read.read:
                said = "; and as ".join(
                    f"{v.generator}'s {v.kind} page{_of(v.source)}: {v.why}" for v in read.read
                )
                print(printable(f"{shown}: read as {said}"))
            elif read.reading is not None and read.reading.writer is not None:
                # The run's reading is the engine's: what it says, as it is.
                reading = read.reading
                print(
                    printable(f"{shown}: read as {reading.writer}'s {reading.kind}: {reading.why}")
                )
            else:
                print(printable(f"{shown}: read as written by hand{_by_hand(read)}"))
            for verdict in read.not_read:
                print(printable(f"  not {verdict.generator}: {verdict.why}"))


def _rule_named(given: str) -> str:
    """The hint for a rule's code or name given as a page: where its
    documentation is; "" for anything else."""
    from doclint.engine.registry import load_registry

    entry = load_registry().entry(given) if given.isprintable() else None
    if entry is None:
        return ""
    named = "a rule" if given.upper() == entry.code else f"the name of rule {entry.code}"
    return f"; {given} is {named}: `doclint rule {entry.code}` shows its documentation"


def _of(source: str) -> str:
    return f" of `{source}`" if source else ""


def _by_hand(read: PageRead) -> str:
    """What the engine's reading of a page no generator wrote says of it:
    a citing page's citations of code are checked, a plain page's links."""
    reading = read.reading
    if reading is None:
        return ": no generator's page; its links and anchors are checked"
    if reading.cites:
        return (
            f", a citing page: {reading.why}; its links, anchors and citations of code are checked"
        )
    return f", a plain page: {reading.why}; its links and anchors are checked"

"""A hand-labelled set of real pages and the comparison of doclint's findings with it.

Each set is a slice of real pages (`../shared/corpus/...`), a list of the labelled files
and a TSV of every finding a careful reader expects on them (see `tests/labels/README.md`).
doclint runs once over the whole slice; restricted to the labelled files and the judged
codes, its (path, line, code) set must equal the labels exactly.
"""

from __future__ import annotations

import csv
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from doclint import Report, Settings, check_paths
from doclint.engine.registry import load_registry

LABELS = Path(__file__).resolve().parent / "labels"

Finding = tuple[str, int, str]


@dataclass(frozen=True)
class LabelledSet:
    """Where a labelled slice is, what is labelled on it and the tree it is judged against."""

    root: Path
    files: str
    """The file of `LABELS` listing the labelled paths (and, optionally, their codes)."""
    findings: str
    """The TSV of `LABELS` with the expected findings."""
    codes: tuple[str, ...]
    """The codes the labels cover, judged on every labelled file unless it says otherwise."""
    known_paths: Callable[[Path], list[str]]
    """The paths of the tree the slice belongs to, given the slice root."""
    tree: Path | None = None
    """Where doclint runs instead of `root`: a tree holding the slice's pages at
    the places the generator writes them (`docs/<path>_kw.md`), for a slice kept
    in another layout. Its `docs` folder is checked, its files are the tree."""
    tree_paths: Mapping[str, str] = field(default_factory=dict)
    """A path of `tree` -> the labelled path (relative to `root`) of the same page."""

    def labelled_files(self) -> dict[str, frozenset[str]]:
        """Each labelled file and the codes judged on it (a partially listed folder's
        pages are judged only on rules the listing cannot mislead)."""
        files: dict[str, frozenset[str]] = {}
        for row in (LABELS / self.files).read_text(encoding="utf-8").splitlines():
            if not row.strip():
                continue
            path, _, codes = row.partition("\t")
            files[path] = frozenset(codes.split(",")) if codes else frozenset(self.codes)
        return files

    def labelled_findings(self) -> dict[Finding, str]:
        """(path, line, code) -> the note that says what the finding is."""
        with open(LABELS / self.findings, encoding="utf-8", newline="") as handle:
            rows = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
            return {(row["path"], int(row["line"]), row["code"]): row["note"] for row in rows}

    def run(self) -> tuple[Report, list[str]]:
        """One run over the slice with every labelled rule registered so far, and the
        labelled codes that have no rule yet (their labels can only be missed)."""
        available = load_registry().rules
        select = [code for code in self.codes if code in available]
        root = self.tree or self.root
        settings = Settings(select=select, root=root, known_paths=self.known_paths(root))
        report = check_paths([root / "docs"], settings)
        return report, [code for code in self.codes if code not in available]

    def stray_labels(self) -> list[Finding]:
        """Labels outside the labelled files or the codes judged on them."""
        files = self.labelled_files()
        return [
            key
            for key in self.labelled_findings()
            if key[0] not in files or key[2] not in files[key[0]]
        ]

    def missing_files(self) -> list[str]:
        return [path for path in self.labelled_files() if not (self.root / path).is_file()]

    def disagreement(self, judged: frozenset[str] | None = None) -> str:
        """What doclint misses and adds against the labels, on the codes in `judged`
        (all labelled codes by default); empty when they agree exactly."""
        files = self.labelled_files()
        expected = {
            key: note
            for key, note in self.labelled_findings().items()
            if judged is None or key[2] in judged
        }
        notes = dict(expected)
        actual: set[Finding] = set()
        report, unregistered = self.run()
        for diagnostic in report.diagnostics:
            where = Path(diagnostic.path).absolute()
            relative = Path(os.path.relpath(where, self.tree or self.root)).as_posix()
            path = self.tree_paths.get(relative, relative)
            if diagnostic.code in files.get(path, ()) and (
                judged is None or diagnostic.code in judged
            ):
                key = (path, diagnostic.line, diagnostic.code)
                actual.add(key)
                notes.setdefault(key, diagnostic.message)
        missing = sorted(set(expected) - actual)
        unexpected = sorted(actual - set(expected))
        if not missing and not unexpected:
            return ""
        return (
            f"rules not registered yet: {', '.join(unregistered) or 'none'}\n"
            f"{len(missing)} labelled finding(s) doclint misses:\n{_describe(missing, notes)}\n"
            f"{len(unexpected)} finding(s) doclint makes that are not labelled:\n"
            f"{_describe(unexpected, notes)}"
        )


def files_present(root: Path) -> list[str]:
    """The tree of a slice without a listing: the files it holds."""
    return sorted(path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file())


def _describe(findings: list[Finding], notes: dict[Finding, str]) -> str:
    return "\n".join(
        f"  {path}:{line} {code} {notes[path, line, code]}" for path, line, code in findings
    )

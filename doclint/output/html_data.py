"""What the HTML report shows, gathered in one pass over the findings.

A tree of 200,000 pages gives millions of findings, and the report holds every
one of them. So the findings are kept as columns (path, line, column, rule,
cause, message, the text of the line), each string stored once in a table and
the columns holding indexes into it, with the kind of page of each path; each
part of 100,000 findings is JSON, gzipped and base64-coded into the page,
which decodes it with the browser's DecompressionStream. The aggregates
(counts per rule, severity, folder, file, cause and kind of page) are gathered
as the findings stream by. Findings come sorted by path, so a file's counts
are complete when the next file starts.

Findings are grouped into causes in one place only (`ReportData.add_all`,
through causes.py, which reads the cause each finding carries).
"""

from __future__ import annotations

import base64
import gzip
import heapq
import json
import os
import posixpath
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from operator import attrgetter
from typing import Any

from doclint.models.findings import Finding, cause_of
from doclint.models.findings import counts as finding_counts
from doclint.output.baseline import UNREAD, SourceLines
from doclint.output.causes import Causes, example
from doclint.rule_api import Rule
from doclint.rule_api_generators import (
    Generators,
    heading_lines,
    page_profile,
    recognise,
)
from doclint.tree.discovery import MARKDOWN_SUFFIXES
from doclint.util.paths import printable

WORST_FILES = 25
LONGEST_LINE = 240
"""Characters kept of a finding's line: enough to see it, not a minified file."""
_RULE = attrgetter("code", "name", "severity")
"""(code, name, severity) of a Finding."""
PART_FINDINGS = 100_000
"""Findings per part of the page's data, at file boundaries. Each part is
decoded on its own: the JSON of millions of findings at once would pass the
longest string a browser makes (V8: 2**29 characters, about 3.2 million
findings' worth), and one part's tables need no other's."""
FINDING_COLUMNS = ("path", "line", "column", "rule", "cause", "message", "text")
"""The columns of the embedded findings; `path`, `rule`, `cause` (its id),
`message` and `text` index the string tables of the same names (`text` is -1
where the finding's line is not shown: a finding about the whole file or a
file not read)."""


def page_kinds(generators: Generators) -> dict[str, tuple[str, str]]:
    """The kinds of page of the generators of templated pages (the PyTorch
    system's) the report splits the findings by (key, label and what they
    are), and the files no generator wrote; the pages of a profile of object
    pages, and those of a wiki, are a kind of their own (`PageKinds`)."""
    endings = ", ".join(f"<file>{ending}" for ending in generators.page_suffixes)
    return {
        "level-1": ("Level 1 pages", f"titled as the generator's page about a file: {endings}"),
        "docs-of-docs": (
            "Docs of docs",
            "under "
            + ", ".join(_later_passes(generators))
            + ": a later generator pass over the pages",
        ),
        "folder": (
            "Folder pages",
            " and ".join(generators.folder_pages) + " of a folder, titled as the generator's",
        ),
        BY_HAND: (
            "Pages written by hand",
            "Markdown no generator wrote: its links, anchors and citations of code",
        ),
        "other": ("Other files", "a source file a finding is on, or a file not read"),
    }


BY_HAND = "by-hand"
"""The kind of a Markdown page no generator wrote."""


def _later_passes(generators: Generators) -> tuple[str, ...]:
    return tuple(
        folder for places in generators.places if (folder := places.later_pass_folder) is not None
    )


def page_kind(path: str, generators: Generators) -> str:
    """The key in `page_kinds()` of the place of a page at `path` (as
    findings show it, from the working folder): where a later generator pass
    writes about pages, a folder's page, a page about a source file, or
    another file. Only for a page its title shows the generator wrote
    (`PageKinds`): the name alone makes no page the generator's."""
    later = _later_passes(generators)
    if path.startswith(later) or any(f"/{folder}" in path for folder in later):
        return "docs-of-docs"
    name = posixpath.basename(path)
    if name in generators.folder_pages:
        return "folder"
    return "level-1" if name.endswith(generators.page_suffixes) else "other"


class PageKinds:
    """The kind of each page with findings, from the generator that read it,
    as the run reads it (`doclint check --explain` says the same), never
    from its name alone: the pages of the profile of object pages that wrote
    it (`page_profile`: its place, then its object headings or a marker of
    its project), of a wiki (`Generators.wiki_of`: its marker, or its
    citations in its folder), or of the
    PyTorch generator when its title is one of its templates' (a kind of
    `page_kinds`, its place telling which); any other Markdown page is one
    written by hand (`BY_HAND`), any other file "other". A
    profile's or wiki's kind is added when its first page is met, so each
    kind keeps its index (`path_kind`) from part to part."""

    def __init__(self, generators: Generators | None = None) -> None:
        self.generators = Generators.of(()) if generators is None else generators
        """The run's generators (the shipped ones by default)."""
        self.kinds: dict[str, tuple[str, str]] = page_kinds(self.generators)
        self.index = {key: index for index, key in enumerate(self.kinds)}

    def of(self, path: str, rows: list[Finding], sources: SourceLines) -> str:
        """The key of the kind of the page at `path`, its lines read from
        `sources` (as its findings' lines are: a file not read stays unread,
        and no generator is known to have written it)."""
        if all(row.code in UNREAD for row in rows):
            return "other"
        lines = sources.lines(path)
        profiles = self.generators.object_profiles
        found = page_profile(path, heading_lines(lines), profiles, _is_file)
        if found is not None:
            return self._added(f"profile-{found[0].name}", found[0].name, found[0].description)
        wiki = _wiki_of(path, lines, self.generators)
        if wiki is not None:
            what = "a wiki's pages: its marker in their head, or its citations in its folders"
            return self._added(f"wiki-{wiki}", wiki, what)
        return _titled_kind(path, lines, self.generators)

    def _added(self, key: str, generator: str, what: str) -> str:
        if key not in self.kinds:
            self.index[key] = len(self.kinds)
            self.kinds[key] = (f"{generator} pages", what)
        return key


def _wiki_of(path: str, lines: Sequence[str], generators: Generators) -> str | None:
    """The generator of the wiki that wrote the page at `path` (from the
    working folder, so its wiki folder may lie below the start), if any."""
    parts = path.split("/")
    for start in range(len(parts)):
        wiki = generators.wiki_of("/".join(parts[start:]), lines)
        if wiki is not None:
            return wiki.generator
    return None


def _titled_kind(path: str, lines: Sequence[str], generators: Generators) -> str:
    """The kind of a page the PyTorch generator wrote, its title one of its
    templates' (its place says which: a later pass's, a folder's, a
    file's); a page written by hand, or "other" for a file that is no page."""
    first = next((line for line in lines if line.strip()), "").lstrip("\ufeff").strip()
    kind = recognise(first[2:], generators)[0] if first.startswith("# ") else ""
    if not kind:
        return BY_HAND if path.endswith(MARKDOWN_SUFFIXES) else "other"
    placed = page_kind(path, generators)
    if placed != "other":
        return placed
    return "level-1" if kind in ("file-docs", "keyword-index") else "folder"


def _is_file(path: str) -> bool:
    """Whether a profile's marker is at `path` (from the working folder, as findings show paths)."""
    return os.path.isfile(path or ".")


def _tables() -> dict[str, dict[str, int]]:
    return {name: {} for name in ("path", "rule", "cause", "message", "text")}


@dataclass
class FindingColumns:
    """Every finding of a run, column by column, each string stored once: a
    table maps it to the index of its first use (dicts keep that order)."""

    tables: dict[str, dict[str, int]] = field(default_factory=_tables)
    columns: dict[str, list[int]] = field(
        default_factory=lambda: {name: [] for name in FINDING_COLUMNS}
    )
    path_kind: list[int] = field(default_factory=list)
    """The index of the kind of page (`PageKinds.index`) of each path of the
    path table, in its order."""

    def add_file(self, path: str, kind: int, rows: list[Finding], sources: SourceLines) -> None:
        """The findings of one file, a page of the kind of index `kind` (millions
        of calls' worth: kept tight)."""
        tables, columns = self.tables, self.columns
        paths, rules, causes, messages, texts = (
            tables[n] for n in ("path", "rule", "cause", "message", "text")
        )
        if path not in paths:
            paths[path] = len(paths)
            self.path_kind.append(kind)
        columns["path"].extend([paths[path]] * len(rows))
        columns["line"].extend([row.line for row in rows])
        columns["column"].extend([row.column for row in rows])
        columns["rule"].extend([rules.setdefault(row.code, len(rules)) for row in rows])
        columns["cause"].extend([causes.setdefault(cause_of(row).id, len(causes)) for row in rows])
        columns["message"].extend([messages.setdefault(row.message, len(messages)) for row in rows])
        add_text = columns["text"].append
        for row in rows:
            text = sources.line(row)
            add_text(-1 if text is None else texts.setdefault(text[:LONGEST_LINE], len(texts)))

    def __len__(self) -> int:
        return len(self.columns["line"])

    def encoded(self) -> str:
        """The columns and tables as gzipped JSON in base64, as the page reads them."""
        document = {
            "count": len(self),
            # Shown as text: control characters escaped as in every text
            # format, once per distinct string.
            "tables": {name: list(map(printable, table)) for name, table in self.tables.items()},
            "path_kind": self.path_kind,
            "columns": self.columns,
        }
        raw = json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode()
        # Level 3: much faster than the default for a few more bytes on a large
        # report. mtime=0: same findings, same page.
        return base64.b64encode(gzip.compress(raw, compresslevel=3, mtime=0)).decode("ascii")


@dataclass
class ReportData:
    """The aggregates of a run's findings, and the findings, as the page reads them."""

    rules: dict[str, type[Rule[Any]]]
    sources: SourceLines
    page_kinds: PageKinds = field(default_factory=PageKinds)
    by_rule: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    folders: dict[str, Counter[str]] = field(default_factory=dict)
    files_with_findings: int = 0
    fixable: int = 0
    """Findings whose fix `--fix` applies (a safe one), as the text summary counts them."""
    causes: Causes = field(default_factory=Causes)
    by_kind: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    """Findings per (rule, cause id, kind of page)."""
    files_by_kind: Counter[str] = field(default_factory=Counter)
    """Files with findings per kind of page."""
    findings: FindingColumns = field(default_factory=FindingColumns)
    """The findings of the part being filled."""
    parts: list[str] = field(default_factory=list)
    """The parts filled, encoded; their columns are dropped once encoded."""
    _worst: list[tuple[int, str, dict[str, int]]] = field(default_factory=list)

    def add_all(self, rows: Iterable[Finding]) -> ReportData:
        """Every finding of a run, a file's findings together (as runs give them)."""
        for path, group in groupby(rows, key=attrgetter("path")):
            file_rows = list(group)
            by_rule = Counter(map(_RULE, file_rows))
            self.by_rule.update(by_rule)
            counts = Counter({code: n for (code, _, _), n in by_rule.items()})
            self._add_file(path, counts)
            kind = self.page_kinds.of(path, file_rows, self.sources)
            self.files_by_kind[kind] += 1
            for row in file_rows:
                self.causes.add(row)
                self.by_kind[row.code, cause_of(row).id, kind] += 1
            self.findings.add_file(path, self.page_kinds.index[kind], file_rows, self.sources)
            if len(self.findings) >= PART_FINDINGS:
                self.parts.append(self.findings.encoded())
                self.findings = FindingColumns()
            self.fixable += finding_counts(file_rows).safe
        return self

    def encoded_findings(self) -> list[str]:
        """Every finding, as the page's parts (none for a run without findings)."""
        return [*self.parts, *([self.findings.encoded()] if len(self.findings) else [])]

    @property
    def total(self) -> int:
        return self.by_rule.total()

    def by_severity(self) -> dict[str, int]:
        counts: Counter[str] = Counter()
        for (_, _, severity), count in self.by_rule.items():
            counts[severity] += count
        return dict(counts.most_common())

    def _add_file(self, path: str, counts: Counter[str]) -> None:
        self.files_with_findings += 1
        folder = posixpath.dirname(path)
        self.folders.setdefault(folder, Counter()).update(counts)
        entry = (counts.total(), path, dict(counts.most_common()))
        if len(self._worst) < WORST_FILES:
            heapq.heappush(self._worst, entry)
        elif entry[0] > self._worst[0][0]:
            heapq.heapreplace(self._worst, entry)

    def folder_totals(self) -> list[tuple[str, int, dict[str, int]]]:
        """(folder, findings, findings per rule) of every folder with findings,
        its subfolders' included, in path order."""
        totals: dict[str, Counter[str]] = {}
        for folder, counts in self.folders.items():
            for ancestor in _ancestors(folder):
                totals.setdefault(ancestor, Counter()).update(counts)
        return [
            (folder, sum(counts.values()), dict(counts.most_common()))
            for folder, counts in sorted(totals.items())
        ]

    def as_json(self, files_checked: int) -> dict[str, Any]:
        """The aggregates; the findings themselves are `self.findings.encoded()`."""
        rules = [
            {
                "code": code,
                "name": name,
                "severity": severity,
                "count": count,
                "fix": str(self.rules[code].fix_safety) if code in self.rules else "none",
                "summary": self.rules[code].summary if code in self.rules else "",
            }
            for (code, name, severity), count in sorted(
                self.by_rule.items(), key=lambda item: (-item[1], item[0])
            )
        ]
        return {
            "totals": {
                "files_checked": files_checked,
                "files_with_findings": self.files_with_findings,
                "findings": self.total,
                "fixable": self.fixable,
                "by_severity": self.by_severity(),
            },
            "rules": rules,
            "folders": self.folder_totals(),
            "worst": [
                {"path": path, "count": count, "rules": counts}
                for count, path, counts in sorted(self._worst, key=lambda w: (-w[0], w[1]))
            ],
            "causes": [
                {
                    "code": cause.code,
                    "name": cause.name,
                    "id": cause.id,
                    "cause": cause.cause,
                    "count": cause.count,
                    "share": cause.count / self.total,
                    "kinds": self._kinds(cause.code, cause.id),
                    "example": example(cause.example),
                }
                for cause in self.causes.biggest_first()
            ],
            "page_kinds": [
                {
                    "key": key,
                    "label": label,
                    "what": what,
                    "files": self.files_by_kind[key],
                    "count": sum(n for (_, _, kind), n in self.by_kind.items() if kind == key),
                }
                for key, (label, what) in self.page_kinds.kinds.items()
            ],
        }

    def _kinds(self, code: str, cause_id: str) -> dict[str, int]:
        """A cause's findings per kind of page, in the order of the kinds."""
        return {
            key: count
            for key in self.page_kinds.kinds
            if (count := self.by_kind[code, cause_id, key])
        }


def parent_folder(folder: str) -> str | None:
    """The folder above, None above the top: "" (the current folder) holds
    every other, "/" and ".." included, so the folders make one tree."""
    if not folder:
        return None
    return "" if folder == "/" else posixpath.dirname(folder)


def _ancestors(folder: str) -> list[str]:
    """The folder and every folder above it, "" last."""
    found = [folder]
    while (parent := parent_folder(folder)) is not None:
        found.append(parent)
        folder = parent
    return found

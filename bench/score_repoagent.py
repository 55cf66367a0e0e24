#!/usr/bin/env python3
"""Score doclint's RepoAgent rules against labels made by reading a RepoAgent tree.

    python bench/score_repoagent.py TREE LABELS [--doclint CMD] [--show N] [--min 0.9]

TREE is a folder laid out like a RepoAgent repository (``markdown_docs/`` plus the
sources they document); LABELS is a TSV with the columns ``path``, ``line``, ``kind``,
``note`` (tests/labels/repoagent_findings.tsv, tests/labels/heldout/*.tsv; paths relative
to TREE). Runs ``doclint check . --output-format json`` once in TREE, maps each finding to a
label kind by its rule code (CODE_OF_KIND below), matches findings with labels and prints
precision and recall per kind and overall. A partial tree (a sample of a repository, like
the held-out ones) holds a ``LISTING.txt`` naming the whole repository's sources; it is
passed as ``--known-paths LISTING.txt``, so that the rules know which sources exist
without being readable and leave claims about them unjudged. Exits 1 when a kind with
labels or findings is below --min, 2 when doclint or the inputs fail. Standard library only.

Matching: a finding matches a label of its kind on the same (path, line), each label at
most once. Two kinds have no page line and match differently:
- undocumented-object: the label's path is the module's page and its note starts with the
  object (``Class.method``); a finding on that page (any line) whose message names the
  object (the dotted name or its last part) matches it.
- undocumented-module: the label's path is the source (``a/b.py``); a finding on that path
  or on its would-be page (``markdown_docs/a/b.md``), any line, matches it.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import shlex
import sys
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

# Label kind -> the code of the doclint rule that reports it (tests/test_labelled_repoagent.py
# reads this table too). Two kinds share DL701: a heading's object missing, or there at another
# kind or nesting, is one claim (the object exists as written) refuted two ways.
CODE_OF_KIND: dict[str, str] = {
    "missing-object": "DL701",
    "wrong-kind": "DL701",
    "signature-mismatch": "DL702",
    "unknown-parameter": "DL703",
    "undocumented-object": "DL704",
    "wrong-caller": "DL705",
    "wrong-relation": "DL710",
    "invented-section": "DL711",
    "placeholder": "DL706",
    "truncated": "DL707",
    "undocumented-module": "DL708",
    "orphan-page": "DL709",
    "broken-link": "DL401",
}


def _bench_score():
    """bench/score.py, whose doclint run (and its one-line errors) this script shares."""
    spec = importlib.util.spec_from_file_location("score", Path(__file__).with_name("score.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("score", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return sys.modules["score"]


BENCH_SCORE = _bench_score()
ScoreError = BENCH_SCORE.ScoreError
PAGE_ROOT = "markdown_docs"
OBJECT_KIND = "undocumented-object"
MODULE_KIND = "undocumented-module"
LISTING = "LISTING.txt"


@dataclass(frozen=True)
class Label:
    path: str
    line: int
    kind: str
    note: str

    @property
    def object_name(self) -> str:
        """The object an undocumented-object label names: the note's first word."""
        words = self.note.split()
        return words[0].strip("`") if words else ""


@dataclass
class Score:
    matched: Counter[str] = field(default_factory=Counter)
    missed: list[Label] = field(default_factory=list)
    extra: list[dict[str, object]] = field(default_factory=list)
    unscored: Counter[str] = field(default_factory=Counter)


def read_labels(path: Path) -> list[Label]:
    labels = []
    for number, row in BENCH_SCORE.read_tsv(path):
        try:
            label = Label(row["path"], int(row["line"]), row["kind"], row["note"] or "")
        except (KeyError, TypeError, ValueError) as error:
            raise ScoreError(f"{path}:{number}: not a path/line/kind/note row") from error
        if label.kind not in CODE_OF_KIND:
            raise ScoreError(f"{path}:{number}: unknown kind {label.kind!r}")
        labels.append(label)
    return labels


def page_of(source: str) -> str:
    """The page RepoAgent writes for a source file: a/b.py -> markdown_docs/a/b.md."""
    return f"{PAGE_ROOT}/{source[: -len('.py')]}.md" if source.endswith(".py") else source


def names_object(message: str, name: str) -> bool:
    parts = {name, name.rsplit(".", 1)[-1]}
    return any(re.search(rf"(?<![\w.]){re.escape(part)}(?!\w)", message) for part in parts if part)


def match(
    labels: Iterable[Label],
    findings: Iterable[Mapping[str, object]],
    code_of_kind: Mapping[str, str],
) -> Score:
    """Pair findings with labels (see the module docstring); what is left is missed or extra."""
    kinds_of_code: dict[str, set[str]] = {}
    for kind, code in code_of_kind.items():
        kinds_of_code.setdefault(code, set()).add(kind)
    score = Score()
    open_labels = list(labels)
    for finding in findings:
        code = str(finding.get("code", ""))
        kinds = kinds_of_code.get(code)
        if kinds is None:
            score.unscored[f"{code} {finding.get('name', '')}".strip()] += 1
            continue
        path = str(finding.get("path", "")).removeprefix("./")
        line = int(str(finding.get("line", 0)))
        message = str(finding.get("message", ""))
        hit = next((lab for lab in open_labels if _pairs(lab, kinds, path, line, message)), None)
        if hit is None:
            score.extra.append({**finding, "kind": min(kinds)})
        else:
            open_labels.remove(hit)
            score.matched[hit.kind] += 1
    score.missed = open_labels
    return score


def _pairs(label: Label, kinds: set[str], path: str, line: int, message: str) -> bool:
    if label.kind not in kinds:
        return False
    if label.kind == MODULE_KIND:
        return path in (label.path, page_of(label.path))
    if label.kind == OBJECT_KIND:
        return path == label.path and names_object(message, label.object_name)
    return (path, line) == (label.path, label.line)


def run_doclint(command: str | None, tree: Path) -> list[dict[str, object]]:
    base = shlex.split(command) if command else [sys.executable, "-P", "-m", "doclint"]
    argv = [*base, "check", ".", "--select", "ALL", "--output-format", "json", "--no-cache"]
    if (tree / LISTING).is_file():
        argv += ["--known-paths", LISTING]
    return BENCH_SCORE.run_doclint(argv, tree).findings


def ratio(part: int, whole: int) -> float:
    return part / whole if whole else 1.0


def report(labels: list[Label], score: Score, show: int) -> list[tuple[str, float, float]]:
    """Print the table; return (kind, precision, recall) of every kind with labels or findings."""
    expected = Counter(label.kind for label in labels)
    extra = Counter(str(finding["kind"]) for finding in score.extra)
    rows = []
    print("| kind | labels | found | false positives | missed | precision | recall |")
    print("|---|---|---|---|---|---|---|")
    for kind in [*CODE_OF_KIND, "all"]:
        if kind == "all":
            tp, fp, total = sum(score.matched.values()), sum(extra.values()), len(labels)
        else:
            tp, fp, total = score.matched[kind], extra[kind], expected[kind]
            if not total and not fp:
                continue
            rows.append((kind, ratio(tp, tp + fp), ratio(tp, total)))
        precision, recall = ratio(tp, tp + fp), ratio(tp, total)
        print(f"| {kind} | {total} | {tp} | {fp} | {total - tp} | {precision:.3f} | {recall:.3f} |")
    for title, items in (
        ("missed", [f"{lab.path}:{lab.line} {lab.kind}: {lab.note}" for lab in score.missed]),
        ("false positives", [_describe(finding) for finding in score.extra]),
        ("not scored (no kind mapped)", [f"{n} x {c}" for c, n in score.unscored.items()]),
    ):
        if items:
            print(f"\n{title} ({len(items)}):")
            for item in items[:show]:
                print(f"  {item}")
    return rows


def _describe(finding: Mapping[str, object]) -> str:
    where = f"{finding.get('path')}:{finding.get('line')}"
    return f"{where} {finding.get('code')} ({finding['kind']}): {finding.get('message', '')}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tree", type=Path, help="a RepoAgent tree (markdown_docs/ and sources)")
    parser.add_argument("labels", type=Path, help="labels TSV, paths relative to the tree")
    parser.add_argument("--doclint", help="command running doclint (default: this Python's)")
    parser.add_argument("--show", type=int, default=50, help="list at most N of each problem")
    parser.add_argument("--min", type=float, default=0.0, help="exit 1 below this precision/recall")
    args = parser.parse_args(argv)
    try:
        if not (args.tree / PAGE_ROOT).is_dir():
            raise ScoreError(f"{args.tree}: no {PAGE_ROOT}/ folder")
        labels = read_labels(args.labels)
        score = match(labels, run_doclint(args.doclint, args.tree), CODE_OF_KIND)
    except ScoreError as error:
        print(f"score_repoagent: {error}", file=sys.stderr)
        return 2
    rows = report(labels, score, args.show)
    low = [kind for kind, precision, recall in rows if min(precision, recall) < args.min]
    return 1 if low else 0


if __name__ == "__main__":
    sys.exit(main())

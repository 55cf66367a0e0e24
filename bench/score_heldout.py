#!/usr/bin/env python3
"""Score doclint's default rules on a real area of the generated tree labelled by reading.

    python bench/score_heldout.py AREA LABELS_PREFIX [--doclint CMD] [--show N] [--min 0.98]

AREA is a folder laid out like the repository (``docs/...`` plus ``LISTING.txt``, the
area's every path); LABELS_PREFIX names two files written by reading the pages before the
rules ran (tests/labels/heldout45/ says how): ``PREFIX_files.txt``, the labelled pages (a
second, tab-separated column restricts the codes judged on that page), and
``PREFIX_findings.tsv`` with the columns ``path``, ``line``, ``code_or_kind``, ``note``.

Runs ``doclint check docs --known-paths LISTING.txt --output-format json`` once in AREA
with the default rules (opt-in rules are not scored: the labels do not judge them). Only
findings on labelled pages count. A label whose kind is a rule code matches a finding of
that code on its (path, line); a ``misclaimed-sentence`` label (a fixed sentence false for
its file) matches a finding of any code on its (path, line), since it names the false claim
and not the rule that proves it. Each finding and each label matches at most once.
Precision is over doclint's findings, recall over the labels; both per kind and overall.
Exits 1 when the overall precision or recall is below --min, 2 when doclint or the inputs
fail. Standard library only.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections import Counter
from pathlib import Path

# The peers' label row, TSV reading, doclint run and one-line errors (a
# script's folder is first on sys.path).
from score_repoagent import BENCH_SCORE, Label

SENTENCE = "misclaimed-sentence"
ScoreError = BENCH_SCORE.ScoreError


def read_pages(path: Path) -> dict[str, frozenset[str] | None]:
    """Each labelled page, with the codes judged on it (None: all)."""
    pages: dict[str, frozenset[str] | None] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScoreError(f"{path}: cannot read: {error.strerror}") from error
    for row in text.splitlines():
        if row.strip():
            page, _, codes = row.partition("\t")
            pages[page] = frozenset(codes.split(",")) if codes.strip() else None
    return pages


def read_labels(path: Path) -> list[Label]:
    labels = []
    for number, row in BENCH_SCORE.read_tsv(path):
        try:
            labels.append(Label(row["path"], int(row["line"]), row["code_or_kind"], row["note"]))
        except (KeyError, TypeError, ValueError) as error:
            raise ScoreError(f"{path}:{number}: not a path/line/code_or_kind/note row") from error
    return labels


def run_doclint(command: str | None, area: Path) -> list[dict[str, object]]:
    argv = shlex.split(command) if command else [sys.executable, "-P", "-m", "doclint"]
    argv += ["check", "docs", "--known-paths", "LISTING.txt", "--no-cache"]
    return BENCH_SCORE.run_doclint([*argv, "--output-format", "json"], area).findings


def judged(finding: dict[str, object], pages: dict[str, frozenset[str] | None]) -> bool:
    path = str(finding["path"])
    if path not in pages:
        return False
    codes = pages[path]
    return codes is None or str(finding["code"]) in codes


def score(
    labels: list[Label], findings: list[dict[str, object]]
) -> tuple[Counter[str], list[Label], list[dict[str, object]]]:
    """(matched labels per kind, missed labels, unmatched findings)."""
    free: dict[tuple[str, int], list[dict[str, object]]] = {}
    for finding in findings:
        place = (str(finding["path"]), int(str(finding["line"])))
        free.setdefault(place, []).append(finding)
    matched: Counter[str] = Counter()
    missed: list[Label] = []
    # Labels naming a code first, so that a sentence label takes only what they leave.
    for label in sorted(labels, key=lambda label: label.kind == SENTENCE):
        candidates = free.get((label.path, label.line), [])
        hit = next(
            (f for f in candidates if label.kind in (SENTENCE, f["code"])),
            None,
        )
        if hit is None:
            missed.append(label)
        else:
            candidates.remove(hit)
            matched[label.kind] += 1
    extra = [finding for group in free.values() for finding in group]
    return matched, missed, extra


def ratio(part: int, whole: int) -> float:
    return part / whole if whole else 1.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("area", type=Path)
    parser.add_argument("labels", help="the labels' prefix: PREFIX_files.txt, PREFIX_findings.tsv")
    parser.add_argument("--doclint", help="the doclint command (default: this Python's -m doclint)")
    parser.add_argument("--show", type=int, default=20, help="misses and extras to print")
    parser.add_argument("--min", type=float, default=0.98)
    args = parser.parse_args(argv)
    try:
        pages = read_pages(Path(f"{args.labels}_files.txt"))
        labels = read_labels(Path(f"{args.labels}_findings.tsv"))
        findings = [f for f in run_doclint(args.doclint, args.area) if judged(f, pages)]
    except ScoreError as error:
        print(f"score_heldout: {error}", file=sys.stderr)
        return 2
    matched, missed, extra = score(labels, findings)
    kinds = Counter(label.kind for label in labels)
    extra_by_code = Counter(str(f["code"]) for f in extra)
    print(f"{'kind':<22} {'labels':>6} {'found':>6} {'extra':>6} {'recall':>7}")
    for kind in sorted(kinds):
        found = matched[kind]
        print(
            f"{kind:<22} {kinds[kind]:>6} {found:>6} {extra_by_code[kind]:>6} "
            f"{ratio(found, kinds[kind]):>7.3f}"
        )
    for code in sorted(set(extra_by_code) - set(kinds)):
        print(f"{code:<22} {0:>6} {0:>6} {extra_by_code[code]:>6}")
    hits = sum(matched.values())
    precision, recall = ratio(hits, hits + len(extra)), ratio(hits, len(labels))
    print(
        f"overall: {len(labels)} labels, {len(findings)} findings, "
        f"precision {precision:.3f}, recall {recall:.3f}"
    )
    for label in missed[: args.show]:
        print(f"  missed {label.path}:{label.line} {label.kind}: {label.note[:100]}")
    for finding in extra[: args.show]:
        print(
            f"  extra  {finding['path']}:{finding['line']} {finding['code']}: "
            f"{str(finding['message'])[:100]}"
        )
    return 0 if min(precision, recall) >= args.min else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Score doclint against the ground truth of a generated corpus.

    python bench/score.py CORPUS_ROOT [--doclint CMD] [--exceptions FILE] [--json OUT]
        [--show N] [--min 0.99]
    python bench/score.py --build small|full|cuda [same options]

Runs doclint once, as a whole process in CORPUS_ROOT, on its docs/ folder with every rule
selected, and matches its findings with the corpus's manifest.jsonl on (path, line, kind).
`--build` first generates the corpus with ../shared/tools/gen_corpus.py from CPython's
standard library into bench/.corpora/<size> (reused when its manifest.jsonl exists).
Prints a Markdown table of true and false positives and negatives per defect kind; exits 1
when a kind's precision or recall is below --min, 2 when doclint or the inputs fail.
See bench/SCORING.md. Standard library only.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import os
import posixpath
import re
import shlex
import subprocess
import sys
import sysconfig
import time
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = BENCH_DIR.parent
# gen_corpus source and arguments of each size (None: CPython's standard library);
# bench/bench.py builds small and full the same way in the same place.
SIZES: dict[str, tuple[str | None, list[str]]] = {
    "small": (None, ["--limit", "200"]),
    "full": (None, ["--levels", "2"]),
    # A C/C++/CUDA header tree: the C++ template and its kinds.
    "cuda": ("/usr/local/cuda/include", ["--levels", "2"]),
}

# Manifest kind -> the doclint rules (by name) whose findings count for it.
KIND_RULES: dict[str, tuple[str, ...]] = {
    "bad-plural-heading": ("unknown-heading",),
    "keyword-as-class": ("keyword-as-class",),
    "export-macro-as-class": ("keyword-as-class",),
    "keyword-as-function": ("phantom-keyword",),
    # An include the source does not have, in a keyword index or in "This file includes:".
    "bogus-include": ("phantom-keyword", "bogus-dependency"),
    "stopword-identifier": ("stopword-keyword",),
    "nonsense-run-command": ("nonsense-run-command",),
    "broken-fence": ("broken-fence",),
    "mojibake": ("mojibake",),
    "encoding-replacement": ("replacement-character",),
    # The manifest counts a link that leaves the corpus root as broken.
    "broken-link": ("broken-link", "link-escapes-root"),
    "size-mismatch": ("metadata-mismatch",),
    "misclassified-test": ("misclassified-file",),
    "count-mismatch": ("count-mismatch",),
    "bogus-dependency": ("bogus-dependency",),
}
# Rule -> the kinds it serves, in KIND_RULES order.
RULE_KINDS: dict[str, tuple[str, ...]] = {}
for _kind, _rules in KIND_RULES.items():
    for _rule in _rules:
        RULE_KINDS[_rule] = (*RULE_KINDS.get(_rule, ()), _kind)

# How stopword-keyword says an entry is a word of the generator's page, not a stop word.
GENERATOR_WORD = "is a word the generator wrote itself"
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
CPP_SUFFIXES = (".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".cu", ".cuh")
PAGE_SUFFIXES = ("_docs.md", "_kw.md")
GENERATOR = PROJECT_ROOT.parent / "shared" / "tools" / "gen_corpus.py"


@cache
def cpp_keywords() -> frozenset[str]:
    """The C/C++ keywords of gen_corpus's keyword-as-function, read from gen_corpus
    itself: the manifest's definition of the kind, not a copy of it."""
    spec = importlib.util.spec_from_file_location("gen_corpus", GENERATOR)
    if spec is None or spec.loader is None or not GENERATOR.is_file():
        raise ScoreError(f"{GENERATOR} not found: it defines the C/C++ keywords scored")
    module = importlib.util.module_from_spec(spec)
    with warnings.catch_warnings():  # its docstring's regex escapes are not ours to mend
        warnings.simplefilter("ignore", DeprecationWarning)
        spec.loader.exec_module(module)
    return frozenset(module.CPP_KEYWORDS)


class Place:
    """Where a finding is, and what it says: what a kind's scope is judged on."""

    def __init__(self, path: str, line: int, message: str, lines: LineReader) -> None:
        self.path, self.line, self.message, self.lines = path, line, message, lines

    @cached_property
    def text(self) -> str:
        return self.lines.text(self.path, self.line)

    @cached_property
    def section(self) -> str:
        """The nearest heading above the line, as written."""
        above = reversed(self.lines.all(self.path)[: max(self.line - 1, 0)])
        return next((text for text in above if text.startswith("#")), "").rstrip()

    @property
    def cpp(self) -> bool:
        """Whether the page is about a C/C++/CUDA source (or about such a page)."""
        return is_cpp_page(self.path)

    @property
    def entry(self) -> str:
        """The backticked name of a list entry (`- **`if`**: ...`)."""
        parts = self.text.split("`")
        return parts[1] if len(parts) > 2 else ""

    @property
    def entry_of_message(self) -> str:
        """The first backticked name of the finding's message."""
        parts = self.message.split("`")
        return parts[1] if len(parts) > 2 else ""

    def in_indexed_headings(self) -> bool:
        """Whether the entry is a word of a heading of the page a level-2 index indexes."""
        indexed = self.path.removeprefix("docs/").removesuffix("_kw.md")
        headings = (text for text in self.lines.all(indexed) if text.startswith("#"))
        return any(self.entry in WORD.findall(heading) for heading in headings)


# Kinds narrower than the rules they map to, by gen_corpus's own definition: only
# findings in the kind's scope are scored; the others are counted apart as beyond
# the kind. misclassified-test is the File Purpose phrase only (misclassified-file
# also reports a "Run it with" section of a file that is not Python, and the other
# fixed sentences of the line, "part of the **documentation**" for one); count-mismatch
# is the overview sentence only (the rule also checks doc.md's folder counts); the C++
# kinds live on pages of C/C++/CUDA sources, keyword-as-function is a keyword listed
# as a function (phantom-keyword also reports names the source does not define), and
# bogus-dependency is Python's "Import Dependencies" (C++ includes are bogus-include).
# stopword-identifier is a stop word or a word of the generator's headings:
# stopword-keyword also reports the other words the generator wrote on the indexed
# page (labels, footer, fixed sentences), which the issue asks for and the manifest
# does not list.
KIND_SCOPE: dict[str, Callable[[Place], bool]] = {
    "misclassified-test": lambda place: (
        "This appears to be a **test file**." in place.text and " is a test file," in place.message
    ),
    "count-mismatch": lambda place: (
        "This Python file contains" in place.text
        or "This C++ file contains approximately" in place.text
    ),
    "export-macro-as-class": lambda place: place.cpp,
    "keyword-as-function": lambda place: (
        place.cpp and place.section == "### Functions" and place.entry in cpp_keywords()
    ),
    "bogus-include": lambda place: (
        place.cpp and place.section in ("### Includes", "### Import Dependencies")
    ),
    "bogus-dependency": lambda place: not place.cpp,
    "stopword-identifier": lambda place: (
        GENERATOR_WORD not in place.message or place.in_indexed_headings()
    ),
}
# Kinds the manifest may report several times on one line: once per link, once per
# name of a `**Classes/Structs**:` line (a name listed twice is one defect). For
# every other kind, several findings of a rule on one line are one defect.
MULTI_KINDS = frozenset({"broken-link"})
PER_NAME_KINDS = frozenset({"keyword-as-class", "export-macro-as-class"})
VERDICTS = ("manifest-wrong", "manifest-missing")
EXCEPTIONS_HEADER = ["path", "line", "kind", "verdict", "reason"]

Key = tuple[str, int, str]  # (path relative to the corpus root, line, manifest kind)


class ScoreError(Exception):
    """A problem with the inputs or the doclint run: reported, exit status 2."""


def read_tsv(path: Path) -> list[tuple[int, dict[str, str]]]:
    """The rows of a tab-separated file with a header line, each with its line
    number; a file that cannot be read is a ScoreError naming it."""
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            return list(enumerate(csv.DictReader(handle, delimiter="\t"), start=2))
    except OSError as error:
        raise ScoreError(f"{path}: cannot read labels: {error.strerror}") from error


@dataclass(frozen=True)
class Exemption:
    """One row of the exceptions file."""

    path: str
    line: int
    kind: str
    verdict: str
    reason: str

    @property
    def key(self) -> Key:
        return (self.path, self.line, self.kind)


@dataclass
class Truth:
    """The manifest's defects, as a multiset, with their details."""

    counts: Counter[Key] = field(default_factory=Counter)
    details: dict[Key, list[str]] = field(default_factory=lambda: defaultdict(list))


@dataclass
class Found:
    """doclint's findings mapped to manifest kinds, and the others by rule."""

    counts: Counter[Key] = field(default_factory=Counter)
    messages: dict[Key, list[str]] = field(default_factory=lambda: defaultdict(list))
    unscored: Counter[str] = field(default_factory=Counter)
    beyond: Counter[str] = field(default_factory=Counter)
    total: int = 0


@dataclass
class Run:
    """One doclint process."""

    argv: list[str]
    seconds: float
    findings: list[dict[str, Any]]
    warnings: list[str]


@dataclass
class KindScore:
    kind: str
    tp: int = 0
    fp: int = 0
    fn: int = 0
    false_positives: list[str] = field(default_factory=list)
    false_negatives: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float | None:
        return ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float | None:
        return ratio(self.tp, self.tp + self.fn)

    def passes(self, minimum: float) -> bool:
        return all(value is None or value >= minimum for value in (self.precision, self.recall))


def ratio(part: int, whole: int) -> float | None:
    """part/whole; None when there is nothing to measure (no findings, no defects)."""
    return part / whole if whole else None


# ---- inputs -------------------------------------------------------------------------------------


def build_corpus(size: str, shared: Path) -> Path:
    """The corpus of this size under bench/.corpora, generated unless it is there."""
    work = BENCH_DIR / ".corpora"
    root = work / size
    if (root / "manifest.jsonl").is_file():
        return root
    generator = shared / "tools" / "gen_corpus.py"
    if not generator.is_file():
        raise ScoreError(f"{generator} not found (use --shared DIR)")
    source, args = SIZES[size]
    source = source or sysconfig.get_paths()["stdlib"]
    if not Path(source).is_dir():
        raise ScoreError(f"{source} not found: the {size} corpus is built from it")
    argv = [sys.executable, str(generator), source, str(root), *args, "--force"]
    print(f"score: generating the {size} corpus: {shlex.join(argv)}", file=sys.stderr)
    if subprocess.run(argv, stdout=subprocess.DEVNULL, check=False).returncode != 0:
        raise ScoreError(f"gen_corpus failed: {shlex.join(argv)}")
    # The stamp bench/bench.py keeps beside a corpus, so that it reuses this one.
    stamp = json.dumps({"source": source, "args": args})
    (work / f"{size}.source.json").write_text(stamp, encoding="utf-8")
    return root


def load_manifest(root: Path) -> Truth:
    path = root / "manifest.jsonl"
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise ScoreError(f"cannot read {path}: {error.strerror or error}") from error
    truth = Truth()
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            entry = json.loads(text)
            key = (normalise(str(entry["path"])), int(entry["line"]), str(entry["kind"]))
        except (ValueError, KeyError, TypeError) as error:
            raise ScoreError(f"{path}:{number}: not a manifest entry: {error}") from error
        truth.counts[key] += 1
        truth.details[key].append(str(entry.get("detail", "")))
    return truth


def load_exceptions(path: Path) -> list[Exemption]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise ScoreError(f"cannot read {path}: {error.strerror or error}") from error
    if not lines or lines[0].split("\t") != EXCEPTIONS_HEADER:
        raise ScoreError(f"{path}: the first line must be {chr(9).join(EXCEPTIONS_HEADER)!r}")
    exemptions = []
    for number, text in enumerate(lines[1:], 2):
        if not text.strip() or text.startswith("#"):
            continue
        cells = text.split("\t")
        if len(cells) != len(EXCEPTIONS_HEADER):
            raise ScoreError(
                f"{path}:{number}: expected {len(EXCEPTIONS_HEADER)} tab-separated cells"
            )
        file, line, kind, verdict, reason = (cell.strip() for cell in cells)
        if not line.isdigit() or kind not in KIND_RULES or verdict not in VERDICTS:
            raise ScoreError(
                f"{path}:{number}: need a line number, a kind of {sorted(KIND_RULES)}"
                f" and a verdict of {list(VERDICTS)}"
            )
        exemptions.append(Exemption(normalise(file), int(line), kind, verdict, reason))
    return exemptions


def apply_exceptions(
    truth: Truth, exemptions: Iterable[Exemption], root: Path
) -> tuple[list[Exemption], list[Exemption]]:
    """Correct the manifest; returns the exceptions applied and those that do not apply here.

    The file is shared by both corpora: an entry applies to a corpus whose manifest has the
    defect (manifest-wrong) or that has the file (manifest-missing).
    """
    applied, unused = [], []
    for exemption in exemptions:
        key = exemption.key
        if exemption.verdict == "manifest-wrong" and truth.counts[key] > 0:
            truth.counts[key] -= 1
            truth.details[key].pop()
            applied.append(exemption)
        elif exemption.verdict == "manifest-missing" and (root / exemption.path).is_file():
            truth.counts[key] += 1
            truth.details[key].append(f"(exception) {exemption.reason}")
            applied.append(exemption)
        else:
            unused.append(exemption)
    truth.counts = +truth.counts  # drop the entries taken down to zero
    return applied, unused


def normalise(path: str, root: Path | None = None) -> str:
    """A POSIX path relative to the corpus root."""
    if root is not None and os.path.isabs(path):
        path = os.path.relpath(path, root)
    path = posixpath.normpath(path.replace(os.sep, "/"))
    return "" if path == "." else path


# ---- the doclint run ---------------------------------------------------------------------------


def doclint_argv(command: str | None) -> list[str]:
    base = shlex.split(command) if command else [sys.executable, "-m", "doclint"]
    # Scores must reflect the rules as they are now, never a cache of an older run.
    probe = execute([*base, "check", "--help"], timeout=120)
    if probe.returncode != 0:
        raise ScoreError(
            f"`{shlex.join(base)} check --help` exited with {probe.returncode}:"
            f" {probe.stderr.strip()}"
        )
    cache = ["--no-cache"] if "--no-cache" in probe.stdout else []
    return [*base, "check", "docs", "--select", "ALL", "--output-format", "json", *cache]


def execute(
    argv: list[str], cwd: Path | None = None, timeout: float | None = None
) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            argv, cwd=cwd, capture_output=True, text=True, check=False, timeout=timeout
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise ScoreError(f"cannot run {shlex.join(argv)}: {error}") from error


def run_doclint(argv: list[str], root: Path) -> Run:
    started = time.perf_counter()
    done = execute(argv, cwd=root)
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1):
        tail = "\n".join(done.stderr.strip().splitlines()[-5:])
        raise ScoreError(f"doclint exited with {done.returncode}: {shlex.join(argv)}\n{tail}")
    try:
        findings = json.loads(done.stdout)
    except ValueError as error:
        raise ScoreError(f"doclint's output is not JSON: {error}") from error
    if not isinstance(findings, list):
        raise ScoreError("doclint's JSON output is not a list of findings")
    warnings = list(dict.fromkeys(line for line in done.stderr.splitlines() if line.strip()))
    return Run(argv, seconds, findings, warnings)


def collect(findings: Iterable[dict[str, Any]], root: Path, truth: Truth) -> Found:
    found = Found()
    seen: set[tuple[str, int, str, str]] = set()
    lines = LineReader(root)
    for finding in findings:
        found.total += 1
        rule = str(finding.get("name", ""))
        kinds = RULE_KINDS.get(rule)
        if kinds is None:
            found.unscored[f"{finding.get('code', '?')} {rule}"] += 1
            continue
        path, line = normalise(str(finding["path"]), root), int(finding["line"])
        place = Place(path, line, str(finding.get("message", "")), lines)
        kind = pick_kind(kinds, place, truth, found)
        if kind is None:
            found.beyond[f"{finding.get('code', '?')} {rule}"] += 1
            continue
        key = (path, line, kind)
        if kind not in MULTI_KINDS:
            # One defect per line, or per name of a line listing names.
            name = place.entry_of_message if kind in PER_NAME_KINDS else ""
            if (path, line, rule, name) in seen:
                continue
            seen.add((path, line, rule, name))
        found.counts[key] += 1
        found.messages[key].append(f"{finding.get('code', '?')} {finding.get('message', '')}")
    return found


def pick_kind(kinds: tuple[str, ...], place: Place, truth: Truth, found: Found) -> str | None:
    """The kind a finding counts for: of the rule's kinds, one the manifest has on
    that line and no finding matched yet, else the first whose scope holds it;
    None when none does."""
    for kind in kinds:
        key = (place.path, place.line, kind)
        if truth.counts[key] > found.counts[key]:
            return kind
    return next((kind for kind in kinds if kind not in KIND_SCOPE or KIND_SCOPE[kind](place)), None)


class LineReader:
    """Lines of the corpus's files, read once per file."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.files: dict[str, list[str]] = {}

    def text(self, path: str, line: int) -> str:
        if path not in self.files:
            try:
                data = (self.root / path).read_text(encoding="utf-8", errors="replace")
            except OSError:
                data = ""
            self.files[path] = data.split("\n")
        lines = self.files[path]
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def all(self, path: str) -> list[str]:
        self.text(path, 1)
        return self.files[path]


def is_cpp_page(path: str) -> bool:
    """Whether a page is about a C/C++/CUDA source, or about such a page."""
    name = posixpath.basename(path)
    while name.endswith(PAGE_SUFFIXES):
        name = name.removesuffix("_docs.md").removesuffix("_kw.md")
    return name.lower().endswith(CPP_SUFFIXES)


# ---- scoring and the report --------------------------------------------------------------------


def score(truth: Truth, found: Found, show: int) -> list[KindScore]:
    scores = {kind: KindScore(kind) for kind in KIND_RULES}
    for key in sorted(set(truth.counts) | set(found.counts)):
        kind = key[2]
        if kind not in scores:  # a kind this script does not know: left out, and said so
            scores[kind] = KindScore(kind)
        row, expected, got = scores[kind], truth.counts[key], found.counts[key]
        matched = min(expected, got)
        row.tp += matched
        row.fp += got - matched
        row.fn += expected - matched
        where = f"{key[0]}:{key[1]}"
        if got > matched and len(row.false_positives) < show:
            row.false_positives.append(f"{where}: {found.messages[key][-1]}")
        if expected > matched and len(row.false_negatives) < show:
            row.false_negatives.append(f"{where}: {truth.details[key][-1]}")
    return list(scores.values())


def fmt(value: float | None, minimum: float = 0.0) -> str:
    """A ratio with 4 decimals, in bold when it is below the minimum."""
    if value is None:
        return "n/a"
    return f"{value:.4f}" if value >= minimum else f"**{value:.4f}**"


def corpus_size(root: Path) -> tuple[int, int]:
    """Number and total bytes of the .md files under docs/."""
    files = size = 0
    for folder, _, names in os.walk(root / "docs"):
        for name in names:
            if name.endswith(".md"):
                files += 1
                size += os.path.getsize(os.path.join(folder, name))
    return files, size


def report(
    root: Path,
    run: Run,
    scores: list[KindScore],
    found: Found,
    applied: list[Exemption],
    unused: list[Exemption],
    minimum: float,
) -> str:
    files, size = corpus_size(root)
    out = [
        f"## doclint vs manifest: `{root}`",
        "",
        f"- corpus: {files:,} .md files, {size / 1e6:.1f} MB; manifest: "
        f"{sum(s.tp + s.fn for s in scores):,} defects after exceptions",
        f"- doclint: `{shlex.join(run.argv)}`: {len(run.findings):,} findings in "
        f"{run.seconds:.1f} s",
        "",
        "| kind | rule | TP | FP | FN | precision | recall |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in scores:
        rules = ", ".join(KIND_RULES.get(row.kind, ("?",)))
        out.append(
            f"| {row.kind} | {rules} | {row.tp:,} | {row.fp:,} | {row.fn:,} "
            f"| {fmt(row.precision, minimum)} | {fmt(row.recall, minimum)} |"
        )
    total = KindScore("total", *(sum(getattr(s, f) for s in scores) for f in ("tp", "fp", "fn")))
    out.append(
        f"| **total** | | {total.tp:,} | {total.fp:,} | {total.fn:,} "
        f"| {fmt(total.precision)} | {fmt(total.recall)} |"
    )
    failing = [row.kind for row in scores if not row.passes(minimum)]
    out += [
        "",
        f"Below {minimum}: {', '.join(failing)}." if failing else f"All kinds reach {minimum}.",
    ]
    if found.unscored:
        out += ["", "Findings of rules the manifest does not score:", ""]
        out += ["| rule | findings |", "| --- | ---: |"]
        out += [f"| {rule} | {n:,} |" for rule, n in sorted(found.unscored.items())]
    if found.beyond:
        out += ["", "Findings beyond their kind's definition (see KIND_SCOPE), not scored:", ""]
        out += ["| rule | findings |", "| --- | ---: |"]
        out += [f"| {rule} | {n:,} |" for rule, n in sorted(found.beyond.items())]
    if applied or unused:
        per_kind = Counter(f"{e.kind} ({e.verdict})" for e in applied)
        listed = ", ".join(f"{k}: {n}" for k, n in sorted(per_kind.items())) or "none"
        out += ["", f"Exceptions applied: {len(applied)} ({listed}); not applicable to this"]
        out[-1] += f" corpus: {len(unused)}."
    for row in scores:
        for label, examples in (("FP", row.false_positives), ("FN", row.false_negatives)):
            if examples:
                out += ["", f"{label} examples of {row.kind}:", ""]
                out += [f"- {example}" for example in examples]
    if run.warnings:
        out += ["", "doclint said on stderr:", ""] + [f"    {line}" for line in run.warnings]
    return "\n".join(out) + "\n"


def as_json(
    root: Path,
    run: Run,
    scores: list[KindScore],
    found: Found,
    applied: list[Exemption],
    unused: list[Exemption],
) -> dict[str, Any]:
    files, size = corpus_size(root)
    return {
        "corpus": {"root": str(root), "md_files": files, "md_bytes": size},
        "doclint": {"argv": run.argv, "seconds": round(run.seconds, 2), "findings": found.total},
        "kinds": [
            {
                "kind": s.kind,
                "rules": list(KIND_RULES.get(s.kind, ())),
                "tp": s.tp,
                "fp": s.fp,
                "fn": s.fn,
                "precision": s.precision,
                "recall": s.recall,
                "false_positives": s.false_positives,
                "false_negatives": s.false_negatives,
            }
            for s in scores
        ],
        "unscored": dict(sorted(found.unscored.items())),
        "beyond_kind": dict(sorted(found.beyond.items())),
        "exceptions": {
            "applied": [e.__dict__ for e in applied],
            "not_applicable": [e.__dict__ for e in unused],
        },
    }


# ---- command line ------------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arg = parser.add_argument
    arg("corpus", nargs="?", type=Path, help="corpus root (holds docs/ and manifest.jsonl)")
    arg("--build", choices=sorted(SIZES), help="score bench/.corpora/SIZE, generated if missing")
    arg("--doclint", metavar="CMD", help="doclint command (default: this Python -m doclint)")
    arg(
        "--exceptions",
        type=Path,
        default=BENCH_DIR / "score_exceptions.tsv",
        help="manifest corrections (default: bench/score_exceptions.tsv)",
    )
    arg("--json", metavar="OUT", type=Path, help="also write the scores as JSON")
    arg("--show", type=int, default=0, metavar="N", help="print N example FPs and FNs per kind")
    arg("--min", type=float, default=0.99, help="lowest passing precision and recall")
    arg(
        "--shared",
        type=Path,
        default=PROJECT_ROOT.parent / "shared",
        help="shared folder with tools/gen_corpus.py (for --build)",
    )
    args = parser.parse_args(argv)
    if (args.corpus is None) == (args.build is None):
        parser.error("give either CORPUS_ROOT or --build SIZE")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        root = (args.corpus or build_corpus(args.build, args.shared)).resolve()
        truth = load_manifest(root)
        exemptions = load_exceptions(args.exceptions) if args.exceptions.is_file() else []
        applied, unused = apply_exceptions(truth, exemptions, root)
        run = run_doclint(doclint_argv(args.doclint), root)
        found = collect(run.findings, root, truth)
    except ScoreError as error:
        print(f"score: {error}", file=sys.stderr)
        return 2
    scores = score(truth, found, args.show)
    print(report(root, run, scores, found, applied, unused, args.min), end="")
    if args.json:
        data = as_json(root, run, scores, found, applied, unused)
        args.json.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return 0 if all(row.passes(args.min) for row in scores) else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Which of a generated corpus's known defects doclint and generic tools report.

    python bench/coverage.py [CORPUS] [--tools doclint,markdownlint-cli2,rumdl,typos]
        [--python PY] [--peers DIR] [--save DIR]

CORPUS is a tree made by gen_corpus.py (default: bench/.corpora/small): its `docs/` folder
and its `manifest.jsonl` of defects ({"path", "line", "kind", "detail"}, paths relative
to CORPUS).  Every tool runs once, in CORPUS, on `docs/` with its default rules and a
machine-readable output; its wall time is measured.  A manifest entry counts as caught
by a tool when the tool reports anything (any rule) at the entry's path and line, so the
rule ids printed next to each count show whether the tool saw the defect or only
something else on the same line.  Findings on no manifest line are "off-manifest".

doclint runs as `PY -P -m doclint check docs --select ALL --output-format json --no-cache`
(`-P` keeps the corpus's copies of standard-library modules off sys.path).  The peers come
from bench/.peers (see COVERAGE.md for how to install them); a missing peer is skipped
with a note on stderr.  The result is a Markdown table on stdout.  Standard library only.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

BENCH = Path(__file__).resolve().parent
KINDS = (
    "bad-plural-heading",
    "keyword-as-class",
    "stopword-identifier",
    "nonsense-run-command",
    "broken-fence",
    "mojibake",
    "encoding-replacement",
    "broken-link",
    "size-mismatch",
    "misclassified-test",
    "count-mismatch",
    "bogus-dependency",
)
TOP_RULES = 3
# A file-level finding (typos' misspelled file names) sits on this line and so matches no entry.
NO_LINE = 0

# markdownlint-cli2 has no built-in JSON output; this formatter (loaded through
# `outputFormatters`) writes one JSON object per finding to the file named by its parameter.
MARKDOWNLINT_FORMATTER = """\
"use strict";
const fs = require("node:fs");
module.exports = (options, outputPath) => {
  const fd = fs.openSync(outputPath, "w");
  for (const r of options.results) {
    const record = {path: r.fileName, line: r.lineNumber, rule: r.ruleNames[0]};
    fs.writeSync(fd, JSON.stringify(record) + "\\n");
  }
  fs.closeSync(fd);
  return Promise.resolve();
};
"""

Key = tuple[str, int]


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    rule: str


@dataclass
class Run:
    version: str
    seconds: float
    findings: list[Finding]


@dataclass
class KindCoverage:
    total: int = 0
    hits: int = 0
    rules: Counter[str] = field(default_factory=Counter)


@dataclass(frozen=True)
class Tool:
    name: str
    executable: Callable[[argparse.Namespace], Path]
    install: str
    run: Callable[[Path, Path, Path], Run]  # (corpus, executable, scratch dir) -> Run


def relative(path: str, root: Path) -> str:
    """Tool paths as manifest paths: POSIX, relative to the corpus root."""
    p = Path(path)
    if p.is_absolute():
        p = p.relative_to(root)
    return p.as_posix()


def timed(cmd: list[str], cwd: Path, stdout_path: Path, found: int = 1) -> float:
    """Run `cmd` with stdout to a file; return its wall time.

    `found` is the tool's exit status for "ran and reported something".
    """
    with stdout_path.open("wb") as out:
        start = time.perf_counter()
        proc = subprocess.run(cmd, cwd=cwd, stdout=out, stderr=subprocess.PIPE, check=False)
        seconds = time.perf_counter() - start
    if proc.returncode not in (0, found):
        stderr = proc.stderr.decode(errors="replace").strip()
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}: {stderr[-2000:]}")
    return seconds


def version_of(cmd: list[str]) -> str:
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    lines = (done.stdout.strip() or done.stderr.strip()).splitlines()
    return lines[0] if lines else "unknown"


def json_lines(path: Path) -> Iterator[dict[str, object]]:
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def as_int(value: object) -> int:
    return value if isinstance(value, int) else NO_LINE


def run_doclint(corpus: Path, python: Path, scratch: Path) -> Run:
    out = scratch / "doclint.json"
    cmd = [str(python), "-P", "-m", "doclint"]
    check = ["check", "docs", "--select", "ALL", "--output-format", "json", "--no-cache"]
    seconds = timed([*cmd, *check], corpus, out)
    with out.open(encoding="utf-8") as f:
        records: list[dict[str, object]] = json.load(f)
    findings = [
        Finding(relative(str(r["path"]), corpus), as_int(r["line"]), str(r["code"]))
        for r in records
    ]
    return Run(version_of([*cmd, "--version"]), seconds, findings)


def run_markdownlint(corpus: Path, binary: Path, scratch: Path) -> Run:
    formatter = scratch / "formatter.cjs"
    formatter.write_text(MARKDOWNLINT_FORMATTER, encoding="utf-8")
    records = scratch / "markdownlint.jsonl"
    # Only the output formatter is configured: the rules keep their defaults.
    config = scratch / ".markdownlint-cli2.jsonc"
    config.write_text(json.dumps({"outputFormatters": [[str(formatter), str(records)]]}))
    banner = scratch / "markdownlint.out"
    seconds = timed([str(binary), "--config", str(config), "docs/**/*.md"], corpus, banner)
    findings = [
        Finding(relative(str(r["path"]), corpus), as_int(r["line"]), str(r["rule"]))
        for r in json_lines(records)
    ]
    # The first stdout line is the banner "markdownlint-cli2 vX (markdownlint vY)".
    version = banner.read_text(encoding="utf-8").splitlines()[0]
    return Run(version, seconds, findings)


def run_rumdl(corpus: Path, binary: Path, scratch: Path) -> Run:
    out = scratch / "rumdl.jsonl"
    # No config, no cache, no ignore files (bench/.gitignore lists bench/.corpora).
    flags = ["--no-config", "--no-cache", "--respect-gitignore=false", "--color", "never"]
    cmd = [str(binary), "check", *flags, "--output-format", "json-lines", "docs"]
    seconds = timed(cmd, corpus, out)
    findings = [
        Finding(relative(str(r["file"]), corpus), as_int(r["line"]), str(r["rule"]))
        for r in json_lines(out)
    ]
    return Run(version_of([str(binary), "--version"]), seconds, findings)


def run_typos(corpus: Path, binary: Path, scratch: Path) -> Run:
    out = scratch / "typos.jsonl"
    # --isolated: no configuration files; --no-ignore: bench/.gitignore lists bench/.corpora.
    cmd = [str(binary), "--isolated", "--no-ignore", "--format", "json", "docs"]
    seconds = timed(cmd, corpus, out, found=2)
    # typos has no rules: the misspelled word is what tells its findings apart.
    findings = [
        Finding(relative(str(r["path"]), corpus), as_int(r.get("line_num")), str(r["typo"]))
        for r in json_lines(out)
        if r.get("type") == "typo"
    ]
    return Run(version_of([str(binary), "--version"]), seconds, findings)


TOOLS = (
    Tool("doclint", lambda a: a.python, "pip install -e .", run_doclint),
    Tool(
        "markdownlint-cli2",
        lambda a: a.peers / "node_modules" / ".bin" / "markdownlint-cli2",
        "npm install --prefix bench/.peers markdownlint-cli2",
        run_markdownlint,
    ),
    Tool(
        "rumdl",
        lambda a: a.peers / "venv" / "bin" / "rumdl",
        "bench/.peers/venv/bin/pip install rumdl",
        run_rumdl,
    ),
    Tool(
        "typos",
        lambda a: a.peers / "venv" / "bin" / "typos",
        "bench/.peers/venv/bin/pip install typos",
        run_typos,
    ),
)


def load_manifest(corpus: Path) -> list[tuple[Key, str]]:
    return [
        ((str(r["path"]), as_int(r["line"])), str(r["kind"]))
        for r in json_lines(corpus / "manifest.jsonl")
    ]


def rules_by_line(findings: Iterable[Finding]) -> dict[Key, set[str]]:
    lines: dict[Key, set[str]] = {}
    for f in findings:
        lines.setdefault((f.path, f.line), set()).add(f.rule)
    return lines


def coverage(manifest: list[tuple[Key, str]], findings: list[Finding]) -> dict[str, KindCoverage]:
    """Per kind: entries with a finding on their line, and the rules found there."""
    lines = rules_by_line(findings)
    result = {kind: KindCoverage() for kind in KINDS}
    for key, kind in manifest:
        cov = result.setdefault(kind, KindCoverage())
        cov.total += 1
        rules = lines.get(key)
        if rules:
            cov.hits += 1
            cov.rules.update(rules)
    return result


def percent(hits: int, total: int) -> str:
    if total == 0:
        return "n/a"
    if hits in (0, total):
        return f"{100 * hits // total}%"
    # Never round a miss up to 100% or a hit down to 0%.
    return f"{min(max(100 * hits / total, 0.1), 99.9):.1f}%"


def top(rules: Counter[str]) -> str:
    return ", ".join(f"{rule} ({n:,})" for rule, n in rules.most_common(TOP_RULES))


def cell(cov: KindCoverage) -> str:
    text = f"{cov.hits:,}/{cov.total:,} ({percent(cov.hits, cov.total)})"
    return f"{text}: {top(cov.rules)}" if cov.rules else text


def noise_cell(run: Run, manifest_lines: set[Key]) -> str:
    off = Counter(f.rule for f in run.findings if (f.path, f.line) not in manifest_lines)
    text = f"{len(run.findings):,} ({sum(off.values()):,} off-manifest)"
    return f"{text}: {top(off)}" if off else text


def table(manifest: list[tuple[Key, str]], runs: dict[str, Run]) -> list[str]:
    covs = {name: coverage(manifest, run.findings) for name, run in runs.items()}
    kinds = list(next(iter(covs.values()))) if covs else list(KINDS)
    lines = [
        "| kind | " + " | ".join(runs) + " |",
        "|---|" + "---|" * len(runs),
    ]
    for kind in kinds:
        cells = [cell(covs[name][kind]) for name in runs]
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    manifest_lines = {key for key, _ in manifest}
    noise = [noise_cell(run, manifest_lines) for run in runs.values()]
    lines.append("| findings (off-manifest) | " + " | ".join(noise) + " |")
    times = [f"{run.seconds:.1f} s" for run in runs.values()]
    lines.append("| wall time | " + " | ".join(times) + " |")
    return lines


def save(runs: dict[str, Run], folder: Path) -> None:
    """One `path<TAB>line<TAB>rule` file per tool, to look findings up afterwards."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, run in runs.items():
        rows = sorted((f.path, f.line, f.rule) for f in run.findings)
        text = "".join(f"{p}\t{n}\t{r}\n" for p, n, r in rows)
        (folder / f"{name}.tsv").write_text(text, encoding="utf-8")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "corpus",
        nargs="?",
        type=Path,
        default=BENCH / ".corpora" / "small",
        help="gen_corpus.py output (default: bench/.corpora/small)",
    )
    names = ",".join(t.name for t in TOOLS)
    parser.add_argument("--tools", default=names, help=f"comma-separated (default: {names})")
    parser.add_argument(
        "--python",
        type=Path,
        default=Path(sys.executable),
        help="Python with doclint installed (default: this one)",
    )
    parser.add_argument(
        "--peers", type=Path, default=BENCH / ".peers", help="peer installs (default: bench/.peers)"
    )
    parser.add_argument("--save", type=Path, help="write each tool's findings here as TSV")
    args = parser.parse_args(argv)
    unknown = set(args.tools.split(",")) - {t.name for t in TOOLS}
    if unknown:
        parser.error(f"unknown tools: {', '.join(sorted(unknown))}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    corpus = args.corpus.resolve()
    if not (corpus / "manifest.jsonl").is_file() or not (corpus / "docs").is_dir():
        sys.exit(f"{corpus} is not a gen_corpus.py tree (docs/ and manifest.jsonl)")
    wanted = args.tools.split(",")
    runs: dict[str, Run] = {}
    with tempfile.TemporaryDirectory(prefix="doclint-coverage-") as tmp:
        for tool in TOOLS:
            if tool.name not in wanted:
                continue
            executable = tool.executable(args)
            if not executable.exists():
                print(
                    f"skipping {tool.name}: {executable} missing ({tool.install})", file=sys.stderr
                )
                continue
            print(f"running {tool.name} ...", file=sys.stderr)
            runs[tool.name] = tool.run(corpus, executable, Path(tmp))
    if args.save:
        save(runs, args.save)
    manifest = load_manifest(corpus)
    pages = sum(1 for _ in (corpus / "docs").rglob("*.md"))
    print(
        f"Corpus `{corpus}`: {pages:,} Markdown files under docs/, {len(manifest):,} manifest "
        f"entries; {date.today().isoformat()}.\n"
    )
    print("\n".join(table(manifest, runs)))
    print("\nVersions: " + "; ".join(f"{name}: {run.version}" for name, run in runs.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

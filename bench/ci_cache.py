#!/usr/bin/env python3
"""The CI cache scenario: does a cache restored by actions/cache help?

    python bench/ci_cache.py CORPUS [--work DIR] [--rounds N] [--select DL]
        [--output-format full] [--rumdl PATH] [--keep]

CORPUS is a generated tree (shared/tools/gen_corpus.py; its docs/ folder is
checked). As a CI job sees it:

1. two fresh installs of this checkout (not editable), each in a venv of
   its own: `fill` and `check`;
2. `fill` checks copy A of the tree with the cache on (its .doclint_cache);
3. copy B is made from A with `cp -r` (new paths, new mtimes, the cache
   folder with it), and `check` checks it: the restored run;
4. copy C likewise, with one page changed, checked by `check`;
5. each copy is checked again with --no-cache by `check`: the cold runs
   whose output and time the cached runs are compared with;
6. the same with the cache in a folder of its own (`--cache-dir`), as a CI
   cache keeps it: `fill` checks checkout 1 of the tree (a fresh copy at
   builds/1/repo) into ci-cache/; a fresh checkout at builds/2/repo,
   the cache restored beside it at builds/2/cache, is checked by `check`,
   and so is one at builds/3/repo with one page changed.
Also: an unchanged re-run in copy A (same folder, same install), against
rumdl's cold time on the same tree, when rumdl is installed.

Times are medians of whole-process runs (wall clock); each cached run of a
round starts from the state the scenario describes (the copies are made
again for each round). Prints a Markdown report. Standard library only.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def install(venv: Path, reuse: bool) -> Path:
    """A fresh venv at `venv` with this checkout installed (a wheel, not
    editable); its doclint script. With `reuse`, one made by an earlier
    run of this scenario serves."""
    if reuse and (venv / "bin" / "doclint").exists():
        return venv / "bin" / "doclint"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(PROJECT_ROOT)]
    subprocess.run(pip, check=True, stdout=subprocess.DEVNULL)
    return venv / "bin" / "doclint"


def timed(argv: list[str], cwd: Path) -> tuple[float, bytes, int]:
    """Wall time, the report written to a file, and the exit code of a run."""
    report = cwd / ".bench-report"
    started = time.perf_counter()
    done = subprocess.run(
        [*argv, "-o", str(report)], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"{argv[0]} failed in {cwd}: {done.stderr.decode(errors='replace')}")
    data = report.read_bytes()
    report.unlink()
    return elapsed, data, done.returncode


def copy(source: Path, target: Path) -> None:
    """`cp -r`: new paths, new mtimes, the cache folder with the tree."""
    if target.exists():
        shutil.rmtree(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["cp", "-r", str(source), str(target)], check=True)


def change_one_page(tree: Path) -> Path:
    """Append a line to the first keyword index of the tree."""
    page = next(iter(sorted((tree / "docs").rglob("*_kw.md"))))
    with page.open("a", encoding="utf-8") as stream:
        stream.write("\nOne more line, as an edit in a pull request.\n")
    return page


def rumdl_cold(name: str, tree: Path, rounds: int) -> float | None:
    rumdl = shutil.which(name)
    if rumdl is None:
        return None
    rumdl = os.path.abspath(rumdl)
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        subprocess.run(
            # The cache folder's own .gitignore ("*") makes rumdl skip every file.
            [rumdl, "check", "docs", "--no-cache", "--respect-gitignore=false"],
            cwd=tree,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--work", type=Path, default=None)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--select", default="DL")
    parser.add_argument("--output-format", default="full")
    parser.add_argument("--rumdl", default="rumdl")
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    parser.add_argument(
        "--reuse-installs", action="store_true", help="keep the venvs of an earlier --keep run"
    )
    args = parser.parse_args(argv)
    work = args.work or Path(tempfile.mkdtemp(prefix="doclint-ci-cache-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        return _scenario(args, work.resolve())
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


def _scenario(args: argparse.Namespace, work: Path) -> int:
    reuse = args.reuse_installs
    fill, check = install(work / "venv-fill", reuse), install(work / "venv-check", reuse)
    check_args = ["check", "docs", "--select", args.select, "--output-format", args.output_format]
    copy(args.corpus, work / "A")
    fill_time, filled, _ = timed([str(fill), *check_args], work / "A")
    ci_cache = work / "ci-cache"
    shutil.rmtree(ci_cache, ignore_errors=True)
    copy(args.corpus, work / "builds/1/repo")
    timed([str(fill), *check_args, "--cache-dir", str(ci_cache)], work / "builds/1/repo")
    kinds = ("cold", "restored", "cold1", "one", "elsewhere", "elsewhere1")
    figures: dict[str, list[float]] = {key: [] for key in kinds}
    same: list[float] = []
    identical = {"restored": True, "one": True, "elsewhere": True}
    identical["elsewhere1"] = True
    for _ in range(args.rounds):
        same_time, same_output, _ = timed([str(fill), *check_args], work / "A")
        same.append(same_time)
        identical["restored"] &= same_output == filled
        copy(work / "A", work / "B")
        restored_time, restored, _ = timed([str(check), *check_args], work / "B")
        cold_time, cold, _ = timed([str(check), *check_args, "--no-cache"], work / "B")
        figures["restored"].append(restored_time)
        figures["cold"].append(cold_time)
        identical["restored"] &= restored == cold
        copy(work / "A", work / "C")
        change_one_page(work / "C")
        one_time, one, _ = timed([str(check), *check_args], work / "C")
        cold1_time, cold1, _ = timed([str(check), *check_args, "--no-cache"], work / "C")
        figures["one"].append(one_time)
        figures["cold1"].append(cold1_time)
        identical["one"] &= one == cold1
        for key, build, cold_output in (("elsewhere", "2", cold), ("elsewhere1", "3", cold1)):
            checkout, restored_cache = (
                work / "builds" / build / "repo",
                work / "builds" / build / "cache",
            )
            copy(args.corpus, checkout)
            copy(ci_cache, restored_cache)
            if build == "3":
                change_one_page(checkout)
            cached = ["--cache-dir", str(restored_cache)]
            elsewhere_time, elsewhere, _ = timed([str(check), *check_args, *cached], checkout)
            figures[key].append(elsewhere_time)
            identical[key] &= elsewhere == cold_output
    median = {key: statistics.median(values) for key, values in figures.items()}
    rumdl = rumdl_cold(args.rumdl, work / "A", args.rounds)
    pages = sum(1 for _ in (work / "A" / "docs").rglob("*.md"))
    cache_bytes = sum(f.stat().st_size for f in (work / "A" / ".doclint_cache").iterdir())
    tree_bytes = sum(f.stat().st_size for f in (work / "A" / "docs").rglob("*.md"))
    load = os.getloadavg()[0]
    print(f"# CI cache scenario: {pages:,} pages, {args.rounds} rounds, load {load:.1f}\n")
    print(f"`doclint {' '.join(check_args)}`; fill run (cache written): {fill_time:.2f} s\n")
    print("| run | median | runs | vs cold | output = cold's |")
    print("|---|---|---|---|---|")
    rows = [
        ("cold, fresh copy (--no-cache)", "cold", None, None),
        ("restored cache, fresh copy, 2nd install", "restored", "cold", "restored"),
        ("cold, fresh copy with one page changed", "cold1", None, None),
        ("restored cache, one page changed", "one", "cold1", "one"),
        ("--cache-dir restored beside a checkout elsewhere", "elsewhere", "cold", "elsewhere"),
        ("the same, one page changed", "elsewhere1", "cold1", "elsewhere1"),
    ]
    for label, key, against, same_as in rows:
        runs = ", ".join(f"{value:.2f}" for value in figures[key])
        ratio = f"{median[key] / median[against]:.2f}x" if against else ""
        equal = ("yes" if identical[same_as] else "NO") if same_as else ""
        print(f"| {label} | {median[key]:.2f} s | {runs} | {ratio} | {equal} |")
    same_median = statistics.median(same)
    rumdl_text = f"{rumdl:.2f} s" if rumdl is not None else "not installed"
    ratio = f", {same_median / rumdl:.2f}x rumdl's cold time" if rumdl else ""
    print(
        f"\nUnchanged re-run in the same folder: {same_median:.2f} s{ratio} (rumdl: {rumdl_text});"
        f" runs {', '.join(f'{value:.2f}' for value in same)}."
    )
    print(f"Cache folder: {cache_bytes / 1e6:.1f} MB for {tree_bytes / 1e6:.1f} MB of pages.")
    return 0 if all(identical.values()) else 1


if __name__ == "__main__":
    sys.exit(main())

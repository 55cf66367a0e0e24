"""A wiki with its history, checked cold: issue 58's budget is 2 s for a
45-page wiki on the development machine, everything included (the names
index, the history, Mermaid's parser under Node). Runs doclint's default
output and JSON in alternating rounds beside rumdl on the same folder (its
Markdown rules only: the peer a reader knows the time of), and prints each
median wall time, their ratio and the load before and after.

    python bench/wiki.py --repo ../shared/corpus/deepwiki/scriptscat+scriptcat/repo \\
        --folder .deepwiki --rumdl /path/to/rumdl --rounds 5

`--repo` may also be a git bundle (`repo.bundle` of a wiki with pinned
citations): it is cloned once into a temporary folder, with its history.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(command: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def checkout(repo: Path, into: Path) -> Path:
    """`repo` itself, or a clone of it when it is a bundle."""
    if repo.is_dir():
        return repo
    target = into / "repo"
    subprocess.run(["git", "clone", "-q", str(repo), str(target)], check=True)
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", type=Path, required=True)
    parser.add_argument("--folder", default=".deepwiki")
    parser.add_argument("--python", default=sys.executable, help="the Python doclint runs in")
    parser.add_argument("--rumdl", help="a rumdl binary to run beside it")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        repo = checkout(args.repo, Path(scratch))
        base = [args.python, "-P", "-m", "doclint", "check", args.folder, "--no-cache"]
        tools = {"doclint": base, "doclint json": [*base, "--output-format", "json"]}
        if args.rumdl:
            tools["rumdl"] = [args.rumdl, "check", "--no-cache", "--no-config", args.folder]
        pages = len(list((repo / args.folder).rglob("*.md")))
        print(f"{repo} {args.folder}: {pages} pages; load before {os.getloadavg()[0]:.2f}")
        times: dict[str, list[float]] = {name: [] for name in tools}
        names = list(tools)
        for round_ in range(args.rounds):
            for name in names[round_ % len(names) :] + names[: round_ % len(names)]:
                times[name].append(timed(tools[name], repo))
        for name, found in times.items():
            print(f"{name:14} median {statistics.median(found):.3f} s  (of {found})")
        if args.rumdl:
            ratio = statistics.median(times["doclint"]) / statistics.median(times["rumdl"])
            print(f"doclint / rumdl: {ratio:.2f}")
        print(f"load after {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

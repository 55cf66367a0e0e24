#!/usr/bin/env python3
"""Two versions of doclint compared by the instructions they execute.

    python bench/instructions.py CORPUS --old REV [--new REV] [--every 25]

On a shared machine the same cold run takes 13 s one minute and 15 s the
next, so a change of a few percent cannot be timed. valgrind's instruction
count of the same run is the same from one run to the next, and a count
moves with CPU time closely enough to rank changes. It runs about
fifty times slower than the program, so the runs check a sample of CORPUS:
every `--every`th documented source, with all its pages (level 1 and 2 stay
together, as the work order keeps them).

For each version (a git revision, checked out in a temporary worktree; the
working tree of this checkout when `--new` is not given) it counts a check of
the sample and a check of one page (the start-up, left out of the ratio),
`--select DL --no-cache --jobs 1`, with the interpreter running this
script, which must have doclint's dependencies. Prints a Markdown table and
whether the two outputs are identical. Needs valgrind; standard library only.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
# `-P`: the runs start in the corpus root, whose copies of the standard
# library must not be imported in place of the interpreter's.
RUN = "import sys; from doclint.cli.main import main; sys.exit(main(sys.argv[1:]))"
CHECK = ["check", "--select", "DL", "--no-cache", "--jobs", "1"]
# A page's source: its path under docs/ (and docs/docs/) without the page endings.
_PAGE_ENDINGS = re.compile(r"(?:_docs\.md|_kw\.md)+$")
_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def sample(corpus: Path, every: int) -> list[str]:
    """The pages of every `every`th documented source, in path order."""
    groups: dict[str, list[str]] = {}
    for page in sorted(path.relative_to(corpus).as_posix() for path in corpus.glob("docs/**/*.md")):
        source = page.removeprefix("docs/").removeprefix("docs/")
        groups.setdefault(_PAGE_ENDINGS.sub("", source), []).append(page)
    return [
        page for index, pages in enumerate(groups.values()) if index % every == 0 for page in pages
    ]


def _git(*args: str, check: bool = True) -> None:
    subprocess.run(["git", "-C", str(PROJECT_ROOT), *args], check=check)


def packages(checkout: Path, into: Path) -> Path:
    """A folder to put first on PYTHONPATH: the checkout's two packages."""
    into.mkdir(parents=True)
    (into / "doclint").symlink_to(checkout / "doclint")
    (into / "doclint_rules").symlink_to(checkout / "rules")
    return into


def _environment(path: Path) -> dict[str, str]:
    # Bytecode is written (a fresh worktree's first run would otherwise count
    # compiling every module, and a sandbox may forbid writing it).
    environment = {**os.environ, "PYTHONPATH": str(path)}
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    return environment


def compile_modules(path: Path, corpus: Path, page: str) -> None:
    """Check one page with the packages at `path`, uncounted, so that the
    counted runs find every module compiled."""
    command = [sys.executable, "-P", "-c", RUN, *CHECK, page]
    subprocess.run(command, cwd=corpus, env=_environment(path), capture_output=True, check=False)


def count(path: Path, corpus: Path, pages: list[str], log: Path, out: Path) -> int:
    """Instructions executed by a check of `pages` with the packages at `path`."""
    valgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    command = [*valgrind, f"--log-file={log}", sys.executable, "-P", "-c", RUN, *CHECK, *pages]
    with out.open("wb") as stdout:
        subprocess.run(command, cwd=corpus, env=_environment(path), stdout=stdout, check=False)
    found = _REFS.search(log.read_text())
    if found is None:
        raise SystemExit(f"no instruction count in {log}")
    return int(found[1].replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="a generated tree (its docs/ is checked)")
    parser.add_argument("--old", required=True, help="the git revision compared against")
    parser.add_argument("--new", help="another revision (default: this working tree)")
    parser.add_argument("--every", type=int, default=25, help="one documented source in N")
    args = parser.parse_args()
    corpus = args.corpus.resolve()
    pages = sample(corpus, args.every)
    sides = {"old": args.old, "new": args.new}
    with tempfile.TemporaryDirectory() as temporary:
        work = Path(temporary)
        checkouts = {side: work / f"{side}-checkout" for side, rev in sides.items() if rev}
        for side, checkout in checkouts.items():
            _git("worktree", "add", "--detach", "-q", str(checkout), sides[side])
        try:
            paths = {
                side: packages(checkouts.get(side, PROJECT_ROOT), work / f"{side}-path")
                for side in sides
            }
            for path in paths.values():
                compile_modules(path, corpus, pages[0])

            def run(job: tuple[str, str]) -> int:
                side, what = job
                checked = pages if what == "sample" else pages[:1]
                name = work / f"{side}-{what}"
                return count(paths[side], corpus, checked, name.with_suffix(".log"), name)

            jobs = [(side, what) for what in ("sample", "start-up") for side in sides]
            # Two at a time, on two cores: a count does not depend on the load.
            with ThreadPoolExecutor(2) as pool:
                counts = dict(zip(jobs, pool.map(run, jobs), strict=True))
            same = (work / "old-sample").read_bytes() == (work / "new-sample").read_bytes()
        finally:
            for checkout in checkouts.values():
                _git("worktree", "remove", "--force", str(checkout), check=False)
    checking = {side: counts[side, "sample"] - counts[side, "start-up"] for side in sides}
    print(f"{len(pages):,} pages of {corpus}, one source in {args.every}\n")
    print("| version | whole run | start-up | checking |")
    print("| --- | ---: | ---: | ---: |")
    for side, revision in sides.items():
        whole, start = counts[side, "sample"], counts[side, "start-up"]
        print(
            f"| {side} ({revision or 'working tree'}) | {whole / 1e9:.3f} G"
            f" | {start / 1e9:.3f} G | {checking[side] / 1e9:.3f} G |"
        )
    print(f"\nchecking, new / old: {checking['new'] / checking['old']:.3f}")
    print("outputs identical" if same else "outputs differ")


if __name__ == "__main__":
    main()

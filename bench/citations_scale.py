"""Citations at scale: a docs tree of 1,000 pages holding 20,000 `file:line`
citations, in a checkout of 20,000 commits, checked with no cache.

The checkout is written with `git fast-import` (no network, a few seconds):
200 Python sources, then commits that each insert a line into one source
(so cited lines move), with the pages added along the way (so each page's
citations were written at a commit of their own, and read there through its
blame). The run's `git` is a wrapper on PATH that logs each command, so the
report says how many git processes the check started, by subcommand: they
are bounded by pages and by (commit, file) pairs, never by citations.

    python bench/citations_scale.py                  # the issue's sizes
    python bench/citations_scale.py --pages 100 --commits 2000 --json

It uses the doclint of the Python running it (`python -P -m doclint`), or
`--doclint CMD`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

SOURCES = 200
LINES = 300
CITATIONS_PER_PAGE = 20


def source_text(lines: list[str]) -> bytes:
    return "".join(f"{line}\n" for line in lines).encode()


def fast_import_stream(pages: int, commits: int, seed: int) -> bytes:
    """The history as `git fast-import` reads it."""
    rng = random.Random(seed)
    files = [
        [f"def f{n}_{line}():  # line {line}" for line in range(LINES)] for n in range(SOURCES)
    ]
    out: list[bytes] = []
    mark = 0

    def commit(changes: dict[str, bytes], message: str) -> None:
        nonlocal mark
        mark += 1
        out.append(b"commit refs/heads/main\n")
        out.append(f"mark :{mark}\n".encode())
        out.append(f"committer A <a@example.com> {1700000000 + mark} +0000\n".encode())
        data = message.encode()
        out.append(b"data %d\n%s\n" % (len(data), data))
        if mark > 1:
            out.append(f"from :{mark - 1}\n".encode())
        for path, content in changes.items():
            out.append(f"M 100644 inline {path}\n".encode())
            out.append(b"data %d\n%s\n" % (len(content), content))

    commit({f"src/m{n}.py": source_text(files[n]) for n in range(SOURCES)}, "sources")
    page_every = max(1, (commits - 1) // max(pages, 1))
    written = 0
    for step in range(1, commits):
        if step % page_every == 0 and written < pages:
            lines = [f"# Page {written}", ""]
            for _ in range(CITATIONS_PER_PAGE):
                n = rng.randrange(SOURCES)
                start = rng.randrange(1, len(files[n]) - 5)
                lines.append(f"- `f{n}` is read at `src/m{n}.py:{start}-{start + 3}`.")
            commit({f"docs/p{written}.md": ("\n".join(lines) + "\n").encode()}, f"page {written}")
            written += 1
        else:
            n = rng.randrange(SOURCES)
            at = rng.randrange(len(files[n]))
            files[n].insert(at, f"# inserted at step {step}")
            commit({f"src/m{n}.py": source_text(files[n])}, f"step {step}")
    return b"".join(out)


def build(folder: Path, pages: int, commits: int, seed: int) -> None:
    subprocess.run(["git", "init", "-q", "-b", "main", str(folder)], check=True)
    stream = fast_import_stream(pages, commits, seed)
    subprocess.run(["git", "-C", str(folder), "fast-import", "--quiet"], input=stream, check=True)
    subprocess.run(["git", "-C", str(folder), "checkout", "-q", "main"], check=True)


def logging_git(folder: Path, log: Path) -> Path:
    """A folder holding a `git` that logs its subcommand, then runs git."""
    real = shutil.which("git")
    assert real is not None, "git is not installed"
    folder.mkdir()
    script = folder / "git"
    script.write_text(
        "#!/bin/sh\n"
        "skip=\n"
        'for a in "$@"; do\n'
        '    if [ -n "$skip" ]; then skip=; continue; fi\n'
        '    case "$a" in\n'
        "        -C|-c) skip=1 ;;\n"
        "        -*) ;;\n"
        f'        *) echo "$a" >> {shlex.quote(str(log))}; break ;;\n'
        "    esac\n"
        "done\n"
        f'exec {shlex.quote(real)} "$@"\n'
    )
    script.chmod(0o755)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--commits", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=80)
    parser.add_argument("--doclint", default=f"{sys.executable} -P -m doclint")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        repo = base / "repo"
        started = time.perf_counter()
        build(repo, args.pages, args.commits, args.seed)
        built = time.perf_counter() - started
        log = base / "git.log"
        wrapper = logging_git(base / "bin", log)
        env = {**os.environ, "PATH": f"{wrapper}{os.pathsep}{os.environ['PATH']}"}
        command = [*shlex.split(args.doclint), "check", "docs", "--no-cache", "--isolated"]
        command += ["--select", "DL8", "--output-format", "concise", "--exit-zero"]
        started = time.perf_counter()
        done = subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True)
        seconds = time.perf_counter() - started
        findings = Counter(line.split()[1] for line in done.stdout.splitlines() if ": DL8" in line)
        gits = Counter(log.read_text().split()) if log.exists() else Counter()
        figures = {
            "pages": args.pages,
            "citations": args.pages * CITATIONS_PER_PAGE,
            "commits": args.commits,
            "build_seconds": round(built, 1),
            "check_seconds": round(seconds, 2),
            "exit_code": done.returncode,
            "findings": dict(sorted(findings.items())),
            "git_processes": dict(sorted(gits.items())),
        }
        if args.json:
            print(json.dumps(figures, indent=2))
        else:
            for key, value in figures.items():
                print(f"{key}: {value}")
        if done.returncode != 0:
            sys.stderr.write(done.stderr)


if __name__ == "__main__":
    main()

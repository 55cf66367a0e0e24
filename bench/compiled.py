"""The compiled build against the pure-Python one and rumdl: whole cold runs
on one corpus, every rule, in alternating rounds (each round rotates the
order), so that a machine's load falls on every tool alike. Reports each
tool's median wall time and CPU time (its processes' user + system), the
median of the per-round ratios, and the load average before and after;
`--memory` polls the peak resident memory (VmHWM) of each run's processes.

    python bench/compiled.py --corpus /work/bench-corpus \\
        --doclint compiled=.venv/bin/python --doclint pure=/tmp/pure/bin/python \\
        --rumdl /path/to/rumdl --rounds 5

Each `--doclint NAME=PYTHON` runs `PYTHON -P -m doclint check docs --select ALL
--no-cache --output-format json` in the corpus root (a corpus generated from
the standard library has its own `typing.py`: `-P` keeps it off sys.path); its
build (`doclint --version`) is printed beside it. `--select` and
`--output-format` change those two (`--output-format default`: no format
named, as a user runs it, which writes `full`): issue 60's figure is of
`--select DL --output-format default`. rumdl runs as bench.py runs it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time
from pathlib import Path

DOCLINT = ["-P", "-m", "doclint", "check", "docs", "--no-cache"]
RUMDL = ["check", "--no-cache", "--no-config", "--respect-gitignore=false", "docs"]


def peak_kib(pid: int) -> int:
    """The peak resident memory of a live process (VmHWM), 0 once it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    return next(
        (int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM")), 0
    )


def children(pid: int) -> list[int]:
    try:
        return [
            int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        ]
    except OSError:
        return []


def polled(process: subprocess.Popen[bytes], peaks: dict[int, int]) -> None:
    """Waits for `process`, polling the peak memory of it and its children."""
    while process.poll() is None:
        for pid in [process.pid, *children(process.pid)]:
            peaks[pid] = max(peaks.get(pid, 0), peak_kib(pid))
        time.sleep(0.05)


def timed(command: list[str], cwd: Path, memory: bool) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system, children included); with
    `memory`, the peak memory of the main process and of its largest child
    is printed."""
    before = os.times()
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    peaks: dict[int, int] = {}
    if memory:
        polled(process, peaks)
    process.wait()
    wall = time.perf_counter() - start
    if memory:
        main_peak = peaks.pop(process.pid, 0)
        print(f"  {command[0]}: peak {main_peak / 1024:.0f} MiB, largest child ", end="")
        print(f"{max(peaks.values(), default=0) / 1024:.0f} MiB")
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, required=True, help="a root holding docs/")
    parser.add_argument("--doclint", action="append", required=True, metavar="NAME=PYTHON")
    parser.add_argument("--rumdl", required=True, help="the rumdl executable")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--memory", action="store_true", help="poll each run's peak memory")
    parser.add_argument("--select", default="ALL", help="doclint's rules (default: ALL)")
    parser.add_argument(
        "--output-format",
        default="json",
        help="doclint's format (default: json); `default`: none named, as a user runs it",
    )
    args = parser.parse_args()
    options = ["--select", args.select]
    if args.output_format != "default":
        options += ["--output-format", args.output_format]

    tools: dict[str, list[str]] = {}
    for given in args.doclint:
        name, _, python = given.partition("=")
        version = subprocess.run(
            [python, "-P", "-m", "doclint", "--version"], capture_output=True, text=True
        ).stdout.strip()
        print(f"{name}: {python}: {version}")
        tools[name] = [python, *DOCLINT, *options]
    tools["rumdl"] = [args.rumdl, *RUMDL]
    names = list(tools)
    walls: dict[str, list[float]] = {name: [] for name in names}
    cpus: dict[str, list[float]] = {name: [] for name in names}
    print("load average before:", " ".join(f"{load:.2f}" for load in os.getloadavg()))
    for round_ in range(args.rounds):
        shift = round_ % len(names)
        for name in names[shift:] + names[:shift]:
            wall, cpu = timed(tools[name], args.corpus, args.memory)
            walls[name].append(wall)
            cpus[name].append(cpu)
        loads = " ".join(f"{load:.2f}" for load in os.getloadavg())
        shown = ", ".join(f"{n} {walls[n][-1]:.2f} s ({cpus[n][-1]:.2f} s CPU)" for n in names)
        print(f"round {round_ + 1}: {shown}; load {loads}", flush=True)
    print("load average after:", " ".join(f"{load:.2f}" for load in os.getloadavg()))
    for name in names:
        print(
            f"{name}: median {statistics.median(walls[name]):.2f} s wall, "
            f"{statistics.median(cpus[name]):.2f} s CPU"
        )
    for name in names[:-1]:
        for other in names[names.index(name) + 1 :]:
            wall = statistics.median(a / b for a, b in zip(walls[name], walls[other], strict=True))
            cpu = statistics.median(a / b for a, b in zip(cpus[name], cpus[other], strict=True))
            print(f"{name}/{other}: median of ratios {wall:.3f} wall, {cpu:.3f} CPU")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""One page's path from the command line to a printed finding, counted.

    python bench/call_path.py [PAGE] [--cache] [--top N]

Runs `doclint check PAGE --no-cache --output-format full` (with `--cache`:
the cache on, in a new temporary folder, run twice and the second run
counted) in this process under `sys.setprofile`, and counts the Python
calls made on the way: calls, distinct functions, modules and rooms, and the
upward calls, those whose callee's room stands above its caller's in the
layer order (command line and output > run > engine > rules > models). A
call from the standard library into doclint counts from the nearest doclint
frame below it; calls made while a module is imported are left out (they
are the cost of a start, not of the path). Run it with the interpreter of
the checkout to measure (its doclint is the one imported). Standard library only.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from collections import Counter
from pathlib import Path
from types import FrameType

DEFAULT_PAGE = "examples/tree/docs/pkg/test_widgets.py_kw.md"
RANKS = {
    "cli": 5,
    "output": 5,
    "incremental": 5,
    "run": 4,
    "fixes": 4,
    "engine": 3,
    "rules": 2,
    "rule_api": 2,
    "models": 1,
}
"""The layer order: the command line owns the output and the cache; rooms
not named here (parsing, tree, util, ...) are counted but never upward."""


def room_of(module: str) -> str | None:
    """The room of a module of doclint (its package under doclint, `rules`
    for doclint_rules), None for a module of anything else."""
    if module == "doclint_rules" or module.startswith(("doclint_rules.", "rules.")):
        return "rules"
    if module == "doclint" or not module.startswith("doclint."):
        return None
    part = module.split(".")[1]
    return part.removesuffix(".py")


class Counts:
    """What the profiler saw."""

    def __init__(self) -> None:
        self.calls = 0
        self.functions: Counter[tuple[str, str]] = Counter()
        self.modules: Counter[str] = Counter()
        self.rooms: Counter[str] = Counter()
        self.upward: Counter[tuple[str, str]] = Counter()
        """(caller function, callee function) of each upward call."""

    def profile(self, frame: FrameType, event: str, _: object) -> None:
        if event != "call":
            return
        module = frame.f_globals.get("__name__", "")
        room = room_of(module)
        if room is None or _importing(frame):
            return
        self.calls += 1
        name = f"{module}.{frame.f_code.co_qualname}"
        self.functions[(module, name)] += 1
        self.modules[module] += 1
        self.rooms[room] += 1
        caller = _doclint_caller(frame.f_back)
        if caller is None:
            return
        caller_module = caller.f_globals.get("__name__", "")
        caller_room = room_of(caller_module)
        if caller_room is None or caller_room not in RANKS or room not in RANKS:
            return
        if RANKS[room] > RANKS[caller_room]:
            self.upward[(f"{caller_module}.{caller.f_code.co_qualname}", name)] += 1


def _room_of_function(name: str) -> str:
    """The room of a function named `module.qualified.name`."""
    parts = name.split(".")
    for end in range(len(parts) - 1, 0, -1):
        room = room_of(".".join(parts[:end]))
        if room is not None:
            return room
    return "?"


def _importing(frame: FrameType | None) -> bool:
    while frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_globals.get("__name__") != "__main__":
            return True
        frame = frame.f_back
    return False


def _doclint_caller(frame: FrameType | None) -> FrameType | None:
    while frame is not None:
        if room_of(frame.f_globals.get("__name__", "")) is not None:
            return frame
        frame = frame.f_back
    return None


def measure(page: str, cache: bool) -> tuple[Counts, int, str]:
    from doclint.cli.main import main  # the checkout's, imported before counting

    with tempfile.TemporaryDirectory() as folder:
        options = ["--cache-dir", folder] if cache else ["--no-cache"]
        argv = ["check", page, *options, "--output-format", "full", "--no-progress"]
        # A file, as a terminal or a pipe is: the report is written as bytes
        # (not so to a StringIO).
        printed = Path(folder) / "printed.txt"
        if cache:
            with open(printed, "w", encoding="utf-8") as out, contextlib.redirect_stdout(out):
                main(argv)
        counts = Counts()
        with open(printed, "w", encoding="utf-8") as out, contextlib.redirect_stdout(out):
            sys.setprofile(counts.profile)
            try:
                code = main(argv)
            finally:
                sys.setprofile(None)
        return counts, code, printed.read_text(encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("page", nargs="?", default=DEFAULT_PAGE)
    parser.add_argument("--cache", action="store_true", help="count a second run with a cache")
    parser.add_argument("--top", type=int, default=30, help="upward places listed")
    args = parser.parse_args()
    if not Path(args.page).is_file():
        parser.error(f"{args.page}: no such file")
    counts, code, printed = measure(args.page, args.cache)
    findings = sum(1 for line in printed.splitlines() if line.startswith(args.page + ":"))
    print(f"doclint check {args.page} ({'cache on, second run' if args.cache else 'no cache'})")
    print(f"exit {code}, {findings} findings printed")
    print(f"calls {counts.calls:,}, functions {len(counts.functions):,}, ", end="")
    print(f"modules {len(counts.modules)}, rooms {len(counts.rooms)}")
    print(f"upward calls {sum(counts.upward.values())} at {len(counts.upward)} places")
    print("rooms: " + ", ".join(f"{room} {n}" for room, n in counts.rooms.most_common()))
    pairs: Counter[str] = Counter()
    for (caller, callee), n in counts.upward.items():
        pairs[f"{room_of(caller.rsplit('.', 1)[0]) or '?'} -> {_room_of_function(callee)}"] += n
    print("upward by rooms: " + ", ".join(f"{pair} {n}" for pair, n in pairs.most_common()))
    for (caller, callee), n in counts.upward.most_common(args.top):
        print(f"  {n:5}  {caller} -> {callee}")


if __name__ == "__main__":
    main()

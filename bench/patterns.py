"""Every module-level regular expression of doclint and its rules, timed alone on
hostile lines: a pattern whose time grows faster than its input is named.

A tree is not trusted, and one line of a page may be megabytes long: a pattern
that retries a run from each of its characters takes the square of the line's
length (or more: nested quantifiers backtrack exponentially). This sweep builds
lines from a unit repeated (`_a `, `[`, tabs, dots...) behind a prefix and
before a suffix, times `match`, `search` and `findall` of each pattern on a
short and a four times longer one, and names the patterns whose longer time is
more than eight times the shorter (linear would be four).

A pattern named is a lead, not a defect: called with `match` on a bounded
piece, or after a cheaper test, it may be linear as doclint calls it. Trace
each to its calls; a defect gets a hostile page in
tests/robustness/test_hostile_tree.py that fails on the old code.

    python bench/patterns.py                      # every pattern: minutes
    python bench/patterns.py --only doclint.tree  # the patterns of one room
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import signal
import time
from collections.abc import Iterator
from types import FrameType, ModuleType

import doclint_rules

import doclint
from doclint.util.lazy_regex import LazyPattern

UNITS = [
    *[" ", "\t", "a", "1", "A", "-", "_", "*", "`", "[", "(", "<", "|", "\\", "~", "!", "$"],
    *["{", "}", "'", '"', "\u4e00", "a.", ", ", "aA", "1.", "- ", "a ", "# ", "a_", "aB_"],
    *["..", "/a", "a:", "- [", "**", "a-", "a b ", "a,", ". ", ": ", "= "],
]
PREFIXES = ["", "## x", "- ", "a", "`", "| ", "# ", "> ", "def ", "1. ", "**", "[", "http://"]
SUFFIXES = ["", "x", "\u0000", "!", "`", "\n"]
SHORT, LONG = 300, 1200
GROWTH = 8.0
"""A pattern is named when the long line costs more than this many times the short one."""
BUDGET = 2.0
"""Seconds one pattern may take on one line before it is stopped and named."""


class _TooLong(Exception):
    pass


def _stop(signum: int, frame: FrameType | None) -> None:
    raise _TooLong


def patterns(only: str) -> Iterator[tuple[str, re.Pattern[str]]]:
    """(module.NAME, pattern) of every module-level `str` pattern, each once."""
    seen: set[tuple[str, int]] = set()
    for package in (doclint, doclint_rules):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not info.name.startswith(only) or info.name.endswith("__main__"):
                continue
            module = _imported(info.name)
            if module is None:
                continue
            for name, value in vars(module).items():
                if isinstance(value, LazyPattern | re.Pattern) and isinstance(value.pattern, str):
                    key = (value.pattern, value.flags)
                    if key not in seen:
                        seen.add(key)
                        yield f"{info.name}.{name}", re.compile(*key)


def _imported(name: str) -> ModuleType | None:
    # A module of an extra (the editor server's pygls) may not import here.
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def cost(pattern: re.Pattern[str], line: str) -> float:
    """Seconds `match`, `search` and `findall` take on `line` (BUDGET at most)."""
    start = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, BUDGET)
    try:
        pattern.match(line)
        pattern.search(line)
        pattern.findall(line)
    except _TooLong:
        return BUDGET
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return time.perf_counter() - start


def worst_line(pattern: re.Pattern[str]) -> tuple[float, float, str] | None:
    """(long time, short time, the line's recipe) of the line whose time grows
    most beyond linear, if any grows more than GROWTH."""
    worst: tuple[float, float, str] | None = None
    for prefix in PREFIXES:
        for unit in UNITS:
            for suffix in SUFFIXES:
                short = cost(pattern, prefix + unit * (SHORT // len(unit)) + suffix)
                if short < 0.002:
                    continue  # too quick to tell growth from noise
                long = cost(pattern, prefix + unit * (LONG // len(unit)) + suffix)
                if long > GROWTH * short and long > 0.02 and (worst is None or long > worst[0]):
                    worst = (long, short, f"{prefix!r} + {unit!r} * n + {suffix!r}")
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="modules whose name starts with this")
    arguments = parser.parse_args()
    signal.signal(signal.SIGALRM, _stop)
    named = 0
    for name, pattern in patterns(arguments.only):
        found = worst_line(pattern)
        if found is not None:
            named += 1
            long, short, recipe = found
            print(f"{name}: {LONG} chars {long:.3f} s, {SHORT} chars {short:.4f} s: {recipe}")
    print(f"{named} pattern(s) named")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Start-up: what checking one page costs against a bare interpreter start.

    python bench/startup.py [--pairs N] [--python PATH] [--json] [--importtime]

pre-commit runs `doclint check` on the pages a commit touches, an editor on
the page it saves: most of such a run is the process starting. Each case is
timed as paired, alternating runs (`python -c pass`, then `python -m doclint
check PAGE`, N pairs, default 7) of the same Python (default: the one running
this script), so that a change of the machine's load touches both sides of
a pair alike; the figure is the median of the pairs' ratios (doclint's time
over the bare start's). Cases:

- a page of a recognised generated tree (examples/tree: a `*_docs.md` page),
- a plain README-like page that matches no generator,
- a DeepWiki export (tests/wikis/deepwiki_open), with Mermaid's parser out
  of reach (DOCLINT_MERMAID names an empty folder: a fresh install's state,
  its blocks not checked), and once more as installed (`deepwiki+mermaid`,
  only when the default folder holds it: Node starts for its blocks),

each with the cache on (pre-commit's way: one untimed run fills it, the
timed runs find it) and with `--no-cache`. Every run starts in a copy of the
page's tree in a temporary folder, so no cache is left in the checkout.
The load average is printed before and after: quote it with the figures.
`--importtime` adds the cumulative import time of doclint's top modules
(`python -X importtime`, one run of the first case). Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent

README_PAGE = """# Widgets

A small library of widgets.

## Install

```sh
pip install widgets
```

## Use

Call `make_widget()` and see [the guide](https://example.org/guide).
"""


class Case:
    """A page to check, in a tree copied from `source` (None: a folder of its own)."""

    def __init__(self, name: str, source: Path | None, page: str, mermaid: bool = False) -> None:
        self.name = name
        self.source = source
        self.page = page
        self.mermaid = mermaid

    def prepare(self, work: Path) -> Path:
        """The folder to run in, holding the page."""
        root = work / self.name
        if self.source is None:
            root.mkdir(parents=True)
            (root / self.page).write_text(README_PAGE, encoding="utf-8")
        else:
            shutil.copytree(self.source, root)
        return root


WIKI = PROJECT_ROOT / "tests" / "wikis" / "deepwiki_open"
CASES = (
    Case("generated", PROJECT_ROOT / "examples" / "tree", "docs/pkg/test_widgets.py_docs.md"),
    Case("readme", None, "README.md"),
    Case("deepwiki", WIKI, "shop_wiki.md"),
    Case("deepwiki+mermaid", WIKI, "shop_wiki.md", mermaid=True),
)


def mermaid_installed() -> bool:
    """Whether Mermaid's parser is in the folder doclint looks in by default."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base, "doclint", "mermaid", "node_modules", "mermaid").is_dir()


def timed(command: list[str], cwd: Path, env: dict[str, str]) -> float:
    """Wall time of one run; a run that ends with 2 (an error) stops the benchmark."""
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return elapsed


def pairs(
    python: str, check: list[str], cwd: Path, env: dict[str, str], n: int
) -> dict[str, float]:
    """N alternating pairs: the medians of each side and of the pairs' ratios."""
    bare_times, check_times, ratios = [], [], []
    for _ in range(n):
        bare = timed([python, "-c", "pass"], cwd, env)
        checked = timed(check, cwd, env)
        bare_times.append(bare)
        check_times.append(checked)
        ratios.append(checked / bare)
    return {
        "bare_s": round(statistics.median(bare_times), 4),
        "check_s": round(statistics.median(check_times), 4),
        "ratio": round(statistics.median(ratios), 2),
    }


def import_costs(
    python: str, check: list[str], cwd: Path, env: dict[str, str]
) -> list[tuple[str, int]]:
    """The cumulative import time (µs) of doclint's modules imported at the
    top level of a run, largest first."""
    done = subprocess.run(
        [python, "-X", "importtime", *check[1:]], cwd=cwd, env=env, capture_output=True, text=True
    )
    costs = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) != 3 or not parts[1].strip().isdigit():
            continue
        name = parts[2].rstrip()
        depth = (len(name) - len(name.lstrip())) // 2
        if depth <= 1 and name.strip().startswith("doclint"):
            costs.append((name.strip(), int(parts[1])))
    return sorted(costs, key=lambda cost: -cost[1])[:15]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=7)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--importtime", action="store_true")
    options = parser.parse_args()
    # .pyc files are used, as an installed doclint uses them.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    results = []
    load_before = os.getloadavg()
    imports: list[tuple[str, int]] = []
    with tempfile.TemporaryDirectory(prefix="doclint-startup-") as tmp:
        no_mermaid = {**env, "DOCLINT_MERMAID": str(Path(tmp, "no-mermaid"))}
        for case in CASES:
            if case.mermaid and not mermaid_installed():
                continue
            root = case.prepare(Path(tmp))
            case_env = env if case.mermaid else no_mermaid
            for cached in (True, False):
                check = [options.python, "-P", "-m", "doclint", "check", case.page]
                if not cached:
                    check.append("--no-cache")
                timed(check, root, case_env)  # fills the cache, and the page cache
                figures = pairs(options.python, check, root, case_env, options.pairs)
                results.append({"case": case.name, "cache": cached, **figures})
                if options.importtime and not imports:
                    imports = import_costs(options.python, check, root, case_env)
    load_after = os.getloadavg()
    report = {
        "python": options.python,
        "pairs": options.pairs,
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in load_after],
        "cases": results,
        "imports_us": dict(imports),
    }
    if options.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"python: {options.python}; {options.pairs} pairs; load {report['load_before']}")
    print("| case | cache | bare (s) | check (s) | ratio (median of pairs) |")
    print("| --- | --- | ---: | ---: | ---: |")
    for row in results:
        cache = "on" if row["cache"] else "--no-cache"
        print(f"| {row['case']} | {cache} | {row['bare_s']} | {row['check_s']} | {row['ratio']} |")
    print(f"load after: {report['load_after']}")
    for name, micros in imports:
        print(f"import {name}: {micros / 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

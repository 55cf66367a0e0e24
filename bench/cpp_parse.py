#!/usr/bin/env python3
"""Time the C/C++/CUDA facts (`doclint_rules._languages.cpp.cpp_facts`) on real sources.

    python bench/cpp_parse.py [PATH ...]

Each PATH is a source file or a folder searched for C/C++/CUDA sources (by extension) and
for file documentation pages (`*_docs.md`) whose Original Source embeds one. Without PATH:
a CUDA toolkit's headers (/usr/local/cuda/include) and the real C++ slice's pages. Prints,
per PATH, the files read, their MB, the total seconds, ms per MB and how many files hold
lines the parser could not read even after its repairs.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path

from doclint_rules._languages import cpp as _cpp_source
from doclint_rules._languages.cpp import cpp_facts, is_cpp_path

from doclint.api import parse

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PATHS = (
    Path("/usr/local/cuda/include"),
    PROJECT_ROOT.parent / "shared" / "corpus" / "real-cpp" / "docs",
)
PAGE_SUFFIX = "_docs.md"


def sources(root: Path) -> Iterator[str]:
    """The C/C++/CUDA texts under `root`: files, and sources embedded in pages."""
    files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
    for path in files:
        if is_cpp_path(path.name):
            yield path.read_text(encoding="utf-8", errors="replace")
        elif path.name.endswith(PAGE_SUFFIX) and is_cpp_path(path.name[: -len(PAGE_SUFFIX)]):
            source = parse(path.read_text(encoding="utf-8"), str(path)).source
            if source is not None:
                yield source.text


def measure(root: Path) -> str:
    texts = list(sources(root))
    megabytes = sum(len(text.encode("utf-8", "surrogatepass")) for text in texts) / 1e6
    _cpp_source._CACHE.clear()  # every text is parsed, none served from memory
    start = time.perf_counter()
    unsure = sum(1 for text in texts if cpp_facts(text).unsure)
    seconds = time.perf_counter() - start
    per_mb = seconds * 1000 / megabytes if megabytes else 0.0
    return f"| {root} | {len(texts)} | {megabytes:.2f} | {seconds:.2f} | {per_mb:.0f} | {unsure} |"


def main(argv: list[str]) -> int:
    roots = [Path(arg) for arg in argv] or [path for path in DEFAULT_PATHS if path.exists()]
    print("| sources | files | MB | seconds | ms per MB | files with unsure lines |")
    print("|---|---:|---:|---:|---:|---:|")
    for root in roots:
        print(measure(root), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

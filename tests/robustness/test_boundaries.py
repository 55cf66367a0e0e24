"""Trust boundaries (issue 15): whatever a tree, a config or an input holds,
doclint opens, lists and writes nothing outside the root, reads no input
without bound or wait, matches patterns in linear time and ends cleanly."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from doclint.discovery import PathFilter, compile_pattern, discover

PROJECT = Path(__file__).resolve().parents[2]
DOCLINT = [sys.executable, "-m", "doclint"]


def _doclint(*arguments: str, cwd: Path, **options: object) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*DOCLINT, *arguments], cwd=cwd, capture_output=True, text=True, timeout=60, **options
    )


# -- patterns -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "path"),
    [
        ("*" * 5000 + "a", "x" * 250),
        ("*a" * 40 + "b", "a" * 250),
        ("**/a/" * 200 + "b", "a/" * 120 + "c"),
    ],
)
def test_hostile_patterns_end_at_once(pattern: str, path: str) -> None:
    started = time.perf_counter()
    compiled = compile_pattern(pattern)
    assert compiled is not None and compiled.regex.fullmatch(path) is None
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize(
    ("pattern", "path", "matched"),
    [
        ("a***b", "axyb", True),
        ("a*b*c", "axbyc", True),
        ("a*b*c", "axbyb", False),
        ("x/**/y/**/z", "x/1/y/2/y/z", True),
        ("x/**/y/**/z", "x/y/z", True),
        ("x/**/y/**/z", "x/y/z/w", False),
        ("[z-a]", "[z-a]", True),  # a backward range is no class: literal
        ("[z-a]", "m", False),
        ("[!a]x", "a/x", False),
    ],
)
def test_patterns_keep_git_semantics(pattern: str, path: str, matched: bool) -> None:
    compiled = compile_pattern(pattern)
    assert compiled is not None
    subject = path.rpartition("/")[2] if compiled.on_name else path
    assert bool(compiled.regex.fullmatch(subject)) is matched


def test_a_hostile_gitignore_neither_hangs_nor_crashes(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text("*" * 5000 + "a\n[z-a]\n" + "*a" * 40 + "b\n")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / ("a" * 200 + ".md")).write_text("# A\n")
    (docs / "[z-a]").mkdir()
    (docs / "[z-a]" / "gone.md").write_text("# Gone\n")
    started = time.perf_counter()
    found = list(discover([docs], PathFilter.build(tmp_path)))
    assert time.perf_counter() - started < 2
    assert [file.name for file in found] == ["a" * 200 + ".md"]

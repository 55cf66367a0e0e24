"""bench/compiled.py runs the doclint command it is asked for: issue 60's
cold-speed figure is of `--select DL` with the default output, not of every
rule's JSON."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "compiled.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_compiled", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _commands(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *options: str) -> list[list[str]]:
    """The commands one round of the script starts, none of them run."""
    bench = _bench()
    started: list[list[str]] = []

    def timed(command: list[str], cwd: Path, memory: bool) -> tuple[float, float]:
        started.append(command)
        return 1.0, 1.0

    def version(command: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(command, 0, "doclint 0.1.0 (pure Python)\n", "")

    monkeypatch.setattr(bench, "timed", timed)
    monkeypatch.setattr(bench.subprocess, "run", version)
    argv = ["compiled.py", "--corpus", str(tmp_path), "--doclint", f"pure={sys.executable}"]
    monkeypatch.setattr(sys, "argv", [*argv, "--rumdl", "rumdl", "--rounds", "1", *options])
    bench.main()
    return started


def test_default_run_is_every_rule_in_json(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    doclint, rumdl = _commands(monkeypatch, tmp_path)
    assert doclint[0] == sys.executable
    assert doclint[doclint.index("--select") + 1] == "ALL"
    assert doclint[doclint.index("--output-format") + 1] == "json"
    assert "--no-cache" in doclint
    assert rumdl[0] == "rumdl"


def test_issue_60_figure_selects_dl_with_the_default_output(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    options = ("--select", "DL", "--output-format", "default")
    doclint, _ = _commands(monkeypatch, tmp_path, *options)
    assert doclint[doclint.index("--select") + 1] == "DL"
    assert "--output-format" not in doclint  # the format a user gets: full
    assert doclint[1:7] == ["-P", "-m", "doclint", "check", "docs", "--no-cache"]

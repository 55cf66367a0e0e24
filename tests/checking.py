"""Run the command line in-process, in a folder, and keep what it printed."""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from doclint.cli.main import main


@dataclass
class Outcome:
    code: int
    out: str
    err: str


def run_cli(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    cwd: Path,
    *args: str,
    stdin: bytes | None = None,
) -> Outcome:
    monkeypatch.chdir(cwd)
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = main(list(args))
    captured = capsys.readouterr()
    return Outcome(code, captured.out, captured.err)

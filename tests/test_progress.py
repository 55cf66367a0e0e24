"""The progress bar shows on a terminal for long runs only, on stderr, and clears itself."""

from __future__ import annotations

import io

import doclint.cli.progress as progress
from doclint.cli.progress import ProgressBar


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_draws_on_a_terminal_after_the_delay_and_clears(monkeypatch):
    monkeypatch.setattr(progress, "DELAY_SECONDS", 0.0)
    stream = Terminal()
    bar = ProgressBar(stream)
    bar(5, 10)
    bar(10, 10)
    bar.close()
    out = stream.getvalue()
    assert "5/10 files" in out and "10/10 files" in out and out.endswith("\r\033[K")


def test_silent_when_not_a_terminal_disabled_or_quick(monkeypatch):
    monkeypatch.setattr(progress, "DELAY_SECONDS", 0.0)
    piped = io.StringIO()
    ProgressBar(piped)(1, 2)
    disabled = Terminal()
    ProgressBar(disabled, enabled=False)(1, 2)
    assert piped.getvalue() == disabled.getvalue() == ""
    monkeypatch.setattr(progress, "DELAY_SECONDS", 60.0)
    quick = Terminal()
    bar = ProgressBar(quick)
    bar(1, 2)
    bar.close()
    assert quick.getvalue() == ""

"""A line a run says once is said once by all its worker processes together."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys

import pytest

from doclint.util.notices import forget_said, say_once


def _say_twice(message: str) -> None:
    say_once(message)
    say_once(message)


def test_forked_workers_say_a_line_once_between_them(capfd):
    forget_said()
    context = multiprocessing.get_context("fork")
    for _ in range(2):
        worker = context.Process(target=_say_twice, args=("pinned commit 513fd0f5 is missing",))
        worker.start()
        worker.join()
    say_once("pinned commit 513fd0f5 is missing")
    say_once("another commit is missing")
    lines = capfd.readouterr().err.splitlines()
    assert lines == [
        "doclint: pinned commit 513fd0f5 is missing",
        "doclint: another commit is missing",
    ]


def test_the_next_run_says_its_lines_again(capfd):
    forget_said()
    say_once("a line")
    forget_said()
    say_once("a line")
    assert capfd.readouterr().err.splitlines() == ["doclint: a line"] * 2


@pytest.mark.skipif(not hasattr(os, "memfd_create"), reason="the lock is a temporary file here")
def test_the_lock_is_a_file_in_memory_not_tempfile_s():
    """`tempfile` (with shutil and random) cost every run that loads this
    module, a one-page check among them, more than the module itself."""
    code = "import sys, doclint.util.notices; print('tempfile' in sys.modules)"
    said = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
    )
    assert said.stdout == "False\n"

"""How the `doclint` process ends: through the interpreter's own end, its
output written and its exit handlers run once, a thread still running
waited for."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT

# A run of `doclint ARGS` from the launcher, with an exit handler, an object
# the interpreter's end would free (its __del__ says so) and, with `thread`
# first among the arguments, a thread that ends once the launcher has returned
# (not after a delay: a slow run would outlast it, and end at once rightly).
_PROBE = """
import atexit, os, sys, threading, json
class Torn:
    def __del__(self):
        os.write(2, b"torn down\\n")
json.probe = Torn()
atexit.register(lambda: os.write(2, b"exit handler\\n"))
release = threading.Event()
if sys.argv[1] == "thread":
    del sys.argv[1]
    def later():
        release.wait(60)
        os.write(2, b"thread done\\n")
    threading.Thread(target=later).start()
from doclint import launcher
sys.argv = ["doclint", *sys.argv[1:]]
code = launcher.script()
release.set()
raise SystemExit(code)
"""


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "README.md").write_text("# Widgets\n\nSee [the guide](gone.md).\n")
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}
    return subprocess.run(
        [sys.executable, "-c", _PROBE, *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


@pytest.mark.parametrize("cache", [[], ["--no-cache"]])
def test_a_run_ends_with_its_output_and_exit_handlers_done(tmp_path, cache):
    done = _run(tmp_path, "check", "README.md", *cache)
    assert done.returncode == 1, done.stderr
    assert "README.md:3:5: DL401" in done.stdout and done.stdout.endswith(".\n")
    assert done.stderr.count("exit handler") == 1


def test_a_run_with_a_thread_still_running_ends_through_the_interpreter(tmp_path):
    done = _run(tmp_path, "thread", "check", "README.md", "--no-cache")
    assert done.returncode == 1, done.stderr
    assert done.stderr.count("exit handler") == 1
    assert "thread done" in done.stderr and "torn down" in done.stderr

"""rules/objects/stdlib_classes.json, what the standard library's classes give
a subclass, holds every accepted CPython's reading: the rules read it, never
the running interpreter's library, so each CPython gives the same findings."""

from __future__ import annotations

import importlib.util
import json
import platform
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HELD = json.loads((ROOT / "rules" / "objects" / "stdlib_classes.json").read_text("utf-8"))


@pytest.mark.skipif(
    platform.python_version() not in HELD["pythons"],
    reason=f"Python {platform.python_version()} is not read: run tools/stdlib_classes.py under it",
)
def test_the_file_holds_all_the_running_python_gives():
    run = subprocess.run(
        [sys.executable, "tools/stdlib_classes.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (run.returncode, run.stderr) == (0, "current\n")


def test_each_python_s_names_and_bases_are_kept():
    spec = importlib.util.spec_from_file_location(
        "stdlib_classes", ROOT / "tools" / "stdlib_classes.py"
    )
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    held = {"pythons": ["3.11.2"], "classes": {"m.A": [["x"], ["builtins.object"]]}}
    new = tool.merged(held, {"m.A": ({"y"}, {"m.B"}), "m.B": (set(), set())})
    assert new["classes"] == {
        "m.A": [["x", "y"], ["builtins.object", "m.B"]],
        "m.B": [[], []],
    }
    assert platform.python_version() in new["pythons"] and "3.11.2" in new["pythons"]


def test_a_class_some_python_lacks_is_known_on_all():
    # `datetime.datetime` is in Python on 3.11 only; `asynchat` is gone in 3.12;
    # `int.is_integer` is new in 3.12.
    assert {"datetime.datetime", "asynchat.async_chat", "builtins.bool"} <= set(HELD["classes"])
    assert "is_integer" in HELD["classes"]["builtins.int"][0]
    assert {"3.11.2", "3.12.1", "3.13.0"} <= set(HELD["pythons"])

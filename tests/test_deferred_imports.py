"""The standard modules a doclint process loads at their first use
(doclint/util/deferred_imports.py): an import finds them, their first use
loads them, and they work as if imported."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import PROJECT


def python(script: str) -> str:
    """The standard output of `script`, run by a fresh interpreter without
    `site` (whose editable install's finder imports pathlib, which imports
    urllib.parse and ipaddress)."""
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}
    done = subprocess.run(
        [sys.executable, "-S", "-c", script],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def test_an_import_finds_the_module_and_its_first_use_loads_it():
    script = (
        "import sys\n"
        "from doclint.util.deferred_imports import defer\n"
        "defer({'ipaddress': ()})\n"
        "import ipaddress\n"
        "from urllib.parse import urlsplit\n"
        "print(type(sys.modules['ipaddress']).__name__)\n"
        "print(urlsplit('http://[::1]:8080/x').hostname)\n"
        "print(type(ipaddress).__name__, ipaddress.ip_address('10.0.0.1').is_private)\n"
        "from ipaddress import IPv6Address\n"
        "print(isinstance(ipaddress.ip_address('::1'), IPv6Address))\n"
    )
    assert python(script).split("\n") == ["_Deferred", "::1", "module True", "True", ""]


def test_a_documented_dataclass_does_not_load_inspect_and_another_does():
    """dataclasses imports inspect only to write the docstring of a class
    without one: that class still gets it."""
    script = (
        "import sys\n"
        "from doclint.util.deferred_imports import defer\n"
        "defer()\n"
        "from dataclasses import dataclass\n"
        "@dataclass\n"
        "class Documented:\n"
        "    '''A point.'''\n"
        "    x: int\n"
        "print(type(sys.modules['inspect']).__name__, 'ast' in sys.modules)\n"
        "@dataclass\n"
        "class Undocumented:\n"
        "    x: int\n"
        "print(type(sys.modules['inspect']).__name__, Undocumented.__doc__)\n"
    )
    assert python(script).split("\n") == [
        "_Deferred False",
        "module Undocumented(x: int)",
        "",
    ]


def test_a_check_s_process_defers_them(tmp_path):
    """A check that meets no URL with a bracketed host uses no ipaddress."""
    (tmp_path / "README.md").write_text("# Widgets\n\nSee [the guide](https://example.org/g).\n")
    script = (
        "import atexit, runpy, sys\n"
        # imported by the editable install's finder: forgotten, as a plain
        # install's process starts without it
        "del sys.modules['ipaddress']\n"
        "atexit.register(lambda: sys.__stderr__.write(type(sys.modules['ipaddress']).__name__))\n"
        "sys.argv = ['doclint', 'check', 'README.md', '--no-cache']\n"
        "runpy.run_module('doclint', run_name='__main__', alter_sys=True)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.rpartition("\n")[2] == "_Deferred"


def test_a_rule_s_file_is_found_without_inspect(monkeypatch):
    """The cache's key names the file of every rule a run has, the engine's
    own included: found as inspect.getfile finds a class's, without it."""
    import inspect

    from doclint.engine.builtin_rules import InternalError
    from doclint.engine.registry import RuleEntry, RuleFacts

    entry = RuleEntry(RuleFacts.of(InternalError), InternalError)
    asked = []
    monkeypatch.setattr(inspect, "getfile", asked.append)
    found = entry.file
    monkeypatch.undo()  # pytest reports a failure with inspect
    assert asked == []
    assert found == inspect.getfile(InternalError)


def test_a_function_taken_from_a_deferred_module_loads_it_when_called():
    """argparse takes `gettext` and `ngettext` from gettext as it loads, and
    pathlib `quote_from_bytes` from urllib.parse: functions that load the
    module at their first call; a submodule is set on its package."""
    script = (
        "import sys\n"
        "from doclint.util.deferred_imports import defer\n"
        "defer({'gettext': ('gettext', 'ngettext'), 'urllib.parse': ('quote_from_bytes',)})\n"
        "from gettext import ngettext\n"
        "import argparse, urllib.parse\n"
        "print(type(sys.modules['gettext']).__name__, type(urllib.parse).__name__)\n"
        "print(ngettext('one file', 'files', 2), urllib.parse.quote('a b'))\n"
        "module = sys.modules['gettext']\n"
        "print(type(module).__name__, module.ngettext is ngettext)\n"
        "from urllib.parse import quote_from_bytes\n"
        "print(quote_from_bytes(b'a b'))\n"
    )
    assert python(script).split("\n") == [
        "_Deferred _Deferred",
        "files a%20b",
        "module False",
        "a%20b",
        "",
    ]

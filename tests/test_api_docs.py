"""docs/api.md's examples (and the README's): each Python block runs as written from the
repository's root, and `mypy --strict` passes on all of them against doclint
as pip installs it (a plain install, so that its `py.typed` is what mypy reads:
an editable install hides the package from mypy)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT

API_DOCS = PROJECT / "docs" / "api.md"
_PYTHON = re.compile(r"^```python\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def examples() -> list[str]:
    """The Python blocks of docs/api.md, then those of the README that use the API."""
    readme = _PYTHON.findall((PROJECT / "README.md").read_text(encoding="utf-8"))
    api = _PYTHON.findall(API_DOCS.read_text(encoding="utf-8"))
    return api + [block for block in readme if "\nimport doclint\n" in block]


def test_the_api_page_has_examples_of_every_call():
    text = "".join(examples())
    for call in ("check_paths", "check_text", "fix_text", "fix_paths", "load_config", "parse"):
        assert f"doclint.{call}(" in text, call
    assert len(examples()) > len(_PYTHON.findall(API_DOCS.read_text(encoding="utf-8")))


@pytest.mark.parametrize("number", range(len(examples())))
def test_each_example_runs_from_the_repository_root(number, tmp_path, monkeypatch):
    # A copy of what the examples read: fix_paths may write there.
    shutil.copytree(PROJECT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(examples()[number], f"{API_DOCS}[{number}]", "exec"), {"__name__": "docs"})
    assert printed.getvalue().strip(), "the example printed nothing"


@pytest.mark.slow
def test_mypy_strict_passes_on_the_examples(tmp_path):
    """Slow (about 25 s): a plain install of the checkout, then mypy."""
    if shutil.which("mypy", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("mypy is not installed (the test extra has it: pip install '.[test]')")
    site = tmp_path / "site"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", site, PROJECT],
        capture_output=True,
        text=True,
        check=False,
    )
    if install.returncode:
        pytest.skip(f"no plain install of the checkout (no package index?): {install.stderr}")
    assert (site / "doclint" / "py.typed").is_file()
    files = []
    for number, example in enumerate(examples()):
        files.append(tmp_path / f"example_{number}.py")
        files[-1].write_text(example, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *map(str, files)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr

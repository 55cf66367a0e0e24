"""docs/api.md's examples (and the README's): each Python block runs as written from the
repository's root, and `mypy --strict` passes on all of them against doclint
as pip installs it (a plain install, so that its `py.typed` is what mypy reads:
an editable install hides the package from mypy)."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from doclint import KeywordIndex, Settings, check_text, parse
from doclint.engine.registry import load_registry
from tests.conftest import PROJECT
from tests.pages import keyword_index, write_plugin

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


# Type checking from the checkout, and plugins


WRITING_RULES = PROJECT / "docs" / "writing-rules.md"


def plugin_examples() -> list[str]:
    """The Python blocks of docs/writing-rules.md: a plugin rule."""
    return _PYTHON.findall(WRITING_RULES.read_text(encoding="utf-8"))


def _mypy(files: list[Path], cwd: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(files[0].parent / "cache"),
         *options, *map(str, files)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )  # fmt: skip


@pytest.mark.slow
def test_mypy_strict_from_the_root_finds_no_error_in_doclint_the_rules_or_the_examples(tmp_path):
    """mypy run in the checkout reads doclint/ and rules/ there, as source:
    each of their files must pass --strict as the examples do (68 errors in
    23 files of doclint/ once, 34 in 18 of rules/)."""
    if shutil.which("mypy", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("mypy is not installed (the test extra has it: pip install '.[test]')")
    files = []
    for number, example in enumerate(examples() + plugin_examples()):
        files.append(tmp_path / f"example_{number}.py")
        files[-1].write_text(example, encoding="utf-8")
    done = _mypy([*files, PROJECT / "doclint", PROJECT / "rules"], PROJECT)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_plugin_example_loads_and_finds_an_empty_index(tmp_path, monkeypatch):
    """The example as a plugin: it loads (a page type and `kinds` together
    would not), flags an index without keywords and not one with some; and a
    page model without its title (`title` is None) gets line 1, no crash."""
    write_plugin(tmp_path, "example_plugin", plugin_examples()[0], {"no-empty": "NoEmptyIndex"})
    monkeypatch.syspath_prepend(str(tmp_path))
    settings = Settings(select=["XY001", "DL001"])
    empty = "# Keyword Index: `pkg/mod.py`\n\n## Keywords Extracted\n"
    found = check_text(empty, "docs/pkg/mod.py_kw.md", settings).diagnostics
    assert [(d.line, d.code, d.message) for d in found] == [(1, "XY001", "no keywords")]
    full = check_text(keyword_index("pkg/mod.py", ["A"]), "docs/pkg/mod.py_kw.md", settings)
    assert full.diagnostics == []
    page = parse(empty, path="docs/pkg/mod.py_kw.md")
    assert isinstance(page, KeywordIndex)
    rule = load_registry().lookup("XY001")
    assert rule is not None
    untitled = dataclasses.replace(page, title=None)
    assert [f.line for f in rule().check(untitled, None)] == [1]  # it reads no context


@pytest.mark.slow
def test_mypy_in_another_project_finds_doclint_installed_as_the_readme_says(tmp_path):
    """Slow (about 30 s): the README's editable install for type checking in
    another project (setuptools' strict mode: a tree of links mypy can read)."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    install = subprocess.run(
        [str(venv / "bin" / "pip"), "install", "-q", "--no-deps", "-e", str(PROJECT),
         "--config-settings", "editable_mode=strict"],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )  # fmt: skip
    if install.returncode:
        pytest.skip(f"no editable install of the checkout (no package index?): {install.stderr}")
    project = tmp_path / "project"
    project.mkdir()
    (project / "lint.py").write_text(
        next(block for block in examples() if "\nimport doclint\n" in block), encoding="utf-8"
    )
    # The dependencies are this environment's; doclint is the other project's only.
    done = _mypy(
        [project / "lint.py"], project, "--python-executable", str(venv / "bin" / "python")
    )
    assert "Cannot find implementation or library stub" not in done.stdout, done.stdout
    assert done.returncode == 0, done.stdout + done.stderr

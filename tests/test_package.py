"""The package as users get it: `python -m build` makes an sdist and a wheel
that `twine check` accepts, and the wheel installs into a fresh virtual
environment and runs the quick start outside the checkout. The wheel is the
default, pure-Python build (tests/test_build.py builds the compiled one).

`python -m build` builds the wheel from the sdist, so a file the wheel needs
and the sdist lacks fails the build or the run. Those tests are slow (a
build and an install of every dependency: about a minute), skipped with no
package index.

And what it requires: every runtime dependency bounded above, so that pinning
a doclint commit pins what it reports.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement

from tests.conftest import PROJECT
from tests.test_precommit import OFFLINE

PYPROJECT = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))
NOT_SHIPPED = shutil.ignore_patterns(
    ".git", ".venv", "__pycache__", "*.egg-info", ".*_cache", "build", "dist", "*.so", "*.pyd"
)


def _run(*argv: str | Path, cwd: Path, what: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(arg) for arg in argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    if done.returncode and any(sign in done.stdout + done.stderr for sign in OFFLINE):
        pytest.skip(f"{what}: no package index")
    return done


def test_every_runtime_requirement_is_bounded_above():
    for text in PYPROJECT["project"]["dependencies"]:
        requirement = Requirement(text)
        operators = {spec.operator for spec in requirement.specifier}
        assert operators & {"<", "<=", "==", "~=", "==="}, f"{text}: no upper bound"
        # The bounds admit what the tests ran with.
        assert requirement.specifier.contains(version(requirement.name)), text


def test_the_test_extra_installs_the_mypy_of_the_build():
    """`mypy --strict doclint` (.ci/run) and mypyc's compile run one mypy."""

    def mypy(requirements: list[str]) -> list[str]:
        found = [Requirement(text) for text in requirements]
        return [str(requirement.specifier) for requirement in found if requirement.name == "mypy"]

    build = mypy(PYPROJECT["build-system"]["requires"])
    assert build == mypy(PYPROJECT["project"]["optional-dependencies"]["test"])
    assert Requirement(f"mypy{build[0]}").specifier.contains(version("mypy"))


def test_the_release_workflow_builds_the_wheels_with_actions_pinned_by_commit():
    """cibuildwheel builds them as [tool.cibuildwheel] says (DOCLINT_COMPILE=1,
    each wheel tested to say it is compiled); a tag never moves what runs."""
    workflow = yaml.safe_load((PROJECT / ".github/workflows/release.yml").read_text("utf-8"))
    steps = [step for job in workflow["jobs"].values() for step in job["steps"]]
    uses = [step["uses"] for step in steps if "uses" in step]
    pinned = re.compile(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}")
    assert [name for name in uses if pinned.fullmatch(name) is None] == []
    assert any(name.startswith("pypa/cibuildwheel@") for name in uses)
    test = PYPROJECT["tool"]["cibuildwheel"]["test-command"]
    assert "doclint --version | grep -F '(compiled)'" in test


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """The sdist and the wheel, built from a copy of the checkout (as a fresh
    clone has it: no virtual environment, no build leftovers)."""
    root = tmp_path_factory.mktemp("package")
    source = root / "doclint"
    shutil.copytree(PROJECT, source, ignore=NOT_SHIPPED)
    done = _run(
        sys.executable, "-m", "build", "--outdir", root / "dist", source, cwd=root, what="build"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Building wheel from sdist" in done.stdout + done.stderr
    return root / "dist"


def _extensions(wheel: Path) -> list[str]:
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return sorted(name for name in zipfile.ZipFile(wheel).namelist() if name.endswith(suffix))


@pytest.mark.slow
def test_build_makes_an_sdist_and_a_wheel_that_twine_accepts(dist):
    built = sorted(path.name for path in dist.iterdir())
    # The default build is the pure-Python one, for every platform, C
    # compiler or not.
    assert built == ["doclint-0.1.0-py3-none-any.whl", "doclint-0.1.0.tar.gz"]
    done = _run(
        sys.executable, "-m", "twine", "check", "--strict", *dist.iterdir(), cwd=dist, what="twine"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2


@pytest.mark.slow
def test_the_wheel_holds_every_module_and_the_type_marker(dist):
    (wheel,) = dist.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    # The built-in rules install as doclint_rules (pyproject.toml says why).
    expected = {str(path.relative_to(PROJECT)) for path in (PROJECT / "doclint").rglob("*.py")} | {
        "doclint_rules/" + str(path.relative_to(PROJECT / "rules"))
        for path in (PROJECT / "rules").rglob("*.py")
    }
    assert expected <= names, sorted(expected - names)
    assert "doclint/py.typed" in names
    assert "doclint/diagrams/mermaid_check.mjs" in names  # the script Node runs (DL809)
    assert not any(name.startswith(("tests/", "rules/")) for name in names)
    assert _extensions(wheel) == []


@pytest.mark.slow
def test_the_wheel_runs_the_quick_start_outside_the_checkout(dist, tmp_path):
    venv = tmp_path / "venv"
    assert _run(sys.executable, "-m", "venv", venv, cwd=tmp_path, what="venv").returncode == 0
    (wheel,) = dist.glob("*.whl")
    done = _run(
        venv / "bin" / "python", "-m", "pip", "install", "-q", wheel, cwd=tmp_path, what="pip"
    )
    assert done.returncode == 0, done.stderr
    # Away from the checkout: nothing of it can be imported by accident.
    away = tmp_path / "away"
    shutil.copytree(PROJECT / "examples", away / "examples")
    where = _run(
        venv / "bin" / "python",
        "-c",
        "import doclint, doclint_rules; print(doclint.__file__); print(doclint_rules.__file__)",
        cwd=away,
        what="import",
    )
    assert [Path(line).is_relative_to(venv) for line in where.stdout.split()] == [True, True]
    quick = _run(venv / "bin" / "doclint", "check", "examples/tree/docs", cwd=away, what="run")
    # The example tree has findings by design: exit 1, the same report as the checkout's.
    assert quick.returncode == 1, quick.stderr
    here = _run(
        sys.executable, "-m", "doclint", "check", "examples/tree/docs", cwd=away, what="run"
    )
    assert quick.stdout == here.stdout
    assert "Found 7 problems in 2 files" in quick.stdout
    said = _run(venv / "bin" / "doclint", "--version", cwd=away, what="run").stdout
    assert said.endswith("(pure Python)\n")

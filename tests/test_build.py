"""Which build runs: the modules doclint/util/build.py lists are all compiled
(mypyc, at install time with DOCLINT_COMPILE=1) or none is, and a compiled
one is no older than its source (an editable install compiles once: a source
edited since runs only after `pip install -e` again). And which build an
install makes: the pure one by default, the compiled one with the switch,
as the release wheels are built."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import sysconfig
from importlib.util import find_spec
from pathlib import Path

import pytest

from doclint.util.build import COMPILED_MODULES, build_name, compiled_modules
from tests.conftest import PROJECT
from tests.test_package import NOT_SHIPPED, PYPROJECT, _extensions
from tests.test_precommit import OFFLINE

FOLDERS = {"doclint": PROJECT / "doclint", "doclint_rules": PROJECT / "rules"}


def _source(module: str) -> Path:
    package, *rest = module.split(".")
    return FOLDERS[package].joinpath(*rest).with_suffix(".py")


def test_each_listed_module_is_a_plain_module_of_the_checkout():
    for module in COMPILED_MODULES:
        source = _source(module)
        assert source.is_file(), f"{module}: no {source}"
        tree = ast.parse(source.read_text(encoding="utf-8"))
        # A compiled rule class loses its page type (doclint/util/build.py).
        bases = [
            ast.unparse(base)
            for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef)
            for base in node.bases
        ]
        assert not [base for base in bases if base.startswith("Rule")], module
        # mypyc builds a named tuple through `typing` at each start (doclint/util/build.py).
        assert not [base for base in bases if base.endswith("NamedTuple")], module


def test_the_build_is_whole_and_says_so():
    compiled = compiled_modules()
    assert compiled in ([], list(COMPILED_MODULES)), f"partly compiled: {compiled}"
    assert build_name() == ("compiled" if compiled else "pure Python")


def test_a_compiled_module_is_no_older_than_its_source():
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for module in compiled_modules():
        origin = Path(find_spec(module).origin)
        assert origin.name.endswith(suffix)
        source = origin.with_name(origin.name.removesuffix(suffix) + ".py")
        if source.is_file():  # an install from a wheel may carry no source
            assert origin.stat().st_mtime >= source.stat().st_mtime, (
                f"{source} changed since it was compiled: pip install -e '.[test]' again"
            )


def test_one_switch_asks_for_the_compiled_build_wherever_a_build_is_chosen():
    """setup.py reads DOCLINT_COMPILE; the release wheels' configuration,
    .ci/run's compiled step and the README's quick start name it; the
    pure-Python build is the default, with no switch of its own left."""
    assert 'SWITCH = "DOCLINT_COMPILE"' in (PROJECT / "setup.py").read_text(encoding="utf-8")
    assert PYPROJECT["tool"]["cibuildwheel"]["environment"] == {"DOCLINT_COMPILE": "1"}
    ci = (PROJECT / ".ci" / "run").read_text(encoding="utf-8")
    assert "DOCLINT_COMPILE=1 .venv/bin/pip install --quiet -e '.[test]'" in ci
    quick_start = (PROJECT / "README.md").read_text(encoding="utf-8").split("## Quick start")[1]
    assert "`DOCLINT_COMPILE=1 pip install .`" in quick_start.split("\n## ")[0]
    retired = "DOCLINT_" + "PURE"
    files = [
        *(PROJECT / name for name in ("README.md", "setup.py", "pyproject.toml", "action.yml")),
        PROJECT / ".ci" / "run",
        *(PROJECT / "docs").rglob("*.md"),
        *(PROJECT / "tests").glob("*.py"),
        *(PROJECT / "doclint").rglob("*.py"),
        *(PROJECT / "bench").glob("*.py"),
    ]
    assert [file for file in files if retired in file.read_text(encoding="utf-8")] == []


def _wheel(source: Path, out: Path, **environ: str) -> subprocess.CompletedProcess[str]:
    """`pip wheel` of `source`, built in place as pip builds a checkout, with
    `environ` and none of the switch the calling process may have."""
    env = {name: value for name, value in os.environ.items() if name != "DOCLINT_COMPILE"}
    return subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", out, source],
        cwd=source.parent,
        capture_output=True,
        text=True,
        timeout=900,
        env={**env, **environ},
        check=False,
    )


@pytest.fixture
def source(tmp_path: Path) -> Path:
    """A copy of the checkout as a fresh clone has it."""
    if shutil.which(sysconfig.get_config_var("CC").split()[0]) is None:
        pytest.skip("no C compiler")
    copy = tmp_path / "doclint"
    shutil.copytree(PROJECT, copy, ignore=NOT_SHIPPED)
    return copy


@pytest.mark.slow
def test_the_release_environment_builds_the_compiled_wheel_and_the_default_the_pure_one(source):
    """Slow (mypyc compiles 35 modules: 1.5 to 3 minutes). The release
    wheels' environment (pyproject.toml's [tool.cibuildwheel]) gives the
    compiled build; then, in the same copy, the default gives the pure one,
    with nothing of the compiled build left in build/."""
    release = PYPROJECT["tool"]["cibuildwheel"]["environment"]
    done = _wheel(source, source.parent / "compiled", **release)
    if done.returncode and any(sign in done.stdout + done.stderr for sign in OFFLINE):
        pytest.skip("pip wheel: no package index")
    assert done.returncode == 0, done.stderr
    (compiled,) = (source.parent / "compiled").iterdir()
    tag = sysconfig.get_config_var("SOABI").split("-")[1]  # cpython-311-... -> 311
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    assert compiled.name == f"doclint-0.1.0-cp{tag}-cp{tag}-{platform}.whl"
    # Each listed module an extension module beside its source, sharing one
    # library of mypyc's.
    modules = [name.split(".")[0].replace("/", ".") for name in _extensions(compiled)]
    assert sorted(modules) == sorted([*COMPILED_MODULES, "doclint__mypyc"])
    assert (source / "build").is_dir()

    done = _wheel(source, source.parent / "default")
    assert done.returncode == 0, done.stderr
    (default,) = (source.parent / "default").iterdir()
    assert default.name == "doclint-0.1.0-py3-none-any.whl"
    assert _extensions(default) == []


@pytest.mark.slow
def test_the_compiled_build_asked_for_without_a_compiler_stops_with_what_it_needs(source):
    """Slow (mypyc writes the C before the compiler fails: about a minute).
    Never the pure build unasked: the release would ship it."""
    done = _wheel(source, source.parent / "dist", DOCLINT_COMPILE="1", CC="false")
    if any(sign in done.stdout + done.stderr for sign in OFFLINE):
        pytest.skip("pip wheel: no package index")
    assert done.returncode != 0
    assert "DOCLINT_COMPILE=1 asks for the compiled build, which needs a C compiler" in done.stderr
    assert not list(source.parent.glob("dist/*.whl"))

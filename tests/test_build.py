"""Which build runs: the modules doclint/util/build.py lists are all compiled
(mypyc, at install time where a C compiler is present) or none is, and a
compiled one is no older than its source (an editable install compiles once:
a source edited since runs only after `pip install -e` again)."""

from __future__ import annotations

import ast
import sysconfig
from importlib.util import find_spec
from pathlib import Path

from doclint.util.build import COMPILED_MODULES, build_name, compiled_modules
from tests.conftest import PROJECT

FOLDERS = {"doclint": PROJECT / "doclint", "doclint_rules": PROJECT / "rules"}


def _source(module: str) -> Path:
    package, *rest = module.split(".")
    return FOLDERS[package].joinpath(*rest).with_suffix(".py")


def test_each_listed_module_is_a_plain_module_of_the_checkout():
    for module in COMPILED_MODULES:
        source = _source(module)
        assert source.is_file(), f"{module}: no {source}"
        tree = ast.parse(source.read_text(encoding="utf-8"))
        # A rule's docstring is its documentation, and mypyc drops docstrings.
        bases = [
            ast.unparse(base)
            for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef)
            for base in node.bases
        ]
        assert not [base for base in bases if base.startswith("Rule")], module


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

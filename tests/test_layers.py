"""Layers point one way, read from the imports of every module (its whole
syntax tree, imports inside functions included): rules see only the rule API
and their own helpers, the models nothing of doclint outside models/, the
output formats not the engine, and only the command line the incrementality
layer (doclint/incremental/)."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import PROJECT

# Third-party libraries a rule may use besides the standard library.
RULE_LIBRARIES = frozenset({"ftfy", "tree_sitter", "tree_sitter_cpp"})


def imported(source: str, module: str) -> Iterator[str]:
    """The dotted names `source` (the text of `module`) imports; `from a import
    b` counts as importing `a.b`, since b may be a module."""
    package = module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            yield from (f"{base}.{alias.name}" for alias in node.names)


def modules(folder: str, package: str) -> list[tuple[str, Path]]:
    """(dotted name, file) of every module of a folder of the checkout."""
    found = []
    for file in sorted((PROJECT / folder).glob("*.py")):
        name = package if file.stem == "__init__" else f"{package}.{file.stem}"
        found.append((name, file))
    return found


def cases(folder: str, package: str) -> list[object]:
    return [pytest.param(name, file, id=name) for name, file in modules(folder, package)]


def imports_of(name: str, file: Path) -> list[str]:
    return list(imported(file.read_text(encoding="utf-8"), name))


def is_within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def rule_may_import(name: str) -> bool:
    top = name.partition(".")[0]
    return (
        top == "__future__"
        or top in sys.stdlib_module_names
        or top in RULE_LIBRARIES
        or is_within(name, "doclint.rule_api")
        or name.startswith("doclint_rules._")
    )


def foreign_rule_imports(name: str, source: str) -> list[str]:
    return [target for target in imported(source, name) if not rule_may_import(target)]


@pytest.mark.parametrize(("name", "file"), cases("rules", "doclint_rules"))
def test_a_rule_imports_only_the_rule_api_and_its_helpers(name, file):
    assert foreign_rule_imports(name, file.read_text(encoding="utf-8")) == []


def test_the_rule_check_catches_a_reach_past_the_rule_api():
    source = (
        "import re\n"
        "from doclint.rule_api import Rule\n"
        "from doclint_rules._mojibake import repair_mojibake\n"
        "from doclint.models.outlines import OUTLINES\n"
        "def late():\n"
        "    from doclint import engine\n"
        "    import requests\n"
    )
    assert foreign_rule_imports("doclint_rules.x", source) == [
        "doclint.models.outlines.OUTLINES",
        "doclint.engine",
        "requests",
    ]


@pytest.mark.parametrize(("name", "file"), cases("doclint/models", "doclint.models"))
def test_a_model_imports_nothing_of_doclint_outside_the_models(name, file):
    outside = [
        target
        for target in imports_of(name, file)
        if is_within(target, "doclint") and not is_within(target, "doclint.models")
    ]
    assert outside == []


@pytest.mark.parametrize(("name", "file"), modules("doclint/output", "doclint.output"))
def test_an_output_format_does_not_import_the_engine(name, file):
    assert [
        target for target in imports_of(name, file) if is_within(target, "doclint.engine")
    ] == []


def all_modules() -> list[tuple[str, Path]]:
    """(dotted name, file) of every module of the doclint package, at any depth."""
    found = []
    for file in sorted((PROJECT / "doclint").rglob("*.py")):
        parts = file.relative_to(PROJECT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found.append((name, file))
    return found


def may_import_incremental(name: str) -> bool:
    """The command line wires the cache into a run; the incremental layer is
    free within itself. Nothing else imports it: the run reaches it only
    through the port it is handed (engine/results.py)."""
    return (
        is_within(name, "doclint.incremental")
        or name.startswith("doclint.cli")
        or name == "doclint.launcher"
    )


@pytest.mark.parametrize(
    ("name", "file"),
    [pytest.param(name, file, id=name) for name, file in all_modules()],
)
def test_only_the_command_line_imports_the_incremental_layer(name, file):
    reaching = [
        target for target in imports_of(name, file) if is_within(target, "doclint.incremental")
    ]
    assert may_import_incremental(name) or reaching == []


def test_the_incremental_check_catches_an_import_of_the_cache():
    source = "def late():\n    from doclint.incremental.cache import Cache\n"
    name = "doclint.engine.run"
    found = [t for t in imported(source, name) if is_within(t, "doclint.incremental")]
    assert found == ["doclint.incremental.cache.Cache"] and not may_import_incremental(name)

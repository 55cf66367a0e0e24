"""Layers point one way, read from the imports of every module (its whole
syntax tree, imports inside functions included): rules see only the rule API
and their own helpers, the models nothing of doclint outside models/, the
output formats of the engine only its rules, each room of doclint/ only the
rooms below it (ROOMS_MAY_IMPORT), and only the command line the
incrementality layer (doclint/incremental/)."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import PROJECT

# Third-party libraries a rule may use besides the standard library.
RULE_LIBRARIES = frozenset(
    {
        "ftfy",
        "tree_sitter",
        "tree_sitter_bash",
        "tree_sitter_cmake",
        "tree_sitter_cpp",
        "tree_sitter_java",
        "tree_sitter_json",
        "tree_sitter_objc",
        "tree_sitter_yaml",
    }
)


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
def test_an_output_format_reads_only_the_rules_of_the_engine(name, file):
    """Output renders what the engine returns; of the engine it reads only the
    rule registry and the engine's own diagnostics, to describe the rules."""
    assert [
        target
        for target in imports_of(name, file)
        if is_within(target, "doclint.engine")
        and not is_within(target, "doclint.engine.registry")
        and not is_within(target, "doclint.engine.builtin_rules")
    ] == []


# Which rooms each room of doclint/ may import (besides itself). A room is a
# package of doclint/ or one of the top-level modules; the command line and the
# package's entry points may import any room. Rooms that are not listed here
# (the incrementality layer) are checked by their own test.
ROOMS_MAY_IMPORT = {
    "util": set(),
    "models": set(),
    "profiles": set(),
    "parsing": {"models", "util"},
    "tree": {"models", "parsing", "util"},
    "rule_api": {"models", "parsing", "profiles", "tree", "util"},
    "engine": {"rule_api", "models", "parsing", "profiles", "tree", "util"},
    "config": {"engine", "output", "profiles", "rule_api", "tree", "util", "models"},
    "output": {"engine", "models", "parsing", "rule_api", "tree", "util"},
    "run": {"engine", "models", "parsing", "profiles", "rule_api", "tree", "util"},
    "fixes": {"engine", "run", "models", "parsing", "rule_api", "tree", "util"},
    "diagnostics": {"models", "rule_api"},
    "api": {"config", "diagnostics", "engine", "fixes", "models", "parsing", "run", "tree", "util"},
}
ANY_ROOM = {"cli", "launcher", "__main__", "__init__"}
INCREMENTAL = {"incremental"}


def room_of(name: str) -> str:
    """The room of a dotted doclint module: its package under doclint/, or the
    top-level module itself."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def all_modules() -> list[tuple[str, Path]]:
    """(dotted name, file) of every module of the doclint package, at any depth."""
    found = []
    for file in sorted((PROJECT / "doclint").rglob("*.py")):
        parts = file.relative_to(PROJECT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found.append((name, file))
    return found


def room_cases() -> list[object]:
    return [pytest.param(name, file, id=name) for name, file in all_modules()]


def crossings(name: str, source: str) -> list[str]:
    """The imports of module `name` that reach a room it may not import."""
    room = room_of(name)
    if room in ANY_ROOM or room in INCREMENTAL:
        return []
    allowed = ROOMS_MAY_IMPORT[room] | {room}
    return [
        target
        for target in imported(source, name)
        if is_within(target, "doclint")
        and target != "doclint.__version__"
        and room_of(target) not in allowed | INCREMENTAL
    ]


@pytest.mark.parametrize(("name", "file"), room_cases())
def test_a_room_imports_only_the_rooms_below_it(name, file):
    assert room_of(name) in ROOMS_MAY_IMPORT.keys() | ANY_ROOM | INCREMENTAL, name
    assert crossings(name, file.read_text(encoding="utf-8")) == []


def test_the_room_check_catches_a_reach_upwards():
    assert crossings("doclint.engine.linter", "from doclint.output import FORMATS\n") == [
        "doclint.output.FORMATS"
    ]
    assert crossings("doclint.output.text", "from doclint.run import run\n") == ["doclint.run.run"]
    assert crossings("doclint.cli.main", "from doclint.output import FORMATS\n") == []


def test_the_top_level_holds_only_entry_points_and_public_surfaces():
    top = sorted(file.stem for file in (PROJECT / "doclint").glob("*.py"))
    assert set(top) - INCREMENTAL == {
        "__init__",
        "__main__",
        "api",
        "diagnostics",
        "launcher",
        "rule_api",
    }


def may_import_incremental(name: str) -> bool:
    """The command line wires the cache into a run; the incremental layer is
    free within itself. Nothing else imports it: the run reaches it only
    through the port it is handed (run/results.py)."""
    return (
        is_within(name, "doclint.incremental")
        or is_within(name, "doclint.cli")
        or name == "doclint.launcher"
    )


@pytest.mark.parametrize(("name", "file"), room_cases())
def test_only_the_command_line_imports_the_incremental_layer(name, file):
    reaching = [
        target for target in imports_of(name, file) if is_within(target, "doclint.incremental")
    ]
    assert may_import_incremental(name) or reaching == []


def test_the_incremental_check_catches_an_import_of_the_cache():
    source = "def late():\n    from doclint.incremental.cache import Cache\n"
    name = "doclint.run.scheduler"
    found = [t for t in imported(source, name) if is_within(t, "doclint.incremental")]
    assert found == ["doclint.incremental.cache.Cache"] and not may_import_incremental(name)

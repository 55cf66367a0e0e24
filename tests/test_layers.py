"""Layers point one way, as docs/layers.toml states them: every module of
doclint/ and rules/ (installed as doclint_rules), at any depth, imports only
the rooms its room may import (its whole syntax tree read, imports inside
functions included), and docs/architecture.md shows that table as it is."""

from __future__ import annotations

import shutil

import pytest

from tests import layers
from tests.conftest import PROJECT

LAYERS = layers.load()
MODULES = layers.all_modules()


@pytest.mark.parametrize(("name", "file"), [pytest.param(n, f, id=n) for n, f in MODULES])
def test_a_module_imports_only_what_its_room_may(name, file):
    room = LAYERS.room_of(name)
    assert room is not None and (room.name != "package" or name == "doclint"), name
    source = file.read_text(encoding="utf-8")
    assert LAYERS.crossings(name, source, file.name == "__init__.py") == []


def test_every_room_the_table_names_exists_and_holds_a_module():
    names = set(LAYERS.rooms)
    for room in LAYERS.rooms.values():
        assert room.may_import <= names, room.name
    used = {LAYERS.room_of(name).name for name, _ in MODULES} | {"version"}
    assert used == names


def test_each_temporary_allowance_is_still_used():
    """An allowance outliving its import would let it come back unseen."""
    for module, imports in LAYERS.temporary:
        (file,) = [file for name, file in MODULES if name == module]
        source = file.read_text(encoding="utf-8")
        assert any(
            target == imports or target.startswith(imports + ".")
            for target in layers.imported(source, module, file.name == "__init__.py")
        ), (module, imports)


def test_the_rules_reach_doclint_only_through_the_rule_api():
    """The rooms of rules/ (the families' packages, the rules, their helpers)
    may import no room of doclint but the rule API, the two modules a
    plugin's rules import, nor hold a temporary allowance: the built-in
    rules use doclint as a plugin does."""
    assert LAYERS.rooms["rule-api"].modules == ("doclint.rule_api", "doclint.rule_api_generators")
    rules_rooms = {
        name
        for name, room in LAYERS.rooms.items()
        if all(pattern.startswith("doclint_rules") for pattern in room.modules)
    }
    assert rules_rooms == {"rule-families", "rules", "rule-helpers"}
    for name in rules_rooms:
        assert LAYERS.rooms[name].may_import - rules_rooms == {"rule-api"}, name
    assert [module for module, _ in LAYERS.temporary if module.startswith("doclint_rules")] == []


def test_the_architecture_page_shows_the_table():
    page = layers.ARCHITECTURE.read_text(encoding="utf-8")
    assert layers.START in page and layers.END in page
    assert page == layers.rendered_page(page, LAYERS), "run python -m tests.layers"


@pytest.mark.parametrize(
    ("name", "source", "crossing"),
    [
        ("doclint.engine.linter", "from doclint.output import FORMATS\n", "doclint.output.FORMATS"),
        ("doclint.output.text", "from doclint.run import run\n", "doclint.run.run"),
        ("doclint.tree.index", "from ..parsing import pages\n", "doclint.parsing.pages"),
        (
            "doclint.output.sarif",
            "from doclint.parsing import recognition\n",
            "doclint.parsing.recognition",
        ),
        (
            "doclint.run.scheduler",
            "def f():\n    from doclint.incremental import cache\n",
            "doclint.incremental.cache",
        ),
        (
            "doclint.engine.linter",
            "import doclint_rules.links.broken_link\n",
            "doclint_rules.links.broken_link",
        ),
        (
            "doclint_rules.links.broken_link",
            "from doclint.tree.index import Tree\n",
            "doclint.tree.index.Tree",
        ),
        (
            "doclint_rules.links.broken_link",
            "from doclint_rules.coverage.orphan_doc import X\n",
            "doclint_rules.coverage.orphan_doc.X",
        ),
        ("doclint_rules.links.broken_link", "import requests\n", "requests"),
        (
            "doclint_rules.keywords.declared_only",
            "from doclint.models.generated import NameEntry\n",
            "doclint.models.generated.NameEntry",
        ),
        (
            "doclint_rules._common.fixing",
            "from doclint.models.markdown import build_node\n",
            "doclint.models.markdown.build_node",
        ),
        (
            "doclint_rules._languages.python",
            "def f():\n    from doclint.util.lru import LatestDict\n",
            "doclint.util.lru.LatestDict",
        ),
        ("doclint_rules.wiki", "import doclint\n", "doclint"),
        ("doclint_rules._languages.cpp", "import doclint.engine\n", "doclint.engine"),
        (
            "doclint.rule_api",
            "from doclint.fixes.file_fixer import fix\n",
            "doclint.fixes.file_fixer.fix",
        ),
    ],
)
def test_the_check_catches_an_import_across_the_layers(name, source, crossing):
    assert LAYERS.crossings(name, source) == [crossing]


@pytest.mark.parametrize(
    ("name", "source"),
    [
        (
            "doclint.cli.main",
            "from doclint.output import FORMATS\nfrom doclint.incremental import store\n",
        ),
        (
            "doclint_rules.links.broken_link",
            "import re\nfrom doclint.rule_api import Rule\n"
            "from doclint_rules._common.stale import x\n",
        ),
        (
            "doclint_rules._languages.cpp",
            "import tree_sitter_cpp\nfrom doclint_rules._languages._cpp_counts import c\n",
        ),
        (
            "doclint_rules._common.fixing",
            "from doclint.rule_api import Edit\n"
            "from doclint.rule_api_generators import build_node\n",
        ),
        ("doclint_rules.wiki.mermaid_invalid", "import doclint.rule_api_generators as g\n"),
        ("doclint.output.html", "from doclint.engine.registry import load_registry\n"),
    ],
)
def test_the_check_lets_allowed_imports_pass(name, source):
    assert LAYERS.crossings(name, source) == []


PLANTED = [
    ("rules/_languages/json.py", "import doclint.engine\n", "doclint.engine"),
    ("doclint/tree/reading.py", "import doclint.parsing\n", "doclint.parsing"),
    ("doclint/rule_api.py", "import doclint.fixes\n", "doclint.fixes"),
]


@pytest.mark.slow  # a copy of the checkout for each
@pytest.mark.parametrize(("path", "line", "crossing"), PLANTED, ids=[p for p, _, _ in PLANTED])
def test_an_import_planted_in_a_copy_of_the_checkout_is_caught(tmp_path, path, line, crossing):
    for folder in layers.PACKAGES:
        shutil.copytree(PROJECT / folder, tmp_path / folder)
    planted = tmp_path / path
    planted.write_text(planted.read_text(encoding="utf-8") + line, encoding="utf-8")
    found = {
        (name, target)
        for name, file in layers.all_modules(tmp_path)
        for target in LAYERS.crossings(
            name, file.read_text(encoding="utf-8"), file.name == "__init__.py"
        )
    }
    (name,) = [name for name, file in layers.all_modules(tmp_path) if file == planted]
    assert found == {(name, crossing)}

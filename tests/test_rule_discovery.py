"""An entry point naming a package of rules: one whose `get_rules()` gives
its rules (doclint's built-in ones, each family asked for its own), or one
whose public modules are each read for their rule classes (`_*` modules are
helpers), a module that fails to import leaving the others loaded."""

from __future__ import annotations

import importlib
import pkgutil
import textwrap
from pathlib import Path
from types import ModuleType

import doclint_rules

from doclint.engine.registry import builtin_rules, load_registry, module_rules
from doclint.rule_api import RuleDocs
from tests.pages import write

NEW_RULE = '''
from doclint.rule_api import AnyPage, Finding, Rule, RuleDocs, Scope


class _Base(Rule[AnyPage]):
    """A base of rules, with no code: not a rule of its own."""

    scope = Scope.FILE


class Shouting(_Base):
    code = "DL990"
    name = "shouting"
    summary = "A line in capitals."
    docs = RuleDocs(
        what="Flags a line in capitals.",
        why="""Capitals
        shout.""",
        example="`HELLO`",
        use_instead="`Hello`",
    )

    def check(self, page, ctx):
        return ()
'''


def _install(folder: Path, name: str, files: dict[str, str]) -> None:
    """A distribution `name` in `folder` whose one `doclint.rules` entry
    names its package `name`, its code `files` (a package's name is its own
    in each test: the process keeps an imported one)."""
    write(
        folder,
        {
            **{name: textwrap.dedent(source) for name, source in files.items()},
            f"{name}-0.1.dist-info/METADATA": f"Metadata-Version: 2.1\nName: {name}\n",
            f"{name}-0.1.dist-info/entry_points.txt": f"[doclint.rules]\n{name} = {name}\n",
        },
    )


def test_each_public_module_of_a_package_is_read_and_one_failing_is_one_line(tmp_path, monkeypatch):
    files = {
        "pkgrules/__init__.py": "",
        "pkgrules/shouting.py": NEW_RULE,
        "pkgrules/_helper.py": "raise AssertionError('a helper is not read')\n",
        "pkgrules/broken.py": "import no_such_module\n",
    }
    _install(tmp_path, "pkgrules", files)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = load_registry()
    assert registry.lookup("shouting").code == "DL990"
    assert registry.lookup("mojibake").code == "DL501"
    # The base class without a code is no rule; helpers (_*) are not read.
    assert len(registry.rules) == len(builtin_rules()) + 1
    assert registry.problems == [
        "plugin 'pkgrules' (pkgrules.broken): failed to load:"
        " ModuleNotFoundError: No module named 'no_such_module'"
    ]


def test_a_package_with_get_rules_gives_its_rules_from_it(tmp_path, monkeypatch):
    given = "def get_rules():\n    from .shouting import Shouting\n\n    return [Shouting]\n"
    files = {
        "givenrules/__init__.py": given,
        "givenrules/shouting.py": NEW_RULE,
        "givenrules/unlisted.py": "raise AssertionError('get_rules names the rules')\n",
    }
    _install(tmp_path, "givenrules", files)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = load_registry()
    assert registry.problems == []
    assert registry.lookup("shouting").code == "DL990"
    assert len(registry.rules) == len(builtin_rules()) + 1


def test_every_built_in_rule_states_its_own_documentation():
    """A built-in rule without `docs` of its own fails here (a plugin's is
    refused by the registry, tests/test_plugins.py)."""
    rules = builtin_rules()
    assert len(rules) >= 50
    for rule in rules:
        assert isinstance(vars(rule).get("docs"), RuleDocs), rule.code
    assert load_registry().problems == []


def unlisted_rules(package: ModuleType) -> list[str]:
    """The rules (classes with a code of their own) that a module anywhere
    under `package`'s folders defines and its `get_rules` does not give: every
    `.py` file is walked, the helpers (`_*`), a family's `__init__.py` and a
    nested folder's modules too, not only the public modules a family lists."""
    given = set(package.get_rules())
    unlisted = []
    for folder in map(Path, package.__path__):
        for file in sorted(folder.rglob("*.py")):
            parts = file.relative_to(folder).with_suffix("").parts
            name = ".".join((package.__name__, *parts)).removesuffix(".__init__")
            module = importlib.import_module(name)
            unlisted += [
                f"{name}.{rule.__name__}" for rule in module_rules(module) if rule not in given
            ]
    return unlisted


def test_every_built_in_rule_module_is_listed_by_its_family():
    """A rule module a family's `get_rules` does not import would never run
    and nothing would say so: no module of rules/ defines a rule that
    `get_rules` does not give, each public module of each family folder
    defines rules, and each family folder is asked."""
    assert unlisted_rules(doclint_rules) == []
    given = set(doclint_rules.get_rules())
    families = [
        info.name
        for info in pkgutil.iter_modules(doclint_rules.__path__)
        if info.ispkg and not info.name.startswith("_")
    ]
    assert len(families) == 8
    for family in families:
        package = importlib.import_module(f"doclint_rules.{family}")
        for info in pkgutil.iter_modules(package.__path__):
            if not info.name.startswith("_"):  # `_*`: the family's helpers
                module = importlib.import_module(f"{package.__name__}.{info.name}")
                assert module_rules(module), f"{module.__name__} defines no rule"
    assert {rule.__module__.split(".")[1] for rule in given} == set(families)


def test_a_rule_its_family_does_not_list_is_found_wherever_it_is(tmp_path, monkeypatch):
    """A rule in a helper module or a nested folder that `get_rules` leaves
    out is named; the rule the family lists and a base without a code are not."""
    write(
        tmp_path,
        {
            "unlistedrules/__init__.py": "def get_rules():\n"
            "    from .fam import get_rules\n\n    return get_rules()\n",
            "unlistedrules/fam/__init__.py": "def get_rules():\n"
            "    from .listed import Shouting\n\n    return [Shouting]\n",
            "unlistedrules/fam/listed.py": NEW_RULE,
            "unlistedrules/fam/_helper.py": NEW_RULE.replace("Shouting", "Whispering"),
            "unlistedrules/fam/more/__init__.py": "",
            "unlistedrules/fam/more/deep.py": NEW_RULE.replace("Shouting", "Muttering"),
        },
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert unlisted_rules(importlib.import_module("unlistedrules")) == [
        "unlistedrules.fam._helper.Whispering",
        "unlistedrules.fam.more.deep.Muttering",
    ]

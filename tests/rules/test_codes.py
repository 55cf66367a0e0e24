"""Each rule states its code and name once, in its class, and is found
through the `doclint.rules` entry points as plugins are (the built-in ones
through one entry naming their package, whose families each give their
rules); the page kinds a rule's type parameter gives it."""

from __future__ import annotations

import importlib
import pkgutil
import tomllib

import doclint_rules
import pytest

from doclint.engine.builtin_rules import ENGINE_RULES
from doclint.engine.registry import (
    builtin_rules,
    is_builtin,
    load_registry,
    module_rules,
    rule_entries,
)
from doclint.rule_api import AnyPage, DocKind, FileDocs, FolderDoc, KeywordIndex, PageBase, Rule
from doclint.rule_api_generators import OUTLINES
from tests.conftest import PROJECT


def _public(path: list[str]) -> list[str]:
    return sorted(info.name for info in pkgutil.iter_modules(path) if info.name[0] != "_")


def _rule_modules() -> list[str]:
    """Every rule module, `family.module`: the public modules of each
    family, a public package of rules/."""
    return [
        f"{family}.{name}"
        for family in _public(doclint_rules.__path__)
        for name in _public(importlib.import_module(f"doclint_rules.{family}").__path__)
    ]


def test_the_built_in_rules_are_one_entry_point_and_each_module_defines_one():
    declared = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))
    assert declared["project"]["entry-points"]["doclint.rules"] == {"builtin": "doclint_rules"}
    installed = [(entry.name, entry.value) for entry in rule_entries() if is_builtin(entry)]
    assert installed == [("builtin", "doclint_rules")], "reinstall: pip install -e '.[test]'"
    for name in _rule_modules():
        module = importlib.import_module(f"doclint_rules.{name}")
        assert len(module_rules(module)) == 1, name


def test_each_family_gives_the_rules_of_its_modules_in_the_order_of_their_codes():
    """A rule module a family's `get_rules` leaves out would never run; a
    family is the rules of one hundred of codes (DL1xx, DL2xx, ...)."""
    hundreds = set()
    for family in _public(doclint_rules.__path__):
        package = importlib.import_module(f"doclint_rules.{family}")
        given = package.get_rules()
        modules = [name for name in _rule_modules() if name.startswith(f"{family}.")]
        assert sorted(rule.__module__ for rule in given) == [f"doclint_rules.{m}" for m in modules]
        assert [rule.code for rule in given] == sorted(rule.code for rule in given)
        (hundred,) = {rule.code[:3] for rule in given}
        assert hundred not in hundreds, family
        hundreds.add(hundred)


def test_codes_and_names_are_unique_and_in_their_module():
    rules = [rule for rule in builtin_rules() if rule not in ENGINE_RULES]
    assert len({rule.code for rule in rules}) == len({rule.name for rule in rules}) == len(rules)
    for rule in rules:
        module = rule.__module__.removeprefix("doclint_rules.").partition(".")[2]
        assert module == rule.name.replace("-", "_"), rule.code


def test_the_registry_holds_the_engine_rules_and_the_built_in_ones_and_nothing_else():
    registry = load_registry()
    assert registry.problems == []
    assert set(registry.rules) == {rule.code for rule in builtin_rules()}
    assert len(registry.rules) == len(ENGINE_RULES) + len(_rule_modules())


def test_kinds_come_from_the_type_parameter():
    class OnKeywords(Rule[KeywordIndex]):
        pass

    class OnTwo(Rule[FileDocs | FolderDoc]):
        pass

    class OnAll(Rule[AnyPage]):
        pass

    class OnBase(Rule[PageBase]):
        pass

    class Bare(Rule):
        kinds = frozenset({DocKind.MARKDOWN})

    assert OnKeywords.kinds == {DocKind.KEYWORD_INDEX}
    assert OnTwo.kinds == {DocKind.FILE_DOCS, DocKind.FOLDER_DOC}
    assert OnAll.kinds is None and OnBase.kinds is None
    assert Bare.kinds == {DocKind.MARKDOWN}
    assert OnTwo.applies_to(DocKind.FOLDER_DOC) and not OnTwo.applies_to(DocKind.MARKDOWN)


def test_a_rule_says_its_kinds_once():
    with pytest.raises(TypeError, match="not both"):

        class Twice(Rule[KeywordIndex]):
            kinds = frozenset({DocKind.KEYWORD_INDEX})


def test_unknown_heading_runs_on_the_pages_that_have_an_outline():
    # Every kind: a kind a profile declares is read as a Markdown page.
    assert load_registry().lookup("unknown-heading").kinds is None
    assert set(OUTLINES) <= set(DocKind)

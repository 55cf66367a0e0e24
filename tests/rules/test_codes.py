"""Each rule states its code and name once, in its class, and is found
through the `doclint.rules` entry points as plugins are; the page kinds a
rule's type parameter gives it."""

from __future__ import annotations

import pkgutil
import tomllib

import doclint_rules
import pytest

from doclint.engine.builtin_rules import ENGINE_RULES
from doclint.engine.registry import builtin_rules, is_builtin, load_registry, rule_entries
from doclint.rule_api import (
    OUTLINES,
    AnyPage,
    DocKind,
    FileDocs,
    FolderDoc,
    KeywordIndex,
    PageBase,
    Rule,
)
from tests.conftest import PROJECT


def test_every_rule_module_is_registered_once_as_an_entry_point_named_by_it():
    modules = {info.name for info in pkgutil.iter_modules(doclint_rules.__path__)}
    rule_modules = sorted(name for name in modules if not name.startswith("_"))
    declared = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))
    entries = declared["project"]["entry-points"]["doclint.rules"]
    assert sorted(entries) == rule_modules
    for name, value in entries.items():
        assert value.startswith(f"doclint_rules.{name}:")
    installed = sorted(entry.name for entry in rule_entries() if is_builtin(entry))
    assert installed == rule_modules, "reinstall the checkout: pip install -e '.[test]'"


def test_codes_and_names_are_unique_and_in_their_module():
    rules = [rule for rule in builtin_rules() if rule not in ENGINE_RULES]
    assert len({rule.code for rule in rules}) == len({rule.name for rule in rules}) == len(rules)
    for rule in rules:
        assert rule.__module__ == "doclint_rules." + rule.name.replace("-", "_")


def test_the_registry_holds_the_engine_rules_and_the_built_in_ones_and_nothing_else():
    registry = load_registry()
    assert registry.problems == []
    assert set(registry.rules) == {rule.code for rule in builtin_rules()}
    assert len(registry.rules) == len(ENGINE_RULES) + len(rule_entries())


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

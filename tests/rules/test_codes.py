"""The table of codes in rules/__init__.py, and the page kinds a rule's type
parameter gives it."""

from __future__ import annotations

import pkgutil

import doclint_rules
import pytest

from doclint.engine.builtin_rules import ENGINE_RULES
from doclint.engine.registry import builtin_rule, load_registry
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


def test_the_table_names_each_rule_with_the_code_and_name_its_class_carries():
    for code in doclint_rules.CODES:
        rule = builtin_rule(code)
        assert (rule.code, rule.name) == (code.code, code.name)
        assert rule.__module__ == f"doclint_rules.{code.rule.partition(':')[0]}"


def test_the_table_lists_every_rule_module_once_in_code_order():
    modules = {info.name for info in pkgutil.iter_modules(doclint_rules.__path__)}
    listed = [code.rule.partition(":")[0] for code in doclint_rules.CODES]
    assert sorted(listed) == sorted(name for name in modules if not name.startswith("_"))
    codes = [code.code for code in doclint_rules.CODES]
    assert codes == sorted(set(codes))


def test_the_registry_holds_the_engine_rules_and_the_table_and_nothing_else():
    registry = load_registry()
    assert registry.problems == []
    expected = {rule.code for rule in ENGINE_RULES} | {c.code for c in doclint_rules.CODES}
    assert set(registry.rules) == expected


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
    assert load_registry().lookup("unknown-heading").kinds == frozenset(OUTLINES)

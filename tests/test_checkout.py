"""The checkout is what runs: the rules the engine loads are the files of the
checkout the tests run from, not an installed copy (rules/ installs as
`doclint_rules` through a package-dir remap, which a plain `pip install .`
copies into site-packages; the development install is editable)."""

from __future__ import annotations

import inspect
from pathlib import Path

import doclint
from doclint.engine.builtin_rules import ENGINE_RULES
from doclint.engine.registry import builtin_rules
from tests.conftest import PROJECT

HINT = "install the checkout editable: pip install -e '.[test]' (README, Development)"


def test_the_built_in_rules_loaded_are_the_files_of_this_checkout():
    folder = PROJECT / "rules"
    rules = [rule for rule in builtin_rules() if rule not in ENGINE_RULES]
    files = {rule.code: Path(inspect.getfile(rule)).resolve() for rule in rules}
    elsewhere = {code: str(file) for code, file in files.items() if folder not in file.parents}
    assert elsewhere == {}, HINT


def test_doclint_itself_is_imported_from_this_checkout():
    assert Path(doclint.__file__).resolve().parent == PROJECT / "doclint", HINT

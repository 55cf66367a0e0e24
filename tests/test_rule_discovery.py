"""The built-in rules are one package entry point: each public module of
rules/ is read for its rule classes, so a rule file added to the checkout of
an editable install is found without reinstalling."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import doclint_rules

from doclint.engine.registry import builtin_rules, load_registry
from doclint.rule_api import RuleDocs

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


def _rules_with(tmp_path: Path, modules: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`doclint rules` run with a copy of the rules package, `modules` added
    to it, first on the path: what an editable install runs after the files
    are added to rules/."""
    copy = tmp_path / "doclint_rules"
    shutil.copytree(Path(doclint_rules.__path__[0]), copy, ignore=shutil.ignore_patterns("*.so"))
    for name, source in modules.items():
        (copy / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    path = [str(tmp_path), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
    return subprocess.run(
        [sys.executable, "-m", "doclint", "rules"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )


def test_a_rule_file_added_to_the_package_is_listed(tmp_path):
    done = _rules_with(tmp_path, {"shouting": NEW_RULE})
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    listed = [line.split()[:2] for line in done.stdout.splitlines()]
    assert ["DL990", "shouting"] in listed
    assert ["DL501", "mojibake"] in listed
    # The base class without a code is no rule; helpers (_*) are not read.
    assert len(listed) == len(load_registry().rules) + 2


def test_a_module_that_fails_to_import_is_one_line_and_the_others_load(tmp_path):
    done = _rules_with(tmp_path, {"shouting": NEW_RULE, "broken": "import no_such_module\n"})
    assert done.returncode == 0
    assert done.stderr.splitlines() == [
        "doclint: warning: built-in rules (doclint_rules.broken): failed to load:"
        " ModuleNotFoundError: No module named 'no_such_module'"
    ]
    assert "DL990" in done.stdout


def test_every_built_in_rule_states_its_own_documentation():
    """A built-in rule without `docs` of its own fails here (a plugin's is
    refused by the registry, tests/test_plugins.py)."""
    rules = builtin_rules()
    assert len(rules) >= 50
    for rule in rules:
        assert isinstance(vars(rule).get("docs"), RuleDocs), rule.code
    assert load_registry().problems == []

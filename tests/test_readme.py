"""README.md's rule table is generated from the rules' metadata, never by hand."""

from __future__ import annotations

from doclint.cli.rule_listing import rules_markdown
from doclint.engine.registry import load_registry
from tests.conftest import PROJECT


def test_readme_rule_table_matches_the_registry():
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    table = readme.split("<!-- rules-table:start -->\n")[1].split("<!-- rules-table:end -->")[0]
    assert table == rules_markdown(load_registry())


def test_every_rule_documents_why_and_examples():
    for rule in load_registry().sorted_rules():
        doc = rule.documentation()
        assert len(doc.splitlines()) >= 3, rule.code
        if not rule.code.startswith("DL0"):
            assert "Why is this bad?" in doc and "Example" in doc and "Use instead" in doc

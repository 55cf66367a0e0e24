"""README.md: its rule table is generated from the rules' metadata, never by hand;
it stays short, and docs/index.md maps every page of the manual."""

from __future__ import annotations

import re

from doclint.cli.rule_listing import rules_markdown
from doclint.engine.registry import load_registry
from tests.conftest import PROJECT


def test_readme_rule_table_matches_the_registry():
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    table = readme.split("<!-- rules-table:start -->\n")[1].split("<!-- rules-table:end -->")[0]
    assert table == rules_markdown(load_registry())


def test_the_readme_stays_a_first_read():
    """The manual lives in docs/; the README keeps what a newcomer reads first."""
    assert len((PROJECT / "README.md").read_bytes()) <= 30_000


def test_the_docs_map_links_every_page():
    docs = PROJECT / "docs"
    index = (docs / "index.md").read_text(encoding="utf-8")
    # docs/rules/ has a page per rule, mapped by docs/rules/index.md
    pages = {path.name for path in docs.glob("*.md")}
    assert sorted(page for page in pages - {"index.md"} if f"]({page})" not in index) == []


def test_each_promise_of_what_doclint_never_does_names_a_test_that_exists():
    """docs/trust.md is the one page of promises: every test it names exists,
    and each of its sections names one; the README and the other pages link to it."""
    page = (PROJECT / "docs" / "trust.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_\w+)", page))
    defined = {
        name
        for file in (PROJECT / "tests").rglob("test_*.py")
        for name in re.findall(r"^(?:async )?def (test_\w+)", file.read_text(), re.M)
    }
    assert len(named) >= 40
    assert named - defined == set()
    sections = re.split(r"^## ", page, flags=re.M)[1:]
    assert [s.splitlines()[0] for s in sections if "`test_" not in s] == []
    for other in ("README.md", "docs/robustness.md", "docs/caching.md"):
        assert "trust.md" in (PROJECT / other).read_text(encoding="utf-8"), other

"""docs/rules/: one generated page per rule, kept in sync with the rules'
classes, and each finding's `url` pointing at its rule's page under the base
address pyproject.toml declares once."""

from __future__ import annotations

import json
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from doclint.cli.rule_listing import rule_pages
from doclint.engine.registry import builtin_rules, load_registry
from doclint.models.urls import DOCUMENTATION, RULE_PAGES, documentation_base, rule_url
from tests.checking import run_cli

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / RULE_PAGES
GENERATOR = "python tools/rule_pages.py"


def test_the_committed_pages_are_what_the_generator_writes():
    pages = rule_pages(builtin_rules())
    committed = {path.name: path.read_text(encoding="utf-8") for path in FOLDER.glob("*.md")}
    assert sorted(committed) == sorted(pages), f"run {GENERATOR}"
    stale = [name for name, text in pages.items() if committed[name] != text]
    assert not stale, f"{stale} are out of date: run {GENERATOR}"


def test_every_code_has_a_page_and_the_index_links_it():
    index = (FOLDER / "index.md").read_text(encoding="utf-8")
    codes = [rule.code for rule in load_registry().sorted_rules() if rule.code.startswith("DL")]
    assert len(codes) >= 29
    for code in codes:
        page = (FOLDER / f"{code}.md").read_text(encoding="utf-8")
        assert page.startswith(f"# {code} ")
        assert f"[{code}]({code}.md)" in index


@pytest.mark.parametrize("rule", builtin_rules(), ids=lambda rule: rule.code)
def test_each_page_shows_the_rules_documentation_and_causes(rule):
    page = (FOLDER / f"{rule.code}.md").read_text(encoding="utf-8")
    assert rule.summary in page and rule.documentation() in page
    assert f"| {rule.severity} | {'on' if rule.default_enabled else 'off'} |" in page
    for cause in rule.causes:
        assert f"| `{cause.id}` | {cause.label} |" in page
    for option in rule.options:
        assert f"| `{option}` |" in page


@pytest.mark.parametrize("rule", builtin_rules(), ids=lambda rule: rule.code)
def test_each_rule_documents_why_and_a_bad_and_a_good_example(rule):
    """One convention, ruff's: **Why is this bad?**, then **Example**, then **Use instead**."""
    documentation = rule.documentation()
    why = documentation.find("**Why is this bad?**")
    bad = re.search(r"\*\*Example\b", documentation)
    good = re.search(r"\*\*Use instead\b", documentation)
    assert why >= 0 and bad and good and why < bad.start() < good.start(), rule.code


def _pyproject_documentation() -> str:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)["project"]["urls"]["Documentation"]


def test_the_fallback_base_is_pyprojects_documentation_url():
    assert _pyproject_documentation() == DOCUMENTATION


def test_the_installed_metadata_declares_the_same_base():
    declared = metadata.distribution("doclint").metadata.get_all("Project-URL") or []
    assert f"Documentation, {DOCUMENTATION}" in declared, "stale install: pip install -e ."
    assert documentation_base() == DOCUMENTATION


def test_a_rules_url_is_its_page_under_the_base():
    base = documentation_base()
    assert rule_url("DL201") == f"{base}/docs/rules/DL201.md"
    assert rule_url() == f"{base}/docs/rules/index.md"


def _plant(folder: Path, url: str) -> None:
    info = folder / "doclint-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: doclint\nVersion: 0.1.0\n"
        f"Project-URL: Homepage, https://example.org\nProject-URL: Documentation, {url}\n",
        encoding="utf-8",
    )


def test_the_base_is_read_from_the_installed_metadata(tmp_path, monkeypatch):
    _plant(tmp_path / "site", "https://docs.example.org/doclint/")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "site"), *sys.path])
    documentation_base.cache_clear()
    try:
        assert documentation_base() == "https://docs.example.org/doclint"
    finally:
        documentation_base.cache_clear()


def test_metadata_planted_in_the_current_folder_is_not_believed(tmp_path, monkeypatch):
    _plant(tmp_path / "tree", "https://evil.example/phish")
    _plant(tmp_path / "site", "https://docs.example.org/good")
    monkeypatch.chdir(tmp_path / "tree")
    # Under `python -m` the current folder comes first on sys.path.
    monkeypatch.setattr(sys, "path", ["", str(tmp_path / "tree"), str(tmp_path / "site")])
    documentation_base.cache_clear()
    try:
        assert documentation_base() == "https://docs.example.org/good"
    finally:
        documentation_base.cache_clear()


def test_a_documentation_url_that_is_not_https_is_not_believed(tmp_path, monkeypatch):
    _plant(tmp_path / "site", "javascript:alert(1)")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "site"), *sys.path])
    documentation_base.cache_clear()
    try:
        assert documentation_base() == DOCUMENTATION
    finally:
        documentation_base.cache_clear()


def test_each_findings_url_points_at_its_rules_committed_page(monkeypatch, capsys):
    tree = ROOT / "examples" / "tree"
    outcome = run_cli(
        monkeypatch, capsys, tree, "check", "docs", "--no-cache", "--output-format", "json"
    )
    rows = json.loads(outcome.out)
    assert rows
    base = documentation_base()
    for row in rows:
        assert row["url"] == f"{base}/{RULE_PAGES}/{row['code']}.md"
        assert (FOLDER / f"{row['code']}.md").is_file()


def test_rule_names_its_page_online(tmp_path, monkeypatch, capsys):
    text = run_cli(monkeypatch, capsys, tmp_path, "rule", "broken-link").out
    assert text.rstrip().endswith(f"Online: {rule_url('DL401')}")

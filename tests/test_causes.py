"""Typed causes: each finding carries its rule's cause as data, through the
engine, the cache, the workers and every output; the causes view and
`--statistics` group by it."""

from __future__ import annotations

import ast
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from doclint import Settings, check_paths, check_text
from doclint.engine.registry import load_registry
from doclint.output.causes import causes_of
from doclint.rule_api import Cause, Finding, Rule
from tests.checking import run_cli
from tests.conftest import SHARED, require_shared
from tests.pages import keyword_index, write, write_plugin

ROOT = Path(__file__).resolve().parent.parent
CAUSE_ID = re.compile(r"^[a-z][a-z0-9-]*/[a-z][a-z0-9-]*$")


def _rules() -> list[type[Rule]]:
    return load_registry().sorted_rules()


def test_every_rule_declares_its_causes_under_its_own_name():
    seen: set[str] = set()
    for rule in _rules():
        if rule.code[:2] != "DL":
            continue
        assert rule.causes, f"{rule.code} declares no cause"
        for cause in rule.causes:
            assert isinstance(cause, Cause)
            assert CAUSE_ID.match(cause.id), cause
            assert cause.id.split("/")[0] == rule.name, cause
            assert cause.id not in seen, cause
            seen.add(cause.id)


def test_cause_labels_are_short_nouns_not_messages():
    for rule in _rules():
        for cause in rule.causes:
            label = cause.label
            assert label[0].isupper() and not label.endswith((".", "?", ";")), cause
            assert len(label) <= 60, cause
            # A message names entries and paths in backticks; a label names none.
            assert "`" not in label and "/" not in label.replace("UTF-8", ""), cause


def test_causes_are_not_read_from_messages():
    source = (ROOT / "doclint" / "output" / "causes.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "re" not in imported
    assert "SUB_CAUSES" not in source and "sub_cause" not in source


def _declared() -> dict[str, set[Cause]]:
    return {rule.code: set(rule.causes) for rule in _rules()}


def test_the_real_slice_findings_each_carry_a_cause_their_rule_declares(real_report):
    declared = _declared()
    assert len(real_report.diagnostics) > 1000
    for d in real_report.diagnostics:
        assert d.cause in declared[d.code], d
    rows = [d.to_row() for d in real_report.diagnostics]
    causes = causes_of(rows)
    assert causes.total == len(rows)
    assert sum(group.count for group in causes.groups.values()) == len(rows)
    by_cause = Counter(d.cause.id for d in real_report.diagnostics)
    assert {group.id: group.count for group in causes.groups.values()} == by_cause
    biggest = causes.biggest_first()
    assert [c.count for c in biggest] == sorted((c.count for c in biggest), reverse=True)
    for group in biggest:
        assert group.example.cause == (group.id, group.cause)
    records = causes.records()
    assert [(r["id"], r["count"]) for r in records] == [(c.id, c.count) for c in biggest]
    assert sum(r["share"] for r in records) == pytest.approx(1.0, abs=1e-4)
    # The generator's own words are the biggest cause of the real slice.
    assert biggest[0].id == "stopword-keyword/generator-word"


@pytest.mark.parametrize(
    ("classes", "source", "expected"),
    [
        (["def"], None, "keyword-as-class/python-keyword"),
        (["requires"], None, "keyword-as-class/prose-word"),
        (["Ghost"], "class Thing:\n    pass\n", "keyword-as-class/not-defined"),
    ],
)
def test_one_rule_gives_one_cause_per_reason(tmp_path, classes, source, expected):
    if source is not None:
        write(tmp_path, {"pkg/mod.py": source})
    text = keyword_index("pkg/mod.py", ["Thing", *classes])
    report = check_text(text, "docs/pkg/mod.py_kw.md", Settings(select=["DL201"], root=tmp_path))
    assert [d.cause.id for d in report.diagnostics] == [expected]
    assert report.diagnostics[0].cause.label in {
        "Python keyword listed as a class",
        "English word from prose listed as a class",
        "Class the source does not define",
    }


def test_unused_suppressions_say_why(tmp_path):
    text = (
        "# Notes\n\n<!-- doclint-disable-next-line DL101 -->\nplain\n\n"
        "<!-- doclint-disable-next-line DL999 -->\nplain\n\n<!-- doclint-frobnicate -->\n"
        "<!-- doclint-enable DL101 -->\n"
    )
    report = check_text(text, "notes.md", Settings(select=["DL006", "DL101"], root=tmp_path))
    assert [d.cause.id for d in report.diagnostics] == [
        "unused-suppression/suppressed-nothing",
        "unused-suppression/unknown-rule",
        "unused-suppression/unknown-directive",
        "unused-suppression/nothing-to-enable",
    ]


def test_the_engine_gives_its_own_findings_a_cause(tmp_path):
    write(tmp_path, {"empty.md": "", "blank.md": "  \n", "binary.md": "a\0b"})
    report = check_paths([tmp_path], Settings(root=tmp_path))
    assert {Path(d.path).name: d.cause.id for d in report.diagnostics} == {
        "binary.md": "binary-file/nul-byte",
        "blank.md": "empty-file/only-whitespace",
        "empty.md": "empty-file/no-bytes",
    }


PLUGIN = """
from doclint.rule_api import Cause, Finding, Rule, RuleDocs, Scope

DOCS = RuleDocs(what="A test plugin.", why="A test.", example="any page.", use_instead="none.")


class Plain(Rule):
    code = "XC001"
    docs = DOCS
    name = "plain"
    summary = "A plugin that sets no cause."
    scope = Scope.FILE

    def check(self, page, ctx):
        yield Finding(1, 1, "plain")


class Typed(Rule):
    code = "XC002"
    docs = DOCS
    name = "typed"
    summary = "A plugin that sets its cause."
    scope = Scope.FILE
    LOUD = Cause("typed/loud", "Loud text")
    causes = (LOUD,)

    def check(self, page, ctx):
        yield Finding(1, 1, "loud", cause=self.LOUD)


class Malformed(Rule):
    code = "XC003"
    docs = DOCS
    name = "malformed"
    summary = "A plugin that sets a string for a cause."
    scope = Scope.FILE

    def check(self, page, ctx):
        yield Finding(1, 1, "oops", cause="typed/loud")
"""


def test_plugin_findings_get_a_cause_and_a_malformed_one_is_the_plugins_error(
    tmp_path, monkeypatch
):
    write_plugin(tmp_path, "causeplugin", PLUGIN, {"a": "Plain", "b": "Typed", "c": "Malformed"})
    monkeypatch.syspath_prepend(str(tmp_path))
    report = check_text("# Notes\n", "notes.md", Settings(select=["XC", "DL001"]))
    got = {d.code: d.cause for d in report.diagnostics}
    assert got["XC001"] == Cause("plain", "A plugin that sets no cause.")
    assert got["XC002"] == Cause("typed/loud", "Loud text")
    assert got["DL001"].id == "internal-error/rule-crashed"
    assert "XC003" not in got
    assert Finding(1, 1, "x").cause is None


@pytest.fixture
def kinds_tree():
    """The real-kinds slice: a tree with findings of many causes."""
    require_shared()
    return SHARED / "corpus" / "real-kinds"


def _json(monkeypatch, capsys, tree: Path, *args: str) -> list[dict]:
    outcome = run_cli(monkeypatch, capsys, tree, "check", ".", "--output-format", "json", *args)
    assert outcome.code == 1, outcome.err
    return json.loads(outcome.out)


@pytest.mark.slow  # the real tree cold and cached
def test_json_rows_carry_the_cause_through_cache_and_workers(tmp_path, monkeypatch, capsys):
    require_shared()
    # 209 pages: enough for two workers (64 each at least), which render JSON parts.
    real = SHARED / "corpus" / "real"
    cache = ["--cache-dir", str(tmp_path / "cache")]
    cold = _json(monkeypatch, capsys, real, "--no-cache", "--jobs", "1")
    assert len(cold) > 100
    declared = {cause.id: rule.code for rule in _rules() for cause in rule.causes}
    assert all(declared[row["cause"]["id"]] == row["code"] for row in cold)
    # The field sits between fix and url, and nothing else moved.
    assert list(cold[0]) == [
        "path",
        "line",
        "column",
        "end_line",
        "end_column",
        "code",
        "name",
        "severity",
        "message",
        "fix",
        "cause",
        "url",
    ]
    assert _json(monkeypatch, capsys, real, *cache, "--jobs", "2") == cold
    assert _json(monkeypatch, capsys, real, *cache, "--jobs", "1") == cold  # from the cache


def test_sarif_results_carry_the_cause_in_their_properties(kinds_tree, monkeypatch, capsys):
    rows = _json(monkeypatch, capsys, kinds_tree, "--no-cache")
    outcome = run_cli(
        monkeypatch, capsys, kinds_tree, "check", ".", "--no-cache", "--output-format", "sarif"
    )
    results = json.loads(outcome.out)["runs"][0]["results"]
    assert [r["properties"]["cause"] for r in results] == [row["cause"]["id"] for row in rows]


def test_statistics_group_each_rule_by_its_typed_causes(kinds_tree, monkeypatch, capsys):
    rows = _json(monkeypatch, capsys, kinds_tree, "--no-cache")
    outcome = run_cli(
        monkeypatch,
        capsys,
        kinds_tree,
        "check",
        ".",
        "--no-cache",
        "--statistics",
        "--output-format",
        "json",
    )
    detail = json.loads(outcome.out)
    counted = Counter(row["cause"]["id"] for row in rows)
    labels = {cause.id: cause.label for rule in _rules() for cause in rule.causes}
    got = {cause["id"]: cause["count"] for item in detail for cause in item["causes"]}
    assert got == counted
    for item in detail:
        for cause in item["causes"]:
            assert cause["id"].split("/")[0] == item["name"]
            assert cause["cause"] == labels[cause["id"]]


def test_rule_shows_its_causes_as_text_and_json(tmp_path, monkeypatch, capsys):
    text = run_cli(monkeypatch, capsys, tmp_path, "rule", "DL201").out
    records = json.loads(
        run_cli(monkeypatch, capsys, tmp_path, "rules", "--output-format", "json").out
    )
    rule = load_registry().lookup("DL201")
    for cause in rule.causes:
        assert re.search(rf"^  {re.escape(cause.id)} +{re.escape(cause.label)}$", text, re.M)
    (record,) = [record for record in records if record["code"] == "DL201"]
    assert record["causes"] == [{"id": c.id, "label": c.label} for c in rule.causes]

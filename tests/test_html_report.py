"""The causes of findings, `--statistics` in JSON with them, and the HTML report."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from doclint.engine.registry import load_registry
from doclint.models.findings import DiagnosticRow
from doclint.output import RunOutput
from doclint.output.baseline import SourceLines
from doclint.output.html import as_html
from doclint.output.html_data import ReportData, fair_share
from tests.checking import run_cli


@pytest.fixture
def corpus_cli(monkeypatch, capsys, generated_corpus):
    def invoke(*args: str):
        return run_cli(
            monkeypatch, capsys, generated_corpus, "check", "--no-cache", "--select", "ALL", *args
        )

    return invoke


def test_statistics_in_json_give_each_rules_causes(corpus_cli):
    plain = json.loads(corpus_cli("--output-format", "json", "docs").out)
    detail = json.loads(corpus_cli("--statistics", "--output-format", "json", "docs").out)
    per_rule = Counter(d["code"] for d in plain)
    assert {item["code"]: item["count"] for item in detail} == per_rule
    for item in detail:
        assert sum(cause["count"] for cause in item["causes"]) == item["count"]
        counts = [cause["count"] for cause in item["causes"]]
        assert counts == sorted(counts, reverse=True)
        for cause in item["causes"]:
            assert cause["share"] == pytest.approx(cause["count"] / len(plain), abs=1e-6)
            example = cause["example"]
            assert example in [
                {k: d[k] for k in ("path", "line", "column", "message")}
                for d in plain
                if d["code"] == item["code"]
            ]


def _embedded(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', page)
    assert found is not None
    return json.loads(found.group(1))


def test_the_report_totals_equal_the_statistics(corpus_cli, generated_corpus):
    assert corpus_cli("--output-format", "html", "-o", "report.html", "docs").code == 1
    page = (generated_corpus / "report.html").read_text(encoding="utf-8")
    statistics = json.loads(corpus_cli("--statistics", "--output-format", "json", "docs").out)
    data = _embedded(page)
    assert {r["code"]: r["count"] for r in data["rules"]} == {
        s["code"]: s["count"] for s in statistics
    }
    total = sum(s["count"] for s in statistics)
    assert data["totals"]["findings"] == total
    summary = corpus_cli("--output-format", "concise", "docs").out
    fixable = summary.count("] [*] ")
    assert fixable and data["totals"]["fixable"] == fixable
    assert f"<b>{total:,}</b><span>findings</span>" in page
    for item in statistics:
        assert f'data-count="{item["code"]}">{item["count"]:,}</td>' in page
        assert f'id="rule-doc-{item["code"]}"' in page
    causes = {(c["code"], c["cause"]): c["count"] for c in data["causes"]}
    assert causes == {(s["code"], c["cause"]): c["count"] for s in statistics for c in s["causes"]}
    # The whole tree's count sits at the top of the folder tree.
    assert data["folders"][0] == ["", total, data["folders"][0][2]]


def test_the_report_is_self_contained(corpus_cli, generated_corpus):
    corpus_cli("--output-format", "html", "-o", "report.html", "docs")
    page = (generated_corpus / "report.html").read_text(encoding="utf-8")
    assert not re.search(r"<(link|img|iframe)\b|\ssrc=|@import|url\(", page)
    assert re.findall(r"https?://[^\s\"'<]+", page) == ["http://www.w3.org/2000/svg"]
    # Nothing in the embedded data can close its script element early.
    data_block = page.split('id="report-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in data_block


def _rows(paths_and_codes: list[tuple[str, str]]) -> list[DiagnosticRow]:
    return [
        DiagnosticRow(path, line, 1, code, code.lower(), "error", f"`x{line}` is wrong")
        for line, (path, code) in enumerate(paths_and_codes, start=1)
    ]


def test_a_rare_rule_keeps_all_its_findings_within_the_limit():
    rows = sorted(
        _rows([(f"docs/a/f{i:03}.md", "DL202") for i in range(300)])
        + _rows([(f"docs/b/g{i}.md", "DL201") for i in range(7)])
    )
    data = ReportData({}, SourceLines(), limit=50).add_all(rows)
    report = data.as_json(400)
    kept = Counter(f["code"] for f in report["findings"])
    assert kept == {"DL201": 7, "DL202": 43}
    assert report["totals"]["findings"] == 307
    assert report["totals"]["files_with_findings"] == 307
    # The first findings of each rule, in path order.
    assert [f["path"] for f in report["findings"] if f["code"] == "DL202"] == [
        f"docs/a/f{i:03}.md" for i in range(43)
    ]


def test_the_page_says_what_was_left_out_and_how_to_get_it():
    rows = _rows([(f"docs/f{i:05}.md", "DL202") for i in range(20_500)])
    output = RunOutput(rows, 20_500, sources=SourceLines())
    page = "".join(as_html(output))
    assert len(_embedded(page)["findings"]) == 20_000
    assert "This page holds 20,000 of the 20,500 findings" in page
    assert "--output-format jsonl" in page


def test_folder_totals_include_subfolders_and_worst_files_come_first():
    rows = _rows(
        [("docs/a/x.md", "DL201")] * 3
        + [("docs/a/b/y.md", "DL202")] * 5
        + [("docs/c/z.md", "DL201")]
        + [("top.md", "DL401")]
    )
    report = ReportData({}, SourceLines()).add_all(rows).as_json(9)
    assert report["folders"] == [
        ("", 10, {"DL202": 5, "DL201": 4, "DL401": 1}),
        ("docs", 9, {"DL202": 5, "DL201": 4}),
        ("docs/a", 8, {"DL202": 5, "DL201": 3}),
        ("docs/a/b", 5, {"DL202": 5}),
        ("docs/c", 1, {"DL201": 1}),
    ]
    assert [(w["path"], w["count"]) for w in report["worst"][:2]] == [
        ("docs/a/b/y.md", 5),
        ("docs/a/x.md", 3),
    ]


def test_folders_outside_the_current_one_join_the_same_tree():
    rows = _rows([("/abs/x.md", "DL201"), ("../up/y.md", "DL202"), ("z.md", "DL401")])
    report = ReportData({}, SourceLines()).add_all(sorted(rows)).as_json(3)
    assert [(path, count) for path, count, _ in report["folders"]] == [
        ("", 3),
        ("..", 1),
        ("../up", 1),
        ("/", 1),
        ("/abs", 1),
    ]


def test_findings_carry_their_lines_as_a_code_frame(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("page.md").write_text("one\ntwo\nthree\nfour\nfive\nsix\n", encoding="utf-8")
    row = DiagnosticRow("page.md", 4, 2, "DL201", "keyword-as-class", "error", "m")
    rules = {rule.code: rule for rule in load_registry().sorted_rules()}
    finding = ReportData(rules, SourceLines()).add_all([row]).as_json(1)["findings"][0]
    assert finding["frame"] == [2, ["two", "three", "four", "five", "six"]]


@pytest.mark.parametrize(
    ("sizes", "budget", "cap"),
    [([5, 100, 100], 50, 22), ([1, 2], 50, 50), ([10, 10], 10, 5), ([], 10, 10)],
)
def test_fair_share(sizes, budget, cap):
    assert fair_share(sizes, budget) == cap
    assert sum(min(size, cap) for size in sizes) <= budget

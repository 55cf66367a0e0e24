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
from doclint.output.causes import SUB_CAUSES, causes_of, sub_cause
from doclint.output.html import as_html
from doclint.output.html_data import ReportData, fair_share
from tests.checking import run_cli

# Messages of real findings: the Python ones as the baseline runs over the
# generated corpora and ../shared/corpus/real gave them, the C++ ones as the
# rules word them for C/C++/CUDA sources.
SUB_CAUSE_EXAMPLES = [
    ("DL201", "`from` is a Python keyword, not a class name", "keyword"),
    ("DL201", "`class` is a C++ keyword, not a class name", "keyword"),
    (
        "DL201",
        "`name` is an English word caught from prose, not a class name",
        "prose word from a comment",
    ),
    ("DL201", "`TORCH_API` is an export macro; the class is `CUDAHooks`", "export macro"),
    ("DL201", "`T` is a template parameter, not a class name", "template parameter"),
    (
        "DL201",
        "`constructor` is not a class defined in `_collections_abc.py`",
        "not in the source",
    ),
    (
        "DL202",
        "`A` is an English stop word, not an identifier of `LICENSE.txt`",
        "English stop word",
    ),
    (
        "DL202",
        "`Code` is a word of the generator's own headings, not an identifier of "
        "`LICENSE.txt_docs.md`",
        "generator's own word",
    ),
    (
        "DL202",
        "`Generated` is a word the generator wrote itself, not an identifier of `mod.py`",
        "generator's own word",
    ),
    (
        "DL202",
        "`Foo` is in the configured `extra-stop-words`, not an identifier of `mod.py`",
        "configured stop word",
    ),
    (
        "DL203",
        "`f` is listed as a function but is not defined in `_threading_local.py`",
        "function not in the source",
    ),
    (
        "DL203",
        "`FeatureName` is listed as an import but is not a module or name imported by "
        "`__future__.py`",
        "import not in the source",
    ),
    ("DL203", "`while` is a C++ keyword, not a function", "keyword"),
    (
        "DL203",
        "`Foo` is a class of `foo.h` (its constructor), not a function",
        "constructor listed as a function",
    ),
    (
        "DL203",
        "`vector` is listed as an include but `foo.h` has no `#include` of it",
        "include not in the source",
    ),
    (
        "DL401",
        "link target `./libpython3.11.a_docs.md` does not exist (resolved to "
        "`docs/config-3.11-x86_64-linux-gnu/libpython3.11.a_docs.md`)",
        "link to a page not generated",
    ),
    (
        "DL401",
        "link target `./keywords.md` does not exist (resolved to `docs/keywords.md`)",
        "link to a missing Markdown page",
    ),
    (
        "DL401",
        "link target `../../../test/distributed/_test_template.py` does not exist "
        "(resolved to `test/distributed/_test_template.py`)",
        "link to a missing file",
    ),
    (
        "DL401",
        "link target `./asyncio/` does not exist (resolved to `docs/asyncio`)",
        "link to a missing folder",
    ),
    ("DL303", "claims 7,482 bytes; the file has 7,677", "size in bytes"),
    ("DL303", "claims 7.50 KB but 7,482 bytes is 7.31 KB", "size in KB disagrees with the bytes"),
    ("DL303", "claims path `a/b.py`; the title documents `a/c.py`", "path"),
    ("DL303", "claims type `Python Source`, but a `.txt` file is `Text File`", "file type"),
    ("DL303", "claims `.py`; `notes.txt` has `.txt`", "extension"),
    (
        "DL304",
        "claims 2 classes and 4 functions; the source defines 1 class and 4 functions",
        "classes and functions miscounted",
    ),
    (
        "DL304",
        "claims 65 file(s); `test/test_email/data/` has 50",
        "files of a folder miscounted",
    ),
    (
        "DL304",
        "claims 1 `.aifc` file(s); `test/test_email/data/` has 0",
        "files of one extension miscounted",
    ),
    ("DL304", "claims 3 subfolder(s); `pkg/` has 2", "subfolders miscounted"),
    (
        "DL305",
        "`__future__` is not a module that `__future__.py` imports",
        "module the source does not import",
    ),
    ("DL305", "`ATen/Functions.h` is not a Python module name", "not a module name"),
    (
        "DL305",
        "`Sequense` is not a name that can be imported from `typing`",
        "name not importable from the module",
    ),
    (
        "DL103",
        '`### Import Dependencies` holds only generator boilerplate ("No imports detected."); '
        "remove the section or give it content",
        'boilerplate "No imports detected."',
    ),
    (
        "DL501",
        "`\u00e2\u2020\u2019` is `\u2192` mis-decoded (UTF-8 read as Windows-1252)",
        "UTF-8 read as Windows-1252",
    ),
]


@pytest.mark.parametrize(("code", "message", "cause"), SUB_CAUSE_EXAMPLES)
def test_each_sub_cause_is_read_from_its_message(code, message, cause):
    assert sub_cause(code, message) == cause


def test_every_sub_cause_of_the_table_has_an_example():
    named = {(code, cause) for code, _, cause in SUB_CAUSE_EXAMPLES}
    for code, patterns in SUB_CAUSES.items():
        for _, label in patterns:
            if "{}" not in label:
                assert (code, label) in named, (code, label)


def test_a_message_no_pattern_knows_is_grouped_by_its_wording():
    first = sub_cause("DL603", "this page documents `docs/a.md`, a page of the generated tree")
    second = sub_cause("DL603", "this page documents `docs/b.md`, a page of the generated tree")
    assert first == second == "this page documents …, a page of the generated tree"


def test_the_real_slice_findings_of_rules_with_sub_causes_are_all_named(real_report):
    rows = [DiagnosticRow(**d.model_dump()) for d in real_report.diagnostics]
    causes = causes_of(rows)
    assert causes.total == len(rows) > 1000
    assert sum(cause.count for cause in causes.groups.values()) == len(rows)
    labels = {code: {label for _, label in patterns} for code, patterns in SUB_CAUSES.items()}
    for cause in causes.groups.values():
        if cause.code in labels and "{}" not in str(labels[cause.code]):
            assert cause.cause in labels[cause.code], cause
        assert sub_cause(cause.code, cause.example.message) == cause.cause
    biggest = causes.biggest_first()
    assert [c.count for c in biggest] == sorted((c.count for c in biggest), reverse=True)
    assert (biggest[0].code, biggest[0].cause) == ("DL202", "generator's own word")


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

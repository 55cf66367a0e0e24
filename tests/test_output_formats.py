"""Every --output-format, --output-file, --statistics, --quiet, --exit-zero and exit codes."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from doclint.engine.registry import load_registry
from doclint.models.findings import Cause, Edit, Finding, Fix, FixSafety
from doclint.models.urls import rule_url
from doclint.output import FORMATS, RunOutput
from doclint.output import baseline as baseline_module
from doclint.output.json_formats import JSON, json_object
from doclint.output.shown import in_order
from tests.checking import run_cli
from tests.conftest import REAL, SHARED, require_shared
from tests.pages import keyword_index, write

KW = "docs/pkg/mod.py_kw.md"
CLEAN = "docs/pkg/clean.md"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """One page with DL101 (14:1), DL201 (16:6) and three DL401, one clean page."""
    write(
        tmp_path,
        {
            KW: keyword_index("pkg/mod.py", ["def", "Thing"]),
            CLEAN: "# Clean\n",
            "pkg/mod.py": "class Thing: ...\n",
        },
    )
    return tmp_path


@pytest.fixture
def cli(monkeypatch, capsys, tree):
    def invoke(*args: str):
        return run_cli(monkeypatch, capsys, tree, "check", "--no-cache", *args, "docs")

    return invoke


def sarif_schema() -> dict:
    require_shared()
    return json.loads((SHARED / "schemas" / "sarif-schema-2.1.0.json").read_text())


def test_full_is_the_default_and_shows_the_line_with_a_caret(cli):
    outcome = cli()
    assert outcome.code == 1
    assert (
        "docs/pkg/mod.py_kw.md:16:6: DL201 error [keyword-as-class] [*] `def` is a Python keyword, "
        "not a class name\n"
        "   |\n"
        "16 | - **`def`**: [mod.py_docs.md](./mod.py_docs.md)\n"
        "   |      ^ DL201\n"
        "   |\n"
    ) in outcome.out
    assert outcome.out.endswith(
        "Found 5 problems in 1 file (2 files checked).\n[*] 2 fixable with `--fix`.\n"
    )


def test_full_shows_one_frame_for_findings_alike_and_still_counts_each(
    monkeypatch, capsys, tmp_path
):
    """Four links to one missing page (two on line 8) and one to another: `full`
    frames each target once and lists the other lines; the other formats and
    the counts keep every finding."""
    page = "# Page\n\n[a](gone.md)\n\n[b](gone.md)\n[c](other.md)\n\n[d](gone.md) [e](gone.md)\n"
    write(tmp_path, {"docs/links.md": page})

    def check(*args: str) -> str:
        return run_cli(
            monkeypatch, capsys, tmp_path, "check", "--no-cache", "--select", "DL401", *args, "docs"
        ).out

    def headline(line: int, column: int, target: str) -> str:
        return (
            f"docs/links.md:{line}:{column}: DL401 error [broken-link] link target `{target}` "
            f"does not exist (resolved to `docs/{target}`)\n"
        )

    assert check() == (
        headline(3, 1, "gone.md")
        + "  |\n3 | [a](gone.md)\n  | ^ DL401\n  |\n  = also at lines 5, 8\n\n"
        + headline(6, 1, "other.md")
        + "  |\n6 | [c](other.md)\n  | ^ DL401\n  |\n\n"
        + "Found 5 problems in 1 file (1 file checked).\n"
    )
    concise = check("--output-format", "concise").splitlines()
    assert concise[:-1] == [
        headline(3, 1, "gone.md").rstrip(),
        headline(5, 1, "gone.md").rstrip(),
        headline(6, 1, "other.md").rstrip(),
        headline(8, 1, "gone.md").rstrip(),
        headline(8, 14, "gone.md").rstrip(),
    ]
    found = json.loads(check("--output-format", "json"))
    assert [(f["line"], f["column"]) for f in found] == [(3, 1), (5, 1), (6, 1), (8, 1), (8, 14)]


def test_full_shows_the_lines_checked_and_reads_a_kept_file_once(monkeypatch, capsys, tree):
    """Lines come with the engine's findings; a kept result's part is
    rendered reading its file once, and given by the memo after that."""
    read: list[str] = []
    original = baseline_module._read_lines
    monkeypatch.setattr(
        baseline_module, "_read_lines", lambda path: read.append(path) or original(path)
    )

    def check(output_format, *more):
        return run_cli(
            monkeypatch, capsys, tree, "check", "--output-format", output_format, "docs", *more
        ).out

    checked = check("full")
    assert read == []  # the lines come with the findings from the engine
    assert check("full") == checked and read == []  # the part the memo kept
    sarif = check("sarif")
    assert read == [KW]  # kept findings rendered for another format: their file read once
    assert check("sarif") == sarif and read == [KW]
    assert check("full", "--no-cache") == checked


def test_full_snippet_keeps_tabs_under_the_caret():
    row = Finding(3, 3, "m", code="DL101", name="unknown-heading", severity="error", path="a.md")
    output = RunOutput([row], 1, sources=baseline_module.SourceLines({"a.md": "\n\n\tx# y\n"}))
    assert "3 | \tx# y\n  | \t ^ DL101\n" in "".join(FORMATS["full"](output))


def test_in_order_shows_every_field_and_sets_only_the_path():
    """A file's findings in order, each once, at the path shown; every
    other field as the engine gave it (a field added after the path would
    take the path's place: the path stays the last)."""
    fix = Fix((Edit(2, 1, 2, 3, ""),), FixSafety.SAFE, "drop")
    later = Finding(2, 1, "b", fix, Cause("r/c", "c"), "DL101", "r", "error")
    first = Finding(1, 4, "a", None, None, "DL102", "s", "info")
    assert Finding._fields[-1] == "path"
    assert in_order([later, first, later], "docs/a.md") == [
        first._replace(path="docs/a.md"),
        later._replace(path="docs/a.md"),
    ]


def test_in_order_keeps_the_given_order_of_rows_at_one_place():
    """Rows at one place (line, column, code, name, severity, message) that
    differ in their fix stay in the order the engine gave them, each once,
    whatever their hashes: a copy after another row of that place is dropped."""
    drop = Fix((Edit(2, 1, 2, 3, ""),), FixSafety.SAFE, "drop")
    keep = Fix((Edit(2, 1, 2, 3, "x"),), FixSafety.UNSAFE, "replace")
    fixed = [Finding(2, 1, "b", fix, None, "DL101", "r", "error") for fix in (drop, keep, None)]
    earlier = Finding(1, 9, "z", None, None, "DL999", "z", "info")
    for order in ([0, 1, 2], [2, 0, 1], [1, 2, 0]):
        rows = [fixed[i] for i in order]
        shown = in_order([rows[0], earlier, rows[1], rows[0], rows[2], rows[1]], "a.md")
        assert shown == [row._replace(path="a.md") for row in (earlier, *rows)]


def test_concise(cli):
    outcome = cli("--output-format", "concise")
    lines = outcome.out.splitlines()
    assert lines[0] == (
        "docs/pkg/mod.py_kw.md:6:22: DL401 error [broken-link] link target `./mod.py_docs.md` "
        "does not exist (resolved to `docs/pkg/mod.py_docs.md`)"
    )
    assert lines[-2:] == [
        "Found 5 problems in 1 file (2 files checked).",
        "[*] 2 fixable with `--fix`.",
    ]
    assert len(lines) == 7


def test_quiet_prints_only_findings(cli):
    assert len(cli("--output-format", "concise", "--quiet").out.splitlines()) == 5
    full = cli("-q").out
    # the three links to one missing page share a frame
    assert "Found" not in full and full.count("^") == 3 and "= also at lines" in full


def test_json_and_jsonl(cli):
    data = json.loads(cli("--output-format", "json").out)
    lines = cli("--output-format", "jsonl").out.splitlines()
    assert [json.loads(line) for line in lines] == data
    assert data[1] == {
        "path": KW,
        "line": 14,
        "column": 1,
        "end_line": 14,
        "end_column": 1,
        "code": "DL101",
        "name": "unknown-heading",
        "severity": "error",
        "message": data[1]["message"],
        "fix": {
            "applicability": "safe",
            "message": data[1]["fix"]["message"],
            "edits": [
                {"line": 14, "column": 5, "end_line": 14, "end_column": 11, "content": "Classes"}
            ],
        },
        "cause": {"id": "unknown-heading/misspelt", "label": "Misspelt template heading"},
        "url": rule_url("DL101"),
    }
    assert data[0]["fix"] is None  # a broken link: no fix


def test_json_fix_applied_by_hand_is_what_fix_writes(cli, tree):
    """The edits JSON reports are those `--fix` applies."""
    data = json.loads(cli("--output-format", "json").out)
    lines = (tree / KW).read_text().split("\n")
    for item in reversed([d for d in data if d["fix"]]):
        for edit in reversed(item["fix"]["edits"]):
            first, last = edit["line"] - 1, edit["end_line"] - 1
            text = "\n".join(lines[first : last + 1])
            end = len(text) - len(lines[last]) + edit["end_column"] - 1
            text = text[: edit["column"] - 1] + edit["content"] + text[end:]
            lines[first : last + 1] = text.split("\n")
    assert cli("--fix").code == 1
    assert (tree / KW).read_text() == "\n".join(lines)


def test_json_rows_are_what_json_dumps_gives():
    fix = Fix((Edit(1, 2, 3, 1, 'é"\n'),), FixSafety.UNSAFE, "a `b`")
    two_edits = Fix((Edit(4, 1, 5, 1, ""), Edit(7, 2, 7, 3, "\\")), FixSafety.SAFE, "x")
    rows = [
        Finding(
            1,
            2,
            'é\t"x"\n\u2028\x01',
            fix=fix,
            code="DL101",
            name="n",
            severity="error",
            path='a "b"\\.md',
        ),
        Finding(4, 1, "m", fix=two_edits, code="DL202", name="s", severity="error", path="c.md"),
        Finding(
            9,
            1,
            "m",
            fix=Fix((), FixSafety.SAFE, "none"),
            code="DL202",
            name="s",
            severity="error",
            path="c.md",
        ),
        Finding(
            9,
            2,
            "m",
            cause=Cause('s/"é"', "Label"),
            code="DL202",
            name="s",
            severity="error",
            path="c.md",
        ),
    ]
    output = RunOutput(rows, 2)
    expected = [json.dumps(json_object(row), ensure_ascii=False) for row in rows]
    assert "".join(FORMATS["jsonl"](output)) == "".join(row + "\n" for row in expected)
    assert "".join(FORMATS["json"](output)) == "[\n" + ",\n".join(expected) + "\n]\n"
    assert "".join(FORMATS["json"](RunOutput([], 0))) == "[]\n"
    assert "".join(FORMATS["jsonl"](RunOutput([], 0))) == ""


def test_json_parts_built_once_per_path_and_rule_stay_exact():
    """The encoder reuses each path's and each rule's text: interleaved paths and
    rules must still give every row's own values."""
    rules = [("DL201", "k", "error"), ("DL101", "unknown-heading", "warning"), ("DL9", "x", "info")]
    rows = [
        Finding(i, i % 5 + 1, f'`x{i}` "q"', None, None, *rules[i % 3], f"docs/p{i % 7}.md")
        for i in range(1, 200)
    ]
    text = "".join(FORMATS["json"](RunOutput(rows, 7)))
    assert json.loads(text) == [json_object(row) for row in rows]


def test_a_json_part_in_utf8_is_its_text_encoded():
    """A file's JSON part is encoded a row at a time where a row is not ASCII:
    the bytes are those of the whole text encoded, one row or many, a wide
    row first, last or between, a lone surrogate kept as `surrogatepass` keeps it."""

    def row(line, message):
        return Finding(line, 1, message, None, None, "DL101", "r", "error", "docs/a.md")

    plain, wide, odd = row(1, "plain"), row(2, "an arrow \u2192 here"), row(3, "\udcff byte")
    for rows in ([plain], [wide], [plain, wide, plain], [wide, plain], [plain, odd, wide]):
        output = RunOutput(rows, 1)
        text = JSON.part(rows, output)
        assert JSON.encoded(rows, output, "surrogatepass") == text.encode("utf-8", "surrogatepass")
        assert json.loads(f"[{text}]") == [json_object(r) for r in rows]


def test_sarif_validates_and_describes_the_rules(cli):
    schema = sarif_schema()
    outcome = cli("--output-format", "sarif")
    log = json.loads(outcome.out)
    jsonschema.validate(log, schema)
    run = log["runs"][0]
    rules = load_registry().sorted_rules()
    descriptors = run["tool"]["driver"]["rules"]
    assert [d["id"] for d in descriptors] == [rule.code for rule in rules]
    for descriptor, rule in zip(descriptors, rules, strict=True):
        assert descriptor["shortDescription"]["text"] == rule.summary
        assert descriptor["help"]["text"] == rule.documentation()
    results = run["results"]
    assert len(results) == 5
    for result in results:
        assert descriptors[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == KW
    assert len({r["partialFingerprints"]["doclint/v1"] for r in results}) == 5


def test_sarif_levels_follow_severity_overrides(cli, tree):
    (tree / "doclint.toml").write_text('[severity]\nDL201 = "warning"\nDL101 = "info"\n')
    results = json.loads(cli("--output-format", "sarif").out)["runs"][0]["results"]
    levels = {r["ruleId"]: r["level"] for r in results}
    assert levels == {"DL101": "note", "DL201": "warning", "DL401": "error"}


@pytest.mark.slow  # the real slice's SARIF against its schema
def test_sarif_of_the_real_slice_validates(monkeypatch, capsys):
    schema = sarif_schema()
    outcome = run_cli(
        monkeypatch,
        capsys,
        REAL,
        "check",
        "docs",
        "--root",
        ".",
        "--known-paths",
        "LISTING.txt",
        "--no-cache",
        "--select",
        "ALL",
        "--output-format",
        "sarif",
    )
    log = json.loads(outcome.out)
    jsonschema.validate(log, schema)
    assert len(log["runs"][0]["results"]) > 1000


def test_junit_one_test_case_per_file(cli):
    root = ET.fromstring(cli("--output-format", "junit").out)
    suite = root.find("testsuite")
    cases = {case.get("name"): case for case in suite.findall("testcase")}
    assert set(cases) == {KW, CLEAN}
    assert (suite.get("tests"), suite.get("failures"), root.get("failures")) == ("2", "1", "1")
    assert cases[CLEAN].find("failure") is None
    failure = cases[KW].find("failure")
    assert failure.get("message") == "5 problems"
    assert f"{KW}:14:1: DL101 error [unknown-heading]" in failure.text


def test_junit_keeps_xml_valid_with_control_characters():
    row = Finding(
        1, 1, "bad \x01 <&> byte", code="DL501", name="mojibake", severity="error", path="a.md"
    )
    text = "".join(FORMATS["junit"](RunOutput([row], 1, files=[Path("a.md")])))
    failure = ET.fromstring(text).find("testsuite/testcase/failure")
    # The headline escapes the control character (as every text format does).
    assert failure.text == "a.md:1:1: DL501 error [mojibake] bad \\x01 <&> byte"


def test_github_workflow_commands(cli, tree):
    (tree / "doclint.toml").write_text('[severity]\nDL201 = "warning"\nDL101 = "info"\n')
    lines = cli("--output-format", "github").out.splitlines()
    # The clean page is written by hand: no notice of pages no generator read.
    assert len(lines) == 5
    assert lines[1] == (
        "::notice file=docs/pkg/mod.py_kw.md,line=14,col=1,title=DL101 [unknown-heading]::"
        "`### Classs` is not a heading of a keyword-index page under `## Keywords Extracted`; "
        "did you mean `### Classes`?"
    )
    assert lines[2].startswith("::warning file=docs/pkg/mod.py_kw.md,line=16,col=6,")
    assert lines[0].startswith("::error ")


def test_github_escapes_data_and_properties():
    row = Finding(
        1, 2, "50%\nstack", code="DL001", name="internal-error", severity="error", path="a,b:c.md"
    )
    (line,) = "".join(FORMATS["github"](RunOutput([row], 1))).splitlines()
    # A newline is shown escaped, as in every text format, not sent as %0A.
    assert line == (
        "::error file=a%2Cb%3Ac.md,line=1,col=2,title=DL001 [internal-error]::50%25\\nstack"
    )


def test_gitlab_code_quality_with_stable_fingerprints(cli, tree):
    issues = json.loads(cli("--output-format", "gitlab").out)
    assert len(issues) == 5 and len({issue["fingerprint"] for issue in issues}) == 5
    assert issues[1] == {
        "type": "issue",
        "check_name": "DL101",
        "description": issues[1]["description"],
        "severity": "major",
        "fingerprint": issues[1]["fingerprint"],
        "location": {"path": KW, "positions": {"begin": {"line": 14, "column": 1}}},
    }
    page = tree / KW
    page.write_text("\n\n" + page.read_text())
    moved = json.loads(cli("--output-format", "gitlab").out)
    assert [i["fingerprint"] for i in moved] == [i["fingerprint"] for i in issues]
    assert moved[1]["location"]["positions"]["begin"]["line"] == 16


def test_output_file(cli, tree):
    outcome = cli("--output-format", "json", "--output-file", "report.json")
    assert outcome.code == 1 and outcome.out == ""
    assert len(json.loads((tree / "report.json").read_text())) == 5
    unwritable = cli("-o", "no/such/folder/report.json")
    assert unwritable.code == 2 and "cannot write no/such/folder/report.json" in unwritable.err


def test_statistics(cli):
    outcome = cli("--statistics")
    assert outcome.code == 1
    assert outcome.out == (
        "3  DL401      broken-link\n"
        "   3  Link to a documentation page not generated  [broken-link/page-not-generated]\n"
        "1  DL101  [*] unknown-heading\n"
        "   1  Misspelt template heading  [unknown-heading/misspelt]\n"
        "1  DL201  [*] keyword-as-class\n"
        "   1  Python keyword listed as a class  [keyword-as-class/python-keyword]\n"
        "Found 5 problems in 1 file (2 files checked).\n"
    )
    as_json = json.loads(cli("--statistics", "--output-format", "json").out)
    assert [as_json[0][key] for key in ("code", "name", "count", "fixable")] == [
        *("DL401", "broken-link", 3, False)
    ]
    assert as_json[1]["fixable"] is True
    assert cli("--statistics", "-q").out.count("\n") == 6


def test_statistics_mark_a_rule_only_unsafe_fixes_repair_as_concise_does(monkeypatch, capsys):
    """The example tree's DL301 finding has an unsafe fix: `concise` marks it
    `[~]`, and so does its rule's line of --statistics (JSON: `fix`)."""
    example = Path(__file__).resolve().parent.parent / "examples" / "tree"
    concise = run_cli(
        monkeypatch,
        capsys,
        example,
        "check",
        "--no-cache",
        "-q",
        "docs",
        "--output-format",
        "concise",
    ).out
    assert "DL301 error [nonsense-run-command] [~] " in concise
    lines = run_cli(monkeypatch, capsys, example, "check", "--no-cache", "docs", "--statistics")
    rows = {line.split()[1]: line for line in lines.out.splitlines() if line[:1].isdigit()}
    assert rows["DL301"] == "1  DL301  [~] nonsense-run-command"
    assert rows["DL201"] == "2  DL201  [*] keyword-as-class"
    assert rows["DL304"] == "1  DL304      count-mismatch"
    as_json = run_cli(
        monkeypatch,
        capsys,
        example,
        "check",
        "--no-cache",
        "docs",
        "--statistics",
        "--output-format",
        "json",
    ).out
    fixes = {item["code"]: (item["fixable"], item["fix"]) for item in json.loads(as_json)}
    assert fixes["DL301"] == (False, "unsafe")
    assert fixes["DL201"] == (True, "safe")
    assert fixes["DL304"] == (False, None)


def test_exit_codes(cli, tree):
    assert cli().code == 1
    assert cli("--exit-zero").code == 0
    assert cli("--ignore", "DL1,DL2,DL4").code == 0
    assert cli("--exit-zero", "--select", "DL999").code == 2
    (tree / "doclint.toml").write_text("bogus = 1\n")
    assert cli("--exit-zero").code == 2

"""What the output says beyond the findings: honest counts, fixable marks,
colour, documentation links, and SARIF written part by part."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import jsonschema
import pytest

from doclint.engine import Settings
from doclint.engine.registry import load_registry
from doclint.models.findings import Counts, Edit, Finding, Fix, FixSafety
from doclint.output import FORMATS, LAYOUTS, RunOutput
from doclint.output.color import use_color
from doclint.output.parts import PartWriter
from doclint.output.spilled_parts import FilePart
from tests import fix_plugin
from tests.checking import run_cli
from tests.pages import keyword_index, write
from tests.running import run
from tests.test_output_formats import sarif_schema

KW = "docs/pkg/mod.py_kw.md"
SAFE = Fix((Edit(1, 1, 1, 2, ""),), FixSafety.SAFE, "d")
UNSAFE = Fix((Edit(1, 1, 1, 2, ""),), FixSafety.UNSAFE, "d")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """Three pages, one with findings: DL101 and DL201 (safe fixes), three DL401."""
    write(
        tmp_path,
        {
            KW: keyword_index("pkg/mod.py", ["def", "Thing"]),
            "docs/pkg/a.md": "# A\n",
            "docs/pkg/b.md": "# B\n",
            "pkg/mod.py": "class Thing: ...\n",
        },
    )
    return tmp_path


def check(monkeypatch, capsys, tree: Path, *args: str):
    return run_cli(monkeypatch, capsys, tree, "check", "--no-cache", *args, "docs")


def test_the_summary_counts_the_files_with_findings(monkeypatch, capsys, tree):
    outcome = check(monkeypatch, capsys, tree, "--output-format", "concise")
    assert "Found 5 problems in 1 file (3 files checked).\n" in outcome.out


def _row(path: str, line: int, code: str, name: str, fix: Fix | None = None) -> Finding:
    return Finding(line, 1, "m", fix, code=code, name=name, severity="error", path=path)


def test_the_summary_counts_fixes_by_safety():
    rows = [
        _row("a.md", 1, "DL101", "unknown-heading", SAFE),
        _row("a.md", 2, "DL301", "nonsense-run-command", UNSAFE),
        _row("b.md", 1, "DL201", "keyword-as-class", SAFE),
        _row("b.md", 2, "DL401", "broken-link"),
    ]
    text = "".join(FORMATS["concise"](RunOutput(rows, 3)))
    assert text.splitlines() == [
        "a.md:1:1: DL101 error [unknown-heading] [*] m",
        "a.md:2:1: DL301 error [nonsense-run-command] [~] m",
        "b.md:1:1: DL201 error [keyword-as-class] [*] m",
        "b.md:2:1: DL401 error [broken-link] m",
        "Found 4 problems in 2 files (3 files checked).",
        "[*] 2 fixable with `--fix`.",
        "[~] 1 more with `--fix --unsafe-fixes`.",
    ]


def test_only_unsafe_fixes_are_not_more_than_none():
    rows = [_row("a.md", 2, "DL301", "nonsense-run-command", UNSAFE)]
    text = "".join(FORMATS["concise"](RunOutput(rows, 1)))
    assert text.endswith("\n[~] 1 fixable with `--fix --unsafe-fixes`.\n")


def test_parts_written_by_workers_count_the_same_fixes(monkeypatch, tmp_path):
    """The parts a run's workers write carry the counts of their fixes: the
    summary says what it says of the same findings rendered here."""
    pages = {f"docs/pkg/m{n}.py_kw.md": keyword_index(f"pkg/m{n}.py", ["def"]) for n in range(130)}
    write(tmp_path, pages)
    monkeypatch.chdir(tmp_path)
    rendered = run(["docs"], Settings(jobs=2), sink=PartWriter(LAYOUTS["concise"]))
    found = run(["docs"], Settings(jobs=1))
    by_workers = RunOutput([], rendered.files_checked, parts=rendered.parts)
    by_rows = RunOutput(found.diagnostics, found.files_checked)
    text = "".join(FORMATS["concise"](by_workers))
    assert text == "".join(FORMATS["concise"](by_rows))
    assert "\n[*] 130 fixable with `--fix`.\n" in text


def test_a_mark_in_a_pages_own_line_is_not_counted_as_a_fix(monkeypatch, capsys, tree):
    """The snippet of a finding that no fix repairs shows a line that reads
    like a marked headline: the summary counts fixes, not marks."""
    (tree / "docs/pkg/a.md").write_text("# A\n\nSee [a] [*] [b](gone.md) [~] c\n")
    outcome = check(monkeypatch, capsys, tree, "--select", "DL401")
    assert "3 | See [a] [*] [b](gone.md) [~] c" in outcome.out
    assert "fixable" not in outcome.out


def test_fixable_marks_match_what_fix_repairs(monkeypatch, capsys, tree):
    before = check(monkeypatch, capsys, tree, "--output-format", "concise")
    marked = before.out.count(" [*] ")
    assert marked == 2 and "[*] 2 fixable with `--fix`." in before.out
    fixed = check(monkeypatch, capsys, tree, "--fix")
    assert "Fixed 2 problems" in fixed.err


@pytest.mark.parametrize(
    ("choice", "environ", "tty", "expected"),
    [
        ("auto", {}, True, True),
        ("auto", {}, False, False),
        ("auto", {"NO_COLOR": "1"}, True, False),
        ("auto", {"FORCE_COLOR": "1"}, False, True),
        ("auto", {"NO_COLOR": ""}, True, True),  # set but empty: not set
        ("always", {"NO_COLOR": "1"}, False, True),
        ("never", {"FORCE_COLOR": "1"}, True, False),
    ],
)
def test_when_colour_is_used(choice, environ, tty, expected):
    class Stream(io.StringIO):
        def isatty(self) -> bool:
            return tty

    assert use_color(choice, Stream(), environ) is expected


def test_colour_on_the_command_line(monkeypatch, capsys, tree):
    plain = check(monkeypatch, capsys, tree, "--output-format", "concise").out
    assert "\x1b[" not in plain
    colored = check(monkeypatch, capsys, tree, "--output-format", "concise", "--color", "always")
    assert "\x1b[1;31mDL101\x1b[0m \x1b[1;31merror\x1b[0m [unknown-heading]" in colored.out
    assert _without_escapes(colored.out) == plain
    monkeypatch.setenv("FORCE_COLOR", "1")
    forced = check(monkeypatch, capsys, tree, "--output-format", "full").out
    assert "\x1b[" in forced
    assert "\x1b[" not in check(monkeypatch, capsys, tree, "--color", "never").out


def _without_escapes(text: str) -> str:
    return re.sub("\x1b\\[[0-9;]*m", "", text)


def test_sarif_is_valid_with_help_uris_and_no_findings(monkeypatch, capsys, tmp_path):
    write(tmp_path, {"docs/a.md": "# A\n"})
    outcome = run_cli(
        monkeypatch, capsys, tmp_path, "check", "--no-cache", "--output-format", "sarif", "docs"
    )
    log = json.loads(outcome.out)
    jsonschema.validate(log, sarif_schema())
    run = log["runs"][0]
    assert run["results"] == []
    rules = run["tool"]["driver"]["rules"]
    assert len(rules) == len(load_registry().sorted_rules())
    assert all(rule["helpUri"].startswith("https://") for rule in rules)
    assert len({rule["helpUri"] for rule in rules}) == len(rules)


def test_sarif_parts_of_workers_are_the_whole_log(monkeypatch, capsys, tree):
    """The log a run writes from its workers' parts is the one rendered at once."""
    rows = [
        Finding(1, 1, "c", code="DLX", name="plugin", severity="warning", path="docs/pkg/a b.md"),
        Finding(14, 1, 'a "q" é', code="DL101", name="unknown-heading", severity="info", path=KW),
        Finding(16, 6, "b", code="DL201", name="keyword-as-class", severity="error", path=KW),
    ]
    monkeypatch.chdir(tree)
    rules = load_registry().sorted_rules()
    whole = "".join(FORMATS["sarif"](RunOutput(rows, 3, rules=rules)))
    writer = PartWriter(LAYOUTS["sarif"])
    writer.keep(
        [
            FilePart(writer(rows[1:]), KW, Counts(info=2)),
            FilePart(writer(rows[:1]), "docs/pkg/a b.md", Counts(info=1)),
        ]
    )
    _, parts = writer.delivered()  # read back in the order of the paths
    assert "".join(FORMATS["sarif"](RunOutput([], 3, rules=rules, parts=parts))) == whole
    log = json.loads(whole)
    jsonschema.validate(log, sarif_schema())
    results = log["runs"][0]["results"]
    assert [r["level"] for r in results] == ["warning", "note", "error"]
    assert results[2]["ruleIndex"] == [rule.code for rule in rules].index("DL201")
    assert "ruleIndex" not in results[0]  # a rule the log does not describe
    uri = results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "docs/pkg/a%20b.md"


def test_diff_says_which_fixes_follow_from_others(tmp_path, monkeypatch, capsys):
    """b.md claims a.md's size rightly: only fixing a.md makes it wrong."""
    plugin = tmp_path / "plugin"
    plugin.mkdir()
    fix_plugin.install(plugin, monkeypatch)
    text = "# Notes\n\n### Classs\n\n- a\n"
    write(tmp_path, {"docs/a.md": text, "docs/b.md": f"size of `docs/a.md`: {len(text)}\n"})
    args = ("check", "--select", "XF", "--no-cache")
    checked = run_cli(monkeypatch, capsys, tmp_path, *args, "docs")
    assert "Found 1 problem in 1 file" in checked.out
    diff = run_cli(monkeypatch, capsys, tmp_path, *args, "--diff", "docs")
    assert (
        "Would fix 2 problems in 2 files (1 XF001, 1 XF004). 1 of them on the files as they "
        "are; 1 more follows from those fixes"
    ) in diff.err

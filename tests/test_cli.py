"""The command line: exit codes, output formats, rule docs and the schema."""

from __future__ import annotations

import json
import subprocess
import sys

import jsonschema

from doclint.cli.main import main
from tests.pages import keyword_index, write

KEYS = {"code", "name", "severity", "path", "line", "column", "message"}


def run(*args: str, cwd=None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "doclint", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def test_clean_tree_exits_zero(tmp_path, capsys):
    write(tmp_path, {"docs/a.md": "# A\n\n[b](b.md)\n", "docs/b.md": "# B\n"})
    assert main(["check", str(tmp_path / "docs")]) == 0
    # Pages written by hand, read as such: no word of generators.
    assert "All checks passed (2 files checked)." in capsys.readouterr().out


def test_findings_exit_one_sorted_concise_lines(tmp_path):
    write(
        tmp_path,
        {
            "docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["def", "A"]),
            "docs/pkg/b.md": "[x](nope.md)\n",
            "pkg/mod.py": "class A:\n    pass\n",
        },
    )
    result = run("check", "--output-format", "concise", "docs", cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert (
        lines[0] == "docs/pkg/b.md:1:1: DL401 error [broken-link] link target `nope.md` does not "
        "exist (resolved to `docs/pkg/nope.md`)"
    )
    assert lines[1].startswith("docs/pkg/mod.py_kw.md:6:22: DL401")
    assert lines[-2] == "Found 6 problems in 2 files (2 files checked)."


def test_json_output_has_the_documented_keys(tmp_path):
    write(tmp_path, {"docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["def"])})
    result = run("check", "--output-format", "json", "docs", cwd=tmp_path)
    data = json.loads(result.stdout)
    assert result.returncode == 1 and data
    assert all(set(item) >= KEYS for item in data)
    assert {item["name"] for item in data} >= {"unknown-heading", "keyword-as-class"}


def test_select_and_ignore_by_code_prefix_and_name(tmp_path):
    write(
        tmp_path,
        {"docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["def"]), "pkg/mod.py": "x = 1\n"},
    )
    only = run(
        "check", "--select", "keyword-as-class", "--output-format", "json", "docs", cwd=tmp_path
    )
    assert {d["code"] for d in json.loads(only.stdout)} == {"DL201"}
    none = run("check", "--ignore", "DL1,DL2,DL4", "docs", cwd=tmp_path)
    assert none.returncode == 0


def test_usage_errors_exit_two(tmp_path):
    assert run("check", "no/such/path", cwd=tmp_path).returncode == 2
    bad = run("check", "--select", "DL999", ".", cwd=tmp_path)
    assert bad.returncode == 2 and "unknown rule selector" in bad.stderr
    assert run("rule", "no-such-rule").returncode == 2
    assert run("frobnicate").returncode == 2


def test_rules_and_rule_documentation():
    listing = run("rules")
    assert listing.returncode == 0
    assert "DL101  unknown-heading" in listing.stdout
    doc = run("rule", "DL101")
    assert doc.returncode == 0
    assert "### Classs" in doc.stdout and "Use instead" in doc.stdout
    assert run("rule", "keyword-as-class").stdout.startswith("DL201 keyword-as-class")


def test_schema_is_a_valid_json_schema():
    result = run("schema")
    schema = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    kinds = {choice["$ref"].rsplit("/", 1)[-1] for choice in schema["oneOf"]}
    assert {"FileDocs", "KeywordIndex", "FolderIndex", "FolderDoc", "SubtreeIndex"} <= kinds


def test_a_file_named_explicitly_is_checked_whatever_its_extension(tmp_path):
    write(tmp_path, {"page.txt": "# Keyword Index: `a.py`\n\n## Oops\n"})
    result = run("check", "page.txt", cwd=tmp_path)
    assert "page.txt:3:1: DL101" in result.stdout

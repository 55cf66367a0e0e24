"""Fix mode on the command line: --fix, --unsafe-fixes, --diff, --fix-only, and
what a fix run must never do to a file (change its encoding, line endings or
mode, write half a file, write a file that would not settle)."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from doclint import Settings
from doclint.fixes.file_fixer import FixSettings
from doclint.fixes.fix_mode import run_fixes, unified_diff
from doclint.incremental.store import ContentCache
from tests import fix_plugin
from tests.checking import Outcome, run_cli
from tests.conftest import PROJECT
from tests.pages import keyword_index, write
from tests.running import findings, run
from tests.test_precommit import try_hook  # noqa: F401 (a fixture)

CLASSS, FIXED = fix_plugin.CLASSS, fix_plugin.FIXED


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return fix_plugin.plugin_tree(tmp_path, monkeypatch)


@pytest.fixture
def cli(monkeypatch, capsys, tree):
    def invoke(*args: str, stdin: bytes | None = None) -> Outcome:
        return run_cli(
            monkeypatch, capsys, tree, "check", "--select", "XF", "--no-cache", *args, stdin=stdin
        )

    return invoke


def read(tree: Path, name: str) -> str:
    return (tree / name).read_bytes().decode("utf-8")


def test_fix_applies_safe_fixes_and_exits_zero_when_nothing_is_left(tree, cli):
    write(tree, {"docs/a.md": CLASSS, "docs/b.md": "# Clean\n"})
    result = cli("--fix", "docs")
    assert result.code == 0, result.err
    assert read(tree, "docs/a.md") == FIXED
    assert "All checks passed (2 files checked)." in result.out
    assert "Fixed 1 problem in 1 file (1 XF001)." in result.err


def test_fix_exits_one_and_reports_what_is_left_at_the_new_lines(tree, cli):
    write(tree, {"docs/a.md": "# N\n\nTODO: one\n\n### Classs\n\nXXX\n"})
    result = cli("--fix", "--unsafe-fixes", "--output-format", "concise", "docs")
    assert result.code == 1
    assert read(tree, "docs/a.md") == "# N\n\n\n### Classes\n\nXXX\n"
    assert result.out.splitlines()[0] == "docs/a.md:6:1: XF005 error [unfixable] XXX is left"


def test_unsafe_fixes_only_with_the_flag(tree, cli):
    write(tree, {"docs/a.md": "# N\n\nTODO: one\n"})
    result = cli("--fix", "--output-format", "concise", "docs")
    assert result.code == 1 and read(tree, "docs/a.md") == "# N\n\nTODO: one\n"
    assert "docs/a.md:3:1: XF002 error [drop-todo] [~] a TODO is left" in result.out
    assert cli("--fix", "--unsafe-fixes", "docs").code == 0
    assert read(tree, "docs/a.md") == "# N\n\n"


def test_a_fix_applies_only_if_both_it_and_its_rule_are_allowed(tree, cli):
    # XF001 is a safe rule offering an unsafe fix; XF008 an unsafe rule offering a safe one.
    text = "### Klass\nSHOUT\n"
    write(tree, {"docs/a.md": text})
    assert cli("--fix", "docs").code == 1 and read(tree, "docs/a.md") == text
    assert cli("--fix", "--unsafe-fixes", "docs").code == 0
    assert read(tree, "docs/a.md") == "### Classes\nshout\n"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--unsafe-fixes"], "--unsafe-fixes goes with --fix, --fix-only or --diff"),
        (["--diff", "--write-baseline", "b.txt"], "--write-baseline records findings"),
    ],
)
def test_options_that_do_not_fit_together(tree, cli, options, message):
    write(tree, {"docs/a.md": CLASSS})
    result = cli(*options, "docs")
    assert result.code == 2 and message in result.err
    assert read(tree, "docs/a.md") == CLASSS


def test_diff_prints_the_change_writes_nothing_and_exits_one(tree, cli):
    write(tree, {"docs/a.md": CLASSS, "docs/b.md": "# Clean\n"})
    before = (tree / "docs/a.md").stat()
    result = cli("--diff", "docs")
    assert result.code == 1
    assert result.out == (
        "--- a/docs/a.md\n+++ b/docs/a.md\n@@ -1,5 +1,5 @@\n # Notes\n \n"
        "-### Classs\n+### Classes\n \n - a\n"
    )
    assert "Would fix 1 problem in 1 file (1 XF001)." in result.err
    after = (tree / "docs/a.md").stat()
    assert read(tree, "docs/a.md") == CLASSS and after.st_mtime_ns == before.st_mtime_ns
    assert sorted(p.name for p in (tree / "docs").iterdir()) == ["a.md", "b.md"]


def test_diff_exits_zero_with_nothing_to_fix(tree, cli):
    write(tree, {"docs/a.md": "# Notes\n\nXXX\n"})
    result = cli("--diff", "docs")
    assert (result.code, result.out) == (0, "")
    assert "No fixes to apply." in result.err


def test_diff_shows_a_missing_final_newline_as_git_does(tree, cli):
    write(tree, {"docs/a.md": "# N\n\n### Classs"})
    result = cli("--diff", "docs")
    assert result.out.endswith(
        "-### Classs\n\\ No newline at end of file\n+### Classes\n\\ No newline at end of file\n"
    )


def test_fix_only_fixes_and_reports_nothing_else(tree, cli):
    write(tree, {"docs/a.md": CLASSS + "\nXXX\n"})
    result = cli("--fix-only", "docs")
    assert (result.code, result.out) == (0, "")
    assert read(tree, "docs/a.md") == FIXED + "\nXXX\n"
    assert "Fixed 1 problem in 1 file (1 XF001)." in result.err


def test_only_selected_and_declared_rules_fix(tree, cli):
    write(tree, {"docs/a.md": "### Classs\nUNDECLARED\n"})
    result = cli("--fix", "--ignore", "XF001", "docs")
    assert result.code == 1 and read(tree, "docs/a.md") == "### Classs\nUNDECLARED\n"
    assert "undeclared" in result.out


def test_a_malformed_fix_is_the_rules_internal_error(tree, cli):
    write(tree, {"docs/a.md": "MALFORMED\n### Classs\n"})
    result = cli("--fix", "--output-format", "concise", "docs")
    assert result.code == 1 and read(tree, "docs/a.md") == "MALFORMED\n### Classes\n"
    crashed = "rule XF007 (malformed) crashed: TypeError: malformed fix"
    assert f"DL001 error [internal-error] {crashed}" in result.out
    assert "DL001" in cli("--output-format", "concise", "docs").out


def test_quiet_and_exit_zero(tree, cli):
    write(tree, {"docs/a.md": CLASSS})
    result = cli("--diff", "--quiet", "--exit-zero", "docs")
    assert (result.code, result.err) == (0, "") and result.out.startswith("--- a/docs/a.md")


def test_a_file_changed_while_it_is_fixed_is_not_overwritten(tree, monkeypatch):
    write(tree, {"docs/a.md": CLASSS})
    monkeypatch.chdir(tree)

    def meanwhile(done: int, total: int) -> None:
        with open("docs/a.md", "a", encoding="utf-8") as page:
            page.write("an edit of the user\n")

    done = run_fixes(["docs"], Settings(select=["XF"], jobs=1), FixSettings(), meanwhile)
    assert read(tree, "docs/a.md") == CLASSS + "an edit of the user\n"
    assert done.problems == [("docs/a.md", "the file changed while doclint fixed it")]
    assert done.files_fixed == [] and not done.fixed
    assert [d.line for d in findings(done.result)] == [3]


def test_suppressed_and_ignored_findings_are_not_fixed(tree, cli):
    suppressed = "<!-- doclint-disable-next-line XF001 -->\n### Classs\n"
    write(
        tree,
        {
            "docs/a.md": suppressed,
            "docs/b.md": CLASSS,
            "doclint.toml": '[per-file-ignores]\n"docs/b.md" = ["XF001"]\n',
        },
    )
    result = cli("--fix", "docs")
    assert result.code == 0, result.out + result.err
    assert read(tree, "docs/a.md") == suppressed and read(tree, "docs/b.md") == CLASSS


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (
            b"\xef\xbb\xbf# T\r\n\r\n### Classs\r\nTODO\r\n\xc3\xa9\r\n",
            b"\xef\xbb\xbf# T\r\n\r\n### Classes\r\n\xc3\xa9\r\n",
        ),
        (b"# T\r\r### Classs\rTODO\r", b"# T\r\r### Classes\r"),
        (b"# T\n\r\n### Classs\r\nTODO\nx", b"# T\n\r\n### Classes\r\nx"),
    ],
    ids=["bom-crlf", "lone-cr", "mixed"],
)
def test_encoding_line_endings_and_mode_are_kept(tree, cli, before, after):
    page = tree / "docs/a.md"
    page.parent.mkdir()
    page.write_bytes(before)
    os.chmod(page, 0o640)
    assert cli("--fix", "--unsafe-fixes", "docs").code == 0
    assert page.read_bytes() == after
    assert stat.S_IMODE(page.stat().st_mode) == 0o640
    assert sorted(p.name for p in page.parent.iterdir()) == ["a.md"]


def test_a_file_that_is_not_utf8_is_left_untouched_and_says_why(tree, cli):
    latin1 = b"# Caf\xe9\n\n### Classs\n"
    utf16 = "# T\n\n### Classs\n".encode("utf-16")
    (tree / "docs").mkdir()
    (tree / "docs/latin1.md").write_bytes(latin1)
    (tree / "docs/utf16.md").write_bytes(utf16)
    result = cli("--fix", "docs")
    assert result.code == 1
    assert (tree / "docs/latin1.md").read_bytes() == latin1
    assert (tree / "docs/utf16.md").read_bytes() == utf16
    assert (
        "doclint: warning: docs/latin1.md: not fixed: the file is not valid UTF-8 "
        "(byte offset 5); rewriting it would lose the bytes that do not decode"
    ) in result.err
    assert (
        "docs/utf16.md: not fixed: the file is UTF-16 LE text with a byte-order mark; "
        "doclint rewrites only UTF-8 files"
    ) in result.err
    assert "XF001" in result.out


def test_a_file_whose_fixes_do_not_settle_is_not_written(tree, cli):
    text = "FLIPFLOP\n### Classs\n"
    write(tree, {"docs/a.md": text, "docs/b.md": CLASSS})
    result = cli("--fix", "docs")
    assert result.code == 1
    assert read(tree, "docs/a.md") == text and read(tree, "docs/b.md") == FIXED
    assert (
        "docs/a.md: not fixed: fixes did not settle after 10 rounds (in the fixes of XF003)"
    ) in result.err
    assert "flip-flop" in result.out and "fix-classs" in result.out
    assert cli("--fix-only", "docs").code == 1
    assert cli("--diff", "docs").out == ""


def test_a_fix_that_changes_what_another_file_claims_is_followed(tree, cli):
    # b.md claims a.md's size: fixing a.md changes it, so b.md is fixed again.
    write(tree, {"docs/a.md": CLASSS, "docs/b.md": "size of `docs/a.md`: 3\n"})
    diff = cli("--diff", "docs")
    assert f"+size of `docs/a.md`: {len(FIXED)}\n" in diff.out
    assert "Would fix 2 problems in 2 files (1 XF001, 1 XF004)." in diff.err
    assert cli("--fix", "docs").code == 0
    assert read(tree, "docs/b.md") == f"size of `docs/a.md`: {len(FIXED)}\n"
    again = cli("--fix", "docs")
    assert again.code == 0 and "No fixes applied." in again.err


def test_a_symlinked_file_is_fixed_through_the_link(tree, cli):
    write(tree, {"real/a.md": CLASSS})
    (tree / "docs").mkdir()
    (tree / "docs/a.md").symlink_to(tree / "real/a.md")
    assert cli("--fix", "docs/a.md").code == 0
    assert (tree / "docs/a.md").is_symlink() and read(tree, "real/a.md") == FIXED


def test_stdin_fix_prints_the_fixed_text_and_reports_on_stderr(tree, cli):
    text = (CLASSS + "XXX\n").encode()
    result = cli(
        "--fix", "--output-format", "concise", "-", "--stdin-filename", "docs/a.md", stdin=text
    )
    assert result.code == 1
    assert result.out == FIXED + "XXX\n"
    assert "docs/a.md:6:1: XF005 error [unfixable] XXX is left" in result.err
    assert not (tree / "docs/a.md").exists()


def test_stdin_diff(tree, cli):
    result = cli("--diff", "-", "--stdin-filename", "docs/a.md", stdin=CLASSS.encode())
    assert result.code == 1 and result.out.startswith("--- a/docs/a.md\n+++ b/docs/a.md\n")


def many_pages(tree: Path, count: int = 160) -> None:
    pages = {f"docs/p{n:03}.md": CLASSS if n % 3 else "# Clean\n" for n in range(count)}
    pages.update(
        {f"docs/s{n:03}.md": f"size of `docs/p{n:03}.md`: 1\n" for n in range(0, count, 7)}
    )
    write(tree, pages)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.md"))}


def test_parallel_fixing_gives_exactly_the_serial_result(tree, monkeypatch):
    many_pages(tree)
    serial_tree = tree.parent / "serial"
    shutil.copytree(tree, serial_tree)
    monkeypatch.chdir(serial_tree)
    serial = run_fixes(["docs"], Settings(select=["XF"], jobs=1), FixSettings())
    serial_found = findings(serial.result)  # shown from its own tree
    monkeypatch.chdir(tree)
    parallel = run_fixes(["docs"], Settings(select=["XF"], jobs=2), FixSettings())
    assert serial.fixed["XF001"] == 106 and serial.fixed["XF004"] == 23
    # The same files, each in its own tree.
    assert [file.relative_to(tree) for file in parallel.result.files] == [
        file.relative_to(serial_tree) for file in serial.result.files
    ]
    assert findings(parallel.result) == serial_found
    unshown = {"files": [], "found": []}
    assert parallel._replace(result=parallel.result._replace(**unshown)) == serial._replace(
        result=serial.result._replace(**unshown)
    )
    assert snapshot(tree) == snapshot(serial_tree)


def test_the_cache_keeps_the_results_of_fixed_files(tree, monkeypatch):
    many_pages(tree, 20)
    monkeypatch.chdir(tree)
    settings = Settings(select=["XF"], jobs=1, cache=True)
    stores = ContentCache(None, print)
    before = run(["docs"], settings, stores=stores)
    assert {d.code for d in before.diagnostics} == {"XF001", "XF004"}
    fixed = run_fixes(["docs"], settings, FixSettings(), stores=stores)
    assert findings(fixed.result) == [] and fixed.fixed["XF001"] == 13
    after = run(["docs"], settings, stores=stores)
    assert after.diagnostics == [] and after.from_cache == after.files_checked
    # A cached run with nothing to fix reads no file again.
    again = run_fixes(["docs"], settings, FixSettings(), stores=stores)
    assert again.result.from_cache == after.files_checked


def test_diff_equals_the_change_fix_makes(tree, monkeypatch, capsys):
    many_pages(tree, 30)
    before = snapshot(tree)
    diff = run_cli(monkeypatch, capsys, tree, "check", "--select", "XF", "--diff", "docs")
    fixed = run_cli(monkeypatch, capsys, tree, "check", "--select", "XF", "--fix", "docs")
    assert (diff.code, fixed.code) == (1, 0)
    after = snapshot(tree)
    expected = "".join(
        unified_diff(before[name], after[name], name)
        for name in sorted(before)
        if before[name] != after[name]
    )
    assert diff.out == expected


def test_the_pre_commit_hook_fixes_with_the_settings_of_the_check_hook():
    manifest = (PROJECT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    hooks = {block.split("\n", 1)[0]: block for block in manifest.split("- id: ")[1:]}
    check, fix = hooks["doclint"], hooks["doclint-fix"]
    assert "entry: doclint check --no-progress --fix --\n" in fix
    for setting in ("language: python", "types: [markdown]", "require_serial: true"):
        assert setting in check and setting in fix


def test_the_docs_document_the_fix_options():
    docs = PROJECT / "docs"
    command_line = (docs / "command-line.md").read_text(encoding="utf-8")
    for option in ("--fix", "--unsafe-fixes", "--diff", "--fix-only"):
        assert f"  {option} " in command_line
    assert (docs / "fixes.md").read_text(encoding="utf-8").startswith("# Fixes\n")


def test_the_documented_example_is_what_doclint_prints(monkeypatch, capsys):
    page = (PROJECT / "docs" / "fixes.md").read_text(encoding="utf-8")
    command = "$ doclint check --diff examples/tree/docs\n"
    example = page.split(f"```console\n{command}", 1)[1].split("```", 1)[0]
    result = run_cli(monkeypatch, capsys, PROJECT, "check", "--no-cache", *command.split()[3:])
    assert result.out + result.err == example


@pytest.mark.slow
def test_the_fix_hook_repairs_a_page_and_fails_the_commit(try_hook):  # noqa: F811
    result = try_hook(
        {
            "docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["Thing"]),
            "pkg/mod.py": "class Thing: ...\n",
        },
        hook="doclint-fix",
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "files were modified by this hook" in result.stdout
    assert "Fixed 1 problem in 1 file (1 DL101)." in result.stdout

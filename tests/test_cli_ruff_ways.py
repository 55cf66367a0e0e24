"""The command line as ruff users expect it (issue 29): a missing root is a
usage error, --fail-on, --watch, init, --config KEY=VALUE, the github format's
word on GitHub's annotation limit, progress lines in a CI log."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time
import tomllib
from pathlib import Path

import pytest

from doclint.cli import progress
from tests.checking import Outcome, run_cli
from tests.pages import keyword_index, write

# DL101 and DL201 (errors) on one page.
ERRORS = {"docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["def"]), "pkg/mod.py": "x = 1\n"}
# An empty file: empty-file (DL009), a warning, alone.
WARNING_ONLY = {"notes.md": "", "guide.md": "# Guide\n"}


@pytest.fixture
def run(monkeypatch, capsys, tmp_path):
    def invoke(*args: str) -> Outcome:
        try:
            return run_cli(monkeypatch, capsys, tmp_path, *args)
        except SystemExit as exit:  # argparse's usage errors
            captured = capsys.readouterr()
            return Outcome(int(exit.code or 0), captured.out, captured.err)

    return invoke


def test_a_root_that_does_not_exist_is_a_usage_error(run, tmp_path):
    write(tmp_path, ERRORS)
    result = run("check", "--root", "/nonexistent", "docs")
    assert result.code == 2 and result.out == ""
    assert result.err == "doclint: error: --root /nonexistent: does not exist\n"
    result = run("check", "--root", "pkg/mod.py", "docs")
    assert result.code == 2 and "--root pkg/mod.py: is not a folder" in result.err


@pytest.mark.parametrize("output_format", ["full", "concise", "json", "github"])
def test_fail_on_error_lets_warnings_pass(run, tmp_path, output_format):
    write(tmp_path, WARNING_ONLY)
    args = ("check", "--no-cache", "--output-format", output_format)
    warned = run(*args)
    assert warned.code == 1 and "DL009" in warned.out  # by default every finding fails
    assert run(*args, "--fail-on", "warning").code == 1
    passed = run(*args, "--fail-on", "error")
    assert passed.code == 0 and "DL009" in passed.out  # reported all the same
    write(tmp_path, ERRORS)
    assert run(*args, "--fail-on", "error").code == 1


@pytest.mark.parametrize("output_format", ["full", "concise"])
def test_the_text_formats_show_each_severity_and_why_warnings_pass(run, tmp_path, output_format):
    """DL101 set to a warning beside DL201, an error: each line says its severity,
    and a run whose findings are all below --fail-on says why it exits 0."""
    write(tmp_path, ERRORS)
    args = ("check", "--no-cache", "--select", "DL101,DL201", "--output-format", output_format)
    warned = run(*args, "--config", 'severity.DL101 = "warning"')
    assert ": DL101 warning [unknown-heading] " in warned.out
    assert ": DL201 error [keyword-as-class] " in warned.out
    assert "below --fail-on" not in warned.out
    passed = run(*args, "--config", 'severity = { DL101 = "warning", DL201 = "info" }')
    assert ": DL201 info [keyword-as-class] " in passed.out
    failing = run(*args, "--fail-on", "warning", "--config", 'severity.DL201 = "info"')
    assert failing.code == 1 and "below --fail-on" not in failing.out
    passed = run(
        *args, "--fail-on", "error", "--config", 'severity = { DL1 = "warning", DL2 = "info" }'
    )
    assert passed.code == 0
    assert passed.out.splitlines()[-2] == (
        "Found 2 problems in 1 file (1 file checked); "
        "all below --fail-on error (1 warning, 1 info): exit 0."
    )


def test_fail_on_takes_only_severities(run):
    result = run("check", "--fail-on", "eror")
    assert result.code == 2 and "did you mean `error`?" in result.err


def test_init_writes_a_commented_configuration_and_never_overwrites_it(run, tmp_path):
    result = run("init")
    assert result.code == 0 and "wrote doclint.toml" in result.err
    written = (tmp_path / "doclint.toml").read_text()
    assert written.count("\n# ") > 10  # commented
    tomllib.loads(written)
    shown = tomllib.loads(run("check", "--show-settings").out)
    assert shown["configuration-file"] == str(tmp_path / "doclint.toml")  # read, and valid
    (tmp_path / "doclint.toml").write_text("select = []  # mine\n")
    again = run("init")
    assert again.code == 2 and "exists; init does not overwrite it" in again.err
    assert (tmp_path / "doclint.toml").read_text() == "select = []  # mine\n"


def test_init_writes_a_commented_profiles_key_that_reads_a_profile_once_uncommented(run, tmp_path):
    assert run("init").code == 0
    written = (tmp_path / "doclint.toml").read_text()
    line = next(line for line in written.splitlines() if line.startswith("# profiles = ["))
    key = line.removeprefix("# ")
    profile = Path(__file__).resolve().parent.parent / "examples" / "profile" / "tinydoc.toml"
    write(tmp_path, {tomllib.loads(key)["profiles"][0]: profile.read_text(encoding="utf-8")})
    (tmp_path / "doclint.toml").write_text(written.replace(line, key))
    shown = run("check", "--show-settings")
    assert shown.code == 0, shown.err
    assert tomllib.loads(shown.out)["profiles"] == tomllib.loads(key)["profiles"]


def test_init_makes_the_folder_it_is_given(run, tmp_path):
    made = run("init", "sub/deeper")
    assert made.code == 0 and "wrote sub/deeper/doclint.toml" in made.err
    tomllib.loads((tmp_path / "sub/deeper/doclint.toml").read_text())
    write(tmp_path, {"notes.md": "# Notes\n"})
    refused = run("init", "notes.md")
    assert (refused.code, refused.err) == (2, "doclint: error: notes.md: is a file, not a folder\n")


def test_config_key_value_goes_over_the_file(run, tmp_path):
    write(tmp_path, {**ERRORS, "doclint.toml": 'ignore = ["DL101"]\n'})
    plain = run("check", "--no-cache", "--output-format", "concise")
    assert "DL201" in plain.out and "DL101" not in plain.out
    over = run("check", "--no-cache", "--output-format", "concise", "--config", 'ignore = ["DL2"]')
    assert "DL101" in over.out and "DL201" not in over.out
    both = run(
        "check",
        "--no-cache",
        "--output-format=concise",
        "--config=ignore = []",
        "--config",
        'severity.DL101 = "warning"',
    )
    assert "DL101" in both.out and "DL201" in both.out
    shown = run("check", "--show-settings", "--config", 'severity.DL101 = "warning"')
    assert 'severity = { "DL101" = "warning" }  # command line' in shown.out
    isolated = run("check", "--no-cache", "--isolated", "--config", 'select = ["DL201"]')
    assert "DL201" in isolated.out and "DL101" not in isolated.out


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("ignore = [DL2]", "neither a configuration file nor KEY=VALUE in TOML"),
        ('selct = ["DL2"]', "--config unknown key `selct` (did you mean `select`?)"),
        ('select = ["DL999"]', "--config `select`: unknown rule selector 'DL999'"),
        ("jobs=2", "--config unknown key `jobs`"),
    ],
)
def test_a_bad_config_value_is_a_usage_error(run, value, message):
    result = run("check", "--config", value)
    assert result.code == 2 and message in result.err, result.err


def test_two_configuration_files_are_refused(run, tmp_path):
    write(tmp_path, {"a.toml": "", "b.toml": ""})
    result = run("check", "--config", "a.toml", "--config", "b.toml")
    assert result.code == 2 and "--config names one file, not 2" in result.err


def test_github_format_says_when_github_will_not_show_every_annotation(run, tmp_path):
    write(tmp_path, ERRORS)
    few = run("check", "--no-cache", "--output-format", "github")
    assert "::notice" not in few.out
    classes = [f"c{number}" for number in range(12)]
    write(tmp_path, {"docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", classes)})
    many = run("check", "--no-cache", "--output-format", "github")
    last = many.out.splitlines()[-1]
    assert many.out.count("::error ") > 10
    assert last.startswith("::notice title=doclint::")
    assert "only 10 error and 10 warning annotations per step" in last
    assert "--output-format sarif" in last


def test_progress_lines_off_a_terminal_when_asked_or_in_ci(run, tmp_path, monkeypatch):
    write(tmp_path, {f"page{number}.md": "# Page\n" for number in range(4)})
    monkeypatch.setattr(progress, "LINE_SECONDS", 0.0)
    monkeypatch.delenv("CI", raising=False)
    assert "files checked" not in run("check", "--no-cache", "-j", "1").err
    asked = run("check", "--no-cache", "-j", "1", "--progress")
    assert "doclint: 1/4 files checked, 0:00, " in asked.err
    monkeypatch.setenv("CI", "true")
    assert "files checked" in run("check", "--no-cache", "-j", "1").err
    assert "files checked" not in run("check", "--no-cache", "-j", "1", "--no-progress").err


def test_watch_checks_again_when_a_file_changes(tmp_path):
    write(tmp_path, ERRORS)
    page = tmp_path / "docs/pkg/mod.py_kw.md"
    scripts = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{scripts}{os.pathsep}{os.environ['PATH']}", "NO_COLOR": "1"}
    command = ["doclint", "check", "--watch", "--output-format", "concise", "docs"]
    watcher = subprocess.Popen(
        command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    lines: queue.Queue[tuple[str, str]] = queue.Queue()
    for name in ("stdout", "stderr"):
        stream = getattr(watcher, name)
        threading.Thread(target=_pump, args=(stream, name, lines), daemon=True).start()

    def until_watching() -> list[str]:
        """The lines of one round: its report (to its summary line, on stdout)
        and the line that says it watches (on stderr), which two threads read
        in either order."""
        report: list[str] = []
        ended = watching = False
        deadline = time.monotonic() + 60
        while not (ended and watching) and time.monotonic() < deadline:
            try:
                name, line = lines.get(timeout=1)
            except queue.Empty:
                continue
            if name == "stderr" and line.startswith("doclint: watching docs"):
                watching = True
                continue
            report.append(line)
            ended = ended or (name == "stdout" and line.startswith("Found "))
        assert ended and watching, f"no whole round within 60 s: {report}"
        return report

    try:
        first = until_watching()
        assert any(": DL201 " in line for line in first)
        assert not any(line.startswith("---- ") for line in first)
        page.write_text(page.read_text().replace("- **`def`**", "- **`klass`**"))
        read = [line for line in until_watching() if line]
        # the round's report opens with a line that gives its time; the last
        # lines of the first round's report may come before it, the two
        # streams being read by two threads
        [opening] = [number for number, line in enumerate(read) if line.startswith("---- ")]
        second = read[opening:]
        assert re.fullmatch(
            r"---- \d\d:\d\d:\d\d: a change under docs; checking again ----", second[0]
        )
        assert any("`klass` is not a class" in line for line in second)
        assert not any("`def` is a Python keyword" in line for line in second)
    finally:
        watcher.terminate()
        watcher.wait(timeout=30)


def _pump(stream, name: str, lines: queue.Queue[tuple[str, str]]) -> None:
    for line in stream:
        lines.put((name, line.rstrip("\n")))

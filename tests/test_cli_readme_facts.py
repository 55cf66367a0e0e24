"""What the README says of the command line is what it does: exit codes, the
options and defaults of `--help`, and the sample configuration's effect as
`--show-settings` shows it. The blocks are found by their content in README.md
or the pages of docs/, wherever they move."""

from __future__ import annotations

import re
import tomllib

import pytest

from doclint.cli.options import build_parser
from doclint.output import FORMATS
from tests.checking import Outcome, run_cli
from tests.conftest import PROJECT
from tests.pages import keyword_index, write

DOCUMENTS = [PROJECT / "README.md", *sorted((PROJECT / "docs").glob("**/*.md"))]
_BLOCK = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def block(starting: str) -> str:
    """The one code block of the documents whose text starts with `starting`."""
    found = [
        body
        for document in DOCUMENTS
        for _kind, body in _BLOCK.findall(document.read_text(encoding="utf-8"))
        if body.startswith(starting)
    ]
    assert len(found) == 1, f"{len(found)} blocks start with {starting!r}"
    return found[0]


def documents_text() -> str:
    return " ".join(" ".join(d.read_text(encoding="utf-8").split()) for d in DOCUMENTS)


@pytest.fixture
def run(monkeypatch, capsys, tmp_path):
    def invoke(*args: str) -> Outcome:
        try:
            return run_cli(monkeypatch, capsys, tmp_path, *args)
        except SystemExit as exit:
            captured = capsys.readouterr()
            return Outcome(int(exit.code or 0), captured.out, captured.err)

    return invoke


def test_the_exit_codes_are_the_ones_the_readme_gives(run, tmp_path):
    text = documents_text()
    assert "| `0` | no findings;" in text and "| `1` | findings, whatever their severity" in text
    assert "| `2` | a usage or configuration error: a path or a `--root` that does not" in text
    assert "`--fail-on error` or `--fail-on warning` says which fail" in text
    write(tmp_path, {"guide.md": "# Guide\n"})
    assert run("check", "--no-cache").code == 0
    assert run("check", "--no-cache", "no/such/path").code == 2
    assert run("check", "--no-cache", "--root", "no/such/folder").code == 2
    empty = run("check", "--no-cache", "--extend-exclude", "*.md")
    assert empty.code == 0 and "warning: no files were checked" in empty.err
    write(tmp_path, {"notes.md": ""})  # a warning alone
    assert run("check", "--no-cache").code == 1
    assert run("check", "--no-cache", "--fail-on", "error").code == 0
    assert run("check", "--no-cache", "--exit-zero").code == 0
    write(tmp_path, {"doclint.toml": "selct = []\n"})
    assert run("check", "--no-cache").code == 2


def _check_options() -> dict[str, str]:
    """Each long option of `doclint check` -> its help text, whitespace folded."""
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command")  # argparse: no accessor
    check = commands.choices["check"]
    return {
        name: " ".join((action.help or "").split())
        for action in check._actions
        for name in action.option_strings
        if name.startswith("--") and name != "--help"
    }


def _readme_options() -> dict[str, str]:
    """Each option of the README's command-line block -> its description."""
    lines = block("doclint check [PATHS...]").splitlines()
    described: dict[str, str] = {}
    current = None
    for line in lines:
        option = re.match(r"\s{2}(--[\w-]+)[^ ]*(?: [A-Z/|=.,-]+)?(?:, -\w(?: \w+)?)?\s+(.*)", line)
        if option is not None:
            current = option[1]
            described[current] = option[2]
        elif current is not None and line.startswith(" " * 31):
            described[current] += " " + line.strip()
        else:
            current = None
    return described


def test_every_option_of_check_is_in_the_readme():
    missing = set(_check_options()) - set(_readme_options())
    assert not missing, f"not in the README's command-line block: {sorted(missing)}"


def test_every_output_format_is_named_in_the_readme():
    described = _readme_options()["--output-format"]
    assert [name for name in FORMATS if name not in described] == []


def test_the_readmes_defaults_are_the_helps_defaults():
    helps, compared = _check_options(), 0
    for option, description in _readme_options().items():
        for default in re.findall(r"\((default[: ][^;)]*)", description):
            assert default in helps[option], (option, default, helps[option])
            compared += 1
    assert compared >= 5


def test_the_sample_configuration_does_what_it_says(run, tmp_path):
    sample = block("# doclint.toml (in pyproject.toml")
    write(
        tmp_path,
        {"doclint.toml": sample, "docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["x"])},
    )
    result = run("check", "--show-settings")
    assert result.code == 0, result.err
    shown = tomllib.loads(result.out)
    file = str(tmp_path / "doclint.toml")
    assert shown["configuration-file"] == file
    rules = {rule.split()[0] for rule in shown["selected-rules"]}
    assert "DL103" in rules  # extend-select: placeholder-section, off by default
    assert "DL602" not in rules and "DL601" in rules  # ignore: undocumented-file alone
    assert shown["severity"] == {"DL6": "info", "broken-anchor": "warning"}
    assert shown["extend-exclude"] == ["docs/vendor/", "*.draft.md"]
    assert set(shown["per-file-ignores"]) == {"docs/docs/", "/docs/index.md", "!*_kw.md"}
    origins = dict(re.findall(r"^([\w-]+) = .*  # (.*)$", result.out, re.MULTILINE))
    for key in ("extend-select", "ignore", "severity", "per-file-ignores", "extend-exclude"):
        assert origins[key] == file, key


def test_the_quick_start_says_it_exits_1_as_it_does(monkeypatch, capsys):
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    quick_start = readme.split("## Quick start", 1)[1].split("Run the tests", 1)[0]
    assert "It exits 1, and should" in quick_start
    done = run_cli(monkeypatch, capsys, PROJECT, "check", "--no-cache", "examples/tree/docs")
    assert done.code == 1


def test_the_readmes_github_step_fails_on_errors_only():
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    steps = re.findall(r"run: (doclint check docs --output-format github.*)", readme)
    assert steps == ["doclint check docs --output-format github --fail-on error"]


def test_each_section_of_the_command_line_page_is_there_once():
    text = (PROJECT / "docs" / "command-line.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    assert "Progress" in headings and len(headings) == len(set(headings))

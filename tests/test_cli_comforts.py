"""What ruff users expect of a command line: suggestions for every unknown
name, checked numbers, no silent passes, the commands and flags ruff has, the
configuration keys it has, and a configuration schema editors can use."""

from __future__ import annotations

import io
import json
import re
import tomllib
from pathlib import Path

import jsonschema
import pytest

import doclint.cli.progress as progress
from doclint import __version__
from doclint.cli.main import main
from doclint.cli.progress import ProgressBar
from doclint.profiles import SHIPPED
from doclint.util.build import build_name
from tests import fix_plugin
from tests.checking import Outcome, run_cli
from tests.conftest import PROJECT, SEEDS, require_shared
from tests.pages import keyword_index, write

KEYWORD_PAGE = {"docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["def"])}


@pytest.fixture
def run(monkeypatch, capsys, tmp_path):
    """`doclint ARGS` in tmp_path (or `cwd`), exit code and output kept."""

    def invoke(*args: str, cwd: Path | None = None, stdin: bytes | None = None) -> Outcome:
        try:
            return run_cli(monkeypatch, capsys, cwd or tmp_path, *args, stdin=stdin)
        except SystemExit as exit:  # argparse's usage errors, --help and --version
            captured = capsys.readouterr()
            return Outcome(int(exit.code or 0), captured.out, captured.err)

    return invoke


# Suggestions and checked numbers


def test_an_unknown_choice_gets_the_closest_one(run):
    result = run("check", "--output-format", "jsn")
    assert result.code == 2 and "did you mean `json`?" in result.err


def test_an_unknown_option_is_told_in_two_lines_naming_its_command(run):
    # As ruff: the error and a tip, no usage block before them.
    result = run("check", "--selct", "DL1")
    assert result.code == 2
    assert result.err.splitlines() == [
        "doclint check: error: unrecognized arguments: --selct (did you mean `--select`?)",
        "tip: `doclint check --help` lists the options",
    ]


def test_a_stray_argument_is_told_in_two_lines_naming_its_command(run):
    result = run("rules", "extra")
    assert result.code == 2 and "usage" not in result.err
    assert result.err.splitlines() == [
        "doclint rules: error: unrecognized arguments: extra",
        "tip: `doclint rules --help` lists the options",
    ]


@pytest.mark.parametrize("words", [("chek",), ("--bogus", "chek"), ("-V", "chek", "a.md")])
def test_an_unknown_command_gets_the_closest_one(run, words):
    result = run(*words)
    assert result.code == 2 and "did you mean `check`?" in result.err


def test_an_unknown_option_before_a_known_command_is_named(run):
    result = run("--bogus", "check")
    assert result.code == 2 and "unrecognized arguments: --bogus" in result.err


@pytest.mark.parametrize(
    ("option", "typo", "suggestion"),
    [
        ("--select", "brokn-link", "broken-link"),
        ("--ignore", "DL401,brokn-link", "broken-link"),
        ("--extend-select", "DL4011", "DL401"),
    ],
)
def test_an_unknown_rule_on_the_command_line_gets_the_closest_one(run, option, typo, suggestion):
    result = run("check", option, typo, "--no-cache")
    assert result.code == 2
    wrong = typo.split(",")[-1]
    assert f"unknown rule selector {wrong!r} (did you mean `{suggestion}`?)" in result.err


def test_an_unknown_rule_in_the_configuration_gets_the_closest_one(run, tmp_path):
    write(tmp_path, {"doclint.toml": 'ignore = ["stopword-keywrd"]\n', **KEYWORD_PAGE})
    result = run("check", "--no-cache")
    assert result.code == 2
    assert "(did you mean `stopword-keyword`?)" in result.err and "doclint.toml" in result.err


def test_an_unknown_rule_to_document_gets_the_closest_one(run):
    result = run("rule", "brokn-link")
    assert result.code == 2 and "did you mean `broken-link`?" in result.err


@pytest.mark.parametrize(
    "args", [("--jobs", "-1"), ("-j", "x"), ("--max-file-size", "-5"), ("--max-file-size", "0")]
)
def test_numbers_out_of_range_are_usage_errors(run, args):
    result = run("check", *args)
    assert result.code == 2 and "error: argument --" in result.err and "expected a" in result.err


# Silent passes


@pytest.mark.parametrize("where", ["empty", "seeds"])
def test_a_run_that_checks_no_file_warns(run, tmp_path, where):
    if where == "seeds":
        require_shared()
    folder = SEEDS if where == "seeds" else tmp_path
    result = run("check", "--no-cache", str(folder))
    assert result.code == 0
    assert "warning: no files were checked" in result.err


def test_a_run_that_checks_files_does_not_warn(run, tmp_path):
    write(tmp_path, KEYWORD_PAGE)
    assert "no files were checked" not in run("check", "--no-cache").err


@pytest.mark.parametrize("args", [("--select", ""), ("--ignore", "ALL"), ("--select", ",")])
def test_an_empty_rule_selection_is_an_error(run, tmp_path, args):
    write(tmp_path, KEYWORD_PAGE)
    result = run("check", "--no-cache", *args)
    assert result.code == 2 and "no rules selected" in result.err


def test_an_empty_selection_in_the_configuration_is_an_error(run, tmp_path):
    write(tmp_path, {"doclint.toml": "select = []\n", **KEYWORD_PAGE})
    assert run("check", "--no-cache").code == 2


# --statistics in every format


def test_statistics_as_json_lines(run, tmp_path):
    write(tmp_path, KEYWORD_PAGE)
    result = run("check", "--no-cache", "--statistics", "--output-format", "jsonl")
    records = [json.loads(line) for line in result.out.splitlines()]
    assert result.code == 1 and records
    assert all(
        set(record) == {"code", "name", "count", "fixable", "fix", "causes"} for record in records
    )
    assert "DL201" in {record["code"] for record in records}


@pytest.mark.parametrize("output_format", ["sarif", "junit", "github", "gitlab"])
def test_statistics_in_a_format_without_a_table_is_an_error(run, tmp_path, output_format):
    write(tmp_path, KEYWORD_PAGE)
    result = run("check", "--statistics", "--output-format", output_format)
    assert result.code == 2 and result.out == ""
    assert f"not {output_format}" in result.err


# Commands and flags as ruff names them


@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_version(run, flag):
    result = run(flag)
    assert result.code == 0 and result.out.strip() == f"doclint {__version__} ({build_name()})"


def test_bare_doclint_prints_the_help_and_exits_two_as_ruff(run):
    result = run()
    assert result.code == 2
    assert "usage: doclint" in result.err and "check" in result.err and "clean" in result.err


def test_rules_as_json(run):
    result = run("rules", "--output-format", "json")
    rules = json.loads(result.out)
    assert result.code == 0
    by_code = {rule["code"]: rule for rule in rules}
    assert by_code["DL401"]["name"] == "broken-link"
    assert "documentation" not in by_code["DL401"]
    assert by_code["DL202"]["options"]["extra-stop-words"]["default"] == []


def test_rules_old_format_flag_still_works(run):
    assert run("rules", "--format", "markdown").out.startswith("| Code | Name |")


def test_rule_all_as_text_and_json(run):
    text = run("rule", "--all")
    assert text.code == 0
    assert "DL101 unknown-heading" in text.out and "DL602 undocumented-file" in text.out
    records = json.loads(run("rule", "--all", "--output-format", "json").out)
    assert len(records) == len(json.loads(run("rules", "--output-format", "json").out))
    assert all(record["documentation"] for record in records)


def test_rule_needs_a_rule_or_all(run):
    assert run("rule").code == 2


def test_show_files_lists_what_would_be_checked(run, tmp_path):
    write(
        tmp_path,
        {**KEYWORD_PAGE, "docs/notes.txt": "x\n", "docs/vendor/x.md": "# x\n", ".gitignore": ""},
    )
    result = run("check", "--show-files", "--extend-exclude", "vendor/")
    assert result.code == 0
    assert result.out.splitlines() == ["docs/pkg/mod.py_kw.md"]


def test_show_settings_is_toml_with_the_root_and_where_each_value_came_from(run, tmp_path):
    write(tmp_path, {"doclint.toml": 'select = ["DL2"]\noutput-format = "concise"\n'})
    result = run("check", "--show-settings", "--ignore", "DL203")
    assert result.code == 0
    shown = tomllib.loads(result.out)
    assert shown["configuration-file"] == str(tmp_path / "doclint.toml")
    assert shown["output-format"] == "concise"
    assert shown["roots"] == [str(tmp_path)]  # the root it uses, never None
    assert "DL201 keyword-as-class" in shown["selected-rules"]
    assert not [rule for rule in shown["selected-rules"] if rule.startswith(("DL203", "DL401"))]
    origins = dict(re.findall(r"^([\w-]+) = .*  # (.*)$", result.out, re.MULTILINE))
    assert origins["select"] == origins["output-format"] == str(tmp_path / "doclint.toml")
    assert origins["ignore"] == "command line"
    assert origins["jobs"] == "default"


def test_show_settings_shows_rule_options_and_unsafe_fixes(run, tmp_path):
    configuration = '[rules.DL202]\nextra-stop-words = ["foo"]\n'
    write(tmp_path, {"doclint.toml": configuration})
    shown = run("check", "--show-settings", "--config", "unsafe-fixes = true")
    assert shown.code == 0, shown.err
    assert tomllib.loads(shown.out)["rules"] == {"stopword-keyword": {"extra-stop-words": ["foo"]}}
    assert 'extra-stop-words = ["foo"]  # ' + str(tmp_path / "doclint.toml") in shown.out
    assert "unsafe-fixes = true  # command line" in shown.out
    default = tomllib.loads(run("check", "--show-settings", "--isolated").out)
    assert default["unsafe-fixes"] is False
    assert default["rules"] == {"stopword-keyword": {"extra-stop-words": []}}
    narrow = tomllib.loads(run("check", "--show-settings", "--select", "DL1").out)
    assert "rules" not in narrow  # a rule not selected shows no options


def test_show_settings_shows_each_profile_as_the_file_it_came_from(run, tmp_path):
    tinydoc = (PROJECT / "examples" / "profile" / "tinydoc.toml").read_text(encoding="utf-8")
    write(
        tmp_path, {"gen/tinydoc.toml": tinydoc, "doclint.toml": 'profiles = ["gen/tinydoc.toml"]\n'}
    )
    (tmp_path / "sub").mkdir()
    for cwd, shown_as in (
        (tmp_path, "gen/tinydoc.toml"),
        (tmp_path / "sub", str(tmp_path / "gen/tinydoc.toml")),
    ):
        result = run("check", "--show-settings", cwd=cwd)
        assert result.code == 0, result.err
        shown = tomllib.loads(result.out)
        assert shown["profiles"] == [shown_as]
        assert shown["builtin-profiles"] == list(SHIPPED)
        assert f'profiles = ["{shown_as}"]  # {tmp_path / "doclint.toml"}' in result.out


def test_show_settings_says_which_built_in_profile_a_tree_s_profile_replaces(run, tmp_path):
    """A tree's profile reading RepoAgent's folder is tried before the
    built-in one, whose checks it then switches off there: the settings say
    so, beside the list of built-in profiles. One reading its own folder
    replaces nothing."""
    tinydoc = (PROJECT / "examples" / "profile" / "tinydoc.toml").read_text(encoding="utf-8")
    shadowing = tinydoc.replace('docs_folder = "reference"', 'docs_folder = "markdown_docs"')
    write(tmp_path, {"prof.toml": shadowing, "doclint.toml": 'profiles = ["prof.toml"]\n'})
    result = run("check", "--show-settings")
    assert result.code == 0, result.err
    said = [line for line in result.out.splitlines() if " replace" in line and "DL" not in line]
    assert said == [
        "# prof.toml replaces the built-in profile repoagent: it is tried first on the pages"
        " of markdown_docs/",
        f"builtin-profiles = {json.dumps(list(SHIPPED))}  # shipped with doclint;"
        " repoagent replaced by prof.toml",
    ]
    assert tomllib.loads(result.out)["profiles"] == ["prof.toml"]
    write(tmp_path, {"prof.toml": tinydoc})
    assert " replaces the built-in" not in run("check", "--show-settings").out


def test_clean_removes_the_cache_folder_and_nothing_else(run, tmp_path):
    write(tmp_path, KEYWORD_PAGE)
    run("check")
    cache = tmp_path / ".doclint_cache"
    assert (cache / "CACHEDIR.TAG").is_file()
    result = run("clean")
    assert result.code == 0 and not cache.exists()
    assert (tmp_path / "docs/pkg/mod.py_kw.md").is_file()
    assert run("clean").code == 0  # nothing to clean is no error


def test_clean_leaves_a_folder_that_is_not_a_cache(run, tmp_path):
    write(tmp_path, {"keep/data.txt": "precious\n"})
    result = run("clean", "--cache-dir", "keep")
    assert result.code == 2 and (tmp_path / "keep/data.txt").is_file()


def test_clean_uses_the_configured_cache_dir(run, tmp_path):
    write(tmp_path, {"doclint.toml": 'cache-dir = "build/lint-cache"\n', **KEYWORD_PAGE})
    run("check")
    assert (tmp_path / "build/lint-cache/CACHEDIR.TAG").is_file()
    assert not (tmp_path / ".doclint_cache").exists()
    run("clean")
    assert not (tmp_path / "build/lint-cache").exists()


def test_clean_never_removes_a_configured_folder_outside_the_tree(run, tmp_path):
    """Issue 28, 2: a tree's configuration naming `../precious`: even once
    doclint wrote its cache there, `clean` leaves it, exit 2 and one line."""
    tree = tmp_path / "tree"
    write(tree, {"doclint.toml": 'cache-dir = "../precious"\n', **KEYWORD_PAGE})
    write(tmp_path, {"precious/mine.txt": "keep me\n", "precious/CACHEDIR.TAG": "x"})
    result = run("clean", "--config", str(tree / "doclint.toml"))
    assert result.code == 2 and "outside" in result.err and len(result.err.splitlines()) == 1
    assert (tmp_path / "precious/mine.txt").read_text() == "keep me\n"


def test_bare_dash_reads_stdin_without_a_file_name(run, tmp_path):
    page = b"# Keyword Index: `a.py`\n\n## Oops\n"
    result = run("check", "-", "--output-format", "concise", stdin=page)
    assert result.code == 1
    assert "-:3:1: DL101 error [unknown-heading]" in result.out


def test_stdin_filename_without_dash_is_an_error(run):
    assert run("check", "--stdin-filename", "a.md", "docs").code == 2


def test_quoted_globs_are_expanded(run, tmp_path):
    write(
        tmp_path,
        {
            **KEYWORD_PAGE,
            "docs/pkg/other.md": "[x](nope.md)\n",
            "docs/deep/er/b.py_kw.md": keyword_index("deep/er/b.py", ["def"]),
        },
    )
    result = run("check", "--show-files", "docs/**/*_kw.md")
    assert result.out.splitlines() == ["docs/deep/er/b.py_kw.md", "docs/pkg/mod.py_kw.md"]
    checked = run("check", "--no-cache", "--output-format", "concise", "docs/**/*_kw.md")
    assert "other.md" not in checked.out and "mod.py_kw.md" in checked.out


def test_a_glob_that_matches_nothing_is_an_error(run):
    result = run("check", "docs/**/*_nothing.md")
    assert result.code == 2 and "no file or folder matches" in result.err


# Configuration keys


def test_configured_output_format_and_the_option_over_it(run, tmp_path):
    write(tmp_path, {"doclint.toml": 'output-format = "json"\n', **KEYWORD_PAGE})
    assert json.loads(run("check", "--no-cache").out)
    concise = run("check", "--no-cache", "--output-format", "concise")
    assert concise.out.startswith("docs/pkg/mod.py_kw.md:")


def test_a_configured_output_format_is_checked(run, tmp_path):
    write(tmp_path, {"doclint.toml": 'output-format = "jsn"\n'})
    result = run("check")
    assert result.code == 2 and "did you mean `json`?" in result.err


def test_configured_unsafe_fixes_apply_when_fixing(run, tmp_path, monkeypatch):
    plugin = tmp_path / "plugin"
    plugin.mkdir()
    fix_plugin.install(plugin, monkeypatch)  # XF002 drops a TODO: an unsafe fix
    tree = tmp_path / "tree"
    write(tree, {"docs/a.md": "# N\n\nTODO: one\n"})
    options = ("check", "--no-cache", "--select", "XF002", "docs")
    assert run(*options, "--fix", cwd=tree).code == 1
    (tree / "doclint.toml").write_text("unsafe-fixes = true\n")
    assert run(*options, cwd=tree).code == 1  # a check only: the key changes nothing
    assert run(*options, "--fix", cwd=tree).code == 0
    assert (tree / "docs/a.md").read_text() == "# N\n\n"


def test_include_and_extend_include_choose_the_files_a_walk_picks(run, tmp_path):
    write(tmp_path, {**KEYWORD_PAGE, "docs/notes.txt": "x\n", "docs/a.markdown": "# a\n"})
    default = run("check", "--show-files").out.splitlines()
    assert default == ["docs/a.markdown", "docs/pkg/mod.py_kw.md"]
    (tmp_path / "doclint.toml").write_text('extend-include = ["*.txt"]\n')
    extended = run("check", "--show-files").out.splitlines()
    assert extended == ["docs/a.markdown", "docs/notes.txt", "docs/pkg/mod.py_kw.md"]
    (tmp_path / "doclint.toml").write_text('include = ["*_kw.md"]\n')
    assert run("check", "--show-files").out.splitlines() == ["docs/pkg/mod.py_kw.md"]


# Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_elapsed_time_and_rate(monkeypatch):
    monkeypatch.setattr(progress, "DELAY_SECONDS", 0.0)
    clock = iter([100.0, 165.0])
    monkeypatch.setattr(progress.time, "monotonic", lambda: next(clock))
    stream = Terminal()
    ProgressBar(stream)(1300, 2000)
    assert stream.getvalue().endswith("1,300/2,000 files  1:05  20 files/s")


def test_quiet_keeps_the_progress_bar(monkeypatch, tmp_path):
    bars = []
    monkeypatch.setattr(
        "doclint.cli.main.ProgressBar", lambda enabled, lines: bars.append(enabled) or _Quiet()
    )
    write(tmp_path, KEYWORD_PAGE)
    monkeypatch.chdir(tmp_path)
    main(["check", "--no-cache", "-q", "--fix"])
    main(["check", "--no-cache", "-q", "--no-progress"])
    assert bars == [True, False]


class _Quiet:
    def __call__(self, done: int, total: int) -> None:
        pass

    def close(self) -> None:
        pass


# Packaging


def test_license_is_named_in_the_package_metadata():
    project = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    # An SPDX expression and the file (PEP 639); the wheel's metadata says the same.
    assert (project["license"], project["license-files"]) == ("MIT", ["LICENSE"])
    assert (PROJECT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_changelog_follows_the_version_and_pre_commit_pins_a_commit():
    changelog = (PROJECT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"\n## {__version__}\n" in changelog
    # No release is tagged: the README pins a commit (tests/test_snippets.py runs it).
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    assert "rev: v" not in readme
    assert re.search(r"^    rev: [0-9a-f]{40}  # a commit hash", readme, re.MULTILINE)


def _documented_configuration() -> dict[str, object]:
    page = (PROJECT / "docs" / "configuration.md").read_text(encoding="utf-8")
    return tomllib.loads(page.split("```toml\n", 1)[1].split("```", 1)[0])


def test_config_schema_validates_the_documented_example_and_rejects_unknown_keys(run):
    result = run("config-schema")
    schema = json.loads(result.out)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    example = _documented_configuration()
    assert example and list(validator.iter_errors(example)) == []
    for wrong in (
        {**example, "selct": ["DL1"]},
        {"output-format": "jsn"},
        {"rules": {"stopword-keyword": {"extra-stop-word": ["x"]}}},
        {"severity": {"DL6": "loud"}},
        {"respect-gitignore": "yes"},
    ):
        assert list(validator.iter_errors(wrong)), wrong


def test_config_schema_and_the_loader_know_the_same_keys(run, tmp_path):
    """Every key the schema allows, the loader takes, and the other way round."""
    schema = json.loads(run("config-schema").out)
    write(tmp_path, KEYWORD_PAGE)
    for key in schema["properties"]:
        (tmp_path / "doclint.toml").write_text(f"{key} = 1\n")
        error = run("check", "--show-settings").err
        assert "unknown key" not in error and f"`{key}`" in error, key


def test_explain_given_a_rule_points_at_its_documentation(run):
    """ruff's `check --explain` took a rule code; here it takes pages, and a
    rule's code or name given to it says where the rule's page is."""
    for given in ("DL201", "keyword-as-class"):
        result = run("check", "--explain", given)
        assert result.code == 2 and result.out == ""
        (line,) = result.err.splitlines()
        assert line.startswith(f"doclint: error: {given}: no such page; ")
        assert "`doclint rule DL201` shows its documentation" in line
    # A missing page that names no rule says only that.
    missing = run("check", "--explain", "DL201.md")
    assert missing.err == "doclint: error: DL201.md: no such page\n"


def test_explain_at_the_top_prints_the_rules_documentation_as_ruff_does(run):
    """`doclint --explain CODE` (ruff's spelling) is `doclint rule CODE`;
    `check --explain PAGE` goes on explaining pages."""
    rule = run("rule", "DL201")
    for given in ("DL201", "keyword-as-class"):
        explained = run("--explain", given)
        assert (explained.code, explained.out, explained.err) == (0, rule.out, "")
    assert run("--explain=DL201").out == rule.out
    wrong = run("--explain", "keyword-as-clas")
    assert wrong.code == 2 and "invalid choice" not in wrong.err
    assert "did you mean `keyword-as-class`?" in wrong.err
    assert "--explain CODE" in run("--help").out
    assert run("check", "--explain", "DL201").err.startswith("doclint: error: DL201: no such page")


def test_init_lists_every_built_in_profile(run, tmp_path):
    assert "deepwiki" in SHIPPED
    assert run("init").code == 0
    written = (tmp_path / "doclint.toml").read_text(encoding="utf-8")
    listed = re.findall(r"^# - ([\w-]+): \S", written, re.M)
    assert listed == list(SHIPPED)
    assert "# - deepwiki: DeepWiki and its clones" in written
    tomllib.loads(written)

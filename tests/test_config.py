"""Configuration files: discovery, every key, the command line over them, and errors."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from doclint import Settings, check_paths, check_text
from doclint.config.files import find_config, load_config
from doclint.engine.registry import load_registry
from doclint.tree.discovery import PathFilter, PatternSet, discover
from tests.checking import run_cli
from tests.conftest import PROJECT
from tests.pages import keyword_index, write

KW = "docs/pkg/mod.py_kw.md"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A keyword index with DL101 (line 14), DL201 (`def`, line 16) and DL401
    (its documentation page is missing), and the source it indexes."""
    write(
        tmp_path,
        {KW: keyword_index("pkg/mod.py", ["def", "Thing"]), "pkg/mod.py": "class Thing: ...\n"},
    )
    return tmp_path


def found(outcome) -> list[tuple[str, int, str]]:
    assert outcome.code in (0, 1), outcome.err
    return [(d["path"], d["line"], d["code"]) for d in json.loads(outcome.out)]


def codes(outcome) -> set[str]:
    return {code for _, _, code in found(outcome)}


def test_no_configuration_runs_the_defaults(cli):
    assert codes(cli("--output-format", "json", "docs")) == {"DL101", "DL201", "DL401"}


# discovery of the file


def test_the_closest_file_wins_and_doclint_toml_beats_pyproject(tmp_path):
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "doclint.toml").write_text("")
    (tmp_path / "a" / "pyproject.toml").write_text("[tool.doclint]\n")
    assert find_config(tmp_path / "a" / "b") == tmp_path / "a" / "pyproject.toml"
    (tmp_path / "a" / "doclint.toml").write_text("")
    assert find_config(tmp_path / "a" / "b" / "page.md") == tmp_path / "a" / "doclint.toml"


def test_a_pyproject_without_a_doclint_table_is_passed_over(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "doclint.toml").write_text("")
    (tmp_path / "a" / "pyproject.toml").write_text('[project]\nname = "doclint-docs"\n')
    assert find_config(tmp_path / "a") == tmp_path / "doclint.toml"


def test_the_file_is_found_above_the_checked_path(cli, tree):
    (tree / "doclint.toml").write_text('ignore = ["DL4"]\n')
    assert codes(cli("--output-format", "json", str(tree / "docs" / "pkg"), cwd=tree.parent)) == {
        "DL101",
        "DL201",
    }


def test_pyproject_table(cli, tree):
    (tree / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.doclint]\nselect = ["DL2"]\n'
    )
    assert codes(cli("--output-format", "json", "docs")) == {"DL201"}


def test_config_option_and_isolated(cli, tree):
    (tree / "doclint.toml").write_text('select = ["DL2"]\n')
    (tree / "other.toml").write_text('select = ["DL1"]\n')
    assert codes(cli("--output-format", "json", "docs")) == {"DL201"}
    assert codes(cli("--output-format", "json", "--config", "other.toml", "docs")) == {"DL101"}
    assert codes(cli("--output-format", "json", "--isolated", "docs")) == {
        "DL101",
        "DL201",
        "DL401",
    }


# rule selection


def test_select_extend_select_and_ignore(cli, tree):
    (tree / "doclint.toml").write_text(
        'select = ["DL1", "DL2"]\nextend-select = ["DL401"]\nignore = ["unknown-heading"]\n'
    )
    assert codes(cli("--output-format", "json", "docs")) == {"DL201", "DL401"}


def test_command_line_select_replaces_the_whole_configured_selection(cli, tree):
    (tree / "doclint.toml").write_text('ignore = ["DL201"]\nextend-select = ["DL103"]\n')
    assert codes(cli("--output-format", "json", "--select", "DL201", "docs")) == {"DL201"}


def test_command_line_ignore_and_extend_select_add_to_the_configuration(cli, tree):
    (tree / "doclint.toml").write_text('select = ["DL1", "DL4"]\nignore = ["DL401"]\n')
    outcome = cli("--output-format", "json", "--ignore", "DL101", "--extend-select", "DL2", "docs")
    assert codes(outcome) == {"DL201"}


def test_per_file_ignores(cli, tree):
    write(tree, {"docs/pkg/other.md": "[x](gone.md)\n"})
    (tree / "doclint.toml").write_text(
        '[per-file-ignores]\n"docs/pkg/*_kw.md" = ["DL4", "unknown-heading"]\n'
    )
    assert found(cli("--output-format", "json", "docs")) == [
        ("docs/pkg/mod.py_kw.md", 16, "DL201"),
        ("docs/pkg/other.md", 1, "DL401"),
    ]


def test_per_file_ignores_by_name_folder_and_negation(cli, tree):
    write(tree, {"docs/pkg/other.md": "[x](gone.md)\n"})
    (tree / "doclint.toml").write_text(
        '[per-file-ignores]\n"other.md" = ["ALL"]\n'
        '"!docs/pkg/*_kw.md" = ["DL4"]\n"/pkg/" = ["DL1"]\n'
    )
    # `/pkg/` is anchored to the configuration's folder: docs/pkg/ does not match it
    assert codes(cli("--output-format", "json", "docs")) == {"DL101", "DL201", "DL401"}
    # a folder pattern without a leading slash matches at any depth
    (tree / "doclint.toml").write_text('[per-file-ignores]\n"pkg/" = ["DL1", "DL4"]\n')
    assert codes(cli("--output-format", "json", "docs")) == {"DL201"}


def test_per_file_ignores_apply_to_cached_results(monkeypatch, capsys, tree):
    def run(*args):
        return run_cli(monkeypatch, capsys, tree, "check", "--output-format", "json", *args)

    assert "DL201" in codes(run("docs"))
    (tree / "doclint.toml").write_text('[per-file-ignores]\n"*.md" = ["DL201"]\n')
    assert "DL201" not in codes(run("docs"))


def test_severity_overrides_more_specific_wins(cli, tree):
    (tree / "doclint.toml").write_text(
        '[severity]\nDL201 = "info"\nDL2 = "warning"\nALL = "warning"\nbroken-link = "error"\n'
    )
    outcome = cli("--output-format", "json", "docs")
    levels = {d["code"]: d["severity"] for d in json.loads(outcome.out)}
    assert levels == {"DL101": "warning", "DL201": "info", "DL401": "error"}


# exclude and .gitignore


def test_exclude_replaces_the_defaults_extend_exclude_adds(cli, tree):
    write(tree, {"docs/skip/a.md": "[x](gone.md)\n", "docs/node_modules/b.md": "[y](gone.md)\n"})

    def paths(*args):
        return {path for path, _, _ in found(cli("--output-format", "json", *args, "docs"))}

    assert paths() == {KW, "docs/skip/a.md"}
    (tree / "doclint.toml").write_text('extend-exclude = ["skip/"]\n')
    assert paths() == {KW}
    (tree / "doclint.toml").write_text('exclude = ["skip/"]\n')
    assert paths() == {KW, "docs/node_modules/b.md"}
    assert paths("--exclude", "*_kw.md") == {"docs/skip/a.md", "docs/node_modules/b.md"}
    assert paths("--extend-exclude", "node_modules") == {KW}


def test_exclude_applies_to_files_named_on_the_command_line(cli, tree):
    (tree / "doclint.toml").write_text('extend-exclude = ["docs/pkg/*.md"]\n')
    outcome = cli("--output-format", "concise", KW)
    assert outcome.code == 0 and "0 files checked" in outcome.out


def test_gitignore_is_respected_in_a_repository(cli, tree):
    (tree / ".git").mkdir()
    write(
        tree,
        {
            ".gitignore": "build/\n*.tmp.md\n",
            "docs/build/a.md": "[x](gone.md)\n",
            "docs/pkg/b.tmp.md": "[x](gone.md)\n",
            "docs/pkg/.gitignore": "!keep.tmp.md\n",
            "docs/pkg/keep.tmp.md": "[x](gone.md)\n",
        },
    )

    def paths(*args):
        return {path for path, _, _ in found(cli("--output-format", "json", *args, "docs"))}

    assert paths() == {KW, "docs/pkg/keep.tmp.md"}
    everything = {KW, "docs/pkg/keep.tmp.md", "docs/pkg/b.tmp.md", "docs/build/a.md"}
    assert paths("--no-respect-gitignore") == everything
    (tree / "doclint.toml").write_text("respect-gitignore = false\n")
    assert paths() == everything


def test_a_gitignored_folder_named_on_the_command_line_is_walked(tmp_path):
    write(
        tmp_path,
        {
            ".git/HEAD": "",
            ".gitignore": "/build/\n",
            "build/docs/a.md": "",
            "build/docs/.gitignore": "b.md\n",
            "build/docs/b.md": "",
        },
    )
    named = discover([tmp_path / "build" / "docs"], PathFilter.build(tmp_path))
    assert [os.path.basename(f) for f in named] == ["a.md"]
    assert list(discover([tmp_path], PathFilter.build(tmp_path))) == []


def test_gitignore_outside_a_repository_is_not_read(tmp_path):
    write(tmp_path, {".gitignore": "*.md\n", "docs/a.md": "# A\n"})
    assert [
        os.path.basename(f) for f in discover([tmp_path / "docs"], PathFilter.build(tmp_path))
    ] == ["a.md"]


def test_gitignore_above_the_walked_folder_and_info_exclude(tmp_path):
    write(
        tmp_path,
        {
            ".git/info/exclude": "secret.md\n",
            ".gitignore": "docs/gen/\n",
            "docs/gen/a.md": "",
            "docs/secret.md": "",
            "docs/ok.md": "",
        },
    )
    files = discover([tmp_path / "docs"], PathFilter.build(tmp_path))
    assert [os.path.basename(f) for f in files] == ["ok.md"]


@pytest.mark.parametrize(
    ("pattern", "path", "is_dir", "matched"),
    [
        ("foo", "a/b/foo", False, True),
        ("/foo", "a/foo", False, False),
        ("a/*.md", "a/b/x.md", False, False),
        ("a/**/x.md", "a/x.md", False, True),
        ("a/**/x.md", "a/b/c/x.md", False, True),
        ("**/gen", "x/y/gen", True, True),
        ("a/**", "a/b/c.md", False, True),
        ("build/", "build", False, False),
        ("build/", "build", True, True),
        ("[!ab].md", "a.md", False, False),
        ("[ab].md", "b.md", False, True),
        ("?.md", "ab.md", False, False),
        ("\\#x", "#x", False, True),
        ("\\!x", "!x", False, True),
        ("# comment", "# comment", False, False),
        ("/anchored", "../anchored", False, False),
        ("name", "../name", False, True),
    ],
)
def test_gitignore_patterns(pattern, path, is_dir, matched):
    for extra in ([], ["!never-matches"]):  # with and without the fast combined search
        assert bool(PatternSet.parse("/base", [pattern, *extra]).decide(path, is_dir)) is matched


def test_a_later_negation_re_includes_but_not_under_an_excluded_folder(tmp_path):
    patterns = PatternSet.parse(tmp_path, ["*.md", "!keep.md", "gen/"])
    assert patterns.decide("keep.md", False) is False
    assert patterns.matches(str(tmp_path / "x.md"))
    assert patterns.matches(str(tmp_path / "gen" / "keep.md"))


# rule options


def identifier_index(words: list[str]) -> str:
    entries = "".join(f"- **`{w}`**: [n_docs.md](./n_docs.md)\n" for w in words)
    return (
        f"# Keyword Index: `pkg/NOTES.txt`\n\n## Keywords Extracted\n\n### Identifiers\n\n{entries}"
    )


def test_rule_option_through_the_api():
    text = identifier_index(["Widget", "Foo", "The"])
    path = "docs/pkg/NOTES.txt_kw.md"
    default = check_text(text, path, Settings(select=["DL202"]))
    assert [d.line for d in default.diagnostics] == [9]
    extra = {"stopword-keyword": {"extra-stop-words": ["Foo"]}}
    report = check_text(text, path, Settings(select=["DL202"], rule_options=extra))
    assert [(d.line, d.message.split(",")[0]) for d in report.diagnostics] == [
        (8, "`Foo` is in the configured `extra-stop-words`"),
        (9, "`The` is an English stop word"),
    ]


def test_rule_option_in_the_configuration_and_the_cache(monkeypatch, capsys, tmp_path):
    write(tmp_path, {"docs/pkg/NOTES.txt_kw.md": identifier_index(["Widget", "Foo"])})

    def lines():
        outcome = run_cli(
            monkeypatch, capsys, tmp_path, "check", "--select", "DL202", "--output-format", "json"
        )
        return [line for _, line, _ in found(outcome)]

    assert lines() == []
    (tmp_path / "doclint.toml").write_text('[rules.stopword-keyword]\nextra-stop-words = ["Foo"]\n')
    assert lines() == [8]  # the cached result of the first run is not reused


def test_rule_options_are_checked_by_the_api(tmp_path):
    settings = Settings(select=["DL202"], rule_options={"DL202": {"extra-stop-word": ["x"]}})
    with pytest.raises(ValueError, match="unknown option `extra-stop-word`"):
        check_paths([tmp_path], settings)


# known-paths and root


def test_known_paths_and_root_are_relative_to_the_configuration(cli, tree):
    # Run from a folder below the configuration's (a configuration names no
    # path outside its own folder: tests/robustness/test_outside_files.py).
    (tree / "sub").mkdir()
    (tree / "sub" / "listing.txt").write_text(f"{KW}\npkg/mod.py\ndocs/pkg/mod.py_docs.md\n")
    (tree / "doclint.toml").write_text('root = "."\nknown-paths = "sub/listing.txt"\n')
    outcome = cli("--output-format", "json", "../docs", cwd=tree / "sub")
    # the listing says the documentation page exists: no broken links
    assert codes(outcome) == {"DL101", "DL201"}


# errors: exit 2, the file and the key named


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('selct = ["DL1"]\n', "unknown key `selct` (did you mean `select`?)"),
        (
            'extend_select = ["DL1"]\n',
            "unknown key `extend_select` (did you mean `extend-select`?)",
        ),
        ('select = ["DL999"]\n', "`select`: unknown rule selector 'DL999'"),
        ('select = "DL101"\n', "`select`: expected a list of strings"),
        ('ignore = ["no-such-rule"]\n', "`ignore`: unknown rule selector 'no-such-rule'"),
        ("extend-select = [1]\n", "`extend-select`: expected a list of strings"),
        ('[per-file-ignores]\n"*.md" = ["DL998"]\n', "`per-file-ignores`: '*.md': unknown rule"),
        ('per-file-ignores = ["x"]\n', "`per-file-ignores`: expected a table"),
        ("exclude = [1]\n", "`exclude`: expected a list of strings"),
        ('extend-exclude = "x"\n', "`extend-exclude`: expected a list of strings"),
        ('respect-gitignore = "no"\n', "`respect-gitignore`: expected true or false"),
        ('[severity]\nDL101 = "fatal"\n', "`severity`: DL101: expected one of error, warning"),
        ('[severity]\nDL9 = "info"\n', "`severity`: unknown rule selector 'DL9'"),
        ("[rules.no-such-rule]\nx = 1\n", "`rules`: no rule 'no-such-rule'"),
        ("[rules.stopword-keyword]\nwords = []\n", "unknown option `words` of rule"),
        (
            '[rules.DL202]\nextra-stop-words = "Foo"\n',
            "option `extra-stop-words` of rule stopword-keyword: expected a list of strings",
        ),
        ('known-paths = "missing.txt"\n', "`known-paths`: "),
        ('root = "missing"\n', "`root`: "),
        ("root = 3\n", "`root`: expected a path"),
        ("select = [\n", "invalid TOML"),
    ],
)
def test_bad_configuration_exits_two_naming_file_and_key(cli, tree, text, message):
    (tree / "doclint.toml").write_text(text)
    outcome = cli("docs")
    assert outcome.code == 2 and outcome.out == ""
    assert str(tree / "doclint.toml") in outcome.err and message in outcome.err


def test_bad_pyproject_table_names_the_dotted_key(cli, tree):
    (tree / "pyproject.toml").write_text("[tool.doclint]\nselct = []\n")
    outcome = cli("docs")
    assert outcome.code == 2 and "unknown key `tool.doclint.selct`" in outcome.err


def test_config_usage_errors(cli, tree):
    assert cli("--config", "nope.toml", "docs").code == 2
    both = cli("--config", "x.toml", "--isolated", "docs")
    assert both.code == 2 and "exclude each other" in both.err
    unreadable = cli("--known-paths", "missing.txt", "docs")
    assert unreadable.code == 2 and "cannot read missing.txt" in unreadable.err


def test_the_documented_example_is_a_valid_configuration(tmp_path):
    page = (PROJECT / "docs" / "configuration.md").read_text(encoding="utf-8")
    example = page.split("```toml\n", 1)[1].split("```", 1)[0]
    (tmp_path / "doclint.toml").write_text(example)
    config = load_config(tmp_path / "doclint.toml", load_registry())
    assert config.rules == {"DL202": {"extra-stop-words": ("Yields", "Returns")}}
    assert config.severity and config.per_file_ignores and config.extend_exclude


def test_the_documented_example_runs_the_rules_its_text_names(monkeypatch, capsys, tmp_path):
    """The page says: the default rules, placeholder-section too, undocumented-file
    not, and orphan-doc (the other DL6 rule) still runs; no rule is added and then
    ignored."""
    page = (PROJECT / "docs" / "configuration.md").read_text(encoding="utf-8")
    (tmp_path / "doclint.toml").write_text(page.split("```toml\n", 1)[1].split("```", 1)[0])
    outcome = run_cli(monkeypatch, capsys, tmp_path, "check", "--show-settings")
    assert outcome.code == 0, outcome.err
    rules = next(line for line in outcome.out.splitlines() if line.startswith("selected-rules = "))
    assert "DL103 placeholder-section" in rules and "DL601 orphan-doc" in rules
    assert "DL602" not in rules and "DL603" not in rules and "DL201 keyword-as-class" in rules


def test_the_documented_example_at_a_repository_root_keeps_dl2_on_keyword_pages(
    monkeypatch, capsys, tmp_path
):
    """Its negated glob (`!` + a keyword page's name) ignores DL2 on every other
    page, wherever the tree sits below the configuration: a glob anchored to the
    configuration's folder that matched none of the pages would ignore DL2 on all."""
    shutil.copytree(PROJECT / "examples" / "tree", tmp_path / "examples" / "tree")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    page = (PROJECT / "docs" / "configuration.md").read_text(encoding="utf-8")
    (tmp_path / "doclint.toml").write_text(page.split("```toml\n", 1)[1].split("```", 1)[0])
    outcome = run_cli(
        monkeypatch,
        capsys,
        tmp_path,
        "check",
        "--no-cache",
        "--output-format",
        "concise",
        "examples/tree/docs",
    )
    kw_page = "examples/tree/docs/pkg/test_widgets.py_kw.md"
    assert f"{kw_page}:18:6: DL201 error [keyword-as-class]" in outcome.out, outcome.out


def test_a_negated_per_file_ignore_that_matches_no_file_is_said(monkeypatch, capsys, tmp_path):
    """`!docs/**/*_kw.md` beside a tree at examples/tree/docs/ matches none of
    its pages: DL2 is ignored on all of them, and a warning says why."""
    shutil.copytree(PROJECT / "examples" / "tree", tmp_path / "examples" / "tree")
    anchored = '[per-file-ignores]\n"!docs/**/*_kw.md" = ["DL2"]\n'
    (tmp_path / "doclint.toml").write_text(anchored)
    args = ("check", "--no-cache", "--output-format", "concise", "examples/tree/docs")
    outcome = run_cli(monkeypatch, capsys, tmp_path, *args)
    assert "DL201" not in outcome.out
    assert outcome.err == (
        "doclint: warning: per-file-ignores `!docs/**/*_kw.md` matches none of the 2 files "
        "found, so its rules are ignored in every one (a glob with a slash starts at the "
        f"configuration's folder, {tmp_path})\n"
    )
    (tmp_path / "doclint.toml").write_text(anchored.replace("!docs/**/", "!examples/**/"))
    matching = run_cli(monkeypatch, capsys, tmp_path, *args)
    assert "DL201" in matching.out and matching.err == ""


def test_rule_documentation_lists_the_options(monkeypatch, capsys, tmp_path):
    outcome = run_cli(monkeypatch, capsys, tmp_path, "rule", "DL202")
    assert outcome.code == 0
    assert "[tool.doclint.rules.stopword-keyword]" in outcome.out
    assert "  extra-stop-words = []  More words" in outcome.out

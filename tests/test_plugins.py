"""Third-party rules plug in through the `doclint.rules` entry-point group."""

from __future__ import annotations

import sys
import zipfile
from collections.abc import Iterable
from importlib.metadata import entry_points
from typing import Any

import pytest

from doclint import Settings, check_text
from doclint.engine.registry import ENTRY_POINT_GROUP, installed_entries, load_registry
from tests.pages import keyword_index, write_plugin

PLUGIN = '''
from doclint.rule_api import Finding, KeywordIndex, Rule, RuleDocs, Scope


class NoTodo(Rule):
    code = "XT001"
    name = "no-todo"
    summary = "TODO left in a page."
    docs = RuleDocs(
        what="Flags TODO markers.",
        why="""A page left unwritten.
        Readers find no text.""",
        example="`TODO: write this`",
        use_instead="the written text.",
    )
    scope = Scope.FILE

    def check(self, page, ctx):
        for number, line in enumerate(ctx.lines, 1):
            if "TODO" in line:
                yield Finding(number, line.index("TODO") + 1, "a TODO is left")


class OffTheFile(Rule):
    code = "XO001"
    name = "off-the-file"
    summary = "Findings at lines the file does not have."
    docs = RuleDocs(
        what="Reports before the first line and after the last.",
        why="A test.",
        example="a line number the file does not have.",
        use_instead="one it has.",
    )
    scope = Scope.FILE

    def check(self, page, ctx):
        yield Finding(-4, 0, "before the first line")
        yield Finding(10_000, 3, "after the last line")


class ClassCount(Rule[KeywordIndex]):
    code = "XK001"
    name = "class-count"
    summary = "Entries of each category of a keyword index."
    docs = RuleDocs(what="Counts entries.", why="A test.", example="none.", use_instead="none.")

    def check(self, page: KeywordIndex, ctx):
        for category in page.categories:
            yield Finding(category.line, 1, f"{category.heading}: {len(category.entries)}")


class Crashing(Rule):
    code = "XT002"
    name = "crashing"
    summary = "Crashes."
    docs = RuleDocs(what="Always raises.", why="A test.", example="any page.", use_instead="none.")

    def check(self, page, ctx):
        raise KeyError("boom")


class Undocumented(Rule):
    """A docstring is not the documentation."""

    code = "XT003"
    name = "undocumented"
    summary = "Has no `docs`."

    def check(self, page, ctx):
        yield Finding(1, 1, "never registered")
'''


@pytest.fixture
def plugin(tmp_path, monkeypatch):
    """A tiny installed distribution: a module plus dist-info with entry points."""
    rules = {"no-todo": "NoTodo", "crashing": "Crashing", "broken": "DoesNotExist"}
    rules["off-the-file"] = "OffTheFile"
    rules["class-count"] = "ClassCount"
    rules["undocumented"] = "Undocumented"
    write_plugin(tmp_path, "tinyplugin", PLUGIN, rules)
    monkeypatch.syspath_prepend(str(tmp_path))


def test_plugin_rule_is_registered_and_runs(plugin):
    registry = load_registry()
    assert registry.lookup("no-todo").code == "XT001"
    assert any("broken" in problem for problem in registry.problems)
    report = check_text("# Notes\n\nTODO: more\n", "notes.md", Settings(select=["XT001"]))
    assert [(d.line, d.column, d.name) for d in report.diagnostics] == [(3, 1, "no-todo")]


def test_crashing_rule_becomes_an_internal_error_and_others_still_run(plugin):
    report = check_text("TODO\n", "notes.md", Settings(select=["XT"]))
    assert [d.code for d in report.diagnostics] == ["DL001", "XT001"]
    assert "rule XT002 (crashing) crashed: KeyError" in report.diagnostics[0].message


def test_findings_off_the_file_are_shown_at_its_first_and_last_lines(plugin):
    report = check_text("# Notes\n\nlast line\n", "notes.md", Settings(select=["XO001"]))
    assert [(d.line, d.column) for d in report.diagnostics] == [(1, 1), (3, 3)]


def test_a_plugin_typed_by_page_kind_runs_on_that_kind_only(plugin):
    select = Settings(select=["XK001"])
    index = check_text(keyword_index("pkg/mod.py", ["A", "B"]), "docs/pkg/mod.py_kw.md", select)
    assert [(d.line, d.message) for d in index.diagnostics] == [(14, "Classs: 2")]
    assert check_text("# Notes\n\n### Classs\n", "notes.md", select).diagnostics == []


def test_a_plugin_rule_without_documentation_is_refused_in_one_line(plugin):
    registry = load_registry()
    assert registry.lookup("undocumented") is None
    said = [problem for problem in registry.problems if "XT003" in problem]
    assert said == [
        "plugin 'undocumented' (tinyplugin:Undocumented): rule XT003 has no `docs`"
        " (a RuleDocs: what, why, example, use_instead); not loaded"
    ]


def _found(entries: Iterable[Any]) -> list[tuple[str, str]]:
    return sorted((entry.name, entry.value) for entry in entries)


def test_entry_points_are_those_importlib_metadata_reads(plugin, tmp_path, monkeypatch):
    """Read from the dist-info folders as importlib.metadata reads them: the
    first distribution of a name on the path hides a later one."""
    later = tmp_path / "later"
    write_plugin(later, "TinyPlugin", "", {"hidden": "tinyplugin:Hidden"})
    monkeypatch.syspath_prepend(str(tmp_path))  # stays before `later`
    monkeypatch.setattr(sys, "path", [*sys.path, str(later)])
    read = _found(installed_entries(ENTRY_POINT_GROUP))
    assert read == _found(entry_points(group=ENTRY_POINT_GROUP))
    assert ("no-todo", "tinyplugin:NoTodo") in read
    assert "hidden" not in dict(read)


def test_a_zip_on_the_path_is_read_by_importlib_metadata(plugin, tmp_path, monkeypatch):
    archive = tmp_path / "plugins.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped-0.1.dist-info/METADATA", "Metadata-Version: 2.1\nName: zipped\n")
        zipped.writestr(
            "zipped-0.1.dist-info/entry_points.txt", "[doclint.rules]\nzipped = zipped:Rule\n"
        )
    monkeypatch.syspath_prepend(str(archive))
    assert ("zipped", "zipped:Rule") in _found(installed_entries(ENTRY_POINT_GROUP))


def test_a_plugin_installed_during_the_process_is_found(plugin, tmp_path):
    """The rules are read once per process for the same entry points: a
    distribution installed in a folder already on the path is read at the
    next load."""
    assert load_registry().lookup("XL001") is None
    late = PLUGIN.replace("XT00", "XL00").replace('"no-todo"', '"late-todo"')
    write_plugin(tmp_path, "lateplugin", late, {"late": "NoTodo"})
    assert load_registry().lookup("late-todo").code == "XL001"

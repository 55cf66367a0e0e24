"""A profile of templated pages named in a configuration (examples/pagesmith):
its places and templates are read as the PyTorch system's are, its patterns
run on RE2, and a run without it knows none of its pages."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from doclint import Settings, check_paths
from doclint.config.files import load_profile
from tests.conftest import PROJECT

EXAMPLE = PROJECT / "examples" / "pagesmith"
_FINDING = re.compile(r"^(\S+):(\d+):\d+: (DL\d+) ", re.MULTILINE)
FOUND = {
    ("reference/gone/CHANGES.md", 1, "DL601"),
    ("reference/gone/CHANGES.md", 7, "DL101"),
    ("reference/src/CHANGES.md", 7, "DL101"),
    ("reference/other/b.page.md", 1, "DL403"),
    ("reference/other/b.page.md", 6, "DL303"),
    ("reference/other/b.page.md", 12, "DL101"),
    ("reference/src/a.py.page.md", 6, "DL303"),
    ("reference/src/a.py.page.md", 12, "DL101"),
}


def _doclint(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "doclint", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    copy = tmp_path / "project"
    shutil.copytree(EXAMPLE / "project", copy)
    shutil.copy(EXAMPLE / "pagesmith.toml", copy)
    (copy / "pyproject.toml").write_text('[tool.doclint]\nprofiles = ["pagesmith.toml"]\n')
    return copy


def _found(output: str) -> set[tuple[str, int, str]]:
    return {(found[1], int(found[2]), found[3]) for found in _FINDING.finditer(output)}


def test_a_users_generator_of_templated_pages_is_read_by_its_places_and_outlines(project):
    done = _doclint("check", ".", "--no-cache", "--output-format", "concise", cwd=project)
    assert done.returncode == 1, done.stderr
    assert _found(done.stdout) == FOUND
    # Misplaced: where its own places put the page its title announces.
    assert "belongs at `reference/src/a.py.page.md`" in done.stdout
    # The same from inside the pages' folder.
    inside = _doclint(
        "check", ".", "--no-cache", "--output-format", "concise", cwd=project / "reference"
    )
    assert {(f"reference/{p}", n, c) for p, n, c in _found(inside.stdout)} == FOUND


def test_explain_names_the_users_generator_and_its_template(project):
    done = _doclint("check", "--explain", "reference/src/a.py.page.md", cwd=project)
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert "read as pagesmith's file-docs page" in first and "pagesmith-python" in first


def test_a_run_without_the_profile_knows_none_of_its_pages(project, monkeypatch):
    monkeypatch.chdir(project)
    profile = load_profile(project / "pagesmith.toml")
    pages = [project / "reference" / "src" / "a.py.page.md"]
    with_it = check_paths(pages, Settings(root=project, generators=(profile,)))
    assert {d.code for d in with_it.diagnostics} == {"DL303", "DL101"}
    # A kind the profile declares is read by its title, place and outline too.
    changes = [project / "reference" / "src" / "CHANGES.md"]
    declared = check_paths(changes, Settings(root=project, generators=(profile,)))
    assert [(d.line, d.code) for d in declared.diagnostics] == [(7, "DL101")]
    assert check_paths(changes, Settings(root=project)).diagnostics == []
    # The next run in this process states no generator: the page is plain Markdown.
    without = check_paths(pages, Settings(root=project))
    assert [d.code for d in without.diagnostics] == []


def test_a_template_id_of_another_generator_is_one_line(project):
    text = (project / "pagesmith.toml").read_text().replace('"pagesmith-python"', '"python"')
    (project / "pagesmith.toml").write_text(text)
    done = _doclint("check", ".", "--no-cache", cwd=project)
    assert done.returncode == 2
    assert "template id `python` is already the `pytorch` generator's" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_users_title_pattern_runs_on_re2(project):
    text = (project / "pagesmith.toml").read_text()
    hostile = text.replace(
        """file-docs = 'Page: `(?P<path>[^`]+)`'""", """file-docs = '(?P<path>(a|aa)+)$'"""
    )
    (project / "pagesmith.toml").write_text(hostile)
    (project / "reference" / "slow.md").write_text("# " + "a" * 40 + "!\n")
    started = time.monotonic()
    done = _doclint("check", ".", "--no-cache", cwd=project)
    # Python's re takes minutes on this title; RE2 is linear.
    assert time.monotonic() - started < 20
    # The page pages are no longer the generator's, the changes pages still
    # are; slow.md, named as no generator names its pages, reads as written by hand.
    assert done.returncode == 1 and "2 pages match no generator" in done.stdout, done.stderr
    backreference = text.replace(
        """'Page: `(?P<path>[^`]+)`'""", """'Page: (?P<q>`)(?P<path>[^`]+)(?P=q)'"""
    )
    (project / "pagesmith.toml").write_text(backreference)
    done = _doclint("check", ".", "--no-cache", cwd=project)
    assert done.returncode == 2 and "no backreferences" in done.stderr


def test_the_profile_shown_in_the_docs_is_the_examples():
    text = (PROJECT / "docs" / "profiles.md").read_text(encoding="utf-8")
    section = text.split("\n## A generator of templated pages\n")[1]
    shown = re.search(r"^```toml\n(.*?)^```$", section, re.MULTILINE | re.DOTALL)
    assert shown is not None
    assert shown.group(1) == (EXAMPLE / "pagesmith.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (
            ('changes = "{folder}/CHANGES.md"', 'changes = "{path}.changes.md"'),
            "places.pages.changes: the place of a changes page holds `{folder}`",
        ),
        (("[kinds.changes]", "[kinds.file-docs]"), "kinds: 'file-docs': a new kind's name"),
        (
            ("changes = 'Changes in", "change = 'Changes in"),
            "versions.0.titles.change.[key]: unknown page kind 'change' (page kinds: file-docs,",
        ),
    ],
)
def test_a_declared_kind_is_checked_where_it_is_given(change, error):
    from doclint.profiles import ProfileError, parse_generator

    text = (EXAMPLE / "pagesmith.toml").read_text(encoding="utf-8")
    assert change[0] in text
    with pytest.raises(ProfileError, match=re.escape(error)):
        parse_generator(text.replace(*change), "pagesmith.toml")


def test_the_schema_validates_the_example(monkeypatch, capsys):
    import json
    import tomllib

    import jsonschema

    from doclint.profiles import profile_schema

    data = tomllib.loads((EXAMPLE / "pagesmith.toml").read_text(encoding="utf-8"))
    jsonschema.validate(data, profile_schema())
    data["kinds"]["changes"]["documents"] = "page"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, json.loads(json.dumps(profile_schema())))


def test_two_configurations_in_one_process_each_read_pages_by_their_own(project, monkeypatch):
    """The run's generators are one value its linter holds, not a state of
    the process: two linters of two configurations, both made before either
    checks (as an editor's server keeps them), each read the page by their own."""
    from doclint.engine.linter import Linter
    from doclint.run.roots import make_tree_at

    monkeypatch.chdir(project)
    profile = load_profile(project / "pagesmith.toml")
    page = project / "reference" / "src" / "a.py.page.md"
    configured, plain = Settings(root=project, generators=(profile,)), Settings(root=project)
    linters = [Linter(each, make_tree_at(each, project)) for each in (configured, plain)]
    for _ in range(2):
        found = [{row.code for row in linter.check_file(page).rows} for linter in linters]
        assert found == [{"DL303", "DL101"}, set()]

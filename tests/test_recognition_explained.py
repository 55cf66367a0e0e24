"""A page is a generator's by its place and its outline: a title line above
its object headings does not change it; `doclint profile check` reads pages
as `check` does (markers included); `doclint check --explain PAGE` says
which generator read a page and why no other did; a run in which pages
matched no generator says so in its summary."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from doclint import Settings, check_paths
from doclint.config.files import load_profile
from tests.checking import run_cli
from tests.conftest import PROJECT

EXAMPLE = PROJECT / "examples" / "profile"
TINYDOC = EXAMPLE / "tinydoc.toml"


def tinydoc_findings(root: Path) -> list[tuple[str, int, str, str]]:
    settings = Settings(root=root, profiles=(load_profile(root.parent / "tinydoc.toml"),))
    report = check_paths([root / "reference"], settings)
    return sorted(
        (os.path.relpath(os.path.abspath(d.path), root), d.line, d.code, d.message)
        for d in report.diagnostics
    )


def test_a_title_line_above_the_object_headings_keeps_the_page_the_generators(tmp_path):
    shutil.copytree(EXAMPLE, tmp_path / "profile")
    bad = tmp_path / "profile" / "bad"
    untitled = tinydoc_findings(bad)
    page = bad / "reference" / "shapes.md"
    page.write_text("# shapes\n" + page.read_text(encoding="utf-8"), encoding="utf-8")
    titled = tinydoc_findings(bad)
    assert len(untitled) == 9
    # The same findings, one line lower on the titled page; none about the title.
    moved = [
        (path, line + (path == "reference/shapes.md" and line > 1), code, message)
        for path, line, code, message in untitled
    ]
    assert titled == moved
    assert not any("`shapes`" in message for *_, message in titled)


def test_profile_check_reads_a_page_by_the_markers_as_check_does(tmp_path, monkeypatch, capsys):
    """A page cut off before its first object heading is the profile's where
    its project holds one of the profile's markers: `check` reads it so, and
    `profile check` must agree."""
    shutil.copytree(EXAMPLE, tmp_path / "profile")
    profile = tmp_path / "profile" / "tinydoc.toml"
    text = profile.read_text(encoding="utf-8")
    profile.write_text(
        text.replace('source = "{path}.py"\n', 'source = "{path}.py"\nmarkers = [".tinydoc"]\n'),
        encoding="utf-8",
    )
    bad = tmp_path / "profile" / "bad"
    (bad / ".tinydoc").write_text("", encoding="utf-8")
    (bad / "reference" / "units.md").write_text("_Summary_: Units and their", encoding="utf-8")
    checked = run_cli(monkeypatch, capsys, tmp_path / "profile", "check", "--no-cache",
                      "--config", 'profiles = ["tinydoc.toml"]', "bad/reference",
                      "--output-format", "concise")  # fmt: skip
    assert "bad/reference/units.md:1:1: DL704 error [undocumented-object] function `to_inches`" in (
        checked.out
    )
    judged = run_cli(monkeypatch, capsys, tmp_path / "profile", "profile", "check",
                     "tinydoc.toml", "--good", "good", "--bad", "bad")  # fmt: skip
    assert judged.out.endswith("profile tinydoc: 2 examples, every example is as labelled\n")
    assert judged.code == 0
    # Near miss: without the marker the page is no generator's, for both.
    (bad / ".tinydoc").unlink()
    unmarked = run_cli(monkeypatch, capsys, tmp_path / "profile", "profile", "check",
                       "tinydoc.toml", "--bad", "bad")  # fmt: skip
    assert unmarked.code == 1
    assert "bad/reference/units.md: not read as a page of tinydoc" in unmarked.out

"""A finding about a source without a page stands on that source, in every
output format, kept and filtered as any finding (DL708 undocumented-module
on examples/profile/bad)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT

PROFILE = PROJECT / "examples" / "profile"
MESSAGE = "`units.py` defines function `to_inches` and has no page `reference/units.md`"


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """examples/profile/bad with a doclint.toml naming tinydoc's profile."""
    bad = shutil.copytree(PROFILE / "bad", tmp_path / "bad")
    shutil.copy(PROFILE / "tinydoc.toml", bad)
    (bad / "doclint.toml").write_text('profiles = ["tinydoc.toml"]\n')
    return bad


def _doclint(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "doclint", "check", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(PROJECT)},
        check=False,
    )


def _json(cwd: Path, *args: str) -> list[tuple[str, int, str]]:
    done = _doclint(cwd, "--output-format", "json", *args)
    assert done.returncode in (0, 1), done.stderr
    return [(row["path"], row["line"], row["code"]) for row in json.loads(done.stdout)]


# Each format's line (or element) that places the finding on the module.
ON_THE_MODULE = {
    "concise": f"units.py:1:1: DL708 error [undocumented-module] {MESSAGE}",
    "full": "1 | def to_inches(length):",
    "json": '"path": "units.py", "line": 1',
    "jsonl": '"path": "units.py", "line": 1',
    "sarif": '"uri":"units.py"',
    "github": "::error file=units.py,line=1,col=1,title=DL708",
    "gitlab": '"location": {"path": "units.py"',
    "junit": '<failure message="1 problem" type="doclint">units.py:1:1: DL708 error',
    "html": 'data-path="units.py"',
}


@pytest.mark.parametrize("output_format", sorted(ON_THE_MODULE))
def test_every_format_shows_the_finding_on_the_module(project: Path, output_format: str) -> None:
    done = _doclint(project, "reference", "--output-format", output_format, "--no-cache")
    assert done.returncode == 1, done.stderr
    assert ON_THE_MODULE[output_format] in done.stdout
    assert "gone.md:1:1: DL708" not in done.stdout


def test_a_readme_among_the_pages_does_not_hide_it(project: Path) -> None:
    # Sorted first, and no generator's page: it carried the finding, and lost it.
    (project / "reference" / "README.md").write_text("# Reference\n\nThe shapes.\n")
    assert ("units.py", 1, "DL708") in _json(project, "reference", "--no-cache")


@pytest.mark.slow  # four fresh processes
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_kept_result_shows_it_on_the_module_again(project: Path, jobs: str) -> None:
    first = _json(project, "reference", "--jobs", jobs)
    again = _doclint(project, "reference", "--jobs", jobs, "--output-format", "concise")
    assert ("units.py", 1, "DL708") in first
    assert (project / ".doclint_cache").is_dir()  # the second run reads what the first kept
    assert f"units.py:1:1: DL708 error [undocumented-module] {MESSAGE}" in again.stdout
    assert sorted(_json(project, "reference", "--jobs", jobs)) == sorted(first)


def test_per_file_ignores_and_the_pages_directives_apply_by_the_module(project: Path) -> None:
    page = project / "reference" / "gone.md"
    page.write_text("<!-- doclint-disable-file DL708 -->\n" + page.read_text())
    assert ("units.py", 1, "DL708") in _json(project, "reference", "--no-cache")
    (project / "doclint.toml").write_text(
        'profiles = ["tinydoc.toml"]\n[per-file-ignores]\n"units.py" = ["DL708"]\n'
    )
    assert "DL708" not in {code for _, _, code in _json(project, "reference", "--no-cache")}


def test_a_baseline_holds_it_by_the_module(project: Path) -> None:
    written = _doclint(project, "reference", "--write-baseline", "baseline.json", "--no-cache")
    assert written.returncode == 0, written.stderr
    assert "\nunits.py\tDL708\t" in (project / "baseline.json").read_text()
    held = _doclint(project, "reference", "--baseline", "baseline.json", "--no-cache")
    assert held.returncode == 0, held.stdout + held.stderr

"""README.md: its rule table is generated from the rules' metadata, never by hand;
it stays short, and docs/index.md maps every page of the manual; its first
commands run in order in one shell, as a newcomer types them."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from doclint import __version__
from doclint.cli.rule_listing import rules_markdown
from doclint.engine.registry import load_registry
from tests.conftest import PROJECT
from tests.test_precommit import OFFLINE

_SHELL_BLOCK = re.compile(r"^```bash\n(.*?)^```$", re.M | re.S)
_NOT_COPIED = shutil.ignore_patterns(
    ".git", ".venv", ".doclint_cache", "__pycache__", "*.egg-info", ".*_cache", "build"
)


def test_readme_rule_table_matches_the_registry():
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    table = readme.split("<!-- rules-table:start -->\n")[1].split("<!-- rules-table:end -->")[0]
    assert table == rules_markdown(load_registry())


def test_the_readme_stays_a_first_read():
    """The manual lives in docs/; the README keeps what a newcomer reads first."""
    assert len((PROJECT / "README.md").read_bytes()) <= 25_000


def test_the_docs_map_links_every_page():
    docs = PROJECT / "docs"
    index = (docs / "index.md").read_text(encoding="utf-8")
    # docs/rules/ has a page per rule, mapped by docs/rules/index.md
    pages = {path.name for path in docs.glob("*.md")}
    assert sorted(page for page in pages - {"index.md"} if f"]({page})" not in index) == []


def test_each_promise_of_what_doclint_never_does_names_a_test_that_exists():
    """docs/trust.md is the one page of promises: every test it names exists,
    and each of its sections names one; the README and the other pages link to it."""
    page = (PROJECT / "docs" / "trust.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_\w+)", page))
    defined = {
        name
        for file in (PROJECT / "tests").rglob("test_*.py")
        for name in re.findall(r"^(?:async )?def (test_\w+)", file.read_text(), re.M)
    }
    assert len(named) >= 40
    assert named - defined == set()
    sections = re.split(r"^## ", page, flags=re.M)[1:]
    assert [s.splitlines()[0] for s in sections if "`test_" not in s] == []
    for other in ("README.md", "docs/robustness.md", "docs/caching.md"):
        assert "trust.md" in (PROJECT / other).read_text(encoding="utf-8"), other


def _first_shell_blocks(count: int) -> list[str]:
    """The first blocks of the quick start (the first screen's command above
    it is the one a reader runs on their own docs)."""
    readme = (PROJECT / "README.md").read_text(encoding="utf-8").split("\n## Quick start\n")[1]
    return [match[1] for match in _SHELL_BLOCK.finditer(readme)][:count]


def test_the_readmes_second_block_needs_nothing_but_the_first():
    """The version command runs in the shell the quick start left: the
    environment's doclint is put on the PATH before it is called by name."""
    install, version = _first_shell_blocks(2)
    assert "python3 -m venv .venv" in install
    lines = [line.split("#", 1)[0].strip() for line in version.splitlines()]
    assert lines.index(". .venv/bin/activate") < lines.index("doclint --version")


# A pip install of the checkout (25 s): .ci/run's slow step.
@pytest.mark.slow
def test_the_readmes_first_two_blocks_run_in_one_shell_and_print_the_version(tmp_path):
    clone = tmp_path / "doclint"
    shutil.copytree(PROJECT, clone, ignore=_NOT_COPIED)
    install, version = _first_shell_blocks(2)
    # A newcomer's shell: no doclint of ours on the PATH, no environment active.
    path = os.pathsep.join(
        part
        for part in os.environ["PATH"].split(os.pathsep)
        if not part.startswith((sys.prefix, str(PROJECT)))
    )
    env = {key: value for key, value in os.environ.items() if key != "VIRTUAL_ENV"}
    script = f'{install}echo "quick start exited with $?"\n{version}command -v doclint\n'
    done = subprocess.run(
        ["bash", "--noprofile", "--norc", "-c", script],
        cwd=clone,
        env={**env, "PATH": path, "NO_COLOR": "1"},
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    if done.returncode and any(sign in done.stderr for sign in OFFLINE):
        pytest.skip("no package index to install doclint's dependencies from")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert "quick start exited with 1" in lines, done.stdout + done.stderr
    assert lines[-2:] == [
        f"doclint {__version__} (pure Python)",
        str(clone / ".venv" / "bin" / "doclint"),
    ]


def test_the_first_screen_says_what_doclint_checks_hand_written_docs_first():
    """What most readers come for: docs written by hand that cite code, and
    the command to run on them, before anything of generators."""
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    first = readme.split("\n## Quick start\n")[0]
    assert len(first) < 2_000  # a screen
    assert first.index("written by hand") < first.index("Generated docs")
    assert "`src/x.py:40-52`" in first
    assert "```bash\ndoclint check docs\n```" in first


def test_the_readmes_notes_example_prints_what_it_shows_in_a_clone(tmp_path):
    """The hand-written example, run as in a fresh clone (its pages
    committed, the history read): the lines the README shows, but for the
    commit, which is the clone's."""
    if shutil.which("git") is None:
        pytest.skip("git is missing")
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    command, shown = re.search(
        r"```bash\n(doclint check examples/notes/docs[^\n]*)\n```\n\n```text\n(.*?)```",
        readme,
        re.S,
    ).groups()
    shutil.copytree(PROJECT / "examples" / "notes", tmp_path / "examples" / "notes")
    env = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    identity = ["-c", "user.name=reader", "-c", "user.email=reader@example.org"]
    for git in (["init", "-q"], ["add", "-A"], [*identity, "commit", "-qm", "clone"]):
        subprocess.run(["git", *git], cwd=tmp_path, env=env, check=True)
    scripts = str(Path(sys.executable).parent)
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=tmp_path,
        env={**env, "PATH": scripts + os.pathsep + env["PATH"], "NO_COLOR": "1"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stderr) == (1, "")
    head = subprocess.run(
        ["git", "rev-parse", "--short=8", "HEAD"], cwd=tmp_path, capture_output=True, text=True
    ).stdout.strip()
    expected = re.sub(r"lines at [0-9a-f]{8}", f"lines at {head}", shown)
    assert done.stdout == expected

"""The same findings wherever the run starts: the root, a subfolder or the
pages' folder, inside or outside a git checkout (doclint/run/roots.py)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT, REAL, SHARED, require_shared

PROFILE = PROJECT / "examples" / "profile"
REPOAGENT = PROJECT / "tests" / "repoagent_tree"
_QUOTED = re.compile(r"`([^`]*)`")


def _found(cwd: Path, *args: str) -> set[tuple[str, int, str, str]]:
    """(absolute file, line, code, message) of each finding of `doclint check
    ARGS` run in `cwd`; each path a message quotes is cut to its last part,
    as messages show tree paths relative to the working folder."""
    done = subprocess.run(
        [sys.executable, "-m", "doclint", "check", "--no-cache", "--output-format", "json", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(PROJECT)},
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    return {
        (
            os.path.normpath(cwd / row["path"]),
            row["line"],
            row["code"],
            _QUOTED.sub(lambda quoted: os.path.basename(quoted[1].rstrip("/")), row["message"]),
        )
        for row in json.loads(done.stdout)
    }


@pytest.mark.slow  # the real tree twice
def test_the_pytorch_tree_outside_a_checkout_gives_the_same_findings_from_a_subfolder(
    tmp_path: Path,
) -> None:
    require_shared()
    tree = shutil.copytree(REAL, tmp_path / "real")
    test = tree / "docs" / "test"
    from_root = _found(tree, "docs/test")
    assert from_root
    assert _found(test, ".") == from_root
    # A folder's pages say where they belong: where they are.
    assert not [row for row in from_root if row[2] == "DL403"]
    inner = test / "distributed"
    assert _found(inner, ".") == {row for row in from_root if row[0].startswith(f"{inner}/")}


def _tinydoc_project(tmp_path: Path) -> Path:
    """examples/profile/bad with a doclint.toml naming tinydoc's profile."""
    project = shutil.copytree(PROFILE / "bad", tmp_path / "bad")
    shutil.copy(PROFILE / "tinydoc.toml", project)
    (project / "doclint.toml").write_text('profiles = ["tinydoc.toml"]\n')
    return project


def test_a_profiles_pages_give_the_same_findings_from_their_folder(tmp_path: Path) -> None:
    project = _tinydoc_project(tmp_path)
    from_project = _found(project, "reference")
    assert len(from_project) == 9
    assert _found(project / "reference", ".") == from_project


def test_repoagent_pages_give_the_same_findings_from_inside_markdown_docs(tmp_path: Path) -> None:
    project = shutil.copytree(REPOAGENT, tmp_path / "project")
    (project / ".project_doc_record").mkdir()
    (project / ".project_doc_record" / "project_hierarchy.json").write_text("{}\n")
    from_project = _found(project, "markdown_docs")
    assert from_project
    assert _found(project / "markdown_docs", ".") == from_project
    assert _found(project / "markdown_docs" / "pkg", ".") == from_project


def test_a_repoagent_project_outside_a_checkout_gives_the_same_findings_from_its_pages(
    tmp_path: Path,
) -> None:
    """No `.git`, no marker: the sources the pages document make the project."""
    require_shared()
    project = shutil.copytree(SHARED / "corpus" / "repoagent", tmp_path / "project")
    pages = project / "markdown_docs" / "repo_agent"
    from_project = _found(project, "markdown_docs/repo_agent")
    assert "DL708" in {row[2] for row in from_project}
    assert _found(pages, ".") == from_project


def test_a_title_alone_never_widens_a_root_above_the_working_folder(tmp_path: Path) -> None:
    """Outside a checkout, a page whose title implies the folder above the
    run's, with no start page there, is misplaced: the folders above are not read."""
    below = tmp_path / "docs" / "myrepo"
    below.mkdir(parents=True)
    (below / "x.py").write_text("class A:\n    pass\n")
    (below / "x.py_kw.md").write_text(
        "# Keyword Index: `myrepo/x.py`\n\n## File Information\n\n"
        "- **Original File**: [myrepo/x.py](../../myrepo/x.py)\n"
    )
    assert "DL403" in {row[2] for row in _found(below, ".", "--select", "ALL")}

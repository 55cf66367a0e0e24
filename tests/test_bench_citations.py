"""bench/citations_scale.py builds its checkout and counts the git processes
a check starts: one blame a page and one rename walk a commit its lines were
written at, one batch process for every blob, however many citations."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from tests.conftest import PROJECT

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def test_a_small_run_counts_its_git_processes_by_page():
    command = [sys.executable, str(PROJECT / "bench" / "citations_scale.py")]
    command += ["--pages", "12", "--commits", "240", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, check=True, timeout=300)
    figures = json.loads(done.stdout)
    assert figures["exit_code"] == 0 and figures["citations"] == 240
    gits = figures["git_processes"]
    assert gits["blame"] == 12 and gits["cat-file"] == 1 and gits["rev-parse"] == 1
    assert gits.get("diff-tree", 0) <= 12
    assert set(gits) <= {"blame", "cat-file", "rev-parse", "diff-tree", "log", "config"}
    assert figures["findings"].get("DL803", 0) > 0  # lines moved under the citations

"""doclint never writes a file it checks: every rule over the real slice, a
generated corpus and the catalogue of bad inputs leaves each file's bytes,
mtime and mode as they were, and adds nothing to the tree but its cache."""

from __future__ import annotations

import shutil
from pathlib import Path

from doclint.incremental.cache import DEFAULT_FOLDER
from tests.conftest import REAL, require_shared
from tests.robustness.catalogue import run_doclint, snapshot


def _check_everything(tree: Path, *args: str) -> None:
    result = run_doclint("check", "--select", "ALL", "--no-progress", *args, "docs", cwd=tree)
    assert result.returncode in (0, 1), result.stderr


def test_the_real_slice_is_left_as_it_was(tmp_path):
    require_shared()
    before = snapshot(REAL)
    # Read the tree from disk (no listing), so that every rule opens what it wants.
    _check_everything(REAL, "--cache-dir", str(tmp_path / "cache"))
    assert snapshot(REAL) == before


def test_a_generated_corpus_is_left_as_it_was(generated_corpus, tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(generated_corpus, tree, symlinks=True)
    before = snapshot(tree)
    _check_everything(tree)  # fills the cache: its folder is all that is new
    _check_everything(tree)  # answers from the cache
    after = snapshot(tree)
    assert {path: entry for path, entry in after.items() if path in before} == before
    assert all(path.split("/")[0] == DEFAULT_FOLDER for path in set(after) - set(before))


def test_the_catalogue_of_bad_inputs_is_left_as_it_was(catalogue):
    assert catalogue.after == catalogue.before

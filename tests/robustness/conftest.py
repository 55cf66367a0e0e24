"""Robustness fixtures, and the `slow` marker: slow tests run only when asked
for with `-m slow` (or any -m expression naming it)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.robustness.catalogue import build, check


def pytest_collection_modifyitems(config, items):
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def catalogue(tmp_path_factory):
    """The whole catalogue built once and checked in one run of the command line."""
    folder = tmp_path_factory.mktemp("catalogue")
    yield check(folder, build(folder))
    (folder / "tree" / "unreadable.md").unlink(missing_ok=True)


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    """The example tree (findings with lines to print), as a git checkout."""
    root = tmp_path / "tree"
    example = Path(__file__).resolve().parents[2] / "examples" / "tree"
    shutil.copytree(example, root, ignore=shutil.ignore_patterns(".doclint_cache"))
    (root / ".git").mkdir()
    return root

"""Parallel runs give exactly the serial result, in the same order."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from doclint import Settings, check_paths
from tests.conftest import REAL, SHARED, require_shared


def _both(paths, **settings):
    serial = check_paths(paths, Settings(select=["ALL"], jobs=1, **settings))
    parallel = check_paths(paths, Settings(select=["ALL"], jobs=2, **settings))
    return serial, parallel


def test_real_slice_parallel_equals_serial():
    require_shared()
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    serial, parallel = _both([REAL / "docs"], root=REAL, known_paths=listing)
    assert serial.diagnostics and parallel == serial


@pytest.fixture(scope="module")
def generated_corpus(tmp_path_factory) -> Path:
    """A small corpus of the generator: 40 files of the standard library, two levels."""
    require_shared()
    out = tmp_path_factory.mktemp("corpus") / "tree"
    source = sysconfig.get_paths()["stdlib"]
    subprocess.run([sys.executable, str(SHARED / "tools" / "gen_corpus.py"), source, str(out),
                    "--limit", "40"], check=True, capture_output=True)
    return out


def test_generated_corpus_parallel_equals_serial(generated_corpus):
    serial, parallel = _both([generated_corpus / "docs"])
    assert serial.files_checked >= 128
    assert serial.diagnostics and parallel == serial

"""Parallel runs give exactly the serial result, in the same order."""

from __future__ import annotations

from doclint import Settings, check_paths
from tests.conftest import REAL, require_shared


def _both(paths, **settings):
    serial = check_paths(paths, Settings(select=["ALL"], jobs=1, **settings))
    parallel = check_paths(paths, Settings(select=["ALL"], jobs=2, **settings))
    return serial, parallel


def test_real_slice_parallel_equals_serial():
    require_shared()
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    serial, parallel = _both([REAL / "docs"], root=REAL, known_paths=listing)
    assert serial.diagnostics and parallel == serial


def test_generated_corpus_parallel_equals_serial(generated_corpus):
    serial, parallel = _both([generated_corpus / "docs"])
    assert serial.files_checked >= 128
    assert serial.diagnostics and parallel == serial

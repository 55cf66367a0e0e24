"""Parallel runs give exactly the serial result, in the same order."""

from __future__ import annotations

import contextlib
import subprocess
import sys

from doclint import Settings, check_paths
from doclint.findings import DiagnosticRow
from doclint.output import FORMATS, LAYOUTS, RunOutput
from doclint.parallel import chunk_bounds
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


def test_output_rendered_in_workers_equals_the_serial_rendering(generated_corpus):
    """Formats written file by file are rendered by the processes that check
    the files; the bytes must be those a serial run renders from its findings."""
    command = [sys.executable, "-m", "doclint", "check", "docs", "--select", "ALL", "--no-cache"]
    for output_format in LAYOUTS:
        outputs = [
            subprocess.run(
                [*command, "--output-format", output_format, "--jobs", jobs],
                cwd=generated_corpus,
                capture_output=True,
                timeout=300,
            ).stdout
            for jobs in ("1", "2")
        ]
        with contextlib.chdir(generated_corpus):  # paths as shown; `full` reads the files
            report = check_paths(["docs"], Settings(select=["ALL"], jobs=1))
            rows = [DiagnosticRow(**d.model_dump(mode="json")) for d in report.diagnostics]
            rendered = "".join(FORMATS[output_format](RunOutput(rows, report.files_checked)))
        assert outputs[0] == outputs[1] == rendered.encode(), output_format


def test_chunks_cover_every_item_once_and_keep_groups_whole():
    groups = ["a", "a", "b", "b", "b", "c", "d", "d", "e"]
    bounds = chunk_bounds(len(groups), 2, groups)
    assert bounds == [(0, 2), (2, 5), (5, 8), (8, 9)]
    assert chunk_bounds(5, 2) == [(0, 2), (2, 4), (4, 5)]
    assert chunk_bounds(0, 3, []) == []
    one_group = chunk_bounds(4, 1, ["x"] * 4)
    assert one_group == [(0, 4)]

"""Parallel runs give exactly the serial result, in the same order."""

from __future__ import annotations

import contextlib
import subprocess
import sys

import pytest

from doclint import Settings, check_paths
from doclint.output import FORMATS, LAYOUTS, RunOutput
from doclint.run import parallel
from doclint.run.parallel import chunk_bounds
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


@pytest.mark.slow
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
            rows = [d.to_row() for d in report.diagnostics]
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


def test_the_last_chunks_shrink_so_that_the_processes_end_together():
    sizes = [stop - start for start, stop in chunk_bounds(14_710, 229, None, 2)]
    assert sum(sizes) == 14_710 and max(sizes) == 229
    # At most a quarter of what is left (two processes), at least 8 items.
    tail = sizes[sizes.index(185) :]
    assert tail[:6] == [185, 139, 104, 78, 58, 44] and max(tail[-5:]) == 8
    assert chunk_bounds(20, 8, None, 2) == [(0, 8), (8, 16), (16, 20)]


def _noted_pools(module, monkeypatch) -> list[dict]:
    """How each pool `module` makes is shut down, noted (each still waited
    on, so that the test's own processes end with it)."""
    shutdowns: list[dict] = []
    make_pool = module.process_pool

    def pool(*arguments):
        made = make_pool(*arguments)
        shutdown = made.shutdown

        def noted(wait=True, *, cancel_futures=False):
            shutdowns.append({"wait": wait, "cancel_futures": cancel_futures})
            shutdown(wait=True)

        made.shutdown = noted
        return made

    monkeypatch.setattr(module, "process_pool", pool)
    return shutdowns


def _stop(*_) -> None:
    raise KeyboardInterrupt


def test_a_run_stopped_midway_does_not_wait_on_its_pool(generated_corpus, monkeypatch):
    """A stop (SIGINT, SIGTERM) kills the workers and unwinds the run: the pool,
    its workers gone, is let go without waiting, since CPython 3.11's pool can
    wait for ever on workers killed under it."""
    run_module = sys.modules["doclint.run.scheduler"]
    shutdowns = _noted_pools(run_module, monkeypatch)
    settings = Settings(select=["ALL"], jobs=2, cache=False)
    with contextlib.suppress(KeyboardInterrupt):
        run_module.run([generated_corpus / "docs"], settings, progress=_stop)
    assert shutdowns == [{"wait": False, "cancel_futures": True}]
    run_module.run([generated_corpus / "docs"], settings)
    assert shutdowns[1:] == [{"wait": True, "cancel_futures": False}]


def test_fixes_stopped_midway_do_not_wait_on_their_pool(monkeypatch):
    """As a run's checks, so the fixes of `--fix`, spread by map_in_processes."""
    shutdowns = _noted_pools(parallel, monkeypatch)
    items = list(range(1000))
    with contextlib.suppress(KeyboardInterrupt):
        parallel.map_in_processes(list, items, 2, int, (), progress=_stop)
    assert shutdowns == [{"wait": False, "cancel_futures": True}]
    assert parallel.map_in_processes(list, items, 2, int, ()) == items
    assert shutdowns[1:] == [{"wait": True, "cancel_futures": False}]


def test_a_worker_imports_the_runs_rules_while_the_run_finds_its_files():
    """A worker starts while the run's process still walks the tree and orders
    the files: it imports the rules then, not at its first file."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from doclint import Settings\n"
        "from doclint.run import scheduler\n"
        "from doclint.run.sink import Collector\n"
        "settings = Settings(select=['DL202', 'DL401', 'DL801'])\n"
        "scheduler._start_worker(scheduler._Roots(settings, Path.cwd(), Collector()))\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('doclint_rules.'))))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout.split()
    assert "doclint_rules.keywords.stopword_keyword" in loaded  # DL202
    assert "doclint_rules.links.broken_link" in loaded  # DL401

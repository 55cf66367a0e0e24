"""What a process holds does not grow with a big tree: a run's rendered
findings wait on disk, a recorded run copies its output to disk as it writes
it, workers fork before the run holds its files, results come back in small
chunks, and a worker's tree keeps its latest answers and sources, not all."""

from __future__ import annotations

import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

import doclint.tree.index as tree_module
from doclint.engine import Settings
from doclint.models.findings import Counts
from doclint.models.kept_findings import FileResult
from doclint.output import LAYOUTS, RunOutput
from doclint.output.parts import PartWriter
from doclint.output.spilled_parts import FilePart
from doclint.run import setup as run_setup
from doclint.run.parallel import (
    CHUNKS_UNDER_WAY,
    MIN_ITEMS_PER_WORKER,
    MOST_ITEMS_PER_CHUNK,
    imap_in_pool,
)
from doclint.tree.index import SOURCES_KEPT, Tree
from tests.running import run

PROJECT = Path(__file__).resolve().parent.parent
LINKS = 400  # broken links per page: a finding each
LAYOUT = LAYOUTS["concise"]
SETTINGS = Settings(select=["DL401"], jobs=1)


def _tree(folder: Path, files: int) -> Path:
    docs = folder / "docs"
    docs.mkdir(parents=True)
    links = "".join(f"See [page {i}](missing/page{i}.md).\n\n" for i in range(LINKS))
    for number in range(files):
        (docs / f"page{number:03}.md").write_text(f"# Page {number}\n\n{links}", encoding="utf-8")
    return docs


def _checked_and_written(docs: Path, report: Path) -> int:
    """The peak of memory traced while checking the tree and writing its report."""
    tracemalloc.start()
    try:
        result = run([docs], SETTINGS, sink=PartWriter(LAYOUT))
        with open(report, "wb") as out:
            LAYOUT.write(out, RunOutput([], result.files_checked, parts=result.parts))
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_parts_come_back_in_path_order_from_disk():
    writer = PartWriter(LAYOUT)
    shown = ["docs/c.md", "docs/a.md", "docs/b.md"]
    writer.keep(
        FilePart(shown[index].encode() * 3, shown[index], Counts(error=index + 1, safe=0, unsafe=0))
        for index in (0, 2, 1)
    )
    # A file without findings has no part.
    assert writer.add(FileResult("docs/d.md", ".", [])) is None
    _, parts = writer.delivered()
    assert list(parts) == [
        ("docs/a.md", b"docs/a.md" * 3, 2),
        ("docs/b.md", b"docs/b.md" * 3, 3),
        ("docs/c.md", b"docs/c.md" * 3, 1),
    ]
    assert len(parts) == 3


def _peaks(folder: str) -> tuple[int, int, int]:
    """The traced peaks of checking a tree of 30 pages and one of 150, and how
    much longer the second report is."""
    base = Path(folder)
    os.chdir(base)
    small, large = _tree(base / "small", 30), _tree(base / "large", 150)
    run([small / "page000.md"], SETTINGS, sink=PartWriter(LAYOUT))  # rules and parser loaded
    peaks = [_checked_and_written(docs, docs.parent / "report.txt") for docs in (small, large)]
    reports = [(docs.parent / "report.txt").read_bytes() for docs in (small, large)]
    lines = reports[1].decode().splitlines()
    assert len(lines) == 150 * LINKS + 1
    assert lines[0].startswith("large/docs/page000.md:3:5: DL401 error [broken-link]")
    assert lines[-1] == f"Found {150 * LINKS:,} problems in 150 files (150 files checked)."
    return peaks[0], peaks[1], len(reports[1]) - len(reports[0])


@pytest.mark.slow
def test_twice_the_findings_take_hardly_more_memory(tmp_path):
    # In a fresh interpreter: in a long session, a table of the interpreter's
    # own (its interned strings) that happens to grow during the second run
    # would count as that run's memory.
    script = "import sys; from tests.test_memory import _peaks; print(*_peaks(sys.argv[1]))"
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    small, large, more = map(int, done.stdout.split())
    # Held in memory, the parts of the 120 more pages would add their size
    # (twice, joined); on disk, each page adds where its part is.
    assert large - small < more / 4, (small, large, more)


def test_a_tree_keeps_the_last_sources_read_not_all(tmp_path):
    text = "x = 1\n" * 8_000  # 48 KB a source
    for number in range(4 * SOURCES_KEPT):
        (tmp_path / f"module{number}.py").write_text(text, encoding="utf-8")
    tree = Tree(tmp_path)
    tracemalloc.start()
    try:
        sources = [tree.source(f"module{number}.py") for number in range(4 * SOURCES_KEPT)]
        assert all(source is not None and source.text == text for source in sources)
        del sources
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert held < 1.5 * SOURCES_KEPT * len(text), held
    assert tree.source("module0.py").text == text  # read again once let go


def test_workers_fork_before_the_run_holds_all_its_files(generated_corpus, monkeypatch):
    """A forked worker counts all its parent holds as its own memory: the
    pool starts once the walk has found files enough to share, not after."""
    run_module = sys.modules["doclint.run.scheduler"]
    found: list[Path] = []
    at_fork: list[int] = []
    walk, start = run_setup.discover, run_module.start_processes

    def counted(*arguments):
        for file in walk(*arguments):
            found.append(file)
            yield file

    def started(pool):
        at_fork.append(len(found))
        start(pool)

    monkeypatch.setattr(run_setup, "discover", counted)
    monkeypatch.setattr(run_module, "start_processes", started)
    result = run([generated_corpus / "docs"], Settings(select=["ALL"], jobs=2, cache=False))
    assert at_fork == [2 * MIN_ITEMS_PER_WORKER] < [len(found)] == [result.files_checked]
    assert result.diagnostics


class _InOrder:
    """A pool that does its work here, noting the chunks it is given and how
    many were sent and not yet taken back at most."""

    def __init__(self) -> None:
        self.chunks: list[int] = []
        self.under_way = self.most_under_way = 0

    def submit(self, work, chunk):
        self.chunks.append(len(chunk))
        self.under_way += 1
        self.most_under_way = max(self.most_under_way, self.under_way)
        return _Done(self, work(chunk))


class _Done:
    """A chunk's result, counted as taken back when asked for."""

    def __init__(self, pool: _InOrder, result: list) -> None:
        self.pool, self._result = pool, result

    def result(self) -> list:
        self.pool.under_way -= 1
        return self._result


def test_chunks_stay_small_and_few_are_under_way_whatever_the_number_of_files():
    pool = _InOrder()
    items = list(range(200_000))
    done = list(imap_in_pool(pool, 2, lambda chunk: [x * 2 for x in chunk], items))
    assert done == [x * 2 for x in items]
    assert max(pool.chunks) == MOST_ITEMS_PER_CHUNK and sum(pool.chunks) == len(items)
    assert pool.most_under_way == 2 * CHUNKS_UNDER_WAY < len(pool.chunks)


def test_a_tree_that_forgets_answers_gives_the_same_ones(tmp_path, monkeypatch):
    """The tree keeps its latest answers only; one forgotten is found again, the same."""
    for folder in range(12):
        for name in range(4):
            page = tmp_path / f"d{folder}" / f"p{name}.md"
            page.parent.mkdir(exist_ok=True)
            page.write_text(f"# P {name}\n\n## Part {folder}\n", encoding="utf-8")
    os.symlink(tmp_path.parent, tmp_path / "d0" / "out")
    questions = [
        (kind, path)
        for folder in [*range(12), *range(11, -1, -1)]
        for path in [f"d{folder}", f"d{folder}/p1.md", f"d{folder}/p9.md", "d0/out/x"]
        for kind in ("is_file", "is_dir", "children", "size", "anchors", "escapes")
    ]
    answers = [Tree(tmp_path).fact(kind, path) for kind, path in questions]
    anchors = [Tree(tmp_path).anchors(f"d{folder}/p1.md") for folder in range(12)]
    for name in ("FOLDERS_KEPT", "FACTS_KEPT", "STATS_KEPT", "ANCHORS_KEPT"):
        monkeypatch.setattr(tree_module, name, 2)
    small = Tree(tmp_path)
    assert [small.fact(kind, path) for kind, path in questions] == answers
    twice = [*range(12), *range(12)]
    assert [small.anchors(f"d{folder}/p1.md") for folder in twice] == anchors * 2
    assert len(small._facts) == 2 and len(small._scanned) == len(small._symlinks) == 2

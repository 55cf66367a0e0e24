"""What a process holds does not grow with a big tree: a run's rendered
findings wait on disk, and a worker keeps the last sources it read, not all."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from doclint.engine import Settings, run
from doclint.engine.spill import SpilledParts
from doclint.output import LAYOUTS, RunOutput
from doclint.output.layout import PartWriter
from doclint.tree import SOURCES_KEPT, Tree

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
        result = run([docs], SETTINGS, render=PartWriter(LAYOUT))
        with open(report, "wb") as out:
            LAYOUT.write(out, RunOutput([], result.files_checked, parts=result.parts))
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_parts_come_back_in_path_order_from_disk():
    parts = SpilledParts()
    shown = ["docs/c.md", "docs/a.md", "docs/b.md"]
    for index in (0, 2, 1):
        parts.add(index, (shown[index].encode() * 3, index + 1))
    parts.add(3, None)  # a file without findings has no part
    assert list(parts.sort(shown)) == [
        ("docs/a.md", b"docs/a.md" * 3, 2),
        ("docs/b.md", b"docs/b.md" * 3, 3),
        ("docs/c.md", b"docs/c.md" * 3, 1),
    ]
    assert parts[0] == parts[:1][0] and len(parts) == 3


def test_twice_the_findings_take_hardly_more_memory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    small, large = _tree(tmp_path / "small", 30), _tree(tmp_path / "large", 150)
    run([small / "page000.md"], SETTINGS, render=PartWriter(LAYOUT))  # rules and parser loaded
    peaks = [_checked_and_written(docs, docs.parent / "report.txt") for docs in (small, large)]
    reports = [(docs.parent / "report.txt").read_bytes() for docs in (small, large)]
    lines = reports[1].decode().splitlines()
    assert len(lines) == 150 * LINKS + 1
    assert lines[0].startswith("large/docs/page000.md:3:5: DL401 [broken-link]")
    assert lines[-1] == f"Found {150 * LINKS:,} problems in 150 files (150 files checked)."
    # Held in memory, the parts of the 120 more pages would add their size
    # (twice, joined); on disk, each page adds where its part is.
    grown, more = peaks[1] - peaks[0], len(reports[1]) - len(reports[0])
    assert grown < more / 4, (peaks, more)


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

"""Rendered parts on disk: the main process's own spill, and the files the
workers write their parts to, read back in the order of the paths."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from doclint.engine import Settings
from doclint.models.findings import Counts
from doclint.output import LAYOUTS
from doclint.output.parts import PartWriter
from doclint.output.spilled_parts import FilePart, SpilledParts
from doclint.util.private_folder import PrivateFolder
from tests.running import run

LAYOUT = LAYOUTS["json"]


def test_worker_parts_and_own_parts_come_back_in_path_order(tmp_path):
    folder = PrivateFolder("doclint-parts-")
    try:
        name, descriptor = folder.create("worker-")  # as a worker writes its parts
        os.write(descriptor, b"c" * 5 + b"b" * 7)
        parts = SpilledParts(folder)
        parts.add(FilePart(b"", "docs/c.md", Counts(error=1, safe=1), spool=name, length=5))
        # The cache's answer: written by the main process.
        parts.add(FilePart(b"d" * 2, "docs/d.md", Counts(error=4, safe=2, unsafe=1)))
        parts.add(FilePart(b"", "docs/b.md", Counts(error=3, unsafe=3), None, name, 5, 7))
        unlinked = "the main process unlinks a worker's file as it opens it"
        assert os.listdir(folder.path) == [], unlinked
        assert list(parts.sort()) == [
            ("docs/b.md", b"b" * 7, 3),
            ("docs/c.md", b"c" * 5, 1),
            ("docs/d.md", b"d" * 2, 4),
        ]
        assert parts.counts == Counts(error=8, safe=3, unsafe=4)
    finally:
        folder.remove()
        assert not os.path.exists(folder.path)


@pytest.mark.parametrize("name", ["../escape", "/etc/passwd", "..", "", "sub/part"])
def test_a_part_file_outside_the_runs_folder_is_refused(tmp_path, name):
    folder = PrivateFolder("doclint-parts-")
    try:
        with pytest.raises(ValueError, match="outside its folder"):
            SpilledParts(folder).add(
                FilePart(b"", "docs/a.md", Counts(error=1), spool=name, length=1)
            )
    finally:
        folder.remove()


def _tree(root: Path, pages: int) -> Path:
    docs = root / "docs"
    docs.mkdir(parents=True)
    for number in range(pages):
        links = "".join(f"See [p{i}](gone/{number}-{i}.md).\n\n" for i in range(number % 7))
        (docs / f"page{number:03}.md").write_text(f"# Page {number}\n\n{links}", encoding="utf-8")
    return docs


def test_parts_written_by_workers_read_as_parts_rendered_in_process(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    docs = _tree(tmp_path, 200)
    opened: list[str] = []
    open_spool = SpilledParts._open_spool

    def noted(self: SpilledParts, name: str) -> int:
        opened.append(name)
        return open_spool(self, name)

    monkeypatch.setattr(SpilledParts, "_open_spool", noted)
    results = [
        run([docs], Settings(select=["DL401"], jobs=jobs), sink=PartWriter(LAYOUT))
        for jobs in (1, 2)
    ]
    one, two = (list(result.parts or ()) for result in results)
    assert len(one) == 200 - 200 // 7 - 1 and one == two
    assert len(opened) == 2, "each of the two workers wrote its parts to a file of its own"
    assert one[0][0] == "docs/page001.md" and b'"line": 3' in one[0][1]
    assert os.listdir(tmp_path / "tmp") == [], "no part file or folder is left behind"


def test_a_writer_started_as_a_workers_writes_to_a_spool_of_its_own(tmp_path, monkeypatch):
    """`add` runs for every file: in the writer's process it keeps the part
    without a system call; the copy in a process forked from it, once the
    pool starts it as a worker's (`start_worker`), writes its parts to a
    spool of its own in the folder the run made before (`prepare_workers`)."""
    if not hasattr(os, "fork"):
        pytest.skip("no fork here")
    from doclint.models.findings import Finding
    from doclint.models.kept_findings import FileResult

    (tmp_path / "a.md").write_text("# A\n")
    row = Finding(1, 1, "gone", code="DL401", name="broken-link", severity="error")
    writer = PartWriter(LAYOUT, cwd=tmp_path)
    calls: list[int] = []
    real_getpid = os.getpid
    monkeypatch.setattr(os, "getpid", lambda: calls.append(1) or real_getpid())
    try:
        parts = [writer.add(FileResult("a.md", str(tmp_path), [row])) for _ in range(50)]
        assert all(isinstance(part, FilePart) for part in parts)
        assert calls == []
        monkeypatch.undo()
        writer.prepare_workers()  # as the run does before its workers start
        read, write = os.pipe()
        child = os.fork()
        if child == 0:  # pragma: no cover  (the child reports through the pipe)
            writer.start_worker()
            placed = writer.add(FileResult("a.md", str(tmp_path), [row]))
            os.write(write, b"placed" if placed.spool is not None else b"kept")
            os._exit(0)
        os.close(write)
        assert os.read(read, 16) == b"placed"
        os.waitpid(child, 0)
        os.close(read)
    finally:
        writer.close()


@pytest.mark.parametrize("buffering", [0, -1])
def test_a_layout_writes_a_file_in_few_gathered_writes(tmp_path, monkeypatch, buffering):
    """To a file's binary stream (buffered or not, as under python -u), the
    head, the parts, their separators and the tail go out gathered, at most
    WRITE_BOUND bytes a write, not a write or two per part; the bytes are
    those written piece by piece, a write cut short included."""
    import io

    import doclint.output.layout as layout_module
    from doclint.output.run_output import RunOutput

    docs = _tree(tmp_path, 120)
    settings = Settings(select=["DL401"], jobs=1)
    result = run([docs], settings, sink=PartWriter(LAYOUT, cwd=tmp_path))
    output = RunOutput([], result.files_checked, parts=result.parts)
    expected = io.BytesIO()
    LAYOUT.write(expected, output)
    monkeypatch.setattr(layout_module, "WRITE_BOUND", 1024)
    calls: list[int] = []
    real_writev = os.writev

    def cut_short(descriptor: int, pieces: list) -> int:
        calls.append(len(pieces))
        if len(calls) == 2:  # as a pipe may: part of the second write
            return os.write(descriptor, bytes(pieces[0])[:3])
        return real_writev(descriptor, pieces)

    monkeypatch.setattr(layout_module.os, "writev", cut_short)
    with open(tmp_path / "report.json", "wb", buffering=buffering) as out:
        out.write(b"before ")
        LAYOUT.write(out, output)
    size = len(expected.getvalue())
    assert (tmp_path / "report.json").read_bytes() == b"before " + expected.getvalue()
    assert len(result.parts) > 100 and size > 10 * 1024
    assert 2 <= len(calls) <= size // 1024 + 3, "a write gathers the parts of 1 KiB"


def test_a_full_non_blocking_pipe_is_waited_for_not_a_traceback(tmp_path):
    """A non-blocking stdout whose reader lags (a pipe full) refuses a write
    with EAGAIN: the layout waits until it can write, and every byte arrives
    once, in order."""
    import threading
    import time

    from doclint.output.layout import _write_all

    pieces = [bytes([65 + n % 26]) * 9000 for n in range(40)]
    read, write = os.pipe()
    os.set_blocking(write, False)
    received = bytearray()

    def lagging_reader() -> None:
        time.sleep(0.2)  # the pipe's 64 KiB fill first
        while chunk := os.read(read, 1 << 16):
            received.extend(chunk)

    reader = threading.Thread(target=lagging_reader)
    reader.start()
    try:
        with open(write, "wb", closefd=True) as out:
            _write_all(out, pieces)
    finally:
        reader.join()
        os.close(read)
    assert bytes(received) == b"".join(pieces)


def test_a_spill_holds_little_in_memory_and_much_in_a_temporary_file(tmp_path, monkeypatch):
    """A run's own parts (and a cache's new blobs) stay in memory while they
    are few, so that a one-page run makes no temporary file; past the bound
    they go to one, the bytes written before included, and read back alike."""
    from doclint.util.spill import Spill

    made: list[str] = []
    real = tempfile.TemporaryFile

    def noted(*args, **kwargs):
        made.append(kwargs.get("prefix", ""))
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "TemporaryFile", noted)
    spill = Spill("doclint-test-", bound=10)
    assert (spill.write(b"abcd"), spill.write(b"efgh")) == (0, 4)
    assert made == [] and spill.read(4, 2) == b"cdef"
    assert spill.write(b"ijkl") == 8
    assert made == ["doclint-test-"]
    assert spill.write(b"mn") == 12
    assert [spill.read(4, 0), spill.read(6, 6), spill.read(2, 12)] == [b"abcd", b"ghijkl", b"mn"]
    assert spill.read(5, 13) == b"n", "fewer past the end: the reader sees it cut short"

"""The run record (doclint/incremental/replay.py): an unchanged re-run of the
same command writes the kept output without looking a file up; a change to
anything the output depended on, a new page, another command, a record
tampered with or stamps too new to trust are misses that check as before."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from doclint.incremental import replay
from doclint.incremental.cache import Cache, prune
from doclint.incremental.folder import clean
from tests.checking import run_cli
from tests.pages import keyword_index, write

SOURCE = "class Thing:\n    pass\n"


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A tree whose keyword index lists a class its source lacks (DL201); the clock
    step at zero, so that files written by the test are old enough to trust."""
    monkeypatch.setattr(replay, "CLOCK_STEP", 0)
    root = tmp_path / "tree"
    write(
        root,
        {
            "pkg/mod.py": SOURCE,
            "docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["Thing", "Other"]),
            "docs/notes.md": "# Notes\n\nSee [the index](pkg/mod.py_kw.md).\n",
        },
    )
    return root


@pytest.fixture
def check(tree, monkeypatch, capsys):
    """`doclint check docs` in the tree with the cache outside it; (exit code,
    output), and what it wrote to stderr as `check.err`."""

    def invoke(*extra: str, cache: bool = True) -> tuple[int, str]:
        flags = ["--cache-dir", str(tree.parent / "cache")] if cache else ["--no-cache"]
        outcome = run_cli(monkeypatch, capsys, tree, "check", "docs", "--jobs", "1", *flags, *extra)
        invoke.err = outcome.err
        return outcome.code, outcome.out

    return invoke


def _records(tree):
    return sorted((tree.parent / "cache").glob("*.run"))


def _no_lookups(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a replayed run looked a result up")

    monkeypatch.setattr(Cache, "lookup_entry", refuse)


def test_an_unchanged_rerun_writes_the_kept_output_and_looks_nothing_up(tree, check, monkeypatch):
    first = check()
    assert first[0] == 1 and "`Other` is not a class" in first[1]
    assert len(_records(tree)) == 1
    _no_lookups(monkeypatch)
    assert check() == first == check(cache=False)


def test_a_report_written_in_the_root_keeps_the_record(tree, check, monkeypatch):
    """`-o report.txt` at the root changes the root's times at every run."""
    first = check("-o", "report.txt")
    written = (tree / "report.txt").read_text(encoding="utf-8")
    _no_lookups(monkeypatch)
    assert check("-o", "report.txt") == first
    assert (tree / "report.txt").read_text(encoding="utf-8") == written


def test_a_changed_source_is_checked_again(tree, check):
    assert "`Other` is not a class" in check()[1]
    (tree / "pkg/mod.py").write_text(SOURCE + "\n\nclass Other:\n    pass\n", encoding="utf-8")
    after = check()
    assert after == check(cache=False) and "`Other` is not a class" not in after[1]


def test_a_changed_page_and_a_new_page_are_checked(tree, check):
    check()
    page = tree / "docs/pkg/mod.py_kw.md"
    page.write_text(keyword_index("pkg/mod.py", ["Thing"]), encoding="utf-8")
    assert check() == check(cache=False)
    write(tree, {"docs/more.md": "# More\n\n[gone](missing.md)\n"})
    again = check()
    assert again == check(cache=False) and "missing.md" in again[1]


def test_another_command_keeps_a_record_of_its_own(tree, check, monkeypatch):
    # Pages enough for the cache folder to hold two records (cache.SHARE).
    write(tree, {"docs/long.md": "# Long\n\n" + "A line of prose.\n" * 5000})
    full, concise = check(), check("--output-format", "concise")
    assert full != concise and len(_records(tree)) == 2
    _no_lookups(monkeypatch)
    assert check() == full and check("--output-format", "concise") == concise


def test_files_changed_since_just_before_the_run_get_no_record(tree, check, monkeypatch):
    monkeypatch.setattr(replay, "CLOCK_STEP", 60 * 10**9)  # written a minute before: too new
    assert check()[0] == 1
    assert _records(tree) == []


def test_a_record_tampered_with_is_a_miss(tree, check):
    first = check()
    (record,) = _records(tree)
    data = bytearray(record.read_bytes())
    data[-1] ^= 0xFF  # the last byte of the compressed output
    record.write_bytes(bytes(data))
    assert check() == first
    assert check.err == (
        f"doclint: warning: {record}: not used (its output is not the one it was sealed"
        " with); it will be replaced\n"
    )
    assert check() == first and check.err == ""  # replaced


def test_a_record_sealed_for_another_command_is_a_miss(tree, check):
    write(tree, {"docs/long.md": "# Long\n\n" + "A line of prose.\n" * 5000})
    full = check()
    concise = check("--output-format", "concise")
    records = _records(tree)
    assert len(records) == 2
    # Each record in place of the other: valid records of the same cache,
    # made for another command, whose output must not be shown.
    first, second = (record.read_bytes() for record in records)
    records[0].write_bytes(second)
    records[1].write_bytes(first)
    assert check() == full and "not sealed by this user for this command" in check.err
    assert check("--output-format", "concise") == concise


def test_a_run_with_a_result_the_cache_does_not_keep_gets_no_record(tree, check):
    """A page over the size limit is checked again by every run: so is the whole run."""
    write(tree, {"docs/big.md": "# Big\n\n" + "A line of prose.\n" * 100})
    code, output = check("--max-file-size", "1000")
    assert code == 1 and "DL005 error [file-too-large]" in output
    assert _records(tree) == []


def test_a_link_among_what_the_output_depended_on_gets_no_record(tree, check):
    (tree / "pkg/mod.py").rename(tree / "pkg/real.py")
    (tree / "pkg/mod.py").symlink_to("real.py")
    assert "`Other` is not a class" in check()[1]
    assert _records(tree) == []


def test_an_output_not_written_whole_is_not_kept(tmp_path):
    saved = []
    recorder = replay.OutputRecorder(str(tmp_path), [], [], 2**62, lambda *data: saved.append(data))
    recorder.write(b"half of a report")
    recorder.finish(None)
    assert saved == []


def test_what_a_fact_depends_on():
    asked = [("source", "pkg/mod.py"), ("is_file", "docs/a/b.md"), ("escapes", "../out.md")]
    assert replay.depended_on(asked, ["docs/a/b.md"]) == [
        "docs",
        "docs/a",
        "docs/pkg",
        "docs/pkg/mod.py_docs.md",
        "pkg",
        "pkg/mod.py",
    ]
    # The root only when a fact names it: a report written there moves its times.
    assert replay.depended_on([("children", "")], []) == [""]
    assert replay.depended_on([("is_file", "top.md")], []) == ["top.md"]


def test_clean_removes_records_and_pruning_keeps_the_cache_file(tree, check):
    check()
    folder = tree.parent / "cache"
    (cache_file,) = folder.glob("*.bin")
    (record,) = _records(tree)
    old = record.with_name(cache_file.name[:8] + "0" * 24 + ".run")
    old.write_bytes(b"an older record")
    os.utime(old, (0, 0))
    os.utime(cache_file, (1, 1))  # older than the record, and still kept
    prune(record, 0, cache_file)
    assert sorted(folder.glob("*.bin")) == [cache_file] and _records(tree) == [record]
    assert clean(folder, None) == f"removed {folder}" and not folder.exists()


def test_the_start_is_taken_by_the_cache_folders_clock(tmp_path, monkeypatch):
    """A file made in the folder and removed gives its file system's time; the
    local clock serves where none can be made."""
    folder = tmp_path / "cache"
    monkeypatch.setattr(replay.time, "time_ns", lambda: 42)
    assert abs(replay.file_system_now(folder) - os.stat(tmp_path).st_mtime_ns) < 10**9
    assert list(folder.iterdir()) == []
    (tmp_path / "file").write_text("not a folder\n")
    assert replay.file_system_now(tmp_path / "file" / "cache") == 42


def test_a_report_whose_reader_goes_away_is_not_kept(tmp_path):
    """`doclint check | head`: the rest of the report goes nowhere, quietly,
    and a record of half a report is never kept; the run after it keeps one."""
    pages = {
        f"docs/pkg/m{n}.py_kw.md": keyword_index(f"pkg/m{n}.py", ["Other"]) for n in range(150)
    }
    write(tmp_path, {"pkg/m0.py": SOURCE, **pages})
    time.sleep(replay.CLOCK_STEP / 1e9 + 0.2)  # stamps old enough to keep a record
    command = [sys.executable, "-P", "-m", "doclint", "check", "docs", "--cache-dir", "cache"]
    reader = subprocess.Popen(
        ["head", "-c", "100"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL
    )
    run = subprocess.run(command, cwd=tmp_path, stdout=reader.stdin, stderr=subprocess.PIPE)
    reader.stdin.close()
    reader.wait()
    assert run.returncode == 1 and run.stderr == b""
    assert list((tmp_path / "cache").glob("*.run")) == []
    whole = subprocess.run(command, cwd=tmp_path, capture_output=True)
    assert whole.returncode == 1 and len(whole.stdout) > 65536
    assert len(list((tmp_path / "cache").glob("*.run"))) == 1

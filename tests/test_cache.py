"""The content cache: unchanged files are not checked again, changed files and
the files whose rules looked at them are, and a bad cache is never fatal."""

from __future__ import annotations

import marshal
import os
import subprocess
import sys
import tracemalloc

from doclint import Settings, sealed
from doclint.cache import KEPT, KEY_PATTERN, Cache, digest
from doclint.replay_inputs import file_stamp
from doclint.run import run
from tests.pages import keyword_index, write

CAUSE = ("broken-link/missing-page", "Link to a missing Markdown page")


def _settings(tmp_path, **extra):
    return Settings(
        select=["ALL"], root=tmp_path, cache=True, cache_dir=tmp_path / "cache", jobs=1, **extra
    )


def _stored_paths(folder):
    """The paths the one cache file in `folder` holds results for."""
    (stored,) = folder.glob(KEY_PATTERN)
    opened = sealed.open_sealed(stored, f"cache {stored.stem}")
    assert opened is not None
    opened.close()
    return sorted(marshal.loads(opened.head)["paths"])


def _tree(tmp_path):
    write(
        tmp_path,
        {
            "pkg/mod.py": "class Thing:\n    pass\n",
            "docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["Thing", "def"]),
            "docs/pkg/mod.py_docs.md": "# Documentation: `pkg/mod.py`\n\n## File Metadata\n",
            "docs/notes.md": "# Notes\n\n[a](other.md#usage) [b](pkg/mod.py_kw.md)\n",
            "docs/other.md": "# Other\n\n## Usage\n",
        },
    )


def test_unchanged_tree_comes_from_the_cache(tmp_path):
    _tree(tmp_path)
    cold = run([tmp_path / "docs"], _settings(tmp_path))
    warm = run([tmp_path / "docs"], _settings(tmp_path))
    assert cold.from_cache == 0 and warm.from_cache == warm.files_checked == 4
    assert warm.diagnostics == cold.diagnostics
    assert (
        warm.diagnostics
        == run([tmp_path / "docs"], Settings(select=["ALL"], root=tmp_path, jobs=1)).diagnostics
    )


def test_a_changed_file_and_its_dependents_are_checked_again(tmp_path):
    _tree(tmp_path)
    run([tmp_path / "docs"], _settings(tmp_path))
    # notes.md's anchor check read other.md: renaming the heading must re-check it
    (tmp_path / "docs/other.md").write_text("# Other\n\n## Use\n")
    after = run([tmp_path / "docs"], _settings(tmp_path))
    assert after.from_cache == 2  # the two pages of pkg/mod.py
    assert any(d.code == "DL402" and d.path.endswith("notes.md") for d in after.diagnostics)
    # the keyword index read the source: adding the class fixes its finding
    (tmp_path / "pkg/mod.py").write_text("class Thing:\n    pass\nclass Other:\n    pass\n")
    write(tmp_path, {"docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["Thing", "Other"])})
    fixed = run([tmp_path / "docs"], _settings(tmp_path))
    assert not [d for d in fixed.diagnostics if d.code == "DL201"]


def test_a_deleted_link_target_is_noticed(tmp_path):
    _tree(tmp_path)
    run([tmp_path / "docs"], _settings(tmp_path))
    os.remove(tmp_path / "docs/pkg/mod.py_kw.md")
    after = run([tmp_path / "docs"], _settings(tmp_path))
    assert any(d.code == "DL401" and d.path.endswith("notes.md") for d in after.diagnostics)


def test_touching_a_file_without_changing_it_keeps_its_result(tmp_path):
    _tree(tmp_path)
    run([tmp_path / "docs"], _settings(tmp_path))
    os.utime(tmp_path / "docs/notes.md", ns=(1, 1))
    assert run([tmp_path / "docs"], _settings(tmp_path)).from_cache == 4


def test_other_settings_use_another_cache(tmp_path):
    _tree(tmp_path)
    run([tmp_path / "docs"], _settings(tmp_path))
    narrower = Settings(select=["DL2"], root=tmp_path, cache=True, cache_dir=tmp_path / "cache")
    result = run([tmp_path / "docs"], narrower)
    assert result.from_cache == 0 and {d.code for d in result.diagnostics} == {"DL201"}


def test_only_the_caches_of_the_latest_settings_are_kept(tmp_path):
    _tree(tmp_path)
    selections = ["DL1", "DL2", "DL3", "DL4", "DL5", "DL6"]
    for select in selections:
        settings = Settings(select=[select], root=tmp_path, cache=True, cache_dir=tmp_path / "c")
        run([tmp_path / "docs"], settings)
    assert len(list((tmp_path / "c").glob(KEY_PATTERN))) == KEPT
    # The newest survived: its run comes from the cache.
    latest = Settings(select=["DL6"], root=tmp_path, cache=True, cache_dir=tmp_path / "c")
    assert run([tmp_path / "docs"], latest).from_cache == 4


def test_corrupt_or_foreign_cache_is_ignored(tmp_path):
    _tree(tmp_path)
    expected = run([tmp_path / "docs"], _settings(tmp_path)).diagnostics
    for cache_file in (tmp_path / "cache").glob("*.bin"):
        cache_file.write_bytes(b"\x00garbage")
    assert run([tmp_path / "docs"], _settings(tmp_path)).diagnostics == expected
    for cache_file in (tmp_path / "cache").glob("*.bin"):
        cache_file.write_bytes(marshal.dumps({"format": 999, "entries": {"x": 1}}))
    again = run([tmp_path / "docs"], _settings(tmp_path))
    assert again.diagnostics == expected and again.from_cache == 0


def test_a_run_over_a_few_files_keeps_the_results_of_the_others(tmp_path):
    """As pre-commit runs it between full runs: the whole tree stays cached,
    except files that no longer exist."""
    _tree(tmp_path)
    run([tmp_path / "docs"], _settings(tmp_path))
    assert run([tmp_path / "docs/notes.md"], _settings(tmp_path)).from_cache == 1
    (tmp_path / "docs/other.md").unlink()
    after = run([tmp_path / "docs/pkg"], _settings(tmp_path))
    assert after.from_cache == after.files_checked == 2
    assert _stored_paths(tmp_path / "cache") == [
        "docs/notes.md",
        "docs/pkg/mod.py_docs.md",
        "docs/pkg/mod.py_kw.md",
    ]
    assert run([tmp_path / "docs"], _settings(tmp_path)).from_cache == 2  # notes.md linked other.md


def test_two_runs_can_share_a_cache(tmp_path):
    _tree(tmp_path)
    command = [
        sys.executable,
        "-m",
        "doclint",
        "check",
        "--select",
        "ALL",
        "--cache-dir",
        str(tmp_path / "cache"),
        str(tmp_path / "docs"),
    ]
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True) for _ in range(4)]
    outputs = {process.communicate()[0] for process in runs}
    assert len(outputs) == 1 and all(process.returncode == 1 for process in runs)
    assert run([tmp_path / "docs"], _settings(tmp_path)).from_cache == 4


def _cache_peaks(folder, files: int) -> tuple[int, int]:
    """Peaks of memory traced while a cache stores `files` results of 400
    findings each and saves them, then while another loads, answers for and
    saves them again (one file changed, so all are copied)."""
    docs = folder / "docs"
    docs.mkdir(parents=True)
    settings_key = "k" * 32
    pages = []
    for number in range(files):
        page = docs / f"page{number:03}.md"
        page.write_text(f"# Page {number}\n", encoding="utf-8")
        pages.append((f"docs/{page.name}", page))
    peaks = []
    tracemalloc.start()
    try:
        cache = Cache(folder / "cache", settings_key)
        for path, page in pages:
            rows = [
                (line, 5, "DL401", "broken-link", "error", f"{path} gone {line}", None, CAUSE)
                for line in range(400)
            ]
            facts = [("is_file", f"docs/missing{line}.md", False) for line in range(20)]
            cache.store(path, file_stamp(page), digest(page.read_bytes()), facts, rows)
        cache.save(folder)
        peaks.append(tracemalloc.get_traced_memory()[1])
        del cache
        tracemalloc.reset_peak()
        os.utime(pages[0][1], ns=(1, 1))
        cache = Cache.load(folder / "cache", settings_key)
        for path, page in pages:
            rows = cache.lookup(path, page, lambda kind, path: False)
            assert rows is not None and len(rows) == 400
        cache.save(folder)
        peaks.append(tracemalloc.get_traced_memory()[1])
    finally:
        tracemalloc.stop()
    assert _stored_paths(folder / "cache") == [path for path, _ in pages]
    return peaks[0], peaks[1]


def test_the_results_wait_on_disk_not_in_memory(tmp_path):
    """Storing, loading and saving five times the files takes hardly more
    memory: each file's findings are on disk once stored, and read one file
    at a time."""
    small, large = _cache_peaks(tmp_path / "small", 30), _cache_peaks(tmp_path / "large", 150)
    # Held in memory, the findings of the 120 more files would add 8 MB or more;
    # saving reads the body a block of up to 1 MiB at a time, and the small
    # cache's body (30 files, their rows with their causes) fills less of one.
    assert large[0] - small[0] < 1_500_000
    assert large[1] - small[1] < 1_500_000


def test_a_run_that_changed_nothing_writes_no_cache_file(tmp_path):
    _tree(tmp_path)
    run([tmp_path / "docs"], _settings(tmp_path))
    (stored,) = (tmp_path / "cache").glob(KEY_PATTERN)
    before = os.stat(stored)
    assert run([tmp_path / "docs"], _settings(tmp_path)).from_cache == 4
    after = os.stat(stored)
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_a_named_pipe_in_place_of_a_cached_file_is_a_miss_at_once(tmp_path):
    # Its stamp moved, so the cache reads it to compare contents: a plain
    # read of a named pipe would wait for a writer for ever.
    page = tmp_path / "page.md"
    page.write_text("# Page\n", encoding="utf-8")
    cache = Cache(tmp_path / "cache", "k" * 32)
    cache.store("page.md", file_stamp(page), digest(page.read_bytes()), [], [])
    cache.save(tmp_path)
    cache = Cache.load(tmp_path / "cache", "k" * 32)
    assert cache.lookup("page.md", page, lambda kind, path: False) == []
    page.unlink()
    os.mkfifo(page)
    assert cache.lookup("page.md", page, lambda kind, path: False) is None

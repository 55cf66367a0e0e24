"""The content cache: unchanged files are not checked again, changed files and
the files whose rules looked at them are, a tree checked out elsewhere keeps
its results, and a bad cache is never fatal."""

from __future__ import annotations

import marshal
import os
import shutil
import subprocess
import sys
import tracemalloc
from dataclasses import replace

import pytest

from doclint import Settings
from doclint.incremental import cache as cache_module
from doclint.incremental import sealed
from doclint.incremental.cache import KEY_PATTERN, SHARE, Cache
from doclint.incremental.folder import clean
from doclint.incremental.store import ContentCache, root_place
from doclint.models.findings import Cause, Finding
from doclint.models.kept_findings import EMPTY, decode_findings, encode_findings
from doclint.run.results import KeptResult
from doclint.tree import index as tree_index
from doclint.tree.index import digest, file_stamp
from doclint.tree.reading import repository_root
from tests.checking import run_cli
from tests.conftest import generate_corpus, pure_python_only
from tests.pages import keyword_index, write
from tests.running import run as engine_run

CAUSE = Cause("broken-link/missing-page", "Link to a missing Markdown page")


def _settings(tmp_path, **extra):
    return Settings(
        select=["ALL"], root=tmp_path, cache=True, cache_dir=tmp_path / "cache", jobs=1, **extra
    )


def run(paths, settings, warnings=None, render=None):
    """A run with the content cache wired in, as the command line does."""
    warn = warnings.append if warnings is not None else _no_warning
    return engine_run(paths, settings, sink=render, stores=ContentCache(settings.cache_dir, warn))


def _no_warning(message):
    raise AssertionError(f"unexpected warning: {message}")


def _stored_paths(folder):
    """The paths the one cache file in `folder` holds results for."""
    (stored,) = folder.glob(KEY_PATTERN)
    opened = sealed.open_sealed(stored, f"cache {stored.stem}")
    assert opened is not None
    os.close(opened.descriptor)
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


def _tree_bytes(root):
    return sum(
        os.path.getsize(os.path.join(folder, name))
        for folder, _, names in os.walk(root)
        if ".doclint_cache" not in folder
        for name in names
        if name.endswith(".md")
    )


@pytest.mark.slow
def test_the_cache_stays_within_its_share_of_the_tree(tmp_path, monkeypatch):
    """Five runs with other selections (formats change no stored result):
    the folder stays within SHARE of the tree's bytes; past it, older cache
    files are deleted, oldest first, and the newest is kept whole."""
    tree = generate_corpus(tmp_path / "tree", 100)
    folder = tmp_path / "c"
    selections = [["ALL"], ["DL1"], ["DL2", "DL3"], ["DL4"], ["DL1", "DL5"]]

    def check(select):
        return run(
            [tree / "docs"], Settings(select=select, root=tree, cache=True, cache_dir=folder)
        )

    for select in selections:
        check(select)
    sizes = {file.name: file.stat().st_size for file in folder.glob(KEY_PATTERN)}
    assert sum(sizes.values()) <= SHARE * _tree_bytes(tree) <= _tree_bytes(tree)
    # A tighter bound: only the newest stays, and it still answers.
    monkeypatch.setattr(cache_module, "SHARE", 0.01)
    check(["DL6"])
    (kept,) = folder.glob(KEY_PATTERN)
    assert kept.name not in sizes
    again = check(["DL6"])
    assert again.from_cache == again.files_checked > 500


def test_a_tree_checked_out_elsewhere_keeps_its_results(tmp_path):
    """As actions/cache restores it: the tree copied (new paths, new mtimes)
    and the cache folder with it: every result still holds, and a page
    changed in the copy is checked again with the pages that link to it."""
    _tree(tmp_path / "a")
    first = run([tmp_path / "a/docs"], _settings(tmp_path / "a"))
    shutil.copytree(tmp_path / "a", tmp_path / "b")  # copies new mtimes
    for folder, _, names in os.walk(tmp_path / "b"):
        for name in names:
            os.utime(os.path.join(folder, name), ns=(10**9, 10**9))
    copied = run([tmp_path / "b/docs"], _settings(tmp_path / "b"))
    assert copied.from_cache == copied.files_checked == 4
    shown = [d._replace(path=d.path.replace("/b/", "/a/")) for d in copied.diagnostics]
    assert shown == first.diagnostics
    (tmp_path / "b/docs/other.md").write_text("# Other\n\n## Use\n")
    changed = run([tmp_path / "b/docs"], _settings(tmp_path / "b"))
    assert changed.from_cache == 2  # notes.md read other.md's anchors
    assert any(d.code == "DL402" for d in changed.diagnostics)


def test_corrupt_or_foreign_cache_is_ignored_with_one_warning(tmp_path):
    _tree(tmp_path)
    expected = run([tmp_path / "docs"], _settings(tmp_path)).diagnostics
    for cache_file in (tmp_path / "cache").glob("*.bin"):
        cache_file.write_bytes(b"\x00garbage")
    warnings: list[str] = []
    assert run([tmp_path / "docs"], _settings(tmp_path), warnings).diagnostics == expected
    assert len(warnings) == 1 and "not used" in warnings[0]
    for cache_file in (tmp_path / "cache").glob("*.bin"):
        cache_file.write_bytes(marshal.dumps({"format": 999, "entries": {"x": 1}}))
    warnings.clear()
    again = run([tmp_path / "docs"], _settings(tmp_path), warnings)
    assert again.diagnostics == expected and again.from_cache == 0 and len(warnings) == 1
    # Replaced by a good one: no warning, every result from it.
    assert run([tmp_path / "docs"], _settings(tmp_path)).from_cache == 4


def plant_key(folder, monkeypatch):
    """A key file with this user's owner and mode in `folder`/xdg/doclint, as
    an archive unpacked by this user gives, made the key folder of the run."""
    planted = folder / "xdg" / "doclint"
    planted.mkdir(parents=True, mode=0o700)
    (planted / "key").write_bytes(b"k" * sealed.KEY_SIZE)
    os.chmod(planted / "key", 0o600)
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder / "xdg"))
    monkeypatch.setattr(sealed._Kept, "key", None)


def test_a_key_folder_inside_the_tree_is_never_trusted(tmp_path, monkeypatch):
    """Issue 28, 12: a tree can ship a key file with the right owner and mode
    (an archive unpacked by this user gives both) and a cache sealed with it;
    with XDG_CACHE_HOME pointing into the tree, the cache is not used at all."""
    _tree(tmp_path)
    plant_key(tmp_path, monkeypatch)
    warnings: list[str] = []
    result = run([tmp_path / "docs"], _settings(tmp_path), warnings)
    assert result.from_cache == 0 and len(warnings) == 1 and "inside the tree" in warnings[0]
    assert not (tmp_path / "cache").exists()
    assert sealed._Kept.key is None  # the planted key was never read


def test_clean_removes_only_a_folder_doclint_made(tmp_path):
    _tree(tmp_path)
    run([tmp_path / "docs"], _settings(tmp_path))
    assert clean(tmp_path / "cache", tmp_path) == f"removed {tmp_path / 'cache'}"
    assert not (tmp_path / "cache").exists()
    # No marker: the user's folder is left alone.
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    with pytest.raises(ValueError, match="not a doclint cache"):
        clean(mine, tmp_path)
    # A marker copied in beside the user's own files is not enough.
    run([tmp_path / "docs"], _settings(tmp_path))
    shutil.copy(tmp_path / "cache" / "CACHEDIR.TAG", mine / "CACHEDIR.TAG")
    with pytest.raises(ValueError, match="did not write"):
        clean(mine, tmp_path)
    assert (mine / "notes.txt").read_text() == "keep me"


def test_clean_never_removes_a_folder_outside_the_tree(tmp_path):
    """A configuration's cache-dir = "../precious" (issue 28, 2): even a real
    cache folder of doclint's there is left alone."""
    _tree(tmp_path / "tree")
    outside = tmp_path / "precious"
    run([tmp_path / "tree/docs"], replace(_settings(tmp_path / "tree"), cache_dir=outside))
    with pytest.raises(ValueError, match="outside"):
        clean(outside, tmp_path / "tree")
    assert list(outside.glob(KEY_PATTERN))
    (tmp_path / "tree/link").symlink_to(outside)
    with pytest.raises(ValueError, match="outside"):
        clean(tmp_path / "tree/link", tmp_path / "tree")
    assert list(outside.glob(KEY_PATTERN))


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


@pytest.mark.parametrize("repository", [True, False], ids=["git-checkout", "working-folder"])
def test_a_cache_folder_restored_beside_a_checkout_elsewhere_keeps_its_results(
    tmp_path, monkeypatch, repository
):
    """As a CI cache restores a --cache-dir outside the checkout: the tree
    checked out again at another path (another build folder), the cache
    folder beside it. A root's place is taken in its checkout (or the
    working folder), not from the cache folder, so every result holds."""
    for build in ("1", "2"):
        _tree(tmp_path / build / "repo")
        if repository:
            (tmp_path / build / "repo/.git").mkdir()
    # The cache folder is not where it was beside the checkout either.
    caches = {"1": tmp_path / "cache", "2": tmp_path / "2/restored/cache"}
    settings = {
        build: replace(_settings(tmp_path / build / "repo"), cache_dir=caches[build])
        for build in ("1", "2")
    }
    # Outside a checkout, the root's place is taken in the working folder.
    monkeypatch.chdir(tmp_path / "1/repo" if not repository else tmp_path / "1")
    first = run([tmp_path / "1/repo/docs"], settings["1"])
    assert first.from_cache == 0
    shutil.copytree(caches["1"], caches["2"])
    monkeypatch.chdir(tmp_path / "2/repo" if not repository else tmp_path / "2")
    restored = run([tmp_path / "2/repo/docs"], settings["2"])
    assert restored.from_cache == restored.files_checked == 4
    shown = [d._replace(path=d.path.replace("/2/", "/1/")) for d in restored.diagnostics]
    assert shown == list(first.diagnostics)


def _place(root, cache):
    """The root's place, from its checkout as `ResultStores.open` finds it."""
    return root_place(root, cache, repository_root(root))


def test_roots_sharing_a_cache_folder_keep_a_file_each(tmp_path, monkeypatch):
    """Two roots of one checkout, one cache folder: a place each, so neither
    prunes nor replaces the other's file; a root outside any checkout and
    the working folder is placed from the cache folder."""
    _tree(tmp_path / "repo")
    _tree(tmp_path / "repo/sub")
    (tmp_path / "repo/.git").mkdir()
    monkeypatch.chdir(tmp_path / "repo/sub")
    cache = tmp_path / "cache"
    assert _place(tmp_path / "repo/docs", cache) == "docs"
    assert _place(tmp_path / "repo/sub/docs", cache) == "sub/docs"
    _tree(tmp_path / "loose")
    assert _place(tmp_path / "loose/docs", cache) == "../loose/docs"
    monkeypatch.chdir(tmp_path / "loose")
    assert _place(tmp_path / "loose/docs", cache) == "docs"
    settings = replace(_settings(tmp_path / "repo"), cache_dir=tmp_path / "cache")
    monkeypatch.chdir(tmp_path)
    run([tmp_path / "repo/docs"], settings)
    run([tmp_path / "repo/sub/docs"], replace(settings, root=tmp_path / "repo/sub"))
    assert len(list((tmp_path / "cache").glob(KEY_PATTERN))) == 2


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
        cache = Cache(folder / "cache", settings_key, folder)
        for path, page in pages:
            rows = [
                Finding(
                    line, 5, f"{path} gone {line}", None, CAUSE, "DL401", "broken-link", "error"
                )
                for line in range(400)
            ]
            facts = [("is_file", f"docs/missing{line}.md", False) for line in range(20)]
            stamp, content = file_stamp(page), digest(page.read_bytes())
            cache.store(path, KeptResult(encode_findings(rows), stamp, content, facts))
        cache.save()
        peaks.append(tracemalloc.get_traced_memory()[1])
        del cache
        tracemalloc.reset_peak()
        os.utime(pages[0][1], ns=(1, 1))
        cache = Cache.load(folder / "cache", settings_key, folder)
        for path, page in pages:
            found = cache.lookup_entry(path, page, lambda kind, path: False)
            assert found is not None and len(decode_findings(found.findings)) == 400
        cache.save()
        peaks.append(tracemalloc.get_traced_memory()[1])
    finally:
        tracemalloc.stop()
    assert _stored_paths(folder / "cache") == [path for path, _ in pages]
    return peaks[0], peaks[1]


@pytest.mark.slow  # five stores of a tree, memory polled
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
    cache = Cache(tmp_path / "cache", "k" * 32, tmp_path)
    cache.store("page.md", KeptResult(EMPTY, file_stamp(page), digest(page.read_bytes()), []))
    cache.save()
    cache = Cache.load(tmp_path / "cache", "k" * 32, tmp_path)
    found = cache.lookup_entry("page.md", page, lambda kind, path: False)
    assert found is not None and decode_findings(found.findings) == []
    page.unlink()
    os.mkfifo(page)
    assert cache.lookup_entry("page.md", page, lambda kind, path: False) is None


def test_a_changed_source_alone_rechecks_the_pages_that_read_it(tmp_path):
    """The source a keyword index documents is a fact of its page (its text,
    digested): changing only the source re-checks the page, as cold would."""
    _tree(tmp_path)
    run([tmp_path / "docs"], _settings(tmp_path))
    (tmp_path / "pkg/mod.py").write_text("class Thing:\n    pass\nclass Other:\n    pass\n")
    after = run([tmp_path / "docs"], _settings(tmp_path))
    assert after.from_cache < after.files_checked == 4
    cold = run([tmp_path / "docs"], Settings(select=["ALL"], root=tmp_path, jobs=1))
    assert after.diagnostics == cold.diagnostics


@pytest.mark.parametrize(
    "output", [["concise"], ["concise", "--color", "always"], ["full"], ["json"]]
)
def test_cached_reports_are_byte_identical_to_cold_ones(tmp_path, monkeypatch, capsys, output):
    """A path with control characters is escaped the same from the cache
    (each part's path and rule names escaped once) as in a cold run; a page
    in UTF-16, or with a BOM, CRLF and bytes that are not UTF-8, shows the
    lines the engine read, whether the engine or the cache gave its findings."""
    _tree(tmp_path)
    write(tmp_path, {"docs/odd\x1b[2J\u202ename.md": "# Odd\n\n[gone](missing.md)\n"})
    (tmp_path / "docs/wide.md").write_bytes("# W\u00e9\n\n[gone](missing.md)\n".encode("utf-16"))
    (tmp_path / "docs/latin.md").write_bytes(b"\xef\xbb\xbf# L\xe9\r\n\r\n[gone](missing.md)\r\n")
    args = ["check", "docs", "--select", "ALL", "--jobs", "1", "--output-format", *output]
    cold = run_cli(monkeypatch, capsys, tmp_path, *args, "--no-cache")
    run_cli(monkeypatch, capsys, tmp_path, *args)
    warm = run_cli(monkeypatch, capsys, tmp_path, *args)
    # One escaping in every format (util.paths.printable); JSON doubles its backslashes.
    escaped = "\\\\x1b[2J\\\\u202e" if output == ["json"] else "\\x1b[2J\\u202e"
    assert escaped in cold.out and "DL" in cold.out
    assert (warm.code, warm.out) == (cold.code, cold.out)


def _many_pages(root, count=300):
    """Enough pages that two workers share them (parallel.MIN_ITEMS_PER_WORKER)."""
    pages = {
        f"docs/p{n:03}.md": f"# P{n}\n\n[next](p{n + 1:03}.md) [gone](gone{n}.md)\n"
        for n in range(count)
    }
    write(root, pages)


@pytest.mark.parametrize("rendered", [False, True], ids=["rows", "rendered"])
def test_workers_look_up_a_restored_cache_and_the_run_keeps_what_they_used(tmp_path, rendered):
    """With two workers the kept results are looked up (and rendered) where the
    files would be checked; the run's process keeps each one used, under the
    copy's new stamps, so that the next run in the copy reads no file again."""
    from doclint.output import LAYOUTS
    from doclint.output.parts import PartWriter

    render = PartWriter(LAYOUTS["full"]) if rendered else None

    def parallel(root, **extra):
        settings = replace(_settings(root), jobs=2, **extra)
        return engine_run(
            [root / "docs"],
            settings,
            sink=render,
            stores=ContentCache(settings.cache_dir, _no_warning),
        )

    _many_pages(tmp_path / "a")
    parallel(tmp_path / "a")
    shutil.copytree(tmp_path / "a", tmp_path / "b")
    cold = engine_run(
        [tmp_path / "b/docs"],
        replace(_settings(tmp_path / "b"), cache=False, jobs=2),
        sink=render,
    )
    restored = parallel(tmp_path / "b")
    assert restored.from_cache == restored.files_checked == 300
    assert restored.diagnostics == cold.diagnostics
    assert (list(restored.parts) if rendered else None) == (list(cold.parts) if rendered else None)
    read: list[str] = []
    original = cache_module.read_regular
    try:
        # In this process (one job): a stamp that moved would have the file read.
        cache_module.read_regular = lambda file, limit: (
            read.append(str(file)) or original(file, limit)
        )
        again = engine_run(
            [tmp_path / "b/docs"],
            _settings(tmp_path / "b"),
            stores=ContentCache(tmp_path / "b/cache", _no_warning),
        )
    finally:
        cache_module.read_regular = original
    assert again.from_cache == 300 and read == []  # the stamps the copy has were kept


def test_workers_leave_a_bad_cache_to_the_run_to_warn_of_once(tmp_path, capfd):
    _many_pages(tmp_path)
    settings = replace(_settings(tmp_path), jobs=2)
    engine_run([tmp_path / "docs"], settings, stores=ContentCache(settings.cache_dir, _no_warning))
    for cache_file in (tmp_path / "cache").glob("*.bin"):
        cache_file.write_bytes(b"\x00garbage")

    def warn(message: str) -> None:  # as the command line warns: a line on stderr, any process
        print(message, file=sys.stderr, flush=True)

    again = engine_run([tmp_path / "docs"], settings, stores=ContentCache(settings.cache_dir, warn))
    assert again.from_cache == 0
    assert capfd.readouterr().err.count("not used") == 1


def test_a_workers_view_looks_up_and_keeps_nothing(tmp_path):
    """A worker's view answers as the run's own does, but what it finds is
    the run's process to keep: saving the view writes nothing, where the
    run's own view writes the file's new stamp."""
    page = tmp_path / "page.md"
    page.write_text("# Page\n", encoding="utf-8")
    cache = Cache(tmp_path / "cache", "k" * 32, tmp_path)
    cache.store("page.md", KeptResult(EMPTY, file_stamp(page), digest(page.read_bytes()), []))
    cache.save()
    os.utime(page, ns=(1, 1))  # a checkout's new mtime, the same bytes
    for keeps in (False, True):
        before = os.stat(cache.file)
        view = Cache.load(tmp_path / "cache", "k" * 32, tmp_path, keeps=keeps)
        found = view.lookup_entry("page.md", page, lambda kind, path: False)
        assert found is not None and found.data == b"# Page\n"
        view.save()
        after = os.stat(cache.file)
        assert ((after.st_ino, after.st_mtime_ns) != (before.st_ino, before.st_mtime_ns)) == keeps


def test_new_stamps_are_kept_and_spare_the_next_run_its_reads(tmp_path):
    """A restored cache in a fresh checkout (new mtimes, the same bytes):
    the run reads each file once and keeps its new stamp in the cache file
    (no file beside it); the next run reads no file again and writes nothing."""
    _tree(tmp_path)
    settings = _settings(tmp_path)
    run([tmp_path / "docs"], settings)
    (stored,) = (tmp_path / "cache").glob(KEY_PATTERN)
    for number, page in enumerate(sorted((tmp_path / "docs").rglob("*.md"))):
        os.utime(page, ns=(number, number))
    reads = []
    real = cache_module.read_regular
    monkey = pytest.MonkeyPatch()
    monkey.setattr(cache_module, "read_regular", lambda *a: reads.append(a[0]) or real(*a))
    try:
        assert run([tmp_path / "docs"], settings).from_cache == 4 and len(reads) == 4
        written = os.stat(stored)
        assert sorted(file.name for file in stored.parent.glob(stored.stem + ".*")) == [stored.name]
        reads.clear()
        assert run([tmp_path / "docs"], settings).from_cache == 4 and reads == []
        again = os.stat(stored)
        assert (again.st_ino, again.st_mtime_ns) == (written.st_ino, written.st_mtime_ns)
    finally:
        monkey.undo()


def test_earlier_versions_stamps_files_are_pruned_and_cleaned(tmp_path):
    """An earlier version kept new stamps in a `.stamps` file beside the
    cache file: the next save prunes it, and `doclint clean` removes it."""
    _tree(tmp_path)
    run([tmp_path / "docs"], _settings(tmp_path))
    (stored,) = (tmp_path / "cache").glob(KEY_PATTERN)
    stamps = stored.with_suffix(".stamps")
    stamps.write_bytes(b"old stamps")
    os.utime(stored, ns=(1, 1))
    (tmp_path / "docs/notes.md").write_text("# Notes, changed\n", encoding="utf-8")
    with pytest.MonkeyPatch.context() as monkey:
        monkey.setattr(cache_module, "SHARE", 0.0)
        run([tmp_path / "docs"], _settings(tmp_path))
    assert not stamps.exists() and stored.exists()
    stamps.write_bytes(b"old stamps")
    assert clean(tmp_path / "cache", None).startswith("removed")


@pytest.mark.slow  # a generated corpus in every output, twice
@pytest.mark.parametrize("jobs", [1, 2])
def test_kept_results_are_rendered_for_each_output_and_place_as_checked_ones_are(
    tmp_path, monkeypatch, jobs
):
    """The cache keeps findings, not their text: a run with the cache renders
    every file's part, kept or checked, for its own output, folder, per-file
    ignores and severities, the same as a run without the cache."""
    from doclint.output import LAYOUTS
    from doclint.output.parts import PartWriter

    _many_pages(tmp_path)
    # The base of the settings given: the per-file ignores mean the same from another folder.
    settings = replace(_settings(tmp_path), jobs=jobs, base=tmp_path)

    def parts(layout, cache=True, **extra):
        done = engine_run(
            [tmp_path / "docs"],
            replace(settings, cache=cache, **extra),
            sink=PartWriter(LAYOUTS[layout]),
            stores=ContentCache(settings.cache_dir, _no_warning) if cache else None,
        )
        assert done.from_cache == (300 if cache and kept else 0)
        return list(done.parts)

    monkeypatch.chdir(tmp_path)
    kept = False
    cold = {layout: parts(layout, cache=False) for layout in ("full", "json")}
    first = parts("full")  # checked, and each result kept
    assert first == cold["full"] and "p000.md" in first[0][1].decode()
    kept = True
    assert parts("json") == cold["json"] and parts("full") == cold["full"]
    # Per-file ignores and severities share the cache file; the parts they change differ.
    other = {"per_file_ignores": {"docs/p01*.md": ["ALL"]}, "severity": {"ALL": "warning"}}
    filtered = parts("json", **other)
    assert filtered != cold["json"] and filtered == parts("json", cache=False, **other)
    kept = False  # seen from another folder, the root's place (and so its cache file) differs
    monkeypatch.chdir(tmp_path / "docs")  # the paths shown change: the parts too
    elsewhere = parts("json")
    assert elsewhere != cold["json"] and elsewhere == parts("json", cache=False)


@pure_python_only
def test_a_run_that_keeps_nothing_digests_no_source(tmp_path, monkeypatch):
    # A source's fact is the digest of its text: a pass over every source that
    # only a cache (or a fix run) ever reads. Findings are the same either way.
    _tree(tmp_path)
    digested: list[str] = []
    real = tree_index._source_digest
    monkeypatch.setattr(
        tree_index, "_source_digest", lambda source: digested.append(source.path) or real(source)
    )
    kept = run([tmp_path / "docs"], _settings(tmp_path))
    assert digested == ["pkg/mod.py"]
    digested.clear()
    cold = engine_run([tmp_path / "docs"], replace(_settings(tmp_path), cache=False))
    assert digested == []
    assert cold.diagnostics == kept.diagnostics


def test_the_code_digest_follows_a_plugins_code_and_data_files_only(tmp_path):
    """Stored results carry the digest of the rule code they were found with:
    each .py and .toml file of a plugin's folder, nested ones included, by
    its path inside the folder and its bytes; other files do not count."""
    from doclint.incremental.store import code_digest

    plugin = tmp_path / "plugin"
    write(plugin, {"rules.py": "A = 1\n", "data/phrases.toml": "a = 1\n", "sub/deep/more.py": ""})
    modules = [str(plugin / "rules.py")]
    first = code_digest(modules)
    (plugin / "notes.txt").write_text("not code", encoding="utf-8")
    assert code_digest(modules) == first
    for edit in ("data/phrases.toml", "sub/deep/more.py"):
        (plugin / edit).write_text("changed = 2\n", encoding="utf-8")
        assert code_digest(modules) != first
        first = code_digest(modules)
    (plugin / "sub" / "deep" / "more.py").rename(plugin / "sub" / "moved.py")
    assert code_digest(modules) != first


def test_an_installed_copy_digests_no_folder_of_doclint_s_own(monkeypatch):
    """In an installed copy, doclint's code is its version's: the engine's
    own rules (doclint/engine) are not read at every run with a cache, as a
    plugin's folder is; in a checkout, every folder of doclint's is."""
    import doclint.engine.builtin_rules as builtin
    from doclint.incremental import store

    read: list[str] = []
    walk = os.walk
    monkeypatch.setattr(store.os, "walk", lambda top: read.append(str(top)) or walk(top))
    monkeypatch.setattr(store, "_editable", lambda: False)
    assert store.code_digest([builtin.__file__]) == store.code_digest([])
    assert read == []
    monkeypatch.setattr(store, "_editable", lambda: True)
    store.code_digest([builtin.__file__])
    assert sorted(os.path.basename(folder) for folder in read) == ["doclint", "rules"]


def test_a_checkout_is_told_from_an_install_by_the_site_folders(monkeypatch):
    """A checkout's own code is part of the cache key (it changes under one
    version), an installed copy's is not: told by site's folders, which hold
    sysconfig's purelib and platlib, without importing sysconfig."""
    import site

    from doclint.incremental import store
    from tests.conftest import PROJECT

    store._editable.cache_clear()
    try:
        assert store._editable(), "this checkout"
        monkeypatch.setattr(site, "getsitepackages", lambda: [str(PROJECT)])
        store._editable.cache_clear()
        assert not store._editable(), "a copy inside a site folder is installed"
    finally:
        store._editable.cache_clear()

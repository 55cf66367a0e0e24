"""Rendered parts kept with a file's cached result (output/parts.py's
keys, kept in incremental/cache.py's entries): a part found there is the one
a cold run renders, anything a part shows that changed misses, and a cache
file that is not whole, or not sealed by this user, gives no part of its own."""

from __future__ import annotations

import os
import shutil

import pytest

from doclint.incremental import cache, sealed
from doclint.models import kept_findings
from doclint.output.parts import PartWriter
from tests.checking import run_cli
from tests.pages import keyword_index, write


def _tree(root):
    write(
        root,
        {
            "pkg/mod.py": "class Thing:\n    pass\n",
            "docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["Thing", "def"]),
            "docs/notes.md": "# Notes\n\n[a](other.md#usage) [b](pkg/gone.md)\n",
            "docs/other.md": "# Other\n\n[c](missing.md)\n",
            "docs/sub/deep.md": "# Deep\n\n[d](../notes.md#nowhere)\n",
        },
    )


@pytest.fixture
def renders(monkeypatch):
    """The files whose part this process rendered (run with one job)."""
    rendered: list[str] = []
    real = PartWriter.__call__

    def counting(self, rows, *more):
        rendered.append(rows[0].path)
        return real(self, rows, *more)

    monkeypatch.setattr(PartWriter, "__call__", counting)
    return rendered


def _check(monkeypatch, capsys, cwd, *args):
    return run_cli(monkeypatch, capsys, cwd, "check", "--select", "ALL", *args)


@pytest.mark.parametrize(
    "output",
    [["full"], ["concise", "--color", "always"], ["json"], ["sarif"], ["github"], ["jsonl"]],
)
def test_a_part_from_the_memo_is_byte_identical_to_a_cold_one(
    tmp_path, monkeypatch, capsys, renders, output
):
    _tree(tmp_path)
    args = ["docs", "--jobs", "1", "--output-format", *output]
    cold = _check(monkeypatch, capsys, tmp_path, *args, "--no-cache")
    _check(monkeypatch, capsys, tmp_path, *args)
    renders.clear()
    warm = _check(monkeypatch, capsys, tmp_path, *args)
    assert renders == []  # every part came from the memo
    assert (warm.code, warm.out) == (cold.code, cold.out)
    assert "DL" in cold.out


def test_parts_from_the_memo_in_workers_are_those_of_a_cold_run(tmp_path, monkeypatch, capsys):
    """Two workers look the parts up; what they rendered reaches the run's
    process, which keeps it: the second run writes no cache file again."""
    pages = {f"docs/p{n:03}.md": f"# P{n}\n\n[gone](gone{n}.md)\n" for n in range(300)}
    write(tmp_path, pages)
    args = ["docs", "--jobs", "2", "--output-format", "full", "--cache-dir", "cache"]
    cold = _check(monkeypatch, capsys, tmp_path, *args, "--no-cache")
    _check(monkeypatch, capsys, tmp_path, *args)
    before = os.stat(_cache_file(tmp_path / "cache"))
    warm = _check(monkeypatch, capsys, tmp_path, *args)
    assert (warm.code, warm.out) == (cold.code, cold.out)
    after = os.stat(_cache_file(tmp_path / "cache"))
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_what_a_part_shows_changed_misses(tmp_path, monkeypatch, capsys, renders):
    """Colour, format, the working folder, per-file ignores, a file's bytes
    (its lines shown) and a finding's text each change the part: rendered
    again, as a run without the cache renders it."""
    _tree(tmp_path)
    base = ["--jobs", "1", "--output-format", "full"]
    _check(monkeypatch, capsys, tmp_path, "docs", *base)
    everything = ["docs/notes.md", "docs/other.md", "docs/pkg/mod.py_kw.md", "docs/sub/deep.md"]
    severity = 'severity = {"ALL" = "info"}'
    ignores = 'per-file-ignores = {"docs/notes.md" = ["DL402"]}'
    cases = {
        "colour": (tmp_path, ["docs", *base, "--color", "always"], everything),
        "format": (tmp_path, ["docs", *base, "--output-format", "concise"], everything),
        "folder": (tmp_path / "docs", [".", *base], everything),
        "severity": (tmp_path, ["docs", *base, "--config", severity], everything),
        "ignores": (tmp_path, ["docs", *base, "--config", ignores], ["docs/notes.md"]),
    }
    for name, (cwd, args, missed) in cases.items():
        cold = _check(monkeypatch, capsys, cwd, *args, "--no-cache")
        renders.clear()
        first = _check(monkeypatch, capsys, cwd, *args)
        shown = [os.path.relpath(cwd / path, tmp_path) for path in renders]
        assert sorted(shown) == missed, name
        renders.clear()
        warm = _check(monkeypatch, capsys, cwd, *args)
        assert renders == [], name
        assert first.out == warm.out == cold.out, name
    _check(monkeypatch, capsys, tmp_path, "docs", *base)  # its entries used again
    # Lines shown: the same finding on a line that reads otherwise.
    write(tmp_path, {"docs/other.md": "# Other\n\n[c](missing.md) and more\n"})
    # A finding's text: the source a keyword index describes changed.
    write(tmp_path, {"pkg/mod.py": "class Other:\n    pass\n"})
    cold = _check(monkeypatch, capsys, tmp_path, "docs", *base, "--no-cache")
    renders.clear()
    warm = _check(monkeypatch, capsys, tmp_path, "docs", *base)
    assert sorted(renders) == ["docs/other.md", "docs/pkg/mod.py_kw.md"]
    assert warm.out == cold.out


def test_a_baseline_run_shows_what_a_cold_one_does(tmp_path, monkeypatch, capsys):
    _tree(tmp_path)
    args = ["docs", "--jobs", "1", "--output-format", "full"]
    _check(monkeypatch, capsys, tmp_path, *args)
    baseline = tmp_path / "baseline.txt"
    write(tmp_path, {"docs/notes.md": "# Notes\n\n[a](other.md#usage)\n"})
    _check(monkeypatch, capsys, tmp_path, *args, "--write-baseline", str(baseline))
    write(tmp_path, {"docs/notes.md": "# Notes\n\n[a](other.md#usage) [b](pkg/gone.md)\n"})
    cold = _check(monkeypatch, capsys, tmp_path, *args, "--baseline", str(baseline), "--no-cache")
    warm = _check(monkeypatch, capsys, tmp_path, *args, "--baseline", str(baseline))
    assert warm.out == cold.out and "gone.md" in cold.out and "missing.md" not in cold.out


def _cache_file(folder):
    (cache_file,) = folder.glob("*.bin")
    return cache_file


def test_a_corrupt_or_foreign_cache_gives_no_part_of_its_own(
    tmp_path, monkeypatch, capsys, renders
):
    """The parts are kept in the cache file's entries: bytes of an entry
    altered (each entry's digest covers them), or a whole cache file sealed
    with another key, give no part: the file is checked and rendered
    again, and the output is a cold run's."""
    _tree(tmp_path)
    args = ["docs", "--jobs", "1", "--output-format", "full", "--cache-dir", "cache"]
    cold = _check(monkeypatch, capsys, tmp_path, *args, "--no-cache")
    _check(monkeypatch, capsys, tmp_path, *args)
    cache_file = _cache_file(tmp_path / "cache")
    data = bytearray(cache_file.read_bytes())
    injected = b"INJECTED"
    at = data.rindex(b"DL")  # inside the last entry's part
    data[at : at + len(injected)] = injected
    cache_file.write_bytes(bytes(data))
    renders.clear()
    warm = _check(monkeypatch, capsys, tmp_path, *args)
    assert len(renders) == 1 and warm.out == cold.out
    # Sealed with another user's key, entries and all: not used.
    monkeypatch.setattr(sealed._Kept, "key", b"k" * sealed.KEY_SIZE)
    _check(monkeypatch, capsys, tmp_path, *args)
    monkeypatch.setattr(sealed._Kept, "key", None)
    renders.clear()
    warm = _check(monkeypatch, capsys, tmp_path, *args)
    assert len(renders) == 4 and warm.out == cold.out
    assert "not sealed by this user" in warm.err


def test_an_entry_keeps_the_parts_of_the_last_formats_shown(tmp_path, monkeypatch, capsys, renders):
    """Each format shown adds its part to the file's entry, up to PARTS of
    them, the oldest dropped: the cache does not grow with every format and
    working folder a tree is shown in."""
    monkeypatch.setattr(cache, "PARTS", 2)
    _tree(tmp_path)
    formats = ["full", "concise", "json"]
    base = ["docs", "--jobs", "1", "--cache-dir", "cache", "--output-format"]
    for output in formats:
        _check(monkeypatch, capsys, tmp_path, *base, output)
    for output in formats[1:]:
        renders.clear()
        _check(monkeypatch, capsys, tmp_path, *base, output)
        assert renders == [], output
    renders.clear()
    _check(monkeypatch, capsys, tmp_path, *base, formats[0])
    assert len(renders) == 4  # the first format's parts were dropped
    # A run that rendered nothing new writes no cache file again.
    before = os.stat(_cache_file(tmp_path / "cache"))
    _check(monkeypatch, capsys, tmp_path, *base, formats[0])
    after = os.stat(_cache_file(tmp_path / "cache"))
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


@pytest.fixture
def decodes(monkeypatch):
    """The kept findings this process decoded (each file's, as a list)."""
    decoded: list[list] = []
    real = kept_findings.decode_findings

    def counting(data):
        decoded.append(real(data))
        return decoded[-1]

    monkeypatch.setattr(kept_findings, "decode_findings", counting)
    return decoded


def test_a_cache_restored_beside_a_checkout_elsewhere_decodes_no_finding(
    tmp_path, monkeypatch, capsys, renders, decodes
):
    """A CI cache: filled with --cache-dir in one checkout, restored beside a
    copy of the tree at another path, with new mtimes. Every part comes from
    the memo with no finding decoded, those whose messages name tree paths
    among them, and the output is that of a cold run there."""
    builds = tmp_path / "builds"
    _tree(builds / "1/repo")
    args = ["docs", "--jobs", "1", "--output-format", "full", "--cache-dir"]
    _check(monkeypatch, capsys, builds / "1/repo", *args, str(builds / "1/cache"))
    shutil.copytree(builds / "1/repo", builds / "2/repo", copy_function=shutil.copy)
    shutil.copytree(builds / "1/cache", builds / "2/cache")
    cold = _check(monkeypatch, capsys, builds / "2/repo", *args, "-", "--no-cache")
    renders.clear()
    decodes.clear()
    warm = _check(monkeypatch, capsys, builds / "2/repo", *args, str(builds / "2/cache"))
    assert renders == [] and decodes == []
    assert (warm.code, warm.out) == (cold.code, cold.out)
    assert "(resolved to `docs/pkg/gone.md`)" in cold.out  # a tree path, shown


def test_a_message_naming_a_path_shown_otherwise_misses(tmp_path, monkeypatch, capsys, renders):
    """The same file, shown by the same path from two working folders, with
    a finding whose message names a path out of the tree, which each shows
    otherwise: rendered again, as a run without the cache renders it."""
    for folder in ("a", "b", "repo/.git", "repo/docs"):
        (tmp_path / folder).mkdir(parents=True)
    write(tmp_path, {"a/x.md": "# X\n", "repo/docs/notes.md": "# Notes\n\n[x](../../a/x.md)\n"})
    args = ["../repo/docs", "--jobs", "1", "--output-format", "concise"]
    for cwd, shown in (("a", "`x.md`"), ("b", "`../a/x.md`")):
        cold = _check(monkeypatch, capsys, tmp_path / cwd, *args, "--no-cache")
        renders.clear()
        warm = _check(monkeypatch, capsys, tmp_path / cwd, *args)
        assert renders == ["../repo/docs/notes.md"]
        assert warm.out == cold.out and f"(resolved to {shown})" in cold.out
        renders.clear()
        assert _check(monkeypatch, capsys, tmp_path / cwd, *args).out == cold.out
        assert renders == []


def test_a_memo_hit_with_per_file_ignores_decodes_no_finding(
    tmp_path, monkeypatch, capsys, renders, decodes
):
    """Per-file ignores and severities filter kept findings without
    decoding them when the part is in the memo: its key holds what the
    filter does to each file; a changed filter renders again."""
    _tree(tmp_path)
    ignores = 'per-file-ignores = {"docs/notes.md" = ["DL402"]}'
    args = ["docs", "--jobs", "1", "--output-format", "full", "--config", ignores]
    cold = _check(monkeypatch, capsys, tmp_path, *args, "--no-cache")
    _check(monkeypatch, capsys, tmp_path, *args)
    renders.clear()
    decodes.clear()
    warm = _check(monkeypatch, capsys, tmp_path, *args)
    assert renders == [] and decodes == [] and warm.out == cold.out
    args += ["--config", 'severity = {"DL402" = "info"}']
    cold = _check(monkeypatch, capsys, tmp_path, *args, "--no-cache")
    first = _check(monkeypatch, capsys, tmp_path, *args)
    assert first.out == cold.out and "docs/notes.md" in renders
    renders.clear()
    decodes.clear()
    assert _check(monkeypatch, capsys, tmp_path, *args).out == cold.out
    assert renders == [] and decodes == []


def test_an_earlier_versions_memo_of_parts_is_removed(tmp_path, monkeypatch, capsys):
    """The parts live in the cache file now: a memo file an earlier version
    left in the cache folder goes at the next save; a folder so named stays."""
    _tree(tmp_path)
    (tmp_path / "cache").mkdir()
    old, planted = (
        tmp_path / "cache" / ("a" * 32 + ".parts"),
        tmp_path / "cache" / ("b" * 32 + ".parts"),
    )
    old.write_bytes(b"an older memo")
    planted.mkdir()
    _check(monkeypatch, capsys, tmp_path, "docs", "--cache-dir", "cache", "--output-format", "full")
    assert not old.exists() and planted.is_dir()

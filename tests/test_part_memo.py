"""The output's memo of rendered parts (output/part_memo.py, kept by
incremental/memo.py): a part found there is the one a cold run renders,
anything a part shows that changed misses, and a memo file that is not
whole, or not sealed by this user, gives no output of its own."""

from __future__ import annotations

import os
import shutil

import pytest

from doclint.incremental import memo as memo_module
from doclint.incremental import sealed
from doclint.incremental.memo import KEEP_SAVES, SUFFIX, MemoFile
from doclint.models import kept_findings
from doclint.output.parts import PartWriter
from doclint.run import results as run_results
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

    def counting(self, rows, file=None, lines=None):
        rendered.append(rows[0].path)
        return real(self, rows, file, lines)

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
    process, which keeps it: the second run writes no memo file again."""
    pages = {f"docs/p{n:03}.md": f"# P{n}\n\n[gone](gone{n}.md)\n" for n in range(300)}
    write(tmp_path, pages)
    args = ["docs", "--jobs", "2", "--output-format", "full", "--cache-dir", "cache"]
    cold = _check(monkeypatch, capsys, tmp_path, *args, "--no-cache")
    _check(monkeypatch, capsys, tmp_path, *args)
    (memo_file,) = (tmp_path / "cache").glob("*" + SUFFIX)
    before = os.stat(memo_file)
    warm = _check(monkeypatch, capsys, tmp_path, *args)
    assert (warm.code, warm.out) == (cold.code, cold.out)
    after = os.stat(memo_file)
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


def _memo_file(folder):
    (memo_file,) = folder.glob("*" + SUFFIX)
    return memo_file


def test_a_corrupt_or_foreign_memo_gives_no_output(tmp_path, monkeypatch, capsys, renders):
    """Bytes of the body altered (the seal covers the head; each entry's
    digest its bytes), or a whole memo file sealed with another key: every
    part is rendered again, and the output is a cold run's."""
    _tree(tmp_path)
    args = ["docs", "--jobs", "1", "--output-format", "full", "--cache-dir", "cache"]
    cold = _check(monkeypatch, capsys, tmp_path, *args, "--no-cache")
    _check(monkeypatch, capsys, tmp_path, *args)
    memo_file = _memo_file(tmp_path / "cache")
    data = bytearray(memo_file.read_bytes())
    injected = b"INJECTED"
    data[-len(injected) :] = injected  # the last entry's bytes
    memo_file.write_bytes(bytes(data))
    renders.clear()
    warm = _check(monkeypatch, capsys, tmp_path, *args)
    assert len(renders) == 1 and warm.out == cold.out
    # A memo file sealed with another user's key, entries and all: not used.
    memo = MemoFile.load(memo_file)
    keys = list(memo._keys)
    hostile = MemoFile(memo_file)
    for key in keys:
        hostile.keep(key, b"\0" * 24 + injected)
    monkeypatch.setattr(sealed, "_key", b"k" * sealed.KEY_SIZE)
    hostile.save()
    monkeypatch.setattr(sealed, "_key", None)
    renders.clear()
    warm = _check(monkeypatch, capsys, tmp_path, *args)
    assert len(renders) == len(keys) and warm.out == cold.out
    assert b"INJECTED" not in warm.out.encode()


def test_the_memo_keeps_only_the_entries_of_recent_saves(tmp_path):
    """An entry no save used for KEEP_SAVES saves is dropped: the memo does
    not grow without limit across runs of other formats or trees."""
    file = tmp_path / ("0" * 32 + SUFFIX)
    first = MemoFile(file)
    first.keep(b"a" * 16, b"part a")
    first.save()
    for run in range(KEEP_SAVES):
        memo = MemoFile.load(file)
        assert memo.part(b"a" * 16) is not None  # used by none of these saves yet
        memo.keep(bytes([run]) * 16, b"another part")
        memo.save()
    last = MemoFile.load(file)
    assert last.part(b"a" * 16) is None
    assert len(last._keys) == KEEP_SAVES
    # A run that used only entries of the last save writes nothing.
    before = os.stat(file)
    last.keep(bytes([KEEP_SAVES - 1]) * 16, None)
    last.save()
    after = os.stat(file)
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_a_memo_of_another_version_is_replaced(tmp_path, monkeypatch):
    old = tmp_path / ("f" * 32 + SUFFIX)
    stale = MemoFile(old)
    stale.keep(b"a" * 16, b"old part")
    stale.save()
    new = MemoFile(tmp_path / memo_module.memo_name())
    new.keep(b"b" * 16, b"new part")
    new.save()
    assert sorted(tmp_path.glob("*" + SUFFIX)) == [tmp_path / memo_module.memo_name()]


def test_a_folder_named_like_a_memo_in_the_cache_folder_is_left_alone(tmp_path):
    """The cache folder may be the tree's own: a folder there named like an
    older memo is neither removed nor a traceback."""
    planted = tmp_path / ("1" * 32 + SUFFIX)
    planted.mkdir()
    older = tmp_path / ("2" * 32 + SUFFIX)
    older.write_bytes(b"an older memo")
    memo = MemoFile(tmp_path / ("0" * 32 + SUFFIX))
    memo.keep(b"a" * 16, b"part a")
    memo.save()
    assert planted.is_dir() and not older.exists()
    assert MemoFile.load(memo.file).part(b"a" * 16) == b"part a"


@pytest.fixture
def decodes(monkeypatch):
    """The kept findings this process decoded (each file's, as a list)."""
    decoded: list[list] = []
    real = kept_findings.decode_findings

    def counting(data):
        decoded.append(real(data))
        return decoded[-1]

    monkeypatch.setattr(kept_findings, "decode_findings", counting)
    monkeypatch.setattr(run_results, "decode_findings", counting)
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

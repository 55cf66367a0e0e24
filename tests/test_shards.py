"""`--shard K/N`: N disjoint parts of a tree's files that together report
exactly what one run reports, links still judged against the whole tree."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from doclint.engine.settings import Shard
from doclint.profiles.generators import shipped_generators
from doclint.run.shards import holds
from tests.checking import run_cli
from tests.conftest import PROJECT, REAL, require_shared

SHARDS = ("1/3", "2/3", "3/3")
PLACES = shipped_generators().places


def _jsonl(monkeypatch, capsys, tree: Path, *args: str) -> list[str]:
    outcome = run_cli(
        monkeypatch, capsys, tree, "check", "docs", "--select", "ALL", "--output-format", "jsonl",
        *args,
    )  # fmt: skip
    assert outcome.code in (0, 1), outcome.err
    return outcome.out.splitlines()


def _paths(lines: list[str]) -> set[str]:
    return {json.loads(line)["path"] for line in lines}


@pytest.mark.slow  # a generated corpus checked per shard and whole
def test_the_shards_together_report_what_one_run_reports(generated_corpus, monkeypatch, capsys):
    whole = _jsonl(monkeypatch, capsys, generated_corpus, "--no-cache")
    parts = [
        _jsonl(monkeypatch, capsys, generated_corpus, "--no-cache", "--shard", s) for s in SHARDS
    ]
    assert sorted(line for part in parts for line in part) == sorted(whole)
    paths = [_paths(part) for part in parts]
    assert all(paths), "every shard has findings of its own on this tree"
    assert sum(len(p) for p in paths) == len(set().union(*paths)), "a file is in one shard"
    # What makes the equality worth having: findings that look at other files
    # (a link's target), which a shard must judge against the whole tree.
    assert any('"DL401"' in line for line in whole)


@pytest.mark.slow  # the real tree per shard
def test_a_run_of_two_roots_cuts_each_by_paths_relative_to_it(monkeypatch, capsys):
    require_shared()
    roots = {PROJECT / "examples" / "tree": "examples/tree/docs", REAL: str(REAL / "docs")}
    check = ("check", *roots.values(), "--select", "ALL", "--no-cache", "--output-format")
    whole = run_cli(monkeypatch, capsys, PROJECT, *check, "jsonl").out.splitlines()
    parts = {
        shard: run_cli(monkeypatch, capsys, PROJECT, *check, "jsonl", "--shard", shard).out
        for shard in SHARDS
    }
    assert sorted(line for part in parts.values() for line in part.splitlines()) == sorted(whole)
    for shard, part in parts.items():
        for shown in _paths(part.splitlines()):
            file = Path(os.path.normpath(PROJECT / shown))
            root = next(root for root in roots if file.is_relative_to(root))
            assert holds(Shard.parse(shard), file.relative_to(root).as_posix(), PLACES), (
                shard,
                shown,
            )
    assert {shown.split("/docs/")[0] for shown in _paths(whole)} == {
        "examples/tree",
        "../shared/corpus/real",
    }


@pytest.mark.slow  # a generated corpus per shard, cold and cached
def test_a_cached_shard_is_that_shard(generated_corpus, tmp_path, monkeypatch, capsys):
    cold = {
        s: _jsonl(monkeypatch, capsys, generated_corpus, "--no-cache", "--shard", s)
        for s in SHARDS[:2]
    }
    cache = ("--cache-dir", str(tmp_path / "cache"))
    for _ in range(2):  # the second round comes from the cache
        for shard in SHARDS[:2]:
            assert (
                _jsonl(monkeypatch, capsys, generated_corpus, *cache, "--shard", shard)
                == cold[shard]
            )
    # A file's result is the same whichever shard checks it: the shards share one cache file.
    assert len(list((tmp_path / "cache").glob("?" * 32 + ".bin"))) == 1


def test_a_page_and_its_keyword_index_share_a_shard():
    shard = Shard(2, 3)
    for path in ("docs/json/decoder.py_docs.md", "docs/abc.py_docs.md", "docs/x/y.h_docs.md"):
        held = holds(shard, path, PLACES)
        twins = (
            path.replace("_docs.md", "_kw.md"),
            "docs/" + path.replace("_docs.md", "_kw.md_docs.md"),
        )
        assert [holds(shard, twin, PLACES) for twin in twins] == [held, held]


def test_each_file_is_in_exactly_one_shard():
    paths = [f"docs/pkg{i}/mod{i}.py_docs.md" for i in range(300)]
    owners = [[k for k in range(1, 5) if holds(Shard(k, 4), path, PLACES)] for path in paths]
    assert all(len(found) == 1 for found in owners)
    # The cut is even enough to give each machine a fair part.
    assert all(50 <= sum(found == [k] for found in owners) <= 100 for k in range(1, 5))


@pytest.mark.parametrize("text", ["0/3", "4/3", "3", "a/b", "1/0", "-1/3"])
def test_a_shard_is_k_of_n(text, tmp_path, monkeypatch, capsys):
    with pytest.raises(SystemExit) as stop:
        run_cli(monkeypatch, capsys, tmp_path, "check", ".", "--shard", text)
    assert stop.value.code == 2
    assert "--shard" in capsys.readouterr().err


def test_a_shard_that_gets_no_file_says_so_and_exits_0(tmp_path, monkeypatch, capsys):
    """One page and two shards: one shard gets it, the other none of the files,
    which is no wrong path; a shard of paths with no Markdown says that instead."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n")
    outcomes = [
        run_cli(monkeypatch, capsys, tmp_path, "check", "--no-cache", "docs", "--shard", shard)
        for shard in ("1/2", "2/2")
    ]
    empty = [outcome for outcome in outcomes if "no files were checked" in outcome.err]
    assert len(empty) == 1 and all(outcome.code == 0 for outcome in outcomes)
    assert empty[0].err.startswith("doclint: warning: no files were checked: shard ")
    assert "got none of the files of the paths" in empty[0].err
    (tmp_path / "docs" / "a.md").rename(tmp_path / "docs" / "a.txt")
    nothing = run_cli(
        monkeypatch, capsys, tmp_path, "check", "--no-cache", "docs", "--shard", "1/2"
    )
    assert nothing.code == 0 and "the paths hold no Markdown file" in nothing.err

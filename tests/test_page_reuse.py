"""A level-2 page embeds the page it documents byte for byte; the parse of one
copy and the PAGE rules' findings on it serve the other, at its own lines,
with the tree facts they asked for. Reuse must change nothing: not a
finding, not a fact."""

from __future__ import annotations

from pathlib import Path

import pytest

from doclint.engine import Settings
from doclint.engine import linter as engine_linter
from doclint.engine.linter import PASSES_KEPT
from doclint.parsing import pages
from doclint.profiles.generators import shipped_generators
from doclint.run import set_up_runs
from doclint.run.shards import work_order


def _count_reuse(monkeypatch) -> list[int]:
    """The first line of each page whose findings are taken from a copy, as the run goes."""
    reused: list[int] = []
    original = engine_linter.PagePass.at

    def at(self, first_line):
        reused.append(first_line)
        return original(self, first_line)

    monkeypatch.setattr(engine_linter.PagePass, "at", at)
    return reused


def _check_all(root: Path, monkeypatch, kept: int) -> tuple[dict, int]:
    """Each file's (findings, facts) checked in the engine's order, with up to
    `kept` pages remembered; and how many pages were reused."""
    monkeypatch.setattr(engine_linter, "PASSES_KEPT", kept)
    monkeypatch.setattr(pages, "PARSES_KEPT", kept and pages.PARSES_KEPT)
    reused = _count_reuse(monkeypatch)
    monkeypatch.chdir(root)
    [setup] = set_up_runs(["docs"], Settings(select=["ALL"]))
    linter = setup.linter
    linter.records_facts = True  # as with a cache, the one reader of the facts
    places = linter.generators.places
    files = sorted(setup.files, key=lambda file: work_order(linter.tree_path(file), places))
    results = {}
    for file in files:
        outcome = linter.check_file(file)
        results[str(file)] = (sorted(outcome.rows), sorted(map(repr, outcome.facts)))
    return results, len(reused)


def test_reused_pages_give_the_findings_and_facts_of_checking_them(generated_corpus, monkeypatch):
    fresh, none = _check_all(generated_corpus, monkeypatch, kept=0)
    reused, count = _check_all(generated_corpus, monkeypatch, kept=PASSES_KEPT)
    # Every level-2 page documentation embeds the page it documents, and the
    # memos keep each page until its copy comes, however few they keep.
    embedding = list(generated_corpus.glob("docs/docs/**/*.md_docs.md"))
    assert none == 0 and count == len(embedding) >= 40
    assert reused == fresh
    assert any(rows for rows, _ in fresh.values())


def test_an_embedded_copy_is_the_page_it_copies(generated_corpus):
    """The blank line the generator writes before its closing fence is not the
    embedded page's: without it, the copy reads as the page itself."""
    from doclint.parsing.pages import parse_page
    from doclint.profiles.original_source import embedded_page_text

    # Every file documentation of level 2, whichever files the running
    # Python's standard library gave the corpus.
    outers = sorted((generated_corpus / "docs" / "docs").rglob("*_docs.md_docs.md"))
    assert len(outers) >= 20
    for outer in outers:
        path = outer.relative_to(generated_corpus).as_posix()
        inner = generated_corpus / "docs" / path.removeprefix("docs/docs/").removesuffix("_docs.md")
        copied = inner.read_text(encoding="utf-8")
        page = parse_page(outer.read_text(encoding="utf-8"), path)
        assert page.source is not None and page.source.document is not None, path
        assert embedded_page_text(page.source.text) == copied, path
        assert page.source.text == copied + "\n", path


def test_a_page_read_again_by_its_level_2_index_comes_from_the_check(generated_corpus, monkeypatch):
    """In the work's order a page comes before the level-2 pages made of it;
    stopword-keyword reads it again for each level-2 index: from the bytes
    just checked, not from the disk, and with the same findings."""
    import doclint.tree.index as tree

    reads: list[str] = []
    original = tree.read_beneath

    def counted(root, relative, limit=-1, max_size=-1, held=None):
        reads.append(relative)
        return original(root, relative, limit, max_size, held)

    monkeypatch.setattr(tree, "read_beneath", counted)
    monkeypatch.setattr(tree, "READS_KEPT", 0)
    from_disk, _ = _check_all(generated_corpus, monkeypatch, kept=PASSES_KEPT)
    pages_from_disk = [path for path in reads if path.endswith("_docs.md")]
    reads.clear()
    monkeypatch.setattr(tree, "READS_KEPT", 8)
    remembered, _ = _check_all(generated_corpus, monkeypatch, kept=PASSES_KEPT)
    indexes = len(list(generated_corpus.glob("docs/docs/**/*_docs.md_kw.md")))
    again = [path for path in reads if path.endswith("_docs.md")]
    # Each level-2 index reads its page once; links' targets are read for their headings.
    assert indexes >= 40 and len(again) == len(pages_from_disk) - indexes
    assert remembered == from_disk


def test_the_work_puts_a_page_before_the_pages_made_of_it():
    paths = [
        "docs/docs/zlib.py_docs.md_kw.md",
        "docs/docs/zlib.py_docs.md_docs.md",
        "docs/zlib.py_kw.md",
        "docs/zlib.py_docs.md",
        "docs/a.py_docs.md",
    ]
    places = shipped_generators().places
    ordered = sorted(paths, key=lambda path: work_order(path, places))
    assert ordered[0] == "docs/a.py_docs.md"
    assert ordered.index("docs/zlib.py_docs.md") < ordered.index("docs/docs/zlib.py_docs.md_kw.md")
    assert {work_order(path, places)[0] for path in paths[:4]} == {"docs/zlib.py"}


@pytest.mark.slow  # a generated corpus fixed and checked
def test_a_fix_run_finds_each_page_again(generated_corpus, tmp_path, monkeypatch):
    """A fix is made from the lines around its page, which differ between a page
    and its embedded copy: a fix run never takes a page's findings from a copy,
    where a check of the same tree does."""
    import shutil

    from doclint.cli.main import main

    tree = tmp_path / "tree"
    shutil.copytree(generated_corpus / "docs", tree / "docs")
    reused = _count_reuse(monkeypatch)
    monkeypatch.chdir(tree)
    main(["check", "docs", "--no-cache", "-j", "1", "--output-format", "concise"])
    assert len(reused) >= 40
    reused.clear()
    main(["check", "docs", "--no-cache", "-j", "1", "--fix", "--output-format", "concise"])
    assert reused == []


def test_a_files_size_comes_from_its_read_not_another_stat(tmp_path, monkeypatch):
    """A source read for a rule, or a page read to check it, has the status of
    the file read: its size is asked without a stat by path. A file never
    read is stat'ed."""
    import os

    from doclint.engine.linter import Linter
    from doclint.tree.index import Tree

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text("x = 1\n")
    (tmp_path / "docs").mkdir()
    for name in ("a.md", "b.md"):
        (tmp_path / "docs" / name).write_text("# A page\n")
    tree = Tree(tmp_path)
    linter = Linter(Settings(select=["DL401"]), tree)
    stats: list[str] = []
    real_stat = os.stat

    def counted(path, *args, **kwargs):
        stats.append(str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", counted)
    assert tree.read_bytes("pkg/mod.py") == b"x = 1\n"
    assert tree.file_size("pkg/mod.py") == 6
    linter.check_file(tmp_path / "docs" / "a.md")
    assert tree.file_size("docs/a.md") == 9
    assert stats == []
    assert tree.file_size("docs/b.md") == 9
    assert stats == [str(tmp_path / "docs" / "b.md")]

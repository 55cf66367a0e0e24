"""A page is read once, by the engine, as its kind (parsing/reading.py): a
templated page, an object page, a wiki's page, a citing page or a plain one,
with its writer and why; the rules' dispatch and the run's count of the
pages no generator read take that one reading. One claims table keyed by
the kind says what each kind claims."""

from __future__ import annotations

from pathlib import Path

import pytest

from doclint.models.markdown_lines import normalize_newlines
from doclint.parsing import reading as reading_module
from doclint.parsing.pages import parse_page
from doclint.parsing.reading import CLAIMS_OF, PageKind, Reading, read_page
from doclint.profiles import CLAIMS
from doclint.profiles.generators import shipped_generators
from doclint.profiles.model import PROOF_KINDS, WIKI_CLAIMS
from tests.checking import run_cli
from tests.conftest import SHARED, require_shared
from tests.pages import keyword_index, write


def reading_of(root: Path, path: str) -> Reading:
    """The engine's reading of the page at `path` of the tree at `root`."""
    text = normalize_newlines((root / path).read_text(encoding="utf-8"))
    lines = text.split("\n")
    generators = shipped_generators()
    page = parse_page(text, path, lines=lines, generators=generators)
    return read_page(page, text, lines, generators, lambda p: (root / p).is_file())


def test_each_kind_of_page_is_read_with_its_writer_and_why(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["Thing"]),
            "docs/design.md": "# Design\n\n`merge` is `src/spans.py:41-42`.\n",
            "docs/guide.md": "# Guide\n\nSee [the design](design.md).\n",
        },
    )
    templated = reading_of(tmp_path, "docs/pkg/mod.py_kw.md")
    assert (templated.kind, templated.writer) == (PageKind.TEMPLATED, "pytorch")
    assert templated.why == "title `Keyword Index: `pkg/mod.py``, template `python`"
    citing = reading_of(tmp_path, "docs/design.md")
    assert (citing.kind, citing.writer, citing.unread) == (PageKind.CITING, None, False)
    plain = reading_of(tmp_path, "docs/guide.md")
    assert (plain.kind, plain.writer, plain.unread) == (PageKind.PLAIN, None, False)


def test_a_wiki_page_and_an_object_page_are_read_as_their_generators() -> None:
    require_shared()
    scriptcat = SHARED / "corpus/deepwiki/scriptscat+scriptcat/repo"
    wiki = reading_of(scriptcat, ".deepwiki/1-overview.md")
    assert (wiki.kind, wiki.writer, wiki.wiki is not None) == (PageKind.WIKI, "deepwiki", True)
    assert wiki.why.startswith("in its folder `.deepwiki/`")
    objects = reading_of(SHARED / "corpus/repoagent", "markdown_docs/repo_agent/doc_meta_info.md")
    assert (objects.kind, objects.writer) == (PageKind.OBJECT_PAGE, "repoagent")
    assert objects.place is not None and objects.place[2] == "repo_agent/doc_meta_info.py"


def test_an_object_pages_text_outside_its_layout_is_no_generators(tmp_path: Path) -> None:
    require_shared()
    page = SHARED / "corpus/repoagent/markdown_docs/repo_agent/doc_meta_info.md"
    write(tmp_path, {"notes/doc_meta_info.md": page.read_text(encoding="utf-8")})
    moved = reading_of(tmp_path, "notes/doc_meta_info.md")
    assert moved.kind is not PageKind.OBJECT_PAGE and moved.writer is None
    assert moved.place is None


def test_a_page_with_a_generators_marks_that_none_read_is_unread(tmp_path: Path) -> None:
    write(tmp_path, {"docs/pkg/a.py_docs.md": "# Notes on a\n", "docs/a.md": "# Notes on a\n"})
    named = reading_of(tmp_path, "docs/pkg/a.py_docs.md")
    assert (named.kind, named.marked, named.unread) == (PageKind.PLAIN, True, True)
    # Near miss: the same text under a name no generator gives is not counted.
    assert reading_of(tmp_path, "docs/a.md").unread is False


def test_one_claims_table_keyed_by_kind() -> None:
    assert set(CLAIMS_OF) == set(PageKind)
    assert CLAIMS_OF[PageKind.OBJECT_PAGE] is CLAIMS
    assert CLAIMS_OF[PageKind.WIKI] is WIKI_CLAIMS
    assert CLAIMS_OF[PageKind.TEMPLATED] is PROOF_KINDS
    assert set(CLAIMS_OF[PageKind.CITING]) < set(WIKI_CLAIMS)
    assert "name-in-code" not in CLAIMS_OF[PageKind.CITING]
    assert not CLAIMS_OF[PageKind.PLAIN]


def test_a_run_reads_each_page_once_and_counts_the_unread_from_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No second recognition of every page: the engine reads each page once,
    and its rules' dispatch and the run's count share that reading."""
    write(
        tmp_path,
        {
            "docs/pkg/a.py_docs.md": "# Notes on a\n",
            "docs/pkg/b.py_kw.md": "# Keywords of b\n",
            "docs/guide.md": "# Guide\n\nSee `src/a.py:3`.\n",
        },
    )
    read: list[str] = []

    def counted(page, *args):  # type: ignore[no-untyped-def]
        read.append(page.path)
        return read_page(page, *args)

    monkeypatch.setattr(reading_module, "read_page", counted)
    out = run_cli(monkeypatch, capsys, tmp_path, "check", "docs", "--no-cache", "--jobs", "1").out
    assert "(3 files checked; 2 pages match no generator" in out
    assert sorted(read) == ["docs/guide.md", "docs/pkg/a.py_docs.md", "docs/pkg/b.py_kw.md"]


def test_a_buffer_is_counted_by_the_engines_reading_of_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """stdin: the buffer checked is the page counted (no file on disk is
    read again for it)."""
    (tmp_path / "docs" / "pkg").mkdir(parents=True)
    args = ["check", "-", "--no-cache", "--stdin-filename"]
    named = run_cli(monkeypatch, capsys, tmp_path, *args, "docs/pkg/a.py_docs.md", stdin=b"# A\n")
    assert named.out == "All checks passed (1 file checked; 1 page matches no generator: " + (
        "`doclint check --explain PAGE` says why).\n"
    )
    plain = run_cli(monkeypatch, capsys, tmp_path, *args, "docs/a.md", stdin=b"# A\n")
    assert plain.out == "All checks passed (1 file checked).\n"


def test_explain_says_the_engines_reading_of_a_page_no_generator_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, {"docs/g.md": "# Guide\n\nSee `src/a.py:3`.\n", "docs/p.md": "# Guide\n"})
    args = ["check", "--explain", "docs/g.md", "--explain", "docs/p.md"]
    said = run_cli(monkeypatch, capsys, tmp_path, *args).out.splitlines()
    assert [line for line in said if not line.startswith("  ")] == [
        "docs/g.md: read as written by hand, a citing page: no generator wrote it, and a line "
        "of it may cite code; its links, anchors and citations of code are checked",
        "docs/p.md: read as written by hand, a plain page: no generator wrote it, and no line "
        "of it cites code; its links and anchors are checked",
    ]


@pytest.mark.parametrize("fixing", [["--fix"], ["--fix", "-"]])
def test_fix_mode_counts_the_unread_from_the_engines_reading(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    fixing: list[str],
) -> None:
    """Fix mode, on disk and on stdin, counts each page as the engine read
    it as it ends: nothing is read again to count it."""
    write(tmp_path, {"docs/pkg/a.py_docs.md": "# Notes on a\n", "docs/b.md": "# B\n"})
    read: list[str] = []

    def counted(page, *args):  # type: ignore[no-untyped-def]
        read.append(page.path)
        return read_page(page, *args)

    monkeypatch.setattr(reading_module, "read_page", counted)
    if fixing[-1] == "-":
        # On stdin: the buffer's reading (no such file on disk).
        stdin = b"# Notes on a\n"
        args = ["check", *fixing, "--stdin-filename", "docs/pkg/c.py_docs.md", "--no-cache"]
        done = run_cli(monkeypatch, capsys, tmp_path, *args, stdin=stdin)
        assert "1 page matches no generator" in done.err
        assert read == ["docs/pkg/c.py_docs.md"]
        return
    args = ["check", "docs", *fixing, "--cache-dir", "c", "--jobs", "1"]
    done = run_cli(monkeypatch, capsys, tmp_path, *args)
    assert "(2 files checked; 1 page matches no generator" in done.out
    assert sorted(read) == ["docs/b.md", "docs/pkg/a.py_docs.md"]
    # Kept by fix mode with each page's reading: the next run reads none.
    again = run_cli(monkeypatch, capsys, tmp_path, *args)
    assert again.out == done.out
    assert len(read) == 2

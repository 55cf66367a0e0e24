"""A page moved to other lines equals the page parsed at those lines, and the
parse memo that moves pages gives what a fresh parse gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from doclint.models.generated import AnyPage
from doclint.models.markdown_lines import normalize_newlines
from doclint.parsing import pages
from doclint.parsing.page_memo import MAX_EMBEDDED_DEPTH, PageMemo
from doclint.parsing.pages import page_memo, parse_page
from doclint.parsing.relocate import moved
from doclint.util.lru import RecentPages
from tests.conftest import REAL, SEEDS, require_shared

SHIFT = 37


def _fresh(text: str, path: str, first_line: int = 1, embedded_in: str | None = None) -> AnyPage:
    """The page parsed with no memo, its embedded pages included."""
    return parse_page(text, path, first_line, embedded_in, depth=0 if embedded_in is None else 1)


def _compare(files: list[Path]) -> int:
    """Each file parsed at line 1 and moved equals it parsed lower down, embedded;
    the number of files that embed a page."""
    embedding = 0
    for file in files:
        text = normalize_newlines(file.read_text(encoding="utf-8", errors="replace"))
        path = file.name
        at_top = _fresh(text, path)
        lower = _fresh(text, path, 1 + SHIFT, "outer.md")
        assert moved(at_top, SHIFT, embedded_in="outer.md") == lower, file
        assert moved(lower, -SHIFT, embedded_in=None) == at_top, file
        embedding += getattr(getattr(at_top, "source", None), "document", None) is not None
    return embedding


def test_moved_pages_equal_pages_parsed_there_on_the_seeds_and_the_real_slice():
    require_shared()
    assert _compare(sorted(SEEDS.glob("*.txt")) + sorted(REAL.rglob("*.md"))) >= 5


def test_moved_pages_equal_pages_parsed_there_on_a_generated_corpus(generated_corpus):
    assert _compare(sorted((generated_corpus / "docs").rglob("*.md"))) >= 20


def test_every_kind_of_node_moves():
    """A hand-made page holding every part the models place, thematic breaks,
    tables, setext headings and HTML included."""
    text = (
        "# Documentation: `a.py`\n\n## File Metadata\n\n- **Size**: 10 bytes\n\n"
        "## File Purpose\n\nWhy.\n\n***\n\n<div>\nx\n</div>\n\n| a | b |\n|---|---|\n"
        "| [x](y.md) | z |\n\nSetext\n------\n\n## Original Source\n\n```markdown\n"
        "# Keyword Index: `a.py`\n\n## Keywords Extracted\n\n### Classes\n\n"
        "- **`A`**: [a.py_docs.md](./a.py_docs.md)\n```\n\n## High-Level Overview\n\n"
        "It contains 1 class(es) and 0 function(s).\n\n### Testing\n\n```bash\npython a.py\n```\n"
    )
    at_top = _fresh(text, "docs/a.py_docs.md")
    lower = _fresh(text, "docs/a.py_docs.md", 11, "b.md")
    layer = at_top.markdown
    assert layer.thematic_breaks and layer.html_blocks and layer.table_rows
    assert at_top.run_commands and at_top.source.document.categories[0].entries
    assert moved(at_top, 10, embedded_in="b.md") == lower


def test_a_copy_moves_its_parts_when_they_are_first_read():
    """A moved page holds its names and single parts at once, its layer and
    lists of parts once read; a copy of a copy moves by both shifts."""
    text = (
        "# Documentation: `a.py`\n\n## File Metadata\n\n- **Size**: 10 bytes\n\n"
        "## Original Source\n\n```markdown\n# Keyword Index: `a.py`\n\n"
        "## Keywords Extracted\n\n### Classes\n\n- **`A`**: [a.py_docs.md](./a.py_docs.md)\n```\n"
    )
    at_top = _fresh(text, "docs/a.py_docs.md")
    copy = moved(at_top, 10, embedded_in="b.md")
    assert copy.size.line == at_top.size.line + 10 and copy.embedded_in == "b.md"
    assert "markdown" not in vars(copy) and "metadata" not in vars(copy)
    assert copy.markdown.list_items[0].line == at_top.markdown.list_items[0].line + 10
    assert "markdown" in vars(copy) and "metadata" not in vars(copy)
    deeper = moved(copy, 5, embedded_in="c.md")
    assert deeper == _fresh(text, "docs/a.py_docs.md", 16, "c.md")
    assert deeper.source.document == moved(at_top.source.document, 15)
    with pytest.raises(AttributeError, match="'FileDocs' object has no attribute 'metadta'"):
        _ = copy.metadta
    with pytest.raises(AttributeError, match="'FileDocs' object has no attribute 'metadta'"):
        _ = at_top.metadta


def test_the_memo_gives_what_a_fresh_parse_gives(monkeypatch):
    """A page parsed as a file, then as the copy embedded in its level-2 page
    (and the other way round), equals a fresh parse each time, and the second
    of the two is not parsed."""
    inner = (
        "# Keyword Index: `a.py`\n\n## Keywords Extracted\n\n### Classes\n\n- **`A`**: [x](./x)\n"
    )
    outer = (
        "# Documentation: `docs/a.py_kw.md`\n\n## Original Source\n\n```markdown\n"
        + inner
        + "\n```\n"
    )
    paths = {inner: "docs/a.py_kw.md", outer: "docs/docs/a.py_kw.md_docs.md"}
    expected = {text: _fresh(text, path) for text, path in paths.items()}
    parsed: list[str] = []
    parse = pages._parse_page
    monkeypatch.setattr(
        pages, "_parse_page", lambda text, *rest: parsed.append(text) or parse(text, *rest)
    )
    for order in ((inner, outer), (outer, inner)):
        memo = page_memo()
        parsed.clear()
        for text in order:
            assert parse_page(text, paths[text], memo=memo) == expected[text]
        assert sorted(parsed) == sorted([inner, outer])
    memo = page_memo()
    parsed.clear()
    first = parse_page(inner, paths[inner], memo=memo)
    again = parse_page(inner, paths[inner], memo=memo)  # at the lines it was parsed at:
    assert parsed == [inner, inner] and again is not first  # parsed again, not shared


def test_the_memo_respects_the_depth_limit(monkeypatch):
    """A page parsed deep down, where the limit cut its nesting short, is not
    the page parsed at the top, and the reverse."""
    nest = ["# Documentation: `a.py`\n"]
    for _ in range(MAX_EMBEDDED_DEPTH + 2):
        nest.append("# Documentation: `a.py`\n\n## Original Source\n\n```markdown\n" + nest[-1])
    for first, then in ((nest[-1], nest[:-1]), (nest[0], nest[1:])):
        memo: PageMemo = RecentPages(100)  # every level stays known
        parse_page(first, "a.py", memo=memo)
        for text in then:
            assert parse_page(text, "a.py", memo=memo) == _fresh(text, "a.py")


def test_the_memo_tells_texts_of_one_length_apart():
    memo = page_memo()
    first = parse_page("# Keyword Index: `a.py`\n\nx\n", "docs/a.md", 3, memo=memo)
    second = parse_page("# Keyword Index: `b.py`\n\nx\n", "docs/a.md", 5, memo=memo)
    assert (first.described, second.described) == ("a.py", "b.py")


def test_a_change_that_names_no_field_of_the_page_is_refused():
    page = _fresh("# Title\n\nText.\n", "a.md")
    with pytest.raises(TypeError, match="embeded_in"):
        moved(page, SHIFT, embeded_in="outer.md")

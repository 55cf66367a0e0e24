"""A keyword index built from the entry lines the line scan read whole is the
one its list items alone give: names, columns and targets."""

from __future__ import annotations

from pathlib import Path

import pytest

from doclint.models.markdown_lines import normalize_newlines
from doclint.parsing import keyword_index
from doclint.parsing.line_scan import scan_page
from doclint.parsing.pages import parse_page

HAND_MADE = (
    "# Keyword Index: `pkg/a.py`\n\n## Keywords Extracted\n\n### Classes\n\n"
    "- **`A`**: [a.py_docs.md](./a.py_docs.md)\n"
    "* **`B`**: [a.py_docs.md](./a.py_docs.md)\n"
    "- **`C`**: [b c](./b c.md)\n"  # a destination the scan's entry pattern leaves
    "- **`caf\u00e9`**: [x](./x.md) and [y](./y.md)\n"
    "- **`D`**: not a link\n"
    "- **`E`**: [e](./e.md)\n\n### Functions\n\n"
    "- **`f`**: [a.py_docs.md](./a.py_docs.md)\n- plain item\n"
)


def _without_scanned_lines(text: str, path: str, monkeypatch: pytest.MonkeyPatch) -> object:
    with monkeypatch.context() as patched:
        patched.setattr(keyword_index, "SCANNED_ENTRY", "")
        return parse_page(text, path)


def test_the_scanned_entries_are_the_entries_of_the_list_items(monkeypatch):
    page = parse_page(HAND_MADE, "docs/pkg/a.py_kw.md")
    assert len(scan_page(HAND_MADE)[1]) == 4  # A, B, E and f are read whole
    names = [entry.name for category in page.categories for entry in category.entries]
    assert names == ["A", "B", "C", "caf\u00e9", "D", "E", "f"]
    assert page == _without_scanned_lines(HAND_MADE, "docs/pkg/a.py_kw.md", monkeypatch)


def test_the_same_keyword_indexes_on_a_generated_corpus(generated_corpus, monkeypatch):
    scanned = 0
    for file in sorted((generated_corpus / "docs").rglob("*_kw.md")):
        text = normalize_newlines(Path(file).read_text(encoding="utf-8"))
        page = parse_page(text, file.name)
        assert page == _without_scanned_lines(text, file.name, monkeypatch), file
        scanned += bool(scan_page(text)[1])
    assert scanned >= 20

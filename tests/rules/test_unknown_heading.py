from tests.conftest import findings
from tests.pages import keyword_index


def test_naive_plural_is_flagged_with_a_suggestion():
    text = keyword_index("pkg/mod.py", ["Thing"])
    assert findings(text, "docs/pkg/mod.py_kw.md", "unknown-heading") == [(14, 1, "DL101")]


def test_correct_outline_and_mojibake_arrow_stay_silent():
    text = keyword_index("pkg/mod.py", ["Thing"]).replace("### Classs", "### Classes")
    assert findings(text, "docs/pkg/mod.py_kw.md", "unknown-heading") == []
    mangled = text.replace("\u2192", "\u00e2\u2020\u2019")  # left to the mojibake rule
    assert findings(mangled, "docs/pkg/mod.py_kw.md", "unknown-heading") == []


def test_unknown_section_and_deep_heading():
    text = keyword_index("pkg/mod.py", ["Thing"]).replace("### Classs", "### Classes")
    text = text.replace("## File Information", "## File Info\n\n#### Deep")
    got = findings(text, "docs/pkg/mod.py_kw.md", "unknown-heading")
    assert [line for line, _, _ in got] == [3, 5]


def test_plain_markdown_has_no_template():
    assert findings("# Notes\n\n### Classs\n", "notes.md", "unknown-heading") == []

from doclint import Settings, check_text
from tests.conftest import findings
from tests.pages import file_docs


def test_each_line_is_reported_at_its_first_replacement_character():
    body = "s = 'caf\ufffd'\nt = '\ufffd\ufffd x'\nu = 'ok'\n"
    text = file_docs("pkg/latin.py", "python pkg/latin.py", body=body)
    assert findings(text, "docs/pkg/latin.py_docs.md", "replacement-character") == [
        (15, 9, "DL502"),
        (16, 6, "DL502"),
    ]
    report = check_text(text, "docs/pkg/latin.py_docs.md", Settings(select=["DL502"]))
    assert "(2 on this line)" in report.diagnostics[1].message


def test_near_miss_escaped_and_lookalike_characters_stay_silent():
    text = "# Notes\n\nThe escape `\\ufffd`, a box \u25a1, a question mark ?, \ufffc and \u2753.\n"
    assert findings(text, "notes.md", "replacement-character") == []


def test_embedded_page_is_reported_once():
    inner = file_docs("pkg/latin.py", "python pkg/latin.py", body="s = 'caf\ufffd'\n")
    text = file_docs("docs/pkg/latin.py_docs.md", "python x", "markdown", body=inner)
    assert findings(text, "docs/docs/pkg/latin.py_docs.md_docs.md", "DL502") == [(29, 9, "DL502")]


def test_real_slice_is_clean(real_report):
    assert not [d for d in real_report.diagnostics if d.code == "DL502"]

from doclint_rules.unknown_heading import UnknownHeading

from doclint.rule_api import FixSafety
from tests.conftest import SEEDS, findings, require_shared
from tests.pages import keyword_index
from tests.rules.fixing import apply_fixes, assert_fix_adds_nothing, rule_findings


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


# Fixes


def test_fix_renames_the_naive_plural(tmp_path):
    text = keyword_index("pkg/mod.py", ["Thing"])
    found = rule_findings(UnknownHeading, text, "docs/pkg/mod.py_kw.md", tmp_path)
    assert [f.fix.safety for f in found] == [FixSafety.SAFE]
    assert apply_fixes(text, found) == text.replace("### Classs\n", "### Classes\n")
    assert_fix_adds_nothing(
        UnknownHeading, text, apply_fixes(text, found), "docs/pkg/mod.py_kw.md", tmp_path
    )


def test_fix_keeps_the_marker_indent_and_closing_hashes(tmp_path):
    text = keyword_index("pkg/mod.py", ["Thing"]).replace("### Classs", "  ### Classs ##")
    found = rule_findings(UnknownHeading, text, "docs/pkg/mod.py_kw.md", tmp_path)
    assert apply_fixes(text, found) == text.replace("  ### Classs ##", "  ### Classes ##")


def test_fix_renames_a_misspelt_section(tmp_path):
    text = keyword_index("pkg/mod.py", ["Thing"]).replace("### Classs", "### Classes")
    text = text.replace("## Keywords Extracted", "## Keyword Extracted")
    found = rule_findings(UnknownHeading, text, "docs/pkg/mod.py_kw.md", tmp_path)
    assert apply_fixes(text, found) == text.replace("## Keyword Extracted", "## Keywords Extracted")


def test_no_fix_without_exactly_one_close_heading(tmp_path):
    text = keyword_index("pkg/mod.py", ["Thing"]).replace("### Classs", "### Classes")
    text = text.replace("## File Information", "## File Info\n\n#### Deep")
    found = rule_findings(UnknownHeading, text, "docs/pkg/mod.py_kw.md", tmp_path)
    assert [(f.line, f.fix) for f in found] == [(3, None), (5, None)]


def test_fix_on_the_seed_renames_the_embedded_heading():
    require_shared()
    text = (SEEDS / "000_5344d29dba543be9.txt").read_text(encoding="utf-8")
    path = "docs/docs/test/distributed/tensor/test_dtensor_compile.py_kw.md_docs.md"
    found = rule_findings(UnknownHeading, text, path)
    assert [f.line for f in found] == [30]
    fixed = apply_fixes(text, found)
    assert fixed.splitlines()[29] == "### Classes"
    assert fixed == text.replace("### Classs\n", "### Classes\n")

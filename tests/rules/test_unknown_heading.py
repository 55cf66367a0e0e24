import pytest
from doclint_rules.structure.unknown_heading import UnknownHeading

from doclint import Settings, check_paths, check_text
from doclint.rule_api import FixSafety
from tests.conftest import SEEDS, SHARED, findings, require_shared
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
    assert [f.fix.applicability for f in found] == [FixSafety.SAFE]
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


# Each page is judged by the template of its source kind


def test_a_cpp_index_has_the_cpp_headings():
    cpp = keyword_index("aten/Foo.cpp", ["Foo"])
    assert (
        findings(cpp.replace("### Classs", "### Includes"), "docs/aten/Foo.cpp_kw.md", "DL101")
        == []
    )
    got = check_text(cpp, path="docs/aten/Foo.cpp_kw.md", settings=Settings(select=["DL101"]))
    assert [(d.line, d.message) for d in got.diagnostics] == [
        (
            14,
            "`### Classs` is not a heading of a keyword-index page under `## Keywords Extracted`;"
            " expected one of: Class/Structs, Functions, Includes, Namespaces",
        )
    ]


def test_a_cpp_heading_is_unknown_on_a_python_page():
    python = keyword_index("pkg/mod.py", ["Thing"]).replace("### Classs", "### Includes")
    assert findings(python, "docs/pkg/mod.py_kw.md", "DL101") == [(14, 1, "DL101")]


def test_an_older_template_page_has_its_own_headings():
    text = (
        "# Keywords: build.mm\n\n## Keyword Index\n\n### A\n\n"
        "- **Alpha**: Identifier found in `build.mm`\n"
    )
    assert findings(text, "docs/pkg/build.mm_kw.md", "DL101") == []
    wrong = text.replace("### A", "### Classs")
    assert findings(wrong, "docs/pkg/build.mm_kw.md", "DL101") == [(5, 1, "DL101")]


def test_no_template_heading_is_unknown_on_the_template_pages():
    """The README page is cut at 16,000 characters inside its Original Source
    block: only the embedded README's own deep headings leak out of it."""
    require_shared()
    for path in sorted((SHARED / "corpus" / "templates").rglob("*")):
        if not path.is_file():
            continue
        name = path.name.removesuffix(".first16000")
        text = path.read_text(encoding="utf-8")
        got = check_text(text, path=f"docs/x/{name}", settings=Settings(select=["DL101"]))
        leaked = [d for d in got.diagnostics if "template has no level-" in d.message]
        assert got.diagnostics == (leaked if name == "README.md_docs.md" else []), path


@pytest.mark.parametrize(("corpus", "expected"), [("real-cpp", 0), ("real", 78)])
def test_on_the_real_slices_only_the_naive_plural_is_unknown(corpus, expected):
    require_shared()
    root = SHARED / "corpus" / corpus
    listing = (root / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    settings = Settings(select=["DL101"], root=root, known_paths=listing)
    messages = [d.message for d in check_paths([root / "docs"], settings).diagnostics]
    assert len(messages) == expected
    assert all(message.startswith("`### Classs`") for message in messages)

from doclint import Settings, check_paths, check_text
from tests.conftest import REAL, SEEDS, findings, require_shared

PURPOSE = "This file is part of the **testing infrastructure**. This appears to be a **test file**."
RUN_IT = "This is a test file. Run it with:\n\n```bash\npython {source}\n```\n"
NO_RUN = "Test files for this module may be located in the `test/` directory.\n"


def docs_page(source: str, purpose: str, testing: str, fence: str = "markdown") -> str:
    """A file documentation in the generator's layout (File Purpose at line 12)."""
    return (
        f"# Documentation: `{source}`\n\n## File Metadata\n\n- **Path**: `{source}`\n"
        "- **Size**: 6 bytes (0.01 KB)\n- **Type**: Markdown Documentation\n"
        f"- **Extension**: `.md`\n\n## File Purpose\n\n{purpose}\n\n## Original Source\n\n"
        f"```{fence}\nText.\n```\n\n\n\n## High-Level Overview\n\nText.\n\n"
        "## Testing & Usage\n\n### Testing\n\n"
        f"{testing.format(source=source)}\n### Usage Examples\n\nNone.\n"
    )


def test_markdown_file_called_a_test_file_in_its_purpose(tmp_path):
    text = docs_page("pkg/test_notes.md", PURPOSE, RUN_IT)
    got = findings(text, "docs/pkg/test_notes.md_docs.md", "DL302", tmp_path)
    # one finding per page, at the first claim; the column is that of the phrase
    assert got == [(12, PURPOSE.index("This appears") + 1, "DL302")]


def test_testing_section_is_the_claim_when_the_purpose_makes_none(tmp_path):
    text = docs_page("test/pkg/README.md", "This file is part of the **documentation**.", RUN_IT)
    assert findings(text, "docs/test/pkg/README.md_docs.md", "DL302", tmp_path) == [
        (30, 1, "DL302")
    ]


def test_message_names_the_file_and_what_it_is(tmp_path):
    text = docs_page("pkg/test_x.py_kw.md", PURPOSE, RUN_IT)
    report = check_text(
        text,
        path="docs/docs/pkg/test_x.py_kw.md_docs.md",
        settings=Settings(select=["DL302"], root=tmp_path),
    )
    assert [d.message for d in report.diagnostics] == [
        "calls `test_x.py_kw.md` a test file, but it is a generated documentation page,"
        " not a Python program"
    ]


def test_near_miss_python_tests_and_pages_that_make_no_claim(tmp_path):
    # a Python test file is a test file
    text = docs_page("pkg/test_x.py", PURPOSE, RUN_IT, fence="python")
    assert findings(text, "docs/pkg/test_x.py_docs.md", "DL302", tmp_path) == []
    # a Markdown page outside any test folder: "test" only in the usual hint
    text = docs_page("pkg/notes.md", "This file is part of the **documentation**.", NO_RUN)
    assert findings(text, "docs/pkg/notes.md_docs.md", "DL302", tmp_path) == []


def test_a_testing_heading_inside_the_embedded_text_is_not_the_pages_own():
    embedded = "# Notes\n\n### Testing\n\nThis is a test file. Run it with:\n"
    text = docs_page("pkg/notes.md", "A page.", NO_RUN).replace("Text.\n```", embedded + "```", 1)
    assert findings(text, "docs/pkg/notes.md_docs.md", "DL302") == []


def test_seeds_call_keyword_indexes_test_files():
    require_shared()
    report = check_paths(sorted(SEEDS.glob("*.txt")), Settings(select=["DL302"]))
    got = sorted((d.path.rsplit("/", 1)[-1][:3], d.line, d.column) for d in report.diagnostics)
    assert got == [("000", 12, 98), ("002", 12, 98), ("003", 12, 98), ("004", 12, 98)]


def test_real_slice():
    require_shared()
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    report = check_paths(
        [REAL / "docs"], Settings(select=["DL302"], root=REAL, known_paths=listing)
    )
    got = {(d.path.split("/docs/", 1)[1], d.line) for d in report.diagnostics}
    # README.md: only the Testing section claims it (its name has no "test")
    assert ("test/distributed/tensor/README.md_docs.md", 88) in got
    # the docs of a keyword index, as in seed 000
    assert ("docs/test/distributed/tensor/test_dtensor_compile.py_kw.md_docs.md", 12) in got
    # the embedded README.md page (line 104) and the outer page about it (line 205)
    assert ("docs/test/distributed/tensor/README.md_docs.md_docs.md", 104) in got
    assert ("docs/test/distributed/tensor/README.md_docs.md_docs.md", 205) in got
    # __init__.py is a Python file: only the outer page about its docs is flagged
    assert [
        line
        for path, line in got
        if path == "docs/test/distributed/tensor/__init__.py_docs.md_docs.md"
    ] == [194]
    # no level-1 page about a Python file is flagged
    assert not [path for path, _ in got if path.startswith("test/") and ".py_" in path]

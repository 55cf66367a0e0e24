"""Fuzzing: generated Markdown through decoding, parsing and every rule.

Documents are random mixes of the generator's own lines (titles, template
sections, metadata, keyword entries, tables, fences, run commands), links with
odd targets, raw HTML, containers, setext underlines and arbitrary Unicode,
joined with any newline style and sometimes carrying a BOM or bytes that are
not UTF-8. Properties: nothing raises (not even into an internal-error
diagnostic), every finding's line lies in the file, a run is deterministic,
the JSON report round-trips, and the exact line scan agrees with mistune
wherever it does not give up.

A fast profile runs with the tests; `DOCLINT_FUZZ_EXAMPLES=100000` runs the
long one (see docs/robustness.md).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doclint import Settings
from doclint.diagnostics import Report
from doclint.engine import Linter
from doclint.models.findings import report_order
from doclint.models.markdown_lines import normalize_newlines
from doclint.parsing.line_scan import scan_layer
from doclint.parsing.markdown import parse_with_mistune
from doclint.tree.index import Tree
from tests.pages import write

EXAMPLES = int(os.environ.get("DOCLINT_FUZZ_EXAMPLES", "150"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,  # no .hypothesis folder in the checkout; a failure prints its reproducer
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

SOURCE = (
    "import os\nfrom json import loads\n\n\nclass Widget:\n    pass\n\n\ndef make():\n    pass\n"
)
TREE = {
    "pkg/mod.py": SOURCE,
    "pkg/notes.txt": "plain notes\n",
    "docs/pkg/mod.py_docs.md": "# Documentation: `pkg/mod.py`\n\n## File Metadata\n",
    "docs/pkg/index.md": "# Index: `pkg/`\n\n## Files\n",
    "docs/index.md": "# PyTorch Repository Documentation\n",
}
PAGES = [
    "docs/pkg/mod.py_docs.md",
    "docs/pkg/mod.py_kw.md",
    "docs/pkg/index.md",
    "docs/pkg/doc.md",
    "docs/pkg/sub.md",
    "docs/index.md",
    "docs/docs/pkg/mod.py_kw.md_docs.md",
    "notes/free.md",
]

paths = st.sampled_from(["pkg/mod.py", "pkg/notes.txt", "pkg", "docs/pkg/mod.py_kw.md", "x/y.py"])
names = st.sampled_from(["Widget", "make", "def", "The", "os", "loads", "Overview", "x_1"])
unicode = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]),
    max_size=40,
)
targets = st.one_of(
    st.sampled_from(
        [
            "./mod.py_docs.md",
            "../../pkg/mod.py",
            "../../../../etc/passwd",
            "%2e%2e/%2e%2e/x",
            "/docs/index.md",
            "#file-metadata",
            "mod.py_kw.md#classes",
            "https://example.com/x.md",
            "mailto:a@b.c",
            "javascript:alert(1)",
            "//host/x",
            "<with space.md>",
            "x%00y.md",
            "a" * 300,
            "",
            "?q#",
        ]
    ),
    unicode.map(lambda text: text.replace(")", "").replace("\n", "")),
)
links = st.builds(
    lambda image, text, target, title: f"{'!' if image else ''}[{text}]({target}{title})",
    st.booleans(),
    st.sampled_from(["x", "`code`", "mod.py", "", "[nested]"]),
    targets,
    st.sampled_from(["", ' "title"', " 'title'", " (title)"]),
)
inline = st.lists(
    st.one_of(
        links,
        unicode,
        names.map(lambda name: f"`{name}`"),
        st.sampled_from(
            [
                "**bold**",
                "*em*",
                "<b>",
                "</b>",
                "<!-- c -->",
                "<x@y.z>",
                "<https://x.y>",
                "\\[",
                "\u00e2\u2020\u2019",  # mojibake of an arrow
                "\ufffd",
                "`",
                "``",
                "[",
                "]",
                "](",
                "![",
                "[ref]",
                "[ref][]",
                "|",
                "\t",
            ]
        ),
    ),
    max_size=6,
).map(" ".join)

line = st.one_of(
    st.builds("# Documentation: `{}`".format, paths),
    st.builds("# Keyword Index: `{}`".format, paths),
    st.builds("# Index: `{}/`".format, paths),
    st.builds("# Documentation: `{}/`".format, paths),
    st.builds("# Subtree Keyword Index: `{}/`".format, paths),
    st.just("# PyTorch Repository Documentation"),
    st.sampled_from(
        [
            "## File Metadata",
            "## File Purpose",
            "## Original Source",
            "## High-Level Overview",
            "## Keywords Extracted",
            "## Keyword \u2192 Section Map",
            "## Files",
            "## Subfolders",
            "## Contents Overview",
            "## Keywords",
            "## Testing & Usage",
            "## Related Files",
            "## Dependencies",
            "### Classs",
            "### Classes",
            "### Functions",
            "### Imports",
            "### Identifiers",
            "### Code Structure",
            "### Import Dependencies",
            "### Testing",
            "### Folder Structure",
            "### Key Files",
            "*Generated by PyTorch Repository Documentation System*",
            "This file contains the following key identifiers, symbols, and concepts:",
            "This appears to be a **test file**. Run it with:",
            "- **Type**: Python Source Code",
            "- **Extension**: `.py`",
            "| File | Description | Links |",
            "|------|-------------|-------|",
            "| a | b |",
            "|---|---|",
            "---",
            "===",
            "***",
            "```",
            "```python",
            "```markdown",
            "```bash",
            "````",
            "~~~",
            "    indented code",
            "<div>",
            "</div>",
            "<details><summary>x</summary>",
            "<!--",
            "-->",
            "[ref]: ./mod.py_docs.md",
            "[ref]: <../../../x> 'title'",
            "",
            "",
            "",
        ]
    ),
    st.builds("- **Path**: `{}`".format, paths),
    st.builds("- **Size**: {:,} bytes ({} KB)".format, st.integers(0, 10**7), st.integers(0, 9)),
    st.builds(
        "- **`{}`**: [{}](./{})".format,
        names,
        st.sampled_from(["mod.py_docs.md", "x"]),
        st.sampled_from(["mod.py_docs.md", "missing.md"]),
    ),
    st.builds(
        "This Python file contains {} class(es) and {} function(s).".format,
        st.integers(0, 3),
        st.integers(0, 3),
    ),
    st.builds("**Classes defined**: `{}`, `{}`".format, names, names),
    st.builds("**Functions defined**: `{}`".format, names),
    st.builds("- `{}`: {}".format, st.sampled_from(["os", "json", "nope"]), names),
    st.builds("- **{} subfolder(s)**".format, st.integers(0, 3)),
    st.builds("- **{} file(s)**".format, st.integers(0, 3)),
    st.builds("- `.py`: {} file(s)".format, st.integers(0, 3)),
    st.builds("python {}".format, paths),
    st.builds("| `{}` | {} | {} |".format, names, inline, links),
    st.builds(
        "{}{}".format,
        st.sampled_from(
            ["", "- ", "* ", "1. ", "> ", ">> ", "> - ", "  ", "    ", "\t", "#", "## "]
        ),
        inline,
    ),
)
documents = st.lists(line, max_size=40)


@st.composite
def files(draw) -> tuple[bytes, str]:
    """The bytes of a file and its path in the tree."""
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    lines = draw(documents)
    text = newline.join(lines) + draw(st.sampled_from(["", newline]))
    data = text.encode("utf-8")
    if draw(st.booleans()) and data:
        at = draw(st.integers(0, len(data)))
        data = (
            data[:at]
            + draw(st.sampled_from([b"\xff", b"\xe9", b"\xc3", b"\xed\xa0\x80"]))
            + data[at:]
        )
    if draw(st.integers(0, 9)) == 0:
        data = b"\xef\xbb\xbf" + data
    return data, draw(st.sampled_from(PAGES))


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz")
    write(root, TREE)
    return root


def linter(root) -> Linter:
    return Linter(Settings(select=["ALL"], root=root, show_traceback=True), Tree(root))


def line_count(data: bytes) -> int:
    """Lines of the file as the engine numbers them (whatever the encoding)."""
    text = normalize_newlines(data.removeprefix(b"\xef\xbb\xbf").decode("utf-8", "replace"))
    return max(1, len(text.split("\n")) - (1 if text.endswith("\n") else 0))


@pytest.mark.slow
@FUZZ
@given(file=files())
def test_any_document_through_every_rule(tree, file):
    data, path = file
    first = linter(tree).check_bytes(data, path).rows
    crashes = [row.message for row in first if row.code == "DL001"]
    assert not crashes, crashes[0]
    lines = line_count(data)
    for row in first:
        assert 1 <= row.line <= lines, row
        assert row.column >= 1, row
    again = linter(tree)
    assert again.check_bytes(data, path).rows == first
    assert again.check_bytes(data, path).rows == first  # warm caches give the same answer
    shown = sorted({row._replace(path=path) for row in first}, key=report_order)
    report = Report.from_rows(shown, 1)
    assert Report.model_validate_json(report.model_dump_json()) == report


@FUZZ
@given(lines=documents, newline=st.sampled_from(["\n", "\r\n", "\r"]))
def test_the_line_scan_agrees_with_mistune(lines, newline):
    text = normalize_newlines(newline.join(lines) + newline)
    fast = scan_layer(text)
    if fast is not None:
        assert fast == parse_with_mistune(text)

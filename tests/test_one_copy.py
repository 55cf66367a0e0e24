"""What the parser knows about the generator's pages, rules take from the
models rather than writing their own copy: the ATX heading opening and the
names of the folder pages and the endings of a file's pages."""

import re

from doclint.models.markdown_lines import ATX, ATX_START
from doclint.models.templates import FOLDER_PAGES, PAGE_SUFFIXES
from tests.conftest import PROJECT

# A copy is the literal pattern or the literal list of names in a rule module.
COPIES = re.compile(r"#\{1,6\}|\"(?:index|doc|sub)\.md\"\s*,")
# The endings of a file's pages have one home, models/templates.py.
SUFFIX_COPIES = re.compile(r"\"_docs\.md\",\s*\"_kw\.md\"")


def _lines_matching(pattern: re.Pattern[str], folders: tuple[str, ...]) -> list[str]:
    return [
        f"{path.relative_to(PROJECT)}:{number}"
        for folder in folders
        for path in sorted((PROJECT / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]


def test_rules_hold_no_copy_of_the_parsers_patterns_and_names():
    assert _lines_matching(COPIES, ("rules",)) == []


def test_the_endings_of_a_files_pages_are_written_once():
    copies = _lines_matching(SUFFIX_COPIES, ("doclint", "rules"))
    assert [copy.partition(":")[0] for copy in copies] == ["doclint/models/templates.py"]


def test_atx_start_opens_what_the_parser_reads_as_a_heading():
    for line in ("# Title", "   ### Classs", "######", "## "):
        assert ATX_START.match(line) and ATX.match(line)
    for line in ("#hashtag", "    # indented code", "####### seven", "text # not"):
        assert not ATX_START.match(line)
    assert FOLDER_PAGES == ("index.md", "doc.md", "sub.md")
    assert PAGE_SUFFIXES == ("_docs.md", "_kw.md")

"""What the parser knows about the generator's pages, rules take from the
models rather than writing their own copy: the ATX heading opening and the
names of the folder pages and the endings of a file's pages."""

import re

from doclint.models.markdown_lines import ATX, ATX_START
from doclint.profiles.generators import shipped_generators
from tests.conftest import PROJECT

# A copy is the literal pattern or the literal list of names in a rule module.
COPIES = re.compile(r"#\{1,6\}|\"(?:index|doc|sub)\.md\"\s*,")
# Where the generator writes its pages has one home, its profile's `[places]`:
# no module writes a page's ending or a folder page's name in code.
PLACE_COPIES = re.compile(r"\"(?:_docs|_kw)\.md\"|f\"docs/\{|\"docs/docs/|== \"docs\"")


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


def test_the_places_of_the_generators_pages_are_data_not_code():
    assert _lines_matching(PLACE_COPIES, ("doclint", "rules")) == []
    places = shipped_generators().places[0]
    assert places.page_path("file-docs", "a/b.py") == "docs/a/b.py_docs.md"
    assert places.page_path("folder-index", "") == "docs/index.md"
    assert places.subject("docs/docs/a.py_kw.md_docs.md") == "docs/a.py_kw.md"


def test_atx_start_opens_what_the_parser_reads_as_a_heading():
    for line in ("# Title", "   ### Classs", "######", "## "):
        assert ATX_START.match(line) and ATX.match(line)
    for line in ("#hashtag", "    # indented code", "####### seven", "text # not"):
        assert not ATX_START.match(line)
    assert shipped_generators().folder_pages == ("index.md", "doc.md", "sub.md")
    assert shipped_generators().page_suffixes == ("_docs.md", "_kw.md")

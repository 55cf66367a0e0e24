"""What the parser knows about the generator's pages, rules take from rule_api
rather than writing their own copy: the ATX heading opening and the names of
the folder pages."""

import re

from doclint.parsing.block_lines import ATX
from doclint.parsing.recognition import FOLDER_PAGES
from doclint.rule_api import ATX_START
from tests.conftest import PROJECT

# A copy is the literal pattern or the literal list of names in a rule module.
COPIES = re.compile(r"#\{1,6\}|\"(?:index|doc|sub)\.md\"\s*,")


def test_rules_hold_no_copy_of_the_parsers_patterns_and_names():
    copies = [
        f"{path.name}:{number}"
        for path in sorted((PROJECT / "rules").glob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if COPIES.search(line)
    ]
    assert copies == []


def test_atx_start_opens_what_the_parser_reads_as_a_heading():
    for line in ("# Title", "   ### Classs", "######", "## "):
        assert ATX_START.match(line) and ATX.match(line)
    for line in ("#hashtag", "    # indented code", "####### seven", "text # not"):
        assert not ATX_START.match(line)
    assert FOLDER_PAGES == ("index.md", "doc.md", "sub.md")

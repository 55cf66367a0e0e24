"""The one-link shortcut of `find_links` finds what the full inline scan finds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doclint.parsing.inline import _Scan, find_links

PIECES = ["[", "]", "(", ")", "`", "``", "\\", "<", ">", "!", " ", "a", "\n", "\x01", "\u00a0"]
PIECES += ['"t"', "x.md", "](", "](a.md)", "[a](b.md)", "[`c`](d)", "<http://e.f>", "*"]


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, database=None)
@given(
    text=st.lists(st.sampled_from(PIECES), min_size=1, max_size=12).map("".join),
    definitions=st.sampled_from([{}, {"a": ("t.md", None)}]),
)
def test_the_shortcut_agrees_with_the_full_scan(text, definitions):
    assert find_links(text, definitions) == _Scan(text, definitions).run()


def test_the_shortcut_reads_generated_link_lines():
    found = find_links("**Original File**: [`a.py`](../a.py) - its source", {})
    assert [(link.kind, link.text, link.target, link.offset) for link in found] == [
        ("inline", "`a.py`", "../a.py", 19)
    ]

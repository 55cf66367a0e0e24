"""The line deletions of keyword-entry fixes tell a list item's line as the
pattern does, on the shortcut keyword entries take and off it."""

from __future__ import annotations

from doclint_rules._common.fixing import _LIST_ITEM, _is_list_item
from hypothesis import given
from hypothesis import strategies as st

# The characters that decide: markers, digits, spaces and tabs, and
# whitespace that is no ASCII space (U+3000, U+0085, U+001C).
LINES = st.text(alphabet="-*+1.) \ta\u3000\x85\x1c`", max_size=8)


@given(LINES)
def test_a_list_item_is_what_the_pattern_matches(line):
    assert _is_list_item(line) == (_LIST_ITEM.match(line) is not None)


def test_keyword_entries_and_their_neighbours():
    assert _is_list_item("- **`The`**: [a.md](./a.md)")
    assert _is_list_item("-   x")
    assert _is_list_item("- \tx")
    assert not _is_list_item("- ")
    assert not _is_list_item("- \u3000")
    assert not _is_list_item("-x")
    assert not _is_list_item("### Identifiers")

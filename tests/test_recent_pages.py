"""RecentPages keeps the last pages by path and text, however long."""

from __future__ import annotations

from doclint.util.lru import RecentPages


def test_a_page_is_found_by_its_path_and_its_whole_text():
    recent: RecentPages[int] = RecentPages(4)
    recent.put("a.md", "# one\n", 1)
    assert recent.get("a.md", "# one\n") == 1
    assert recent.get("a.md", "# two\n") is None  # same length, other text
    assert recent.get("b.md", "# one\n") is None


def test_the_least_recently_used_page_goes_first():
    recent: RecentPages[str] = RecentPages(2)
    recent.put("a.md", "a", "A")
    recent.put("b.md", "b", "B")
    assert recent.get("a.md", "a") == "A"  # a is now the most recent
    recent.put("c.md", "c", "C")
    assert (recent.get("a.md", "a"), recent.get("b.md", "b"), len(recent)) == ("A", None, 2)


def test_a_size_of_zero_keeps_nothing():
    recent: RecentPages[int] = RecentPages(0)
    recent.put("a.md", "a", 1)
    assert recent.get("a.md", "a") is None

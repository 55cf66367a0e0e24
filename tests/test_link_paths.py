"""A link target resolved by string operations gives what posixpath's join and
normpath and urllib's unquote give, whatever the page's folder and the
target's dots, slashes, escapes and fragment."""

from __future__ import annotations

import posixpath
from urllib.parse import unquote

from hypothesis import given
from hypothesis import strategies as st

from doclint.util.link_paths import normal_path, resolve_target

# Paths and targets built of the characters that decide normalisation.
PATHS = st.text(alphabet="a./", max_size=14)
FOLDERS = st.text(alphabet="ab./", max_size=10)
TARGETS = st.text(alphabet="a./#?%2 ", max_size=16)


def joined_and_normalised(folder: str, target: str) -> tuple[str, str | None, bool] | str | None:
    """resolve_target as posixpath and urllib spell it."""
    target = target.strip()
    if not target or target.startswith("//"):
        return None
    path, _, fragment = target.partition("#")
    path = unquote(path.split("?", 1)[0])
    if not path:
        return unquote(fragment)
    base = "" if path.startswith("/") else folder
    joined = posixpath.normpath(posixpath.join(base, path.lstrip("/")))
    escapes = joined == ".." or joined.startswith("../")
    return ("" if joined == "." else joined, unquote(fragment) or None, escapes)


@given(PATHS)
def test_normal_path_is_normpath(path):
    assert normal_path(path) == posixpath.normpath(path)


@given(FOLDERS, TARGETS)
def test_resolve_target_is_join_normpath_unquote(folder, target):
    assert resolve_target(folder, target) == joined_and_normalised(folder, target)


def test_resolve_target_on_real_links():
    assert resolve_target("docs/torch", "../README.md_docs.md#usage") == (
        "docs/README.md_docs.md",
        "usage",
        False,
    )
    assert resolve_target("docs", "../../x.md") == ("../x.md", None, True)
    assert resolve_target("docs", "/a%20b.md") == ("a b.md", None, False)
    assert resolve_target("docs", "#top") == "top"
    assert resolve_target("docs", "https://example.com/x.md") is None
    assert resolve_target("docs", "mailto:a@b.c") is None

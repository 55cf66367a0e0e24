"""The string shortcuts for absolute and relative paths agree with os.path;
`printable` escapes exactly what its pattern names."""

from __future__ import annotations

import os

from hypothesis import given
from hypothesis import strategies as st

from doclint.util.paths import (
    _CONTROL,
    _escaped,
    absolute,
    all_printable,
    is_printable,
    printable,
    relative_to,
)

# Paths built of the characters that decide normalisation.
PATHS = st.text(alphabet="a./", max_size=12)


@given(PATHS)
def test_absolute_is_abspath(path):
    assert absolute(path) == os.path.abspath(path)


@given(PATHS)
def test_absolute_is_abspath_from_the_filesystem_root(path):
    here = os.getcwd()
    os.chdir("/")
    try:
        assert absolute(path) == os.path.abspath(path)
    finally:
        os.chdir(here)


@given(PATHS, st.sampled_from(["/", "/a", "/a/a"]))
def test_relative_to_is_relpath(path, folder):
    expected = os.path.relpath(os.path.abspath(path), folder)
    assert relative_to(path, folder) == expected


def test_printable_takes_its_shortcut_only_where_nothing_needs_escaping():
    # The shortcut trusts `str.isprintable`: every character of the pattern
    # must be one it refuses, or a forged line would pass unescaped.
    for code in (*range(0x3000), 0xFEFF, 0x1D173, 0xE0001, 0x10FFFF):
        char = chr(code)
        assert printable(f"a{char}b") == _CONTROL.sub(_escaped, f"a{char}b"), hex(code)


@given(st.text())
def test_printable_is_the_pattern_escaped(text):
    assert printable(text) == _CONTROL.sub(_escaped, text)


@given(st.lists(st.text(alphabet=st.sampled_from("ab:\t\n\0\x1b\u202e\udcff "), max_size=6)))
def test_all_printable_says_whether_printable_changes_none_of_the_texts(texts):
    unchanged = all(printable(text) == text for text in texts)
    # A tab is the one character `printable` keeps that `isprintable` refuses.
    assert all_printable(texts) == (unchanged and not any("\t" in text for text in texts))


def test_all_printable_sees_a_workflow_command_at_the_start_of_any_text():
    assert all_printable(["a::b", "c"])
    assert not all_printable(["a", "::error file=x::forged"])
    assert not all_printable(["a\tb"])  # a tab is kept, but only `printable` knows it


def test_long_ascii_texts_are_judged_as_isprintable_judges_them():
    # Long ASCII texts take a scan of their own: each ASCII character, alone
    # in a long text, in the middle of the texts or first, and as the join.
    long = "x" * 300
    for code in range(128):
        char = chr(code)
        text = f"{long}{char}{long}"
        assert is_printable(text) == text.isprintable(), hex(code)
        assert printable(text) == _CONTROL.sub(_escaped, text), hex(code)
        for texts in ([text], [long, text, long], [f"{char}{long}", long]):
            unchanged = all(printable(t) == t for t in texts)
            assert all_printable(texts) == (unchanged and char != "\t"), (hex(code), texts)
    assert all_printable([long, long, ""])
    assert not all_printable([long, f"::{long}"])
    assert not all_printable([f"{long}\0{long}"])


def test_a_program_is_found_on_the_path_as_shutil_finds_it(tmp_path, monkeypatch):
    """`find_program` is `shutil.which` (POSIX), without importing shutil:
    the first executable file of the folders in order, neither a folder nor a
    file that is not executable; a name with a folder is checked itself; an
    empty search finds nothing."""
    import shutil

    from doclint.util.paths import find_program

    first, second, third = (tmp_path / name for name in ("a", "b", "c"))
    for folder in (first, second, third):
        folder.mkdir()
    (first / "tool").write_text("")  # not executable
    (second / "tool").mkdir()  # a folder
    (third / "tool").write_text("")
    (third / "tool").chmod(0o755)
    search = os.pathsep.join(map(str, (first, second, first, third)))
    cases = [("tool", search), ("tool", ""), ("missing", search), (str(third / "tool"), "")]
    for name, path in cases:
        assert find_program(name, path) == shutil.which(name, path=path)
    assert find_program("tool", search) == str(third / "tool")
    monkeypatch.setenv("PATH", search)
    assert find_program("tool") == shutil.which("tool") == str(third / "tool")

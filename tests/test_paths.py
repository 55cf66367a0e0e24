"""The string shortcuts for absolute and relative paths agree with os.path."""

from __future__ import annotations

import os

from hypothesis import given
from hypothesis import strategies as st

from doclint.util.paths import absolute, relative_to

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

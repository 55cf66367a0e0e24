"""The standard library's module names the rules read are one set on every
CPython doclint accepts (3.11 and later): a page naming `cgi` (gone in 3.13)
or `annotationlib` (new in 3.14) is read alike whichever runs doclint."""

from __future__ import annotations

import sys

from rules._common.stdlib import STDLIB_MODULES


def test_modules_removed_or_added_since_3_11_are_named_on_any_interpreter():
    assert {"cgi", "distutils", "imp", "telnetlib", "annotationlib"} <= STDLIB_MODULES
    # The running interpreter's own list is inside it, and no project name is.
    assert frozenset(sys.stdlib_module_names) <= STDLIB_MODULES
    assert not {"doclint", "requests", "numpy", "sqlite_registry"} & STDLIB_MODULES

"""The standard library's top-level module names, the same on every CPython
doclint accepts: a page naming `cgi` or `distutils` reads alike on 3.11,
where they are there, and on 3.13, where they are gone."""

from __future__ import annotations

import sys

# Modules removed since 3.11 (PEP 594 and PEP 632) and added since: the running
# interpreter's list alone would make findings differ with the interpreter.
_REMOVED = frozenset(
    {
        "aifc", "asynchat", "asyncore", "audioop", "cgi", "cgitb", "chunk", "crypt",
        "distutils", "imghdr", "imp", "lib2to3", "mailcap", "msilib", "nis", "nntplib",
        "ossaudiodev", "pipes", "smtpd", "sndhdr", "spwd", "sunau", "telnetlib", "uu",
        "xdrlib",
    }
)  # fmt: skip
_ADDED = frozenset({"annotationlib", "compression"})

STDLIB_MODULES: frozenset[str] = frozenset(sys.stdlib_module_names) | _REMOVED | _ADDED

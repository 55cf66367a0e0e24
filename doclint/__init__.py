"""doclint: a linter that understands machine-generated Markdown documentation trees.

The Python API::

    import doclint

    report = doclint.check_paths(["docs"])            # -> Report
    report = doclint.check_text(text, path="docs/a/b.py_kw.md")
    page = doclint.parse(text, path="docs/a/b.py_kw.md")  # -> typed page model
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from doclint.api import check_paths, check_text, parse
    from doclint.diagnostics import Diagnostic, Report
    from doclint.engine import Settings
    from doclint.models.generated import AnyPage, DocKind

# The API is imported on first use: importing the package (as the command line
# does) must not pay for pydantic and the parsers.
_EXPORTS = {
    "AnyPage": "doclint.models.generated",
    "Diagnostic": "doclint.diagnostics",
    "DocKind": "doclint.models.generated",
    "Report": "doclint.diagnostics",
    "Settings": "doclint.engine",
    "check_paths": "doclint.api",
    "check_text": "doclint.api",
    "parse": "doclint.api",
}


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'doclint' has no attribute {name!r}")
    return getattr(importlib.import_module(_EXPORTS[name]), name)


__all__ = [
    "AnyPage",
    "Diagnostic",
    "DocKind",
    "Report",
    "Settings",
    "__version__",
    "check_paths",
    "check_text",
    "parse",
]

"""doclint: a linter that understands machine-generated Markdown documentation trees.

The Python API::

    import doclint

    report = doclint.check_paths(["docs"])            # -> Report
    report = doclint.check_text(text, path="docs/a/b.py_kw.md")
    page = doclint.parse(text, path="docs/a/b.py_kw.md")  # -> typed page model
"""

from __future__ import annotations

__version__ = "0.1.0"

from doclint.diagnostics import Diagnostic, Report
from doclint.engine import Settings, check_paths, check_text
from doclint.models.generated import AnyPage, DocKind
from doclint.parsing.pages import parse_page


def parse(text: str, path: str = "<text>") -> AnyPage:
    """The typed model of a page: its kind, parts and their line numbers."""
    return parse_page(text, path)


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

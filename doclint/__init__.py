"""doclint: a linter that understands machine-generated Markdown documentation trees.

The Python API (docs/api.md), the command line's twin::

    import doclint

    report = doclint.check_paths(["docs"])            # -> Report; configuration as the CLI
    report = doclint.check_text(text, path="docs/a/b.py_kw.md")
    settings = doclint.load_config("doclint.toml")    # -> Settings, for any of these calls
    fixed = doclint.fix_text(text, path="docs/a/b.py_kw.md")  # -> FixedText
    page = doclint.parse(text, path="docs/a/b.py_kw.md")  # -> typed page model
"""

from __future__ import annotations

from doclint.util.lazy_names import names_on_first_use
from doclint.version import __version__

# typing's, without importing typing here: `python -m doclint` imports this
# package before its launcher tunes the garbage collector, whose collections
# would trace what typing builds as it loads.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from doclint.api import (
        FixedPaths,
        FixedText,
        check_paths,
        check_text,
        fix_paths,
        fix_text,
        load_config,
        parse,
    )
    from doclint.config.files import ConfigError
    from doclint.diagnostics import Diagnostic, Report
    from doclint.engine import Settings
    from doclint.engine.registry import SelectionError
    from doclint.fixes.edits import FixError
    from doclint.models.findings import Edit, Fix
    from doclint.models.generated import (
        AnyPage,
        DocKind,
        FileDocs,
        FolderDoc,
        FolderIndex,
        KeywordIndex,
        MarkdownPage,
        RootIndex,
        SubtreeIndex,
    )
    from doclint.rule_api import Severity
    from doclint.tree.discovery import MissingPathError

# The API is imported on first use: importing the package (as the command line
# does) must not pay for pydantic and the parsers.
_EXPORTS = {
    "AnyPage": "doclint.models.generated",
    "ConfigError": "doclint.config.files",
    "Diagnostic": "doclint.diagnostics",
    "DocKind": "doclint.models.page",
    "Edit": "doclint.models.findings",
    "FileDocs": "doclint.models.generated",
    "Fix": "doclint.models.findings",
    "FixError": "doclint.fixes.edits",
    "FixedPaths": "doclint.api",
    "FixedText": "doclint.api",
    "FolderDoc": "doclint.models.generated",
    "FolderIndex": "doclint.models.generated",
    "KeywordIndex": "doclint.models.generated",
    "MarkdownPage": "doclint.models.page",
    "MissingPathError": "doclint.tree.discovery",
    "Report": "doclint.diagnostics",
    "RootIndex": "doclint.models.generated",
    "SelectionError": "doclint.engine.registry",
    "Settings": "doclint.engine",
    "Severity": "doclint.rule_api",
    "SubtreeIndex": "doclint.models.generated",
    "check_paths": "doclint.api",
    "check_text": "doclint.api",
    "fix_paths": "doclint.api",
    "fix_text": "doclint.api",
    "load_config": "doclint.api",
    "parse": "doclint.api",
}


__getattr__ = names_on_first_use(__name__, _EXPORTS, globals())


__all__ = [
    "AnyPage",
    "ConfigError",
    "Diagnostic",
    "DocKind",
    "Edit",
    "FileDocs",
    "Fix",
    "FixError",
    "FixedPaths",
    "FixedText",
    "FolderDoc",
    "FolderIndex",
    "KeywordIndex",
    "MarkdownPage",
    "MissingPathError",
    "Report",
    "RootIndex",
    "SelectionError",
    "Settings",
    "Severity",
    "SubtreeIndex",
    "__version__",
    "check_paths",
    "check_text",
    "fix_paths",
    "fix_text",
    "load_config",
    "parse",
]

"""Where a rule's documentation is read on the web: the one place that knows it.

Each rule has a page, `docs/rules/<CODE>.md`, generated from the rule's own
metadata and docstring by `python tools/rule_pages.py` (a test keeps them in
sync); `docs/rules/index.md` lists them all. They live under
the base address pyproject.toml declares once, as the project's
`Documentation` URL: it is read from the installed distribution's metadata,
and `DOCUMENTATION` (a test keeps it equal to pyproject's) serves a checkout
run without an install. `doclint rule CODE` prints the same text offline.
"""

from __future__ import annotations

import sys
from functools import cache
from importlib import metadata
from pathlib import Path

DOCUMENTATION = "https://github.com/doclint/doclint/blob/main"
"""pyproject.toml's `[project.urls] Documentation`, for a run without the
distribution's metadata."""
RULE_PAGES = "docs/rules"
"""Where the rule pages sit under the base address, and in the repository."""


def rule_url(code: str | None = None) -> str:
    """The page of the rule `code`; the list of all rules without one."""
    return f"{documentation_base()}/{RULE_PAGES}/{'index' if code is None else code}.md"


@cache
def documentation_base() -> str:
    """The `Documentation` URL of the installed doclint, else `DOCUMENTATION`.

    Only the install's own metadata is believed: the current folder (on
    sys.path under `python -m`) may be a tree one does not trust, and a
    `doclint-*.dist-info` planted there must not send users elsewhere."""
    cwd = Path.cwd().resolve()
    paths = [entry for entry in sys.path if entry and Path(entry).resolve() != cwd]
    try:
        found = next(iter(metadata.distributions(name="doclint", path=paths)), None)
        urls = (found.metadata.get_all("Project-URL") if found is not None else None) or []
    except (OSError, ValueError):
        return DOCUMENTATION
    for entry in urls:
        label, _, url = str(entry).partition(",")
        url = url.strip().rstrip("/")
        if label.strip() == "Documentation" and url.startswith("https://") and url.isprintable():
            return url
    return DOCUMENTATION

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
from pathlib import Path

from doclint.models import installed

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
        urls = _project_urls(paths)
    except (OSError, ValueError):
        return DOCUMENTATION
    for entry in urls:
        label, _, url = str(entry).partition(",")
        url = url.strip().rstrip("/")
        if label.strip() == "Documentation" and url.startswith("https://") and url.isprintable():
            return url
    return DOCUMENTATION


def _project_urls(paths: list[str]) -> list[str]:
    """The `Project-URL` fields of the first doclint distribution in `paths`."""
    if installed.elsewhere():
        from importlib import metadata

        found = next(iter(metadata.distributions(name="doclint", path=paths)), None)
        return (found.metadata.get_all("Project-URL") if found is not None else None) or []
    own = (where for name, where in installed.distributions(paths) if name == "doclint")
    folder = next(own, None)
    text = installed.read(folder, "METADATA") if folder is not None else None
    return [] if text is None else _fields(text, "Project-URL")


def _fields(text: str, name: str) -> list[str]:
    """The values of the header fields `name` of a metadata text (RFC 822
    headers up to the first empty line; a line that starts with a blank
    continues the field above)."""
    fields: list[list[str]] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if not line.strip():
            break
        if line[0] in " \t":
            if current is not None:
                current.append(line.strip())
            continue
        key, _, value = line.partition(":")
        current = [value.strip()] if key.strip().lower() == name.lower() else None
        if current is not None:
            fields.append(current)
    return [" ".join(parts) for parts in fields]

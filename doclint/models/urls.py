"""Where a rule's documentation is read on the web: the one place that knows it.

The README's rule table lists every rule with its summary, default and fix
(a test keeps it in sync with the rule classes); `doclint rule CODE` prints
the whole documentation offline.
"""

from __future__ import annotations

HOME = "https://github.com/doclint/doclint"
RULES = f"{HOME}/blob/main/README.md#rules"


def rule_url(code: str | None = None) -> str:
    """The documentation of the rule `code`; of all rules without one."""
    return RULES if code is None else f"{RULES}:~:text={code}"

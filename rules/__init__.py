"""The built-in rules of doclint, a package per family of codes.

Installed as the `doclint_rules` package. Each rule's class states its code,
name and documentation (`docs`); pyproject.toml registers the package once in
the `doclint.rules` entry-point group, where third-party rules plug in too,
and the registry takes its rules from `get_rules`, which asks each family
for its own. A family's folder holds its rules, a module each, and the
helpers only its rules use (named `_*`); `_common` holds the helpers that
rules of more than one family share, `_languages` the readers of sources.
The engine's own diagnostics (DL0xx) are in `doclint.engine.builtin_rules`.

The families: DL1xx `structure`, DL2xx `keywords` (keyword indexes), DL3xx
`file_claims` (claims of file documentation), DL4xx `links`, DL5xx
`encoding`, DL6xx `coverage` (of the tree), DL7xx `objects` (claims of a
profiled generator's object pages about their sources, doclint/profiles/),
DL8xx `wiki` (claims of a wiki's pages).
"""

from __future__ import annotations

from typing import Any

from doclint.rule_api import Rule


def get_rules() -> list[type[Rule[Any]]]:
    """Every built-in rule, family by family, each family's rule modules
    imported on this call."""
    from . import coverage, encoding, file_claims, keywords, links, objects, structure, wiki

    families = (structure, keywords, file_claims, links, encoding, coverage, objects, wiki)
    return [rule for family in families for rule in family.get_rules()]

"""DL1xx, page structure: a page's headings, fences and sections, whoever wrote
it.

`get_rules` imports the family's rule modules when the registry asks for them.
"""

from __future__ import annotations

from typing import Any

from doclint.rule_api import Rule


def get_rules() -> list[type[Rule[Any]]]:
    """The family's rules, by code."""
    from .broken_fence import BrokenFence
    from .placeholder_section import PlaceholderSection
    from .unknown_heading import UnknownHeading

    return [UnknownHeading, BrokenFence, PlaceholderSection]

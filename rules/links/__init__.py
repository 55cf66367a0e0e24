"""DL4xx, links: links between the pages of a tree: their targets, anchors and
where they lead.

`get_rules` imports the family's rule modules when the registry asks for them.
"""

from __future__ import annotations

from typing import Any

from doclint.rule_api import Rule


def get_rules() -> list[type[Rule[Any]]]:
    """The family's rules, by code."""
    from .broken_anchor import BrokenAnchor
    from .broken_link import BrokenLink
    from .link_escapes_root import LinkEscapesRoot
    from .misplaced_page import MisplacedPage

    return [BrokenLink, BrokenAnchor, MisplacedPage, LinkEscapesRoot]

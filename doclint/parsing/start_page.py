"""The start page of the tree (`docs/index.md`): its parts are the generic
layer's, which the rules read through its sections."""

from __future__ import annotations

from typing import Any

from doclint.models.generated import RootIndex
from doclint.parsing.page_builder import PageBuilder


def build_start_page(builder: PageBuilder, common: dict[str, Any]) -> RootIndex:
    """The start page model of the page `builder` parsed."""
    return RootIndex(**common)

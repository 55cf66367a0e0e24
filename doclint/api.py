"""Parsing a page through the public API."""

from __future__ import annotations

from doclint.models.generated import AnyPage
from doclint.parsing.pages import parse_page


def parse(text: str, path: str = "<text>") -> AnyPage:
    """The typed model of a page: its kind, parts and their line numbers."""
    return parse_page(text, path)

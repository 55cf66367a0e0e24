"""The headings of the Python template, whose outlines also hold the folder
pages' and the start page's, under the name the rule API imports them by.
Every template's headings are in `doclint.models.templates`."""

from __future__ import annotations

from doclint.models.templates import OUTLINES, Outline

__all__ = ["OUTLINES", "Outline"]

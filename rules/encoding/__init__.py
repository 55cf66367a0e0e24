"""DL5xx, text encoding: text decoded with the wrong codec, or replaced where
it could not be decoded.

`get_rules` imports the family's rule modules when the registry asks for them.
"""

from __future__ import annotations

from typing import Any

from doclint.rule_api import Rule


def get_rules() -> list[type[Rule[Any]]]:
    """The family's rules, by code."""
    from .mojibake import Mojibake
    from .replacement_character import ReplacementCharacter

    return [Mojibake, ReplacementCharacter]

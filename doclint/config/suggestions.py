""" "Did you mean ...?" for every name a user types (`did_you_mean`, one
wording for all), and for rule selectors, with the closest rule code or name."""

from __future__ import annotations

from collections.abc import Iterable

from doclint.engine.registry import Registry, SelectionError
from doclint.util.suggestions import did_you_mean

__all__ = ["check_selectors", "did_you_mean"]


def check_selectors(registry: Registry, selectors: Iterable[str]) -> None:
    """SelectionError, with the closest rule code or name, for a selector that
    names no rule."""
    for selector in selectors:
        try:
            registry.matching(selector)
        except SelectionError as error:
            rules = registry.sorted_rules()
            known = ["ALL", *(rule.code for rule in rules), *(rule.name for rule in rules)]
            raise SelectionError(f"{error}{did_you_mean(selector.strip(), known)}") from None

""" "Did you mean ...?" for every name a user types: options, choices, rule
selectors and configuration keys, all with the same wording."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from doclint.engine.registry import Registry, SelectionError


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """` (did you mean `x`?)` for the closest of `known`, or nothing."""
    candidates = [str(name) for name in known]
    lowered = {name.lower(): name for name in candidates}
    close = difflib.get_close_matches(word.replace("_", "-").lower(), list(lowered), n=1)
    return f" (did you mean `{lowered[close[0]]}`?)" if close else ""


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

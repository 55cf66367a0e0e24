""" "Did you mean ...?" for a name a user types: options, choices, rule
selectors, configuration and profile keys, all with the same wording."""

from __future__ import annotations

from collections.abc import Iterable


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """` (did you mean `x`?)` for the closest of `known`, or nothing."""
    import difflib  # only for a name that is wrong: no part of a run that goes well

    candidates = [str(name) for name in known]
    lowered = {name.lower(): name for name in candidates}
    close = difflib.get_close_matches(word.replace("_", "-").lower(), list(lowered), n=1)
    return f" (did you mean `{lowered[close[0]]}`?)" if close else ""

"""JSON read without importing `json`: the texts a check reads at every start
(the rules' index, the frozen profiles, a distribution's `direct_url.json`).

`json`'s decoder and encoder compile their patterns as they load (~1.5 ms of
a one-page check), and a check with no cache writes no JSON. `loads` is
`json.loads` for a text: the scanner of json's C module (`_json`, a private
module of CPython's, which `json` itself uses) with the options `json.loads`
gives it, whitespace around the value allowed and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class _Options:
    """What `json.JSONDecoder()` hands its scanner."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = float  # "NaN", "Infinity", "-Infinity", the values json gives them


_scan: Callable[[str, int], tuple[Any, int]] | None
try:
    from _json import make_scanner
except ImportError:  # an interpreter without CPython's modules
    _scan = None
else:
    # Typed as taking a scanner: any object with a JSONDecoder's options does.
    _scan = make_scanner(_Options())  # type: ignore[arg-type]
_WHITESPACE = " \t\n\r"  # JSON's


def loads(text: str) -> Any:
    """The value of the JSON text `text`, as `json.loads` reads it;
    ValueError when it is none."""
    if _scan is None:
        import json

        return json.loads(text)
    start = len(text) - len(text.lstrip(_WHITESPACE))
    try:
        value, end = _scan(text, start)
    except StopIteration:
        raise ValueError("no JSON value where one was expected") from None
    if text[end:].strip(_WHITESPACE):
        raise ValueError("more than one JSON value")
    return value

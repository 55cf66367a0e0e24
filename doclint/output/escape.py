"""One escaping for every text a report shows that came from a tree: paths,
messages and source lines.

A file name or a line may hold any character but `/` and NUL. Written raw, a
newline starts a line of its own (in a CI log, a forged `::error` workflow
command), an ESC starts a terminal control sequence, and a bidirectional
override reorders what the reader sees. Each such character is written as a
visible escape instead (`\\n`, `\\x1b`, `\\u202e`), so one finding stays one line
and shows what the file holds.
"""

from __future__ import annotations

import re

# C0 controls but the tab, DEL, C1 controls, the line and paragraph separators
# and the bidirectional embeddings, overrides and isolates.
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r"}


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    return _NAMED.get(char) or (
        f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"
    )


def printable(text: str) -> str:
    """`text` with every control character written as a visible escape."""
    return _CONTROL.sub(_escaped, text)

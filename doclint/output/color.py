"""Colour on a terminal: whether to use it, and the few styles the text formats use.

`--color auto` (the default) colours when the output is a terminal, unless
`NO_COLOR` is set (https://no-color.org); `FORCE_COLOR` colours even a pipe
(https://force-color.org). `always` and `never` override both.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TextIO

CHOICES = ("auto", "always", "never")

BOLD = "\x1b[1m"
RED = "\x1b[1;31m"
YELLOW = "\x1b[1;33m"
CYAN = "\x1b[36m"
BLUE = "\x1b[1;34m"
RESET = "\x1b[0m"


def use_color(choice: str, stream: TextIO, environ: Mapping[str, str] = os.environ) -> bool:
    """Whether the text written to `stream` is coloured."""
    if choice != "auto":
        return choice == "always"
    if environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def paint(text: str, style: str, color: bool) -> str:
    return f"{style}{text}{RESET}" if color else text

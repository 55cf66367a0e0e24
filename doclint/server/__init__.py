"""`doclint server`: the Language Server Protocol over stdio, for editors.

documents.py keeps a workspace warm and checks an editor's buffers with the
engine; protocol.py speaks the protocol (pygls, the `server` extra), whose
messages stdio.py reads with bounds. This module is what the command line
calls: it says in one line how to install pygls where it is missing.
"""

from __future__ import annotations

import shlex
import sys
from typing import TYPE_CHECKING

from doclint.util.paths import say

if TYPE_CHECKING:
    from doclint.engine.registry import Registry

SERVER_EXTRA = "pygls>=2,<3"
"""The `server` extra of pyproject.toml (a test keeps them the same)."""
EXIT_ERROR = 2


def serve(registry: Registry | None = None) -> int:
    """Serve an editor on stdin and stdout until it says exit, with the rules
    of `registry` (the command line's); 2 (said on stderr) when pygls is not
    installed."""
    try:
        from doclint.server.stdio import serve as serve_stdio
    except ImportError as error:
        if error.name not in ("pygls", "lsprotocol", "cattrs", "attrs") and not (
            error.name or ""
        ).startswith(("pygls.", "lsprotocol.")):
            raise
        say(f"error: doclint server needs pygls, which is not installed: {install_command()}")
        return EXIT_ERROR
    return serve_stdio(registry)


def install_command() -> str:
    """The command that installs pygls where this doclint runs. No package
    index serves doclint itself, so `pip install 'doclint[server]'` would
    fail: the extra's requirement goes into this Python's environment."""
    return f"{shlex.quote(sys.executable)} -m pip install {shlex.quote(SERVER_EXTRA)}"

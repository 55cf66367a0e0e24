"""`doclint server`: the Language Server Protocol over stdio, for editors.

documents.py keeps a workspace warm and checks an editor's buffers with the
engine; protocol.py speaks the protocol (pygls, the `server` extra), whose
messages stdio.py reads with bounds. This module is what the command line
calls: it says in one line how to install pygls where it is missing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doclint.util.paths import say

if TYPE_CHECKING:
    from doclint.engine.registry import Registry

INSTALL = "pip install 'doclint[server]'"
EXIT_ERROR = 2


def serve(registry: Registry | None = None) -> int:
    """Serve an editor on stdin and stdout until it says exit, with the rules
    of `registry` (the command line's); 2 (said on stderr) when pygls is not
    installed."""
    try:
        from doclint.server.protocol import serve as serve_stdio
    except ImportError as error:
        if error.name not in ("pygls", "lsprotocol", "cattrs", "attrs") and not (
            error.name or ""
        ).startswith(("pygls.", "lsprotocol.")):
            raise
        say(f"error: doclint server needs pygls, which is not installed: {INSTALL}")
        return EXIT_ERROR
    return serve_stdio(registry)

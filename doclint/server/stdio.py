"""The client's messages read from stdin with bounds, handed to pygls's
protocol one at a time, and the checks they ask for run once no more input
waits.

A message is header lines, a blank line and a body of the length its
`Content-Length` header states. What is held of the client's input at a
time is bounded: a header line longer than MAX_HEADER_LINE is dropped, and
a body over MAX_MESSAGE is read a chunk at a time and dropped, said in one
line of the server's log (its stderr); the server goes on with the next
message, or ends cleanly at the end of the input.

A change to a page asks for a check (`DoclintServer.soon`); the checks
asked for run when no more of the client's input is waiting (nothing read
and not yet handled, nothing readable on stdin): a burst of edits already
sent is checked once, for its last text, and a lone edit at once, with no
timer. `serve` is `doclint server`'s entry: the protocol's server
(protocol.py) on this process's stdin and stdout, its log on stderr.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import select
import sys
from collections.abc import Callable
from functools import partial
from typing import BinaryIO

from pygls.exceptions import JsonRpcException
from pygls.io_ import StdoutWriter

from doclint.engine.registry import Registry
from doclint.server.protocol import DoclintServer, build_server
from doclint.tree.reading import MAX_FILE_SIZE
from doclint.util.paths import printable

MAX_MESSAGE = 2 * MAX_FILE_SIZE
"""The largest body read (128 MiB): twice the default limit of a page
(`--max-file-size`), room for a page at that limit with its text escaped in
JSON, so that such a page gets its file-too-large diagnostic."""
MAX_HEADER_LINE = 4096
"""The longest header line kept: `Content-Length` and `Content-Type` take
a few dozen bytes; a longer line is dropped as an unknown header is."""
_READ = 1 << 16
_LENGTH = re.compile(rb"Content-Length: (\d+)\r?\n")

logger = logging.getLogger(__name__)


class Input:
    """The client's bytes, read as they come (a chunk at a time, in a thread
    of the event loop's: a read waits for the client)."""

    def __init__(self, stream: BinaryIO, max_message: int = MAX_MESSAGE) -> None:
        self._fd = stream.fileno()
        self._held = bytearray()
        self._ended = False
        self.max_message = max_message

    def waiting(self) -> bool:
        """Whether more input is there already: read and not yet taken, or
        readable on stdin now (its end included)."""
        if self._held or self._ended:
            return True
        try:
            readable, _, _ = select.select([self._fd], [], [], 0)
        except (OSError, ValueError):  # a stream select cannot watch: none said to wait
            return False
        return bool(readable)

    async def message(self) -> bytes | None:
        """The body of the next message (one over the limit skipped); None
        at the end of the input."""
        length = 0
        while True:
            line = await self._line()
            if line is None:
                return None
            if line.strip():
                if not length and (match := _LENGTH.fullmatch(line)):
                    length = int(match[1])  # at most MAX_HEADER_LINE digits
                continue
            if not length:  # a blank line with no length before it: nothing to read
                continue
            if length <= self.max_message:
                return await self._body(length)
            logger.error(
                "a message of %s bytes is over the limit of %s bytes; skipped",
                f"{length:,}",
                f"{self.max_message:,}",
            )
            if not await self._skip(length):
                return None
            length = 0

    async def _fill(self) -> bool:
        """Read what comes next; False at the end of the input."""
        if self._ended:
            return False
        loop = asyncio.get_running_loop()
        chunk = await loop.run_in_executor(None, os.read, self._fd, _READ)
        if not chunk:
            self._ended = True
            return False
        self._held += chunk
        return True

    async def _line(self) -> bytes | None:
        """The next line, its line break included; one longer than
        MAX_HEADER_LINE is dropped as it is read."""
        dropping = False
        while True:
            end = self._held.find(b"\n")
            if end >= 0:
                line = bytes(self._held[: end + 1])
                del self._held[: end + 1]
                if not dropping:
                    return line
                dropping = False
                continue
            if len(self._held) > MAX_HEADER_LINE:
                self._held.clear()
                dropping = True
            if not await self._fill():
                return None

    async def _body(self, length: int) -> bytes | None:
        while len(self._held) < length:
            if not await self._fill():
                return None
        body = bytes(self._held[:length])
        del self._held[:length]
        return body

    async def _skip(self, length: int) -> bool:
        """Drop the next `length` bytes; False when the input ends first."""
        while True:
            taken = min(length, len(self._held))
            del self._held[:taken]
            length -= taken
            if not length:
                return True
            if not await self._fill():
                return False


async def _serve(server: DoclintServer, incoming: Input) -> int:
    """Hand each message to the protocol, and run the checks asked for
    whenever no input waits; the exit code the protocol gives at `exit`
    (0 after `shutdown`, else 1), 0 at the end of the input."""
    while True:
        if not incoming.waiting():
            _safely(server, server.check_pending)
        body = await incoming.message()
        if body is None:
            return 0
        try:
            _safely(server, partial(_handle, server, body))
        except SystemExit as stop:  # pygls's answer to `exit`
            return stop.code if isinstance(stop.code, int) else 0


def _handle(server: DoclintServer, body: bytes) -> None:
    protocol = server.protocol
    protocol.handle_message(json.loads(body, object_hook=protocol.structure_message))


def _safely(server: DoclintServer, step: Callable[[], None]) -> None:
    """Run `step`; an error is a line of the log and a message to the
    client (pygls's way), never the end of the server."""
    try:
        step()
    except BrokenPipeError:
        raise
    except Exception as error:
        logger.exception("Unable to handle message")
        try:
            server.report_server_error(error, JsonRpcException)
        except Exception:  # the client cannot be told: the log has said it
            logger.warning("Failed to report error")


def serve_io(server: DoclintServer, stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Serve the client on `stdin` and `stdout` until it says exit or its
    input ends; the exit code."""
    server.protocol.set_writer(StdoutWriter(stdout))
    try:
        return asyncio.run(_serve(server, Input(stdin)))
    except BrokenPipeError:
        logger.error("Connection to the client is lost! Shutting down the server.")
        return 0
    except KeyboardInterrupt:  # stopped from a terminal, as pygls's own loop ends
        return 0


class _OneLine(logging.Formatter):
    """pygls's log lines as one line each on stderr, which an editor keeps as
    the server's log: what went wrong, without the stack."""

    def format(self, record: logging.LogRecord) -> str:
        error = record.exc_info[1] if record.exc_info else None
        detail = f": {type(error).__name__}: {error}" if error is not None else ""
        return printable(
            f"doclint server: {record.levelname.lower()}: {record.getMessage()}{detail}"
        )


def serve(registry: Registry | None = None) -> int:
    """Serve the editor on stdin and stdout until it says exit (the exit
    code the protocol gives then) or its input ends (0)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine())
    for name in ("pygls", "doclint.server"):
        library = logging.getLogger(name)
        library.addHandler(handler)
        library.setLevel(logging.WARNING)
        library.propagate = False
    server = build_server(registry)
    code = serve_io(server, sys.stdin.buffer, sys.stdout.buffer)
    if sys.stdout.closed or sys.stdout.buffer.closed:
        # pygls closes stdout as the client leaves; the process's last flush
        # must find a stream.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
    return code

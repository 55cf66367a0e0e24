"""Running `git` on a repository doclint does not trust.

Every git process of the history starts here, with one environment and one
set of overrides (`command`): the caller's `GIT_*` variables dropped (a
`GIT_DIR` or `GIT_CONFIG_*` of the caller's shell must not steer which
repository or configuration is read), the system configuration off, no
prompt, no optional lock, the C locale; and on the command line, which git
reads after every configuration file, the keys through which a
repository's `.git/config` could make a read-only command run a program or
reach the network. Which keys those are, and why, is in docs/trust.md.

A one-shot command (`Git.run`) gets a timeout and a bound on its output (an
answer over it is lost alone); the persistent `git cat-file --batch-command`
(`Batch`) gets a timeout on each answer. A git that hangs, is killed or
cannot start marks the runner broken: the history then answers None, it
does not wait again. A batch process that ends with git's error status
(a partial clone's object it may not fetch) has only lost that object.
"""

from __future__ import annotations

import contextlib
import os
import re
import selectors
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

# Each one-shot command, and each answer of the batch process, ends by then.
TIMEOUT = 60.0
# What a one-shot command may print (a walk of a folder's history, the
# renames between two commits) before it is cut off.
OUTPUT_LIMIT = 64 * 1024 * 1024

# Transports git knows: a lazy fetch of a partial clone's missing object
# would otherwise reach the network, or run `ext::` commands, `core.sshCommand`
# or a `remote.<name>.uploadpack` the repository names. `protocol.allow` alone
# does not do: a repository's `protocol.<name>.allow` would win over it.
_PROTOCOLS = ("ext", "fd", "file", "ftp", "ftps", "git", "http", "https", "ssh")

OVERRIDES = (
    # The index is never read, but a command that does would run this hook.
    "core.fsmonitor=false",
    "core.hooksPath=/dev/null",
    "core.pager=cat",
    "color.ui=false",
    # `git log` would run gpg.program (or gpg.ssh.program) on a signed commit.
    "log.showSignature=false",
    # A root commit shows its files; one folder pathspec is never followed.
    "log.showRoot=true",
    "log.follow=false",
    # Renames are asked for where wanted (-M), with a stated limit; paths
    # are always relative to the top of the work tree.
    "diff.renames=false",
    "diff.renameLimit=1000",
    "diff.relative=false",
    "submodule.recurse=false",
    # An implicitly found bare repository (one committed inside a tree) is
    # not a checkout.
    "safe.bareRepository=explicit",
    "credential.helper=",
    "protocol.allow=never",
    *(f"protocol.{name}.allow=never" for name in _PROTOCOLS),
    "gc.auto=0",
    "maintenance.auto=false",
)


def environment() -> dict[str, str]:
    """The environment of every git process: the caller's without its GIT_*
    variables. HOME stays: the user's own `safe.directory` lives in the
    global configuration (docs/trust.md says why doclint honours git's
    ownership check)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    env.update(
        GIT_CONFIG_NOSYSTEM="1",
        GIT_TERMINAL_PROMPT="0",
        GIT_OPTIONAL_LOCKS="0",
        GIT_PROTOCOL_FROM_USER="0",
        # Git 2.44 and later: a partial clone's missing object is missing,
        # not fetched (older ones are stopped by the protocol overrides).
        GIT_NO_LAZY_FETCH="1",
        LC_ALL="C",
    )
    return env


def command(git: str, folder: Path, args: Sequence[str]) -> list[str]:
    """The argument list that runs `git ARGS` in `folder` with the overrides."""
    overrides = [part for key in OVERRIDES for part in ("-c", key)]
    return [
        git,
        "--no-pager",
        "--no-replace-objects",
        "--literal-pathspecs",
        "-C",
        str(folder),
        *overrides,
        *args,
    ]


class Git:
    """The git command of one repository folder, and whether it still works."""

    def __init__(self, git: str, folder: Path, timeout: float = TIMEOUT) -> None:
        self.git = git
        self.folder = folder
        self.timeout = timeout
        self.limit = OUTPUT_LIMIT
        """What a one-shot command may print, in bytes."""
        self.env = environment()
        self.broken = False
        """True once a git process hung, was killed, or could not start."""

    def run(self, args: Sequence[str], limit: int | None = None) -> bytes | None:
        """What `git ARGS` prints; None when it fails or prints more than
        `limit` bytes (the runner's limit by default). A git that outlasts the
        timeout, is killed by a signal or cannot start breaks the runner."""
        if self.broken:
            return None
        process = self._start(args, subprocess.DEVNULL)
        if process is None:
            return None
        assert process.stdout is not None
        deadline = time.monotonic() + self.timeout
        output = _read_all(process.stdout.fileno(), limit or self.limit, deadline)
        if not isinstance(output, bytes):
            process.kill()
        process.stdout.close()
        code = _wait(process, self.timeout)
        if output is _OVER:
            return None  # too long an answer: this one is lost, not the next
        if not isinstance(output, bytes) or code is None or code < 0:
            self.broken = True
            return None
        return output if code == 0 else None

    def batch(self) -> Batch | None:
        """A new `git cat-file --batch-command`; None when it cannot start."""
        if self.broken:
            return None
        process = self._start(["cat-file", "--batch-command"], subprocess.PIPE)
        return Batch(process, self) if process is not None else None

    def _start(self, args: Sequence[str], stdin: int) -> subprocess.Popen[bytes] | None:
        """git with `args` started, its output piped; None (and the runner
        broken) when it cannot start."""
        try:
            return subprocess.Popen(
                command(self.git, self.folder, args),
                stdin=stdin,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env=self.env,
            )
        except OSError:
            self.broken = True
            return None


# What _read_all answers past its limit.
_OVER = object()


def _read_all(fd: int, limit: int, deadline: float) -> bytes | object | None:
    """Everything until the end of `fd`; `_OVER` past `limit` bytes, None
    past the deadline."""
    chunks: list[bytes] = []
    size = 0
    with selectors.DefaultSelector() as selector:
        selector.register(fd, selectors.EVENT_READ)
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not selector.select(left):
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return b"".join(chunks)
            size += len(chunk)
            if size > limit:
                return _OVER
            chunks.append(chunk)


def _wait(process: subprocess.Popen[bytes], timeout: float) -> int | None:
    try:
        return process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        return None


# The status git ends with on a fatal error.
FATAL = 128

# The header of an object found: its name, type and size. Anything else
# ("<name> missing", "<name> ambiguous") names no object.
_FOUND = re.compile(rb"([0-9a-f]{40}|[0-9a-f]{64}) ([a-z]+) ([0-9]+)")


class Batch:
    """One `git cat-file --batch-command`: object headers (`info`) and
    contents, one request at a time, each answered within the timeout."""

    def __init__(self, process: subprocess.Popen[bytes], git: Git) -> None:
        assert process.stdin is not None and process.stdout is not None
        self._process = process
        self._git = git
        self._in = process.stdin.fileno()
        self._out = process.stdout.fileno()
        self._buffer = bytearray()
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._out, selectors.EVENT_READ)
        self._deadline = 0.0
        self.ended = False
        """True once git ended on its own with its error status."""

    def info(self, name: str) -> tuple[str, str, int] | None:
        """(object id, type, size) of the object `name` names; None when no
        object, or more than one, has that name."""
        return self._request(f"info {name}\n")

    def contents(self, oid: str) -> bytes | None:
        """The bytes of object `oid`, None when it is missing."""
        header = self._request(f"contents {oid}\n")
        if header is None:
            return None
        data = self._take(header[2] + 1)  # its bytes, and the line feed after them
        return data[:-1] if data is not None else None

    def _request(self, line: str) -> tuple[str, str, int] | None:
        if self._git.broken:
            return None
        self._deadline = time.monotonic() + self._git.timeout
        try:
            os.write(self._in, line.encode())
        except OSError:  # the process has gone: a broken pipe
            self._break()
            return None
        header = self._line()
        found = _FOUND.fullmatch(header) if header is not None else None
        if found is None:
            return None
        return found[1].decode(), found[2].decode(), int(found[3])

    def _line(self) -> bytes | None:
        while (end := self._buffer.find(b"\n")) < 0:
            if not self._fill():
                return None
        line = bytes(self._buffer[:end])
        del self._buffer[: end + 1]
        return line

    def _take(self, size: int) -> bytes | None:
        while len(self._buffer) < size:
            if not self._fill():
                return None
        data = bytes(self._buffer[:size])
        del self._buffer[:size]
        return data

    def _fill(self) -> bool:
        """More of the answer before the request's deadline; False when it
        does not come: the runner is broken, unless git ended with its
        error status (below)."""
        left = self._deadline - time.monotonic()
        if left > 0 and self._selector.select(left):
            chunk = os.read(self._out, 1 << 16)
            if chunk:
                self._buffer += chunk
                return True
            # Git before 2.44 ends with status 128 when an object of a
            # partial clone is missing and cannot be fetched (fetches are
            # forbidden): that object is missing, the next request is
            # answered by a new process.
            if _wait(self._process, self._git.timeout) == FATAL:
                self.ended = True
                self.close()
                return False
        self._break()
        return False

    def _break(self) -> None:
        self._git.broken = True
        self.close()

    def close(self) -> None:
        """End the process: its pipes closed (git ends at the end of its
        input), then killed if it lingers."""
        self._selector.close()
        for stream in (self._process.stdin, self._process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        _wait(self._process, 1.0)

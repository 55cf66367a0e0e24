"""Mermaid blocks checked by Mermaid's own parser, run under Node.

One Node process a run (`mermaid_check.mjs`, shipped beside this module),
started at the first block a run sends, so that a run with no Mermaid block
never pays for Node, and fed every block after it; each answer is kept by
the digest of the block's text for the rest of the run. Blocks can be sent
ahead of the question (`ahead`): Node parses them on another core while the
run checks other pages, and the answers wait in its pipe till asked for.
Where Node or the Mermaid install is missing the blocks are not checked, and
the run says so once on stderr.

The tree is untrusted. Node runs in the install folder, never in the tree;
the script is named by its absolute path and resolves `mermaid` from the
install folder only; the environment is a few variables of the caller's
(nothing of NODE_OPTIONS or NODE_PATH); a block reaches Node only as a JSON
string. A block larger than MAX_BLOCK_BYTES is not checked; a block whose
parse takes longer than the time bound costs that bound once: Node is killed
and started again for the blocks after it, at most MAX_STARTS times a run.

The rule API imports this module for every run: what only a run with a
Mermaid block needs (the process, its pipes, the block digests) is imported
when a block comes.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO

from doclint.util.digests import sha256
from doclint.util.lazy_regex import compiled_on_use
from doclint.util.notices import say_once
from doclint.util.paths import find_program, inside, tree_folder
from doclint.util.records import NamedTuple

MERMAID_VERSION = "11.17.2"
"""The Mermaid release the install command pins, and the one tested."""
SCRIPT = Path(__file__).with_name("mermaid_check.mjs")
BLOCK_SECONDS = 5.0
"""How long one block may take to parse (most take milliseconds)."""
START_SECONDS = 30.0
"""How long Node may take to load Mermaid (under half a second when warm)."""
MAX_BLOCK_BYTES = 50_000
"""Mermaid's own bound (its `maxTextSize`): it renders no larger diagram."""
MAX_STARTS = 3
"""Node processes a run may start: a block that hangs the parser costs one."""
KEPT_VARIABLES = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR")
"""The only variables of the caller's environment Node gets."""
_READ = 1 << 16


class MermaidVerdict(NamedTuple):
    """Mermaid's answer about one block: it parses, or the parser's message
    and the line of the block it names (1 for the block's first line), when
    it names one."""

    ok: bool
    message: str = ""
    line: int | None = None


def install_folder(environ: Mapping[str, str] = os.environ) -> Path:
    """The folder whose node_modules holds mermaid: DOCLINT_MERMAID, else
    doclint/mermaid in the user's cache folder (XDG_CACHE_HOME, as the spec
    says, only when absolute)."""
    named = environ.get("DOCLINT_MERMAID", "")
    if named:
        return Path(named).expanduser().absolute()
    base = environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base, "doclint", "mermaid")


def install_command(folder: Path) -> str:
    """The one command that installs what the check needs into `folder`."""
    prefix = str(folder)
    if not _UNQUOTED.fullmatch(prefix):
        # Imported for a folder that needs quotes: shlex compiles a pattern as it loads.
        import shlex

        prefix = shlex.quote(prefix)
    # No install scripts: the check needs none, and they are code run at install.
    return f"npm install --prefix {prefix} --ignore-scripts mermaid@{MERMAID_VERSION}"


# What `shlex.quote` leaves as it is (its characters that need no quotes).
_UNQUOTED = compiled_on_use(r"[\w@%+=:,./-]+", re.ASCII)


def installed_version(folder: Path) -> str | None:
    """The version of the mermaid installed in `folder`, None without one."""
    # Read before `json` is asked for: a folder with no mermaid loads no `json`.
    try:
        package = (folder / "node_modules" / "mermaid" / "package.json").read_bytes()
    except OSError:
        return None
    try:
        data = json.loads(package)
    except ValueError:
        return None
    version = data.get("version") if isinstance(data, dict) else None
    return version if isinstance(version, str) else None


def mermaid_state(environ: Mapping[str, str] = os.environ) -> str:
    """What the answers depend on outside the tree (whether Node is found,
    and the version of the Mermaid installed), as text for the key of stored
    results: installing or upgrading Mermaid re-checks the pages; the places
    of Node and of the install are not in it (a CI job's runner has another
    temporary folder each time, and the same answers). Starts nothing."""
    return json.dumps([node_on_path(), installed_version(install_folder(environ))])


def node_on_path() -> bool:
    """Whether `node` is on $PATH: asked by every run with a cache."""
    return find_program("node") is not None


def clean_environment(environ: Mapping[str, str] = os.environ) -> dict[str, str]:
    """The environment Node runs in: the few caller's variables it needs."""
    return {name: environ[name] for name in KEPT_VARIABLES if name in environ}


def block_key(text: str) -> bytes:
    return sha256(text.encode("utf-8", "surrogatepass")).digest()


class _Stopped(Exception):
    """Node is gone or refused to answer: `why` says so."""

    def __init__(self, why: str, hung: bool = False) -> None:
        super().__init__(why)
        self.why = why
        self.hung = hung


class _Node:
    """A running mermaid_check.mjs: requests out on its stdin, answers read
    from its stdout with a time bound, never blocking on either pipe."""

    def __init__(self, node: str, folder: Path, environ: Mapping[str, str]) -> None:
        import selectors
        import subprocess
        import tempfile

        # What Node says on stderr, for the notice when it ends early; a file,
        # not a pipe, so that nothing Node writes there can block it.
        self.errors: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 (closed in forget)
        self.process = subprocess.Popen(
            [node, str(SCRIPT.absolute()), str(folder)],
            cwd=folder,
            env=clean_environment(environ),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.errors,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin, self.stdout = self.process.stdin.fileno(), self.process.stdout.fileno()
        os.set_blocking(self.stdin, False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout, selectors.EVENT_READ)
        self.can_write = selectors.EVENT_WRITE
        self.pending = b""
        self.read = b""
        self.ready = False
        """Whether Node said it loaded mermaid (its first line)."""

    def send(self, data: bytes) -> None:
        """Write `data` as far as the pipe takes it now; the rest goes out
        while an answer is awaited."""
        self.pending += data
        while self.pending:
            if not self._write():
                return
        if self.stdin in self.selector.get_map():
            self.selector.unregister(self.stdin)

    def answer(self, seconds: float) -> dict[str, object]:
        """The next answer, writing what is still to send meanwhile."""
        deadline = time.monotonic() + seconds
        while b"\n" not in self.read:
            left = deadline - time.monotonic()
            if left <= 0:
                raise _Stopped(f"no answer in {seconds:g} s", hung=True)
            if self.pending and self.stdin not in self.selector.get_map():
                self.selector.register(self.stdin, self.can_write)
            for key, _ in self.selector.select(left):
                if key.fd == self.stdout:
                    chunk = os.read(self.stdout, _READ)
                    if not chunk:
                        raise _Stopped(self._ended())
                    self.read += chunk
                elif self._write() and not self.pending:
                    self.selector.unregister(self.stdin)
        line, _, self.read = self.read.partition(b"\n")
        try:
            answer = json.loads(line)
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            raise _Stopped("an answer that is no JSON object")
        return answer

    def _write(self) -> bool:
        """Write what the pipe takes of what is still to send; False when it
        takes nothing now."""
        try:
            written = os.write(self.stdin, self.pending[:_READ])
        except BlockingIOError:
            return False
        except OSError:  # Node is gone: its stdout says so next
            written = len(self.pending)
        self.pending = self.pending[written:]
        return True

    def _ended(self) -> str:
        status = self.process.wait()
        self.errors.seek(0)
        said = [line.strip() for line in self.errors.read().decode(errors="replace").splitlines()]
        last = next((line for line in reversed(said) if line), "")
        return f"node ended (status {status})" + (f": {last[:300]}" if last else "")

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self.process.kill()
        self.process.wait()
        self.forget()

    def forget(self) -> None:
        """Let go of the pipes and the file without touching the process (a
        forked child holds copies of its parent's)."""
        self.selector.close()
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
        self.errors.close()


class MermaidChecker:
    """Answers for Mermaid blocks, from one Node process started at the first
    block sent; None for a block not checked (said once on stderr)."""

    def __init__(
        self,
        environ: Mapping[str, str] | None = None,
        block_seconds: float = BLOCK_SECONDS,
        start_seconds: float = START_SECONDS,
        max_bytes: int = MAX_BLOCK_BYTES,
    ) -> None:
        self.environ = os.environ if environ is None else environ
        self.block_seconds = block_seconds
        self.start_seconds = start_seconds
        self.max_bytes = max_bytes
        self.folder = install_folder(self.environ)
        self.answers: dict[bytes, MermaidVerdict | None] = {}
        self.sent: dict[bytes, tuple[int, str, str]] = {}
        """The blocks sent to Node and not answered yet, in the order sent:
        (request id, text, place); Node answers them in that order."""
        self.requests = 0
        self.node: _Node | None = None
        self.starts = 0
        self.unavailable = False
        self.checkouts: set[Path] = set()
        """The checkouts asked about whose folder the install lies outside."""

    def runs_for(self, checkout: Path) -> bool:
        """Whether Node may load the install for a tree of `checkout` (the
        folder of the checkout that holds it, else the tree's root): never
        when the install lies in the tree's folder (`tree_folder`), where
        the tree could ship its own `mermaid.js` (an XDG_CACHE_HOME or a
        relative DOCLINT_MERMAID inside it). Node is then stopped and no
        block checked."""
        if checkout in self.checkouts:
            return not self.unavailable
        node = find_program("node", self.environ.get("PATH"))
        folder = tree_folder(checkout)
        if folder is not None and (
            inside(self.folder, folder) or (node is not None and inside(Path(node), folder))
        ):
            self.close()
            self._give_up(
                f"the Mermaid install folder {self.folder} or the `node` on PATH ({node}) lies "
                f"inside the tree's folder {folder}, and code a tree ships is never run; "
                "install both outside it (an absolute XDG_CACHE_HOME or DOCLINT_MERMAID "
                "outside it)"
            )
            return False
        self.checkouts.add(checkout)
        return not self.unavailable

    def ahead(self, blocks: Sequence[tuple[str, str]]) -> None:
        """Send (text, place) blocks that will be asked about later, without
        waiting: Node parses them meanwhile. A block too large is left for
        `verdicts` to say."""
        sending: dict[bytes, tuple[bytes, str, str]] = {}
        for text, place in blocks:
            key = block_key(text)
            if key in self.answers or key in self.sent or key in sending:
                continue
            if len(text.encode("utf-8", "surrogatepass")) <= self.max_bytes:
                sending[key] = key, text, place
        self._send(list(sending.values()))

    def verdicts(self, blocks: Sequence[tuple[str, str]]) -> list[MermaidVerdict | None]:
        """An answer for each (text, place) block, `place` naming it in a
        notice (`path:line`); each block is sent to Node at most once."""
        keys = [block_key(text) for text, _ in blocks]
        asked: dict[bytes, tuple[str, str]] = {}
        for key, (text, place) in zip(keys, blocks, strict=True):
            if key in self.answers or key in self.sent or key in asked:
                continue
            if len(text.encode("utf-8", "surrogatepass")) > self.max_bytes:
                self.answers[key] = None
                self._say_once(
                    "size",
                    f"{place}: mermaid block not checked: larger than {self.max_bytes:,} bytes",
                )
            else:
                asked[key] = text, place
        self._send([(key, text, place) for key, (text, place) in asked.items()])
        while not self.unavailable and any(key not in self.answers for key in keys):
            self._answer_one()
        return [self.answers.get(key) for key in keys]

    def _send(self, blocks: Sequence[tuple[bytes, str, str]]) -> None:
        if not blocks or self.unavailable:
            return
        node = self._node()
        if node is None:
            return
        lines = []
        for key, text, place in blocks:
            self.sent[key] = self.requests, text, place
            lines.append(json.dumps({"id": self.requests, "text": text}).encode() + b"\n")
            self.requests += 1
        node.send(b"".join(lines))

    def _answer_one(self) -> None:
        """Read Node's answer to the oldest block sent. A block that hangs
        Node, or that Node dies on, is answered None and Node stopped; the
        blocks sent after it go to the next Node."""
        node = self.node
        if node is None:  # stopped: the blocks still unanswered go to another
            unanswered, self.sent = list(self.sent.items()), {}
            self._send([(key, text, place) for key, (_, text, place) in unanswered])
            node = self.node
            if node is None:
                return
        if not node.ready:
            self._wait_ready(node)
            return
        key, (number, _, place) = next(iter(self.sent.items()))
        try:
            answer = node.answer(self.block_seconds)
        except _Stopped as stopped:
            self.close()
            self.answers[key] = None
            del self.sent[key]
            why = f"Mermaid's parser took more than {self.block_seconds:g} s"
            self._say_once(
                "lost",
                f"{place}: mermaid block not checked: " + (why if stopped.hung else stopped.why),
            )
            return
        if answer.get("id") != number:
            self.close()
            self._give_up("an answer out of order")
            return
        self.answers[key] = _verdict(answer)
        del self.sent[key]

    def _wait_ready(self, node: _Node) -> None:
        """Node's first line: it loaded mermaid, or the check cannot run."""
        try:
            ready = node.answer(self.start_seconds)
        except _Stopped as stopped:
            self.close()
            self._give_up(f"node did not load mermaid: {stopped.why}")
            return
        if "ready" not in ready:
            self.close()
            why = str(ready.get("failed"))[:300]
            self._give_up(f"node did not load mermaid from {self.folder}: {why}")
            return
        node.ready = True

    def _node(self) -> _Node | None:
        if self.node is None:
            started = self._start()
            if isinstance(started, str):
                self._give_up(started)
                return None
            self.node = started
        return self.node

    def _start(self) -> _Node | str:
        """A Node process loading mermaid (its first line says whether it
        did), or why there is none."""
        node_path = find_program("node", self.environ.get("PATH"))
        if node_path is None:
            return (
                "no `node` on PATH; install Node.js 20 or later, then "
                f"`{install_command(self.folder)}`"
            )
        if installed_version(self.folder) is None:
            return (
                f"no mermaid in {self.folder}/node_modules; install it with "
                f"`{install_command(self.folder)}` (or set DOCLINT_MERMAID to a folder "
                "whose node_modules holds it)"
            )
        if self.starts >= MAX_STARTS:
            return f"node was started {MAX_STARTS} times already"
        self.starts += 1
        try:
            return _Node(node_path, self.folder, self.environ)
        except OSError as error:
            return f"node did not start: {error.strerror or error}"

    def _give_up(self, why: str) -> None:
        self.unavailable = True
        self._say_once("unavailable", f"mermaid blocks not checked (mermaid-invalid): {why}")

    def _say_once(self, kind: str, message: str) -> None:
        # Once a run, whichever worker says it first: the kind is the key.
        say_once(f"warning: {message}", key=f"mermaid-invalid/{kind}")

    def close(self) -> None:
        """Stop Node (the answers stay)."""
        if self.node is not None:
            node, self.node = self.node, None
            node.stop()

    def forget(self) -> None:
        """In a forked child: let go of the parent's Node without stopping it."""
        if self.node is not None:
            node, self.node = self.node, None
            node.forget()


def _verdict(answer: Mapping[str, object]) -> MermaidVerdict:
    if answer.get("ok") is True:
        return MermaidVerdict(True)
    line = answer.get("line")
    return MermaidVerdict(
        False, str(answer.get("message", "")), line if isinstance(line, int) and line > 0 else None
    )


class _Process:
    """This process's one checker (made at the first use) and whether the
    process was forked from the run's (a worker of a parallel run)."""

    checker: MermaidChecker | None = None
    in_worker = False


def _run_checker() -> MermaidChecker:
    if _Process.checker is None:
        _Process.checker = MermaidChecker()
    return _Process.checker


def mermaid_verdicts(
    blocks: Sequence[tuple[str, str]], checkout: Path
) -> list[MermaidVerdict | None]:
    """The run's answers for (text, place) blocks of a tree in `checkout`
    (None for each when the install lies inside it)."""
    checker = _run_checker()
    if not checker.runs_for(checkout):
        return [None] * len(blocks)
    return checker.verdicts(blocks)


def mermaid_ahead(blocks: Iterable[tuple[str, str]], checkout: Path) -> None:
    """Send (text, place) blocks of a tree in `checkout` the run will ask
    about later, so that Node parses them while the run does other work. Not
    in a worker process of a parallel run: its pages are shared out, and the
    cores are busy already; `blocks` is then not even read."""
    if not _Process.in_worker and (checker := _run_checker()).runs_for(checkout):
        checker.ahead(list(blocks))


def close_checker() -> None:
    """The run is over: stop Node and forget its answers and notices (the
    next run may have another install)."""
    if _Process.checker is not None:
        checker, _Process.checker = _Process.checker, None
        checker.close()


def _forget_in_child() -> None:
    _Process.in_worker = True
    if _Process.checker is not None:
        checker, _Process.checker = _Process.checker, None
        checker.forget()


atexit.register(close_checker)
# A forked worker must not hold the write end of its parent's Node's stdin:
# Node ends when that closes, even if the parent dies without stopping it.
os.register_at_fork(after_in_child=_forget_in_child)

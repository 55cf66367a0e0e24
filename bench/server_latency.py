#!/usr/bin/env python3
"""The editor server's latency: from an edit to its diagnostics.

    python bench/server_latency.py [CORPUS] [--page PATH] [--edits N] [--python PATH]

CORPUS is a tree made by ../shared/tools/gen_corpus.py (default:
bench/.corpora/full, the 14,710-page corpus bench.py builds as `full`; run
`python bench/bench.py --sizes full --peers cat` once to make it). The script
starts `python -m doclint server` in the corpus root as an editor does, and
speaks the Language Server Protocol to it over its stdin and stdout with a
client of its own (JSON-RPC by hand, the standard library only, so that
nothing but the server is timed): it opens a keyword-index page that holds
`### Classs` (DL101), then edits the heading to `### Classes` and back, N
times (default 200), each edit sent as an editor sends a keystroke's change
(the range of the word, its new text). Each answer is checked: DL101 is gone
after a fix and back after the undo. The server keeps the findings of a
text it checked lately (a page identical to one just checked is not checked
again), so the two texts alternating are answered from there; `--fresh`
makes every edit's text new (the blank line above the heading gets as many
spaces as the edit's number), so that every edit is checked afresh.
Printed: the time from opening the page to its first diagnostics, and the
median, 90th percentile and worst time from sending an edit to reading its
diagnostics.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

BENCH_DIR = Path(__file__).resolve().parent
DEFAULT_CORPUS = BENCH_DIR / ".corpora" / "full"
DEFAULT_PAGE = "docs/reprlib.py_kw.md"
WRONG, RIGHT = "### Classs", "### Classes"


class Client:
    """A client of the protocol over a server's pipes, one message at a time."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdin is not None and process.stdout is not None
        self.to_server: IO[bytes] = process.stdin
        self.from_server: IO[bytes] = process.stdout
        self.next_id = 0

    def send(self, method: str, params: Any, request: bool = False) -> int | None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        sent_id = None
        if request:
            self.next_id += 1
            sent_id = message["id"] = self.next_id
        body = json.dumps(message).encode()
        self.to_server.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.to_server.flush()
        return sent_id

    def receive(self) -> dict[str, Any]:
        length = 0
        while True:
            line = self.from_server.readline()
            if not line:
                raise EOFError("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        message: dict[str, Any] = json.loads(self.from_server.read(length))
        return message

    def answer(self, sent_id: int) -> dict[str, Any]:
        while True:
            message = self.receive()
            if message.get("id") == sent_id and "method" not in message:
                return message

    def diagnostics(self, uri: str, version: int) -> list[dict[str, Any]]:
        """The diagnostics the server publishes for `uri` at `version`."""
        while True:
            message = self.receive()
            if message.get("method") != "textDocument/publishDiagnostics":
                continue
            params = message["params"]
            if params["uri"] == uri and params.get("version") == version:
                diagnostics: list[dict[str, Any]] = params["diagnostics"]
                return diagnostics


def _codes(diagnostics: list[dict[str, Any]], line: int) -> set[str]:
    return {d["code"] for d in diagnostics if d["range"]["start"]["line"] == line}


def measure(corpus: Path, page: str, edits: int, python: str, fresh: bool) -> dict[str, Any]:
    root = corpus.resolve()
    file = root / page
    text = file.read_text(encoding="utf-8")
    lines = text.split("\n")
    line = lines.index(WRONG)
    uri = file.as_uri()
    process = subprocess.Popen(
        [python, "-P", "-m", "doclint", "server"],
        cwd=root,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    client = Client(process)
    try:
        started = time.perf_counter()
        sent = client.send(
            "initialize",
            {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": {}},
            request=True,
        )
        assert sent is not None
        client.answer(sent)
        client.send("initialized", {})
        ready = time.perf_counter()
        document = {"uri": uri, "languageId": "markdown", "version": 1, "text": text}
        client.send("textDocument/didOpen", {"textDocument": document})
        first = client.diagnostics(uri, 1)
        opened = time.perf_counter()
        if "DL101" not in _codes(first, line):
            raise SystemExit(f"{page}: no DL101 on line {line + 1} when opened")
        times = []
        for version in range(2, edits + 2):
            fixing = version % 2 == 0
            old, new = (WRONG, RIGHT) if fixing else (RIGHT, WRONG)
            change = {
                "range": {
                    "start": {"line": line, "character": 0},
                    "end": {"line": line, "character": len(old)},
                },
                "text": new,
            }
            changes = [change]
            if fresh:
                above = {"line": line - 1, "character": 0}
                blank = {"line": line - 1, "character": version - 1}
                changes.append({"range": {"start": above, "end": blank}, "text": " " * version})
            before = time.perf_counter()
            client.send(
                "textDocument/didChange",
                {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes},
            )
            found = client.diagnostics(uri, version)
            times.append(time.perf_counter() - before)
            if ("DL101" in _codes(found, line)) == fixing:
                raise SystemExit(f"edit {version - 1}: DL101 {'kept' if fixing else 'missing'}")
        sent = client.send("shutdown", None, request=True)
        assert sent is not None
        client.answer(sent)
        client.send("exit", None)
    finally:
        if process.stdin is not None:
            process.stdin.close()
        process.wait(timeout=30)
    times.sort()
    return {
        "corpus": str(corpus),
        "pages": sum(1 for _ in (root / "docs").rglob("*.md")),
        "page": page,
        "start_ms": round((ready - started) * 1000, 1),
        "open_ms": round((opened - ready) * 1000, 1),
        "edits": edits,
        "fresh": fresh,
        "median_ms": round(statistics.median(times) * 1000, 2),
        "p90_ms": round(times[int(len(times) * 0.9)] * 1000, 2),
        "max_ms": round(times[-1] * 1000, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--page", default=DEFAULT_PAGE, help="a keyword index holding ### Classs")
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--python", default=sys.executable, help="the Python doclint runs on")
    parser.add_argument("--fresh", action="store_true", help="every edit's text a new one")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args()
    if not (args.corpus / "docs").is_dir():
        raise SystemExit(f"{args.corpus}: no corpus (see --help)")
    result = measure(args.corpus, args.page, args.edits, args.python, args.fresh)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(
        f"{result['corpus']} ({result['pages']:,} pages), {result['page']}:\n"
        f"  start to initialized {result['start_ms']} ms; open to first diagnostics "
        f"{result['open_ms']} ms\n"
        f"  edit to diagnostics over {result['edits']} edits"
        f"{' (each text new)' if result['fresh'] else ''}: median {result['median_ms']} ms, "
        f"90th percentile {result['p90_ms']} ms, worst {result['max_ms']} ms"
    )
    try:
        load = os.getloadavg()
        print(f"  load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    except OSError:
        pass


if __name__ == "__main__":
    main()

"""`doclint server` flooded by its client: a burst of edits, a message
stated larger than memory, a line with hundreds of findings, pages of many
roots opened and closed, an exit with no shutdown. The work is counted
(checks, code points counted, trees kept), never timed: the server is fed
a session written to a file, as a client that sent it all at once, and
what it wrote back is read."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
import weakref
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls")

from lsprotocol import types
from pygls.workspace import PositionCodec, TextDocument

from doclint.models.findings import Finding
from doclint.server import documents
from doclint.server.protocol import build_server, diagnostics
from doclint.server.stdio import MAX_MESSAGE, serve_io
from tests.pages import keyword_index, write

KW = "docs/pkg/mod.py_kw.md"
PAGE = keyword_index("pkg/mod.py", ["Thing"])
"""A keyword index whose `### Classs` heading is DL101's; the rest clean."""
CLEAN = PAGE.replace("### Classs", "### Classes")


def message(body: dict[str, Any]) -> bytes:
    data = json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(data), data)


def request(number: int, method: str, params: Any = None) -> bytes:
    return message({"jsonrpc": "2.0", "id": number, "method": method, "params": params})


def notice(method: str, params: Any = None) -> bytes:
    return message({"jsonrpc": "2.0", "method": method, "params": params})


def start(root: Path) -> bytes:
    capabilities = {"textDocument": {"publishDiagnostics": {"versionSupport": True}}}
    initialize = {"processId": None, "rootUri": root.as_uri(), "capabilities": capabilities}
    return request(1, "initialize", initialize) + notice("initialized", {})


def opened(uri: str, text: str) -> bytes:
    item = {"uri": uri, "languageId": "markdown", "version": 1, "text": text}
    return notice("textDocument/didOpen", {"textDocument": item})


def changed(uri: str, version: int, text: str) -> bytes:
    document = {"uri": uri, "version": version}
    return notice(
        "textDocument/didChange", {"textDocument": document, "contentChanges": [{"text": text}]}
    )


def closed(uri: str) -> bytes:
    return notice("textDocument/didClose", {"textDocument": {"uri": uri}})


def stop(shutdown: bool = True) -> bytes:
    return (request(99, "shutdown") if shutdown else b"") + notice("exit")


def replies(out: bytes) -> list[dict[str, Any]]:
    """The messages the server wrote."""
    found = []
    while out:
        head, _, out = out.partition(b"\r\n\r\n")
        length = next(
            int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.startswith(b"Content-")
        )
        found.append(json.loads(out[:length]))
        out = out[length:]
    return found


def serve(session: Path, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """`doclint server` fed the file `session`, all of it there at once."""
    with session.open("rb") as stdin:
        return subprocess.run(
            [sys.executable, "-m", "doclint", "server"],
            stdin=stdin,
            cwd=cwd,
            capture_output=True,
            timeout=120,
            check=False,
        )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "tree"
    write(root, {KW: CLEAN, "docs/pkg/mod.py_docs.md": "# x\n", "pkg/mod.py": "class Thing: ...\n"})
    return root


def test_a_burst_of_400_edits_is_checked_once_for_its_last_text(tree, tmp_path):
    uri = (tree / KW).as_uri()
    edits = b"".join(
        changed(uri, version, CLEAN + " " * version if version % 2 else PAGE)
        for version in range(2, 402)
    )
    # A hover needs the text as it is now: the burst is checked then.
    hover = {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}
    session = tmp_path / "session"
    session.write_bytes(
        start(tree) + opened(uri, PAGE) + edits + request(2, "textDocument/hover", hover) + stop()
    )
    done = serve(session, tree)
    assert done.returncode == 0, done.stderr
    published = [
        (reply["params"]["version"], [d["code"] for d in reply["params"]["diagnostics"]])
        for reply in replies(done.stdout)
        if reply.get("method") == types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS
    ]
    assert published == [(1, ["DL101"]), (401, [])]


def test_a_message_stated_larger_than_memory_is_one_line_of_log(tmp_path):
    session = tmp_path / "session"
    session.write_bytes(b"Content-Length: 9999999999999999\r\n\r\n{}")
    done = serve(session, tmp_path)
    assert done.returncode == 0
    errors = done.stderr.decode().splitlines()
    assert len(errors) == 1 and "over the limit of 134,217,728 bytes" in errors[0], errors


def test_after_a_message_over_the_limit_the_server_goes_on(tree, tmp_path):
    session = tmp_path / "session"
    with session.open("wb") as written:
        written.write(start(tree) + b"Content-Length: %d\r\n\r\n" % (MAX_MESSAGE + 1))
        written.truncate(written.tell() + MAX_MESSAGE + 1)  # a hole: no disk spent on it
        written.seek(0, 2)
        written.write(opened((tree / KW).as_uri(), PAGE) + stop())
    done = serve(session, tree)
    assert done.returncode == 0
    assert len(done.stderr.splitlines()) == 1
    answered = replies(done.stdout)
    assert [r["params"]["version"] for r in answered if "params" in r] == [1]
    assert any(reply.get("id") == 99 for reply in answered)


@pytest.mark.parametrize(("shutdown", "code"), [(True, 0), (False, 1)])
def test_exit_without_shutdown_is_exit_code_1(tree, tmp_path, shutdown, code):
    session = tmp_path / "session"
    session.write_bytes(start(tree) + stop(shutdown))
    done = serve(session, tree)
    assert done.returncode == code, done.stderr
    assert done.stderr == b""


class Counting(PositionCodec):
    """The codec of pygls, counting the code points it is asked to count."""

    counted = 0

    def client_num_units(self, string: str) -> int:
        Counting.counted += len(string)
        return int(super().client_num_units(string))


def test_a_line_of_500_findings_is_counted_once_not_from_its_start_for_each():
    line = "😋 " + "[x](gone.md) " * 500
    text = f"# T\n{line}\n"
    findings = [Finding(2, 3 + 13 * n, "m", code="DL401", severity="error") for n in range(500)]
    Counting.counted = 0
    document = TextDocument("file:///x.md", text, position_codec=Counting())
    shown = diagnostics(findings, text, document)
    assert Counting.counted <= len(line)
    # 😋 is two UTF-16 units: each column one more than its code points.
    assert [d.range.start.character for _, d in shown] == [3 + 13 * n for n in range(500)]
    assert {d.range.end.character for _, d in shown} == {len(line) + 1}


def test_the_trees_of_closed_pages_are_let_go(tmp_path, monkeypatch):
    """Pages whose titles imply 30 roots, opened then closed: no tree is
    kept; one still open keeps its own."""
    root = tmp_path / "tree"
    write(root, {f"r{n}/{KW}": CLEAN for n in range(30)})
    made: list[weakref.ref[documents.WorkspaceTree]] = []

    class Made(documents.WorkspaceTree):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(weakref.ref(self))

    monkeypatch.setattr(documents, "WorkspaceTree", Made)
    monkeypatch.chdir(root)  # the server goes to its workspace folder
    uris = [(root / f"r{n}" / KW).as_uri() for n in range(30)]
    session = tmp_path / "session"
    session.write_bytes(
        start(root)
        + b"".join(opened(uri, PAGE) for uri in uris)
        + b"".join(closed(uri) for uri in uris[1:])
    )  # no shutdown, which would close every tree: the input ends
    server = build_server()
    with session.open("rb") as stdin, (tmp_path / "out").open("wb") as stdout:
        assert serve_io(server, stdin, stdout) == 0
    gc.collect()
    kept = [tree for ref in made if (tree := ref()) is not None]
    assert len(made) == 30 and [tree.root for tree in kept] == [root / "r0"]

"""`doclint server`: the Language Server Protocol over stdio, driven by a real
client (pytest-lsp) in a process of its own: diagnostics on open, change and
save, the rules' fixes as code actions, a rule's documentation on hover."""

from __future__ import annotations

import shlex
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")

from lsprotocol import types  # noqa: E402
from pygls.protocol import default_converter  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features  # noqa: E402

from tests.conftest import PROJECT  # noqa: E402
from tests.pages import keyword_index, write  # noqa: E402
from tests.test_buffer_checks import EXPECTED, NOTES, small_checkout  # noqa: E402
from tests.test_buffer_checks import PAGE as NOTES_PAGE  # noqa: E402

KW = "docs/pkg/mod.py_kw.md"
PAGE = keyword_index("pkg/mod.py", ["Thing"])
"""A keyword index whose `### Classs` heading is DL101's (line 14); the rest clean."""
HEADING_LINE = 13


def _tree(root: Path) -> Path:
    write(
        root,
        {
            KW: PAGE.replace("### Classs", "### Classes"),
            "docs/pkg/mod.py_docs.md": "# x\n",
            "pkg/mod.py": "class Thing: ...\n",
        },
    )
    return root


VERSIONS: dict[int, dict[str, int | None]] = {}
"""Per client, the version of each document its diagnostics were published for."""
PUBLISHED: dict[int, Counter[str]] = {}
"""Per client, how many times each document's diagnostics were published."""


def _publish(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    VERSIONS.setdefault(id(client), {})[params.uri] = params.version
    PUBLISHED.setdefault(id(client), Counter())[params.uri] += 1


REGISTERED: dict[int, list[types.Registration]] = {}
"""Per client, the capabilities the server registered."""


def _register(client: LanguageClient, params: types.RegistrationParams) -> None:
    REGISTERED.setdefault(id(client), []).extend(params.registrations)


def _make_client() -> LanguageClient:
    """pytest-lsp's client, keeping the version of each document's diagnostics
    and the capabilities the server registers too."""
    made = LanguageClient(converter_factory=default_converter)
    features = {
        **DEFAULT_CLIENT_FEATURES,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: _publish,
        types.CLIENT_REGISTER_CAPABILITY: _register,
    }
    register_lsp_features(made, features)
    VERSIONS[id(made)] = {}
    return made


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return _tree(tmp_path / "tree")


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "doclint", "server"], client_factory=_make_client
    ),
)
async def client(lsp_client: LanguageClient, tree: Path):
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(
                workspace=types.WorkspaceClientCapabilities(
                    did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(
                        dynamic_registration=True
                    )
                ),
                text_document=types.TextDocumentClientCapabilities(
                    publish_diagnostics=types.PublishDiagnosticsClientCapabilities(
                        version_support=True
                    ),
                    hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
                    code_action=types.CodeActionClientCapabilities(
                        code_action_literal_support=types.ClientCodeActionLiteralOptions(
                            code_action_kind=types.ClientCodeActionKindOptions(
                                value_set=list(types.CodeActionKind)
                            )
                        ),
                        is_preferred_support=True,
                    ),
                ),
            ),
            root_uri=tree.as_uri(),
        )
    )
    yield
    await lsp_client.shutdown_session()


async def _diagnostics(client: LanguageClient, uri: str, version: int) -> list[types.Diagnostic]:
    """The diagnostics the server publishes for `uri` at `version`."""
    for _ in range(200):
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        published = client.diagnostics.get(uri)
        if published is not None and _version(client, uri) == version:
            return list(published)
    raise AssertionError(f"no diagnostics for version {version}")


def _version(client: LanguageClient, uri: str) -> int | None:
    return VERSIONS[id(client)].get(uri)


def _open(client: LanguageClient, uri: str, text: str) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="markdown", version=1, text=text
            )
        )
    )


def _replace_line(client: LanguageClient, uri: str, version: int, line: int, text: str) -> None:
    """Replace the text of `line` (its line break kept), as an editor sends a change."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        start=types.Position(line=line, character=0),
                        end=types.Position(line=line, character=len("### Classes")),
                    ),
                    text=text,
                )
            ],
        )
    )


@pytest.mark.asyncio
async def test_a_defect_is_shown_goes_with_the_edit_and_comes_back(client, tree):
    uri = (tree / KW).as_uri()
    _open(client, uri, PAGE)
    (found,) = await _diagnostics(client, uri, 1)
    assert found.code == "DL101" and found.source == "doclint"
    assert found.severity == types.DiagnosticSeverity.Error
    assert found.range.start == types.Position(line=HEADING_LINE, character=0)
    assert found.code_description.href.endswith("/docs/rules/DL101.md")

    _replace_line(client, uri, 2, HEADING_LINE, "### Classes")
    assert await _diagnostics(client, uri, 2) == []

    _replace_line(client, uri, 3, HEADING_LINE, "### Classs")
    assert [d.code for d in await _diagnostics(client, uri, 3)] == ["DL101"]


def _saved(client: LanguageClient, file: Path) -> None:
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=file.as_uri())
        )
    )


async def _published_since(client: LanguageClient, before: Counter[str], uri: str) -> set[str]:
    """The documents whose diagnostics were published since `before`, once
    those of `uri` are: a request answered after them (a hover) tells that
    every check the server had to run before reading more input is done."""
    while PUBLISHED[id(client)][uri] == before[uri]:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=0, character=0),
        )
    )
    now = PUBLISHED[id(client)]
    return {published for published in now if now[published] != before[published]}


@pytest.mark.asyncio
async def test_the_buffer_counts_not_the_file_and_a_save_reads_the_tree_again(client, tree):
    uri = (tree / KW).as_uri()
    # On disk the page is clean: the buffer's defect is what is shown.
    _open(client, uri, PAGE)
    assert [d.code for d in await _diagnostics(client, uri, 1)] == ["DL101"]
    # The documented source loses its class and is saved: the page's
    # keyword is found phantom (DL203) from the source read again.
    (tree / "pkg" / "mod.py").write_text("x = 1\n")
    _saved(client, tree / "pkg" / "mod.py")
    codes = {d.code for d in await _diagnostics(client, uri, 1)}
    assert "DL101" in codes and len(codes) > 1


@pytest.mark.asyncio
async def test_a_save_checks_again_the_open_pages_that_read_the_file_and_no_others(client, tree):
    """Three open pages, one citing `src/a.py`: a save of `src/a.py` checks
    that one again (its citation now past the file's end), not the page
    citing another file nor the page linking a page; a file made checks
    again the page that linked it while it was missing (issue 90)."""
    pages = {
        "a": ("docs/a.md", "# A\n\nThe helper is at `src/a.py:3-5`.\n"),
        "b": ("docs/b.md", "# B\n\nThe other is at `src/b.py:1-2`.\n"),
        "c": ("docs/c.md", "# C\n\nSee [b](b.md) and [the notes](notes.md).\n"),
    }
    lines = "".join(f"x{i} = {i}\n" for i in range(6))
    write(tree, {"src/a.py": lines, "src/b.py": lines, **dict(pages.values())})
    uris = {name: (tree / path).as_uri() for name, (path, _) in pages.items()}
    for name, (_, text) in pages.items():
        _open(client, uris[name], text)
        found = [d.code for d in await _diagnostics(client, uris[name], 1)]
        assert found == (["DL401"] if name == "c" else [])

    (tree / "src" / "a.py").write_text("x = 1\n")
    before = Counter(PUBLISHED[id(client)])
    _saved(client, tree / "src" / "a.py")
    assert await _published_since(client, before, uris["a"]) == {uris["a"]}
    assert [d.code for d in client.diagnostics[uris["a"]]] == ["DL802"]

    (tree / "docs" / "notes.md").write_text("# Notes\n")
    before = Counter(PUBLISHED[id(client)])
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[
                types.FileEvent(
                    uri=(tree / "docs" / "notes.md").as_uri(), type=types.FileChangeType.Created
                )
            ]
        )
    )
    assert await _published_since(client, before, uris["c"]) == {uris["c"]}
    assert list(client.diagnostics[uris["c"]]) == []


@pytest.mark.asyncio
async def test_a_file_changed_on_disk_is_read_again_when_the_client_says_so(client, tree):
    uri = (tree / KW).as_uri()
    clean = PAGE.replace("### Classs", "### Classes")
    _open(client, uri, clean)
    assert await _diagnostics(client, uri, 1) == []
    (registered,) = REGISTERED[id(client)]
    assert registered.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
    source = tree / "pkg" / "mod.py"
    source.write_text("x = 1\n")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=source.as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    assert await _diagnostics(client, uri, 1) != []


@pytest.mark.asyncio
async def test_a_plain_page_citing_code_gets_the_findings_the_command_line_gives(client, tree):
    """The fourth way of tests/test_buffer_checks.py, through the protocol:
    the workspace a checkout, the page's findings those of `doclint check`."""
    small_checkout(tree)
    uri = (tree / NOTES_PAGE).as_uri()
    _open(client, uri, NOTES)
    found = await _diagnostics(client, uri, 1)
    shown = [(d.range.start.line + 1, d.range.start.character + 1, d.code) for d in found]
    assert sorted(shown) == EXPECTED


@pytest.mark.asyncio
async def test_a_code_action_applies_the_safe_fix(client, tree):
    uri = (tree / KW).as_uri()
    _open(client, uri, PAGE)
    (found,) = await _diagnostics(client, uri, 1)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=found.range,
            context=types.CodeActionContext(diagnostics=[found]),
        )
    )
    quick = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert len(quick) == 1 and quick[0].is_preferred
    assert "DL101" in quick[0].title
    (edit,) = quick[0].edit.changes[uri]
    assert edit.new_text == "Classes"
    assert edit.range == types.Range(
        start=types.Position(line=HEADING_LINE, character=4),
        end=types.Position(line=HEADING_LINE, character=10),
    )
    (fix_all,) = [a for a in actions if a.kind == "source.fixAll.doclint"]
    (whole,) = fix_all.edit.changes[uri]
    assert whole.new_text == PAGE.replace("### Classs", "### Classes")


@pytest.mark.asyncio
async def test_hover_on_a_finding_shows_its_rule(client, tree):
    uri = (tree / KW).as_uri()
    _open(client, uri, PAGE)
    await _diagnostics(client, uri, 1)
    shown = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=HEADING_LINE, character=6),
        )
    )
    assert shown is not None
    assert "DL101 unknown-heading" in shown.contents.value
    assert "docs/rules/DL101.md" in shown.contents.value
    nothing = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=0, character=0),
        )
    )
    assert nothing is None


@pytest.mark.asyncio
async def test_bad_input_gets_a_message_not_a_crash(client, tree, tmp_path):
    outside = tmp_path / "elsewhere.md"
    outside.write_text("[x](gone.md)\n")
    _open(client, outside.as_uri(), "[x](gone.md)\n")
    assert await _diagnostics(client, outside.as_uri(), 1) == []
    assert any("outside the workspace root" in m.message for m in client.log_messages)
    binary = (tree / "docs" / "blob.md").as_uri()
    _open(client, binary, "hello\0\0\0world\n")
    assert [d.code for d in await _diagnostics(client, binary, 1)] == ["DL004"]
    surrogate = (tree / "docs" / "odd.md").as_uri()
    _open(client, surrogate, "# Odd \udc80\n")
    assert [d.code for d in await _diagnostics(client, surrogate, 1)] == ["DL003"]
    _open(client, "untitled:Untitled-1", "[x](gone.md)\n")
    assert await _diagnostics(client, "untitled:Untitled-1", 1) == []
    assert any("Untitled-1: not checked" in m.message for m in client.log_messages)
    # A page not yet on disk is checked as the file it will be.
    new = (tree / "docs" / "pkg" / "new.md").as_uri()
    _open(client, new, "[x](gone.md)\n")
    assert [d.code for d in await _diagnostics(client, new, 1)] == ["DL401"]
    # The server still answers.
    uri = (tree / KW).as_uri()
    _open(client, uri, PAGE)
    assert [d.code for d in await _diagnostics(client, uri, 1)] == ["DL101"]


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "doclint", "server"], client_factory=_make_client
    ),
)
async def configured_client(lsp_client: LanguageClient, tree: Path):
    """A client as Neovim's: its root both as rootUri and as a workspace
    folder, and settings in initializationOptions."""
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(
                text_document=types.TextDocumentClientCapabilities(
                    publish_diagnostics=types.PublishDiagnosticsClientCapabilities(
                        version_support=True
                    )
                )
            ),
            root_uri=tree.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=tree.as_uri(), name="tree")],
            initialization_options={"doclint": {"ignore": ["DL101"]}},
        )
    )
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_the_clients_settings_are_read_and_its_root_named_once(
    configured_client, tree, tmp_path
):
    client = configured_client
    uri = (tree / KW).as_uri()
    _open(client, uri, PAGE)
    assert await _diagnostics(client, uri, 1) == []  # DL101, ignored by initializationOptions
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"doclint": {"select": ["DL1"]}})
    )
    assert [d.code for d in await _diagnostics(client, uri, 1)] == ["DL101"]
    outside = tmp_path / "elsewhere.md"
    _open(client, outside.as_uri(), "# x\n")
    await _diagnostics(client, outside.as_uri(), 1)
    (line,) = [m.message for m in client.log_messages if "outside the workspace" in m.message]
    assert line.endswith(f"outside the workspace root ({tree}); not checked")


def test_without_pygls_the_command_says_how_to_get_it(tmp_path):
    # A stand-in package named pygls that cannot be imported, first on the path.
    (tmp_path / "pygls").mkdir()
    (tmp_path / "pygls" / "__init__.py").write_text("raise ImportError('no', name='pygls')\n")
    done = subprocess.run(
        [sys.executable, "-m", "doclint", "server"],
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1
    # No package index serves doclint: the line installs the extra's
    # requirement into the environment doclint runs in, a command that works.
    assert "doclint[server]" not in done.stderr
    (extra,) = tomllib.loads((PROJECT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]["server"]
    assert done.stderr.rstrip("\n").endswith(
        f": {shlex.quote(sys.executable)} -m pip install '{extra}'"
    )


def test_the_latency_bench_runs_and_checks_each_answer(tree):
    # bench/server_latency.py on a small tree: not timed here, only run, with
    # its own client and its checks of each answer (DL101 gone, then back).
    (tree / KW).write_text(PAGE)
    bench = Path(__file__).resolve().parent.parent / "bench" / "server_latency.py"
    done = subprocess.run(
        [sys.executable, str(bench), str(tree), "--page", KW, "--edits", "6", "--fresh", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert '"edits": 6' in done.stdout and '"median_ms"' in done.stdout


def test_the_editor_configurations_of_the_docs_parse_and_start_the_server():
    # docs/editors.md: the JSON and TOML an editor reads are valid as written
    # and start `doclint server` (the Lua needs Neovim, which is not here).
    import json
    import re
    import tomllib

    text = (Path(__file__).resolve().parent.parent / "docs" / "editors.md").read_text()
    blocks = re.findall(r"^```(\w+)\n(.*?)^```$", text, re.M | re.S)
    parsed = [json.loads(body) for kind, body in blocks if kind == "json"]
    assert parsed[0]["glspc.server.command"] == "doclint"
    assert parsed[0]["glspc.server.commandArguments"] == ["server"]
    assert "source.fixAll.doclint" in parsed[1]["[markdown]"]["editor.codeActionsOnSave"]
    (helix,) = [tomllib.loads(body) for kind, body in blocks if kind == "toml"]
    assert helix["language-server"]["doclint"] == {"command": "doclint", "args": ["server"]}
    starting = [body for kind, body in blocks if kind == "lua" and "vim.lsp" in body]
    assert len(starting) == 2
    assert all('cmd = { "doclint", "server" }' in body for body in starting)


@pytest.mark.parametrize(
    ("encoding", "column"),
    [
        (types.PositionEncodingKind.Utf16, 4),  # 😋 is two UTF-16 units
        (types.PositionEncodingKind.Utf8, 6),  # and four UTF-8 bytes
        (types.PositionEncodingKind.Utf32, 3),
    ],
)
def test_columns_are_counted_in_the_client_s_encoding_and_lines_as_the_protocol_breaks_them(
    encoding, column
):
    from pygls.workspace import PositionCodec, TextDocument

    from doclint.models.findings import Edit, Finding
    from doclint.server.protocol import diagnostics, text_edits

    # CRLF line breaks, a lone CR, and a form feed the protocol does not break at.
    text = "a\r\nb\rx\x0c😋yz\r\n"
    document = TextDocument("file:///x.md", text, position_codec=PositionCodec(encoding))
    finding = Finding(3, 4, "m", code="DL000", severity="info")
    ((_, shown),) = diagnostics([finding], text, document)
    assert shown.range.start == types.Position(line=2, character=column)
    assert shown.range.end.line == 2
    (edit,) = text_edits([Edit(3, 4, 3, 5, "Y\nZ")], text, document)
    assert edit.range.start == types.Position(line=2, character=column)
    assert edit.new_text == "Y\r\nZ"
    # The end of the text: the line after the last.
    (end,) = text_edits([Edit(4, 1, 4, 1, "!")], text, document)
    assert end.range.start == types.Position(line=3, character=0)


def test_a_malformed_message_is_one_line_of_log_not_a_stack(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "doclint", "server"],
        input=b"Content-Length: 5\r\n\r\n{bad}",
        cwd=tmp_path,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    errors = done.stderr.decode().splitlines()
    assert len(errors) == 1 and errors[0].startswith("doclint server: error:"), errors

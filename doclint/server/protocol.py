"""The Language Server Protocol over stdio, by pygls: each open page's
findings as diagnostics, on open, change and save; the fixes the rules offer
as code actions; a rule's documentation on hover.

The checking itself is documents.py's (a `Workspace` kept warm for each
workspace folder the client names); this module turns its findings into the
protocol's terms: lines and columns
counted in the client's position encoding (UTF-16 unless it chose another),
and a page's line breaks those the protocol counts (LF, CRLF, lone CR).
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Sequence
from itertools import accumulate
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.workspace import TextDocument

from doclint import __version__
from doclint.engine.builtin_rules import InternalError, engine_row
from doclint.engine.registry import Registry, load_registry
from doclint.models.findings import Edit, Finding
from doclint.models.markdown_lines import normalize_newlines
from doclint.models.urls import rule_url
from doclint.rule_api import FixSafety
from doclint.server.client_settings import ClientSettings, client_settings
from doclint.server.documents import OutsideWorkspace, Workspace

SOURCE = "doclint"
FIX_ALL = types.CodeActionKind.SourceFixAll + ".doclint"
"""The code action that applies every safe fix (`source.fixAll.doclint`), as
an editor's "fix all on save" asks for it."""

_SEVERITIES = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "info": types.DiagnosticSeverity.Information,
}


_Note = tuple[str, types.MessageType]
"""A line for the client's log, and its kind."""
_WARNING = types.MessageType.Warning


class _Shown:
    """What a document's last check showed: its version, text and findings
    with the diagnostic each became, and the line it logged."""

    def __init__(
        self,
        version: int | None,
        text: str,
        shown: list[tuple[Finding, types.Diagnostic]],
        note: _Note | None = None,
    ) -> None:
        self.version = version
        self.text = text
        self.shown = shown
        self.note = note


class DoclintServer(LanguageServer):
    """The language server: a warm `Workspace` per workspace folder the
    client names, each open document's last findings."""

    def __init__(self, registry: Registry | None = None) -> None:
        super().__init__("doclint", __version__)
        self.roots: dict[Path, Workspace] = {}
        self._registry = registry
        self.shown: dict[str, _Shown] = {}
        self._pending: dict[str, None] = {}
        """The documents to check once no more input waits, in the order asked."""
        self.client = ClientSettings()
        """The editor's settings (client_settings.py)."""

    @property
    def registry(self) -> Registry:
        """The rules, loaded once for every workspace folder."""
        if self._registry is None:
            self._registry = load_registry()
        return self._registry

    def folders(self) -> list[Path]:
        """The workspace folders the client named (its root first), or the
        working folder when it named none."""
        named = [self.workspace.root_path] if self.workspace.root_path else []
        named += [
            str(path)
            for folder in self.workspace.folders.values()
            if (path := file_path(folder.uri)) is not None
        ]
        # A client may name its root twice (rootUri and a workspace folder):
        # each folder once.
        folders = dict.fromkeys(Path(os.path.abspath(folder)) for folder in named)
        return list(folders) or [Path.cwd()]

    def workspace_of(self, file: Path) -> Workspace:
        """The warm workspace of the innermost workspace folder holding
        `file`; OutsideWorkspace when none holds it."""
        holding = [folder for folder in self.folders() if file.is_relative_to(folder)]
        if not holding:
            folders = ", ".join(str(folder) for folder in self.folders())
            raise OutsideWorkspace(f"{file} is outside the workspace root ({folders})")
        folder = max(holding, key=lambda folder: len(folder.parts))
        found = self.roots.get(folder)
        if found is None:
            found = self.roots[folder] = Workspace(folder, self.registry, self.client)
        return found

    def configure(self, given: object) -> None:
        """The editor's settings (`initializationOptions`, or a
        `didChangeConfiguration`'s): every open page checked again with them."""
        found = client_settings(given, self.folders()[0])
        if found is None:
            return
        self.client, problems = found
        for problem in problems:
            self.log(f"doclint settings: {problem}")
        for workspace in self.roots.values():
            workspace.configure(self.client)
        for open_uri in list(self.shown):
            self.shown[open_uri].version = None  # checked again, whatever its version
            self.soon(open_uri)

    def log(self, message: str, kind: types.MessageType = types.MessageType.Warning) -> None:
        self.window_log_message(types.LogMessageParams(type=kind, message=message))

    def soon(self, uri: str) -> None:
        """Check `uri` once no more of the client's input waits (stdio.py):
        a burst of changes is checked once, for its last text."""
        self._pending[uri] = None

    def check_pending(self) -> None:
        """Check the documents changed since their last check."""
        while self._pending:
            self.check(next(iter(self._pending)))

    def check(self, uri: str) -> None:
        """Check the open document `uri` as its buffer holds it now and
        publish its diagnostics (an empty list when it cannot be checked;
        why is said once in the client's log, not at every change)."""
        self._pending.pop(uri, None)
        document = self.workspace.get_text_document(uri)
        text, version = document.source, document.version
        last = self.shown.get(uri)
        if last is not None and last.version == version and last.text == text:
            return
        findings, note = self._findings(uri, text)
        if note is not None and (last is None or last.note != note):
            self.log(*note)
        shown = diagnostics(findings, text, document)
        self.shown[uri] = _Shown(version, text, shown, note)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=uri, version=version, diagnostics=[diagnostic for _, diagnostic in shown]
            )
        )

    def _findings(self, uri: str, text: str) -> tuple[list[Finding], _Note | None]:
        """The findings of the buffer `text` of `uri`, and what to tell the
        client's log of it."""
        file = file_path(uri)
        if file is None:
            return [], (f"{uri}: not checked: not a file on this machine", _WARNING)
        try:
            checked = self.workspace_of(file).check(file, text)
        except OutsideWorkspace as error:
            return [], (f"{error}; not checked", _WARNING)
        except Exception as error:  # a bug of doclint must not end the server
            message = f"doclint crashed on this page: {type(error).__name__}: {error}"
            trace = "".join(traceback.format_exception(error)).rstrip()
            crash = engine_row(InternalError, 1, 1, message, InternalError.RULE_CRASHED)
            return [crash], (f"{file}: {message}\n{trace}", types.MessageType.Error)
        if checked.note is None:
            return checked.findings, None
        kind = _WARNING if checked.trouble else types.MessageType.Info
        return checked.findings, (f"{file}: {checked.note}", kind)

    def closed(self, uri: str) -> None:
        """The document `uri` was closed: its diagnostics are cleared, and
        the state of its tree let go when no open document uses it."""
        self.shown.pop(uri, None)
        self._pending.pop(uri, None)
        file = file_path(uri)
        if file is not None:
            for workspace in self.roots.values():
                workspace.closed(file)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )

    def changed_on_disk(self, uris: Sequence[str]) -> None:
        """Files saved, or made, changed or deleted outside the editor: each
        tree holding one reads it again, and the open documents whose last
        check read one (its facts name it) are checked again, no others."""
        changed = {path for uri in uris if (path := file_path(uri)) is not None}
        again = set(changed)
        for workspace in self.roots.values():
            again |= workspace.changed(changed)
        for open_uri in list(self.shown):
            if file_path(open_uri) in again:
                self.shown[open_uri].version = None  # checked again, whatever its version
                self.soon(open_uri)


def file_path(uri: str) -> Path | None:
    """The path of a `file:` URI on this machine; None for another scheme or host."""
    parsed = urlparse(uri)
    if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
        return None
    path = unquote(parsed.path)
    if not path.startswith("/") or "\0" in path:
        return None
    return Path(os.path.normpath(path))


class _Positions:
    """The client's positions in a text: lines as the protocol breaks them,
    columns in the client's code units, each line's counted once, at its
    first position asked for (a line with thousands of findings is not
    counted again from its start for each)."""

    def __init__(self, text: str, document: TextDocument) -> None:
        self.lines = normalize_newlines(text).split("\n")
        self._codec = document.position_codec
        self._units: dict[int, list[int] | None] = {}
        """Per line asked for, the units before each of its code points
        (None for a line of ASCII, whose units are its code points)."""

    def at(self, line: int, column: int) -> types.Position:
        """The position of a 1-based line and column counted in code points."""
        index = min(max(line, 1), len(self.lines)) - 1
        if line > len(self.lines):  # the end of the text
            column = len(self.lines[index]) + 1
        return self.in_line(index, max(column, 1) - 1)

    def in_line(self, index: int, points: int) -> types.Position:
        """The position after the first `points` code points of a line."""
        text = self.lines[index]
        if index not in self._units:
            counted = None
            if not text.isascii():
                units = (self._codec.client_num_units(point) for point in text)
                counted = list(accumulate(units, initial=0))
            self._units[index] = counted
        table = self._units[index]
        points = min(points, len(text))
        return types.Position(line=index, character=points if table is None else table[points])

    def line_end(self, index: int) -> types.Position:
        return self.in_line(index, len(self.lines[index]))


def diagnostics(
    findings: list[Finding], text: str, document: TextDocument
) -> list[tuple[Finding, types.Diagnostic]]:
    """Each finding as a diagnostic from its column to its line's end."""
    positions = _Positions(text, document)
    shown = []
    for finding in findings:
        start = positions.at(finding.line, finding.column)
        end = positions.line_end(start.line)
        if end.character <= start.character:
            end = start
        diagnostic = types.Diagnostic(
            range=types.Range(start=start, end=end),
            message=finding.message,
            severity=_SEVERITIES.get(finding.severity, types.DiagnosticSeverity.Warning),
            code=finding.code,
            code_description=types.CodeDescription(href=rule_url(finding.code)),
            source=SOURCE,
        )
        shown.append((finding, diagnostic))
    return shown


def text_edits(edits: Sequence[Edit], text: str, document: TextDocument) -> list[types.TextEdit]:
    """A fix's edits (positions in code points of the text with LF line
    breaks) as the client's edits, in the buffer's own line breaks."""
    positions = _Positions(text, document)
    newline = "\r\n" if "\r\n" in text else "\n"
    return [
        types.TextEdit(
            range=types.Range(
                start=positions.at(edit.line, edit.column),
                end=positions.at(edit.end_line, edit.end_column),
            ),
            new_text=edit.content.replace("\n", newline),
        )
        for edit in edits
    ]


def code_actions(server: DoclintServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    """The fix of each finding in the range asked (safe ones preferred), and
    every safe fix of the page at once."""
    uri = params.text_document.uri
    if uri not in server.shown:
        return []
    # Edits made of an older text would land in the wrong places: the text
    # as it is now is checked first, where a change is still pending.
    server.check(uri)
    last = server.shown[uri]
    document = server.workspace.get_text_document(uri)
    only = params.context.only
    actions = []
    if not only or any(kind.startswith(types.CodeActionKind.QuickFix) for kind in only):
        first, end = params.range.start.line, params.range.end.line
        for finding, diagnostic in last.shown:
            fix = finding.fix
            if fix is None or not first <= diagnostic.range.start.line <= end:
                continue
            safe = fix.applicability is FixSafety.SAFE
            title = f"{fix.message} ({finding.code})" + ("" if safe else " (unsafe)")
            edit = types.WorkspaceEdit(changes={uri: text_edits(fix.edits, last.text, document)})
            actions.append(
                types.CodeAction(
                    title=title,
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diagnostic],
                    edit=edit,
                    is_preferred=safe,
                )
            )
    wanted = (FIX_ALL, types.CodeActionKind.SourceFixAll, types.CodeActionKind.Source)
    if (not only or any(kind in wanted for kind in only)) and any(
        finding.fix is not None and finding.fix.applicability is FixSafety.SAFE
        for finding, _ in last.shown
    ):
        fixed = _fixed_all(server, uri, last.text)
        if fixed is not None:
            positions = _Positions(last.text, document)
            whole = types.Range(
                start=types.Position(line=0, character=0),
                end=positions.at(len(positions.lines) + 1, 1),
            )
            change = types.TextEdit(range=whole, new_text=fixed)
            actions.append(
                types.CodeAction(
                    title="doclint: apply every safe fix",
                    kind=FIX_ALL,
                    edit=types.WorkspaceEdit(changes={uri: [change]}),
                )
            )
    return actions


def _fixed_all(server: DoclintServer, uri: str, text: str) -> str | None:
    file = file_path(uri)
    if file is None:
        return None
    try:
        return server.workspace_of(file).fix_all(file, text)
    except OutsideWorkspace:
        return None
    except Exception as error:  # a bug of doclint must not end the server
        server.log(f"{file}: the fixes failed: {type(error).__name__}: {error}")
        return None


def hover(server: DoclintServer, params: types.HoverParams) -> types.Hover | None:
    """The documentation of each rule whose finding covers the position."""
    uri = params.text_document.uri
    if uri not in server.shown:
        return None
    server.check(uri)
    last = server.shown[uri]
    at = params.position
    codes: dict[str, types.Range] = {}
    for finding, diagnostic in last.shown:
        where = diagnostic.range
        if where.start.line == at.line and where.start.character <= at.character:
            codes.setdefault(finding.code, where)
    if not codes:
        return None
    parts = [rule_help(server.registry, code) for code in codes]
    return types.Hover(
        contents=types.MarkupContent(
            kind=types.MarkupKind.Markdown, value="\n\n---\n\n".join(parts)
        ),
        range=next(iter(codes.values())),
    )


def rule_help(registry: Registry, code: str) -> str:
    """A rule's documentation as `doclint rule CODE` gives it, in Markdown."""
    entry = registry.entry(code)
    link = f"[docs/rules/{code}.md]({rule_url(code)})"
    if entry is None:
        return f"**{code}**\n\n{link}"
    rule = entry.load()
    return f"**{rule.code} {rule.name}**: {rule.summary}\n\n{rule.documentation()}\n\n{link}"


def build_server(registry: Registry | None = None) -> DoclintServer:
    """The server with its handlers registered."""
    server = DoclintServer(registry)

    @server.feature(types.INITIALIZE)
    def initialize(ls: DoclintServer, params: types.InitializeParams) -> None:
        ls.configure(params.initialization_options)
        # Loaded now, not at the first page opened: the editor waits less then.
        ls.registry  # noqa: B018

    @server.feature(types.INITIALIZED)
    def initialized(ls: DoclintServer, params: types.InitializedParams) -> None:
        workspace = ls.client_capabilities.workspace
        watched = workspace.did_change_watched_files if workspace is not None else None
        if watched is None or not watched.dynamic_registration:
            return
        # A generator rewriting pages, or a source changed on disk, changes
        # what an open page's rules read: the client says which files, and
        # they are read again (`changed_on_disk`).
        watchers = types.DidChangeWatchedFilesRegistrationOptions(
            watchers=[types.FileSystemWatcher(glob_pattern="**/*")]
        )
        registration = types.Registration(
            id="doclint-watched-files",
            method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=watchers,
        )
        ls.client_register_capability(types.RegistrationParams(registrations=[registration]))

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: DoclintServer, params: None) -> None:
        for workspace in ls.roots.values():
            workspace.close()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: DoclintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.shown.pop(params.text_document.uri, None)
        ls.check(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: DoclintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.soon(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: DoclintServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.changed_on_disk([params.text_document.uri])

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: DoclintServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.closed(params.text_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def configuration(ls: DoclintServer, params: types.DidChangeConfigurationParams) -> None:
        ls.configure(params.settings)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched(ls: DoclintServer, params: types.DidChangeWatchedFilesParams) -> None:
        ls.changed_on_disk([change.uri for change in params.changes])

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL]),
    )
    def code_action(ls: DoclintServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        return code_actions(ls, params)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: DoclintServer, params: types.HoverParams) -> types.Hover | None:
        return hover(ls, params)

    return server

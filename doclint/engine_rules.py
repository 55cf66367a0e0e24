"""Diagnostics the engine itself emits about a file, documented like rules."""

from __future__ import annotations

from collections.abc import Iterable

from doclint.rule_api import AnyPage, Finding, Rule, RuleContext, Scope


class _EngineRule(Rule):
    """Emitted by the engine, never by `check`."""

    scope = Scope.FILE

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterable[Finding]:
        return ()


class InternalError(_EngineRule):
    """A rule raised an exception on this file.

    **Why it matters:** a crashing rule must not stop the run or hide the
    findings of the other rules, but it must not fail silently either: the
    file was not fully checked. Run with `--show-traceback` to see the stack,
    and report it to the rule's author.

    **Example:** `DL001 [internal-error] rule DL999 (my-rule) crashed: KeyError: 'x'`
    """

    code = "DL001"
    name = "internal-error"
    summary = "A rule crashed on this file; the other rules still ran."


class UnreadableFile(_EngineRule):
    """The file could not be read (permissions, vanished, not a regular file).

    **Why it matters:** a linter that skips what it cannot read lets defects
    through unnoticed; the run goes on and the file is named.

    **Example:** `DL002 [unreadable-file] cannot read file: Permission denied`
    """

    code = "DL002"
    name = "unreadable-file"
    summary = "The file could not be read."


class InvalidUtf8(_EngineRule):
    """The file is not valid UTF-8.

    **Why it matters:** generated documentation is UTF-8; bytes that do not
    decode were written by a broken step. The rest of the file is still
    checked, with undecodable bytes replaced by U+FFFD.

    **Bad:** a file containing the byte `0xE9` alone (Latin-1 "é").

    **Good:** the same text encoded as UTF-8 (`0xC3 0xA9`).
    """

    code = "DL003"
    name = "invalid-utf8"
    summary = "The file is not valid UTF-8; the decodable text is still checked."


class BinaryFile(_EngineRule):
    """The file holds NUL bytes in its first 8 KiB: it is binary, not Markdown.

    **Why it matters:** a binary file named on the command line or given a
    Markdown name in a documentation tree (an image saved as `.md`, a file
    truncated to zeros by a crashed writer) cannot be documentation. It is
    named once and not checked further; the rest of the run goes on.

    **Example:** `DL004 [binary-file] NUL byte at offset 12: a binary file, not checked`
    """

    code = "DL004"
    name = "binary-file"
    summary = "The file is binary (NUL bytes), not text; it is not checked further."


class FileTooLarge(_EngineRule):
    """The file is larger than doclint reads (`--max-file-size`, 64 MiB by default).

    **Why it matters:** a generated page of tens of megabytes is a defect of
    its own (an embedded data file, a runaway loop), and reading it would cost
    memory and time out of proportion. It is named and skipped, and the rest
    of the run goes on.

    **Example:** `DL005 [file-too-large] 104,857,600 bytes is over the limit of 67,108,864`
    """

    code = "DL005"
    name = "file-too-large"
    summary = "The file is over the size limit and was not read."


ENGINE_RULES: tuple[type[Rule], ...] = (
    InternalError,
    UnreadableFile,
    InvalidUtf8,
    BinaryFile,
    FileTooLarge,
)

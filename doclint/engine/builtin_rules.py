"""Diagnostics the engine itself emits about a file, documented like rules."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from doclint.rule_api import AnyPage, Cause, Finding, Rule, RuleContext, RuleDocs, Scope, Severity


class _EngineRule(Rule[AnyPage]):
    """Emitted by the engine, never by `check`."""

    scope = Scope.FILE

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterable[Finding]:
        return ()


class InternalError(_EngineRule):
    code = "DL001"
    name = "internal-error"
    summary = "A rule crashed on this file; the other rules still ran."
    docs = RuleDocs(
        what="A rule raised an exception on this file.",
        why="""A crashing rule must not stop the run or hide the
        findings of the other rules, but it must not fail silently either: the
        file was not fully checked. Run with `--show-traceback` to see the stack,
        and report it to the rule's author.""",
        example="`DL001 error [internal-error] rule DL999 (my-rule) crashed: KeyError: 'x'`",
        use_instead="""a rule that handles the page: fix it (or have its author
        fix it); until then `--ignore DL999` leaves it out and the file is checked
        by the other rules without an internal error.""",
    )
    RULE_CRASHED = Cause("internal-error/rule-crashed", "Rule crashed")
    PARSER_CRASHED = Cause("internal-error/parser-crashed", "Parser crashed")
    causes = (RULE_CRASHED, PARSER_CRASHED)


class UnreadableFile(_EngineRule):
    code = "DL002"
    name = "unreadable-file"
    summary = "The file could not be read."
    docs = RuleDocs(
        what="The file could not be read (permissions, vanished, not a regular file).",
        why="""A linter that skips what it cannot read lets defects
        through unnoticed; the run goes on and the file is named.""",
        example="""`DL002 error [unreadable-file] cannot read file: Permission denied`
        (or `cannot read file: broken symbolic link to gone.md`)""",
        use_instead="""a file doclint may read (`chmod a+r page.md`), a symbolic
        link whose target exists, or the path left out (`--exclude`).""",
    )
    UNREADABLE = Cause("unreadable-file/read-error", "File that cannot be read")
    causes = (UNREADABLE,)


class InvalidUtf8(_EngineRule):
    code = "DL003"
    name = "invalid-utf8"
    summary = "The file is not valid UTF-8; the decodable text is still checked."
    docs = RuleDocs(
        what="The file is not valid UTF-8.",
        why="""Generated documentation is UTF-8; bytes that do not
        decode were written by a broken step. The rest of the file is still
        checked, with undecodable bytes replaced by U+FFFD.""",
        example="""a file containing the byte `0xE9` alone (Latin-1 "é").""",
        use_instead="the same text encoded as UTF-8 (`0xC3 0xA9`).",
    )
    INVALID_UTF8 = Cause("invalid-utf8/undecodable-bytes", "Bytes that are not UTF-8")
    causes = (INVALID_UTF8,)


class BinaryFile(_EngineRule):
    code = "DL004"
    name = "binary-file"
    summary = "The file is binary (NUL bytes), not text; it is not checked further."
    docs = RuleDocs(
        what="The file holds NUL bytes in its first 8 KiB: it is binary, not Markdown.",
        why="""A binary file named on the command line or given a
        Markdown name in a documentation tree (an image saved as `.md`, a file
        truncated to zeros by a crashed writer) cannot be documentation. It is
        named once and not checked further; the rest of the run goes on.""",
        example="""`DL004 error [binary-file] NUL byte at offset 12: a binary file, not checked`
        for a PNG image saved as `diagram.md`.""",
        use_instead="""the image under its own name (`diagram.png`), linked
        from a page; a truncated page regenerated.""",
    )
    BINARY = Cause("binary-file/nul-byte", "NUL byte in a text file")
    causes = (BINARY,)


class FileTooLarge(_EngineRule):
    code = "DL005"
    name = "file-too-large"
    summary = "The file is over the size limit and was not read."
    docs = RuleDocs(
        what="The file is larger than doclint reads (`--max-file-size`, 64 MiB by default).",
        why="""A generated page of tens of megabytes is a defect of
        its own (an embedded data file, a runaway loop), and reading it would cost
        memory and time out of proportion. It is named and skipped, and the rest
        of the run goes on.""",
        example="""`DL005 error [file-too-large] 104,857,600 bytes is over the limit of
        67,108,864; not read`""",
        use_instead="""a page of a reasonable size (the data file linked, not
        embedded), or `--max-file-size` raised for a tree whose pages are meant to
        be that large.""",
    )
    TOO_LARGE = Cause("file-too-large/over-limit", "File over the size limit")
    causes = (TOO_LARGE,)


class UnusedSuppression(_EngineRule):
    code = "DL006"
    name = "unused-suppression"
    summary = "A doclint-disable directive that suppressed nothing, or that names no rule."
    docs = RuleDocs(
        what="""A `<!-- doclint-... -->` directive that suppressed nothing: it names a rule
        that found nothing where it applies, names no rule known to doclint, is
        not a directive doclint knows, or is an `enable` with nothing to end.
        Rules not enabled in the run are not judged.""",
        why="""A suppression outlives the finding it was written
        for: once the page is fixed or regenerated, a stale directive would
        silently hide the next real defect at that place. A misspelt one hides
        nothing and makes the reader believe it does.""",
        example="""```markdown
        <!-- doclint-disable-next-line DL101 -- the generator misspells this -->
        ### Classes
        ```""",
        use_instead="""delete the directive (the heading is right now), or put
        it above the line that has the finding.""",
    )
    severity = Severity.WARNING
    SUPPRESSED_NOTHING = Cause(
        "unused-suppression/suppressed-nothing", "Directive that suppressed nothing"
    )
    UNKNOWN_RULE = Cause("unused-suppression/unknown-rule", "Directive naming no known rule")
    UNKNOWN_DIRECTIVE = Cause("unused-suppression/unknown-directive", "Unknown directive")
    IDLE_ENABLE = Cause("unused-suppression/nothing-to-enable", "Enable with no disable to end")
    causes = (SUPPRESSED_NOTHING, UNKNOWN_RULE, UNKNOWN_DIRECTIVE, IDLE_ENABLE)


class Utf16File(_EngineRule):
    code = "DL008"
    name = "utf16-file"
    summary = "The file is UTF-16, not UTF-8; it is decoded and checked all the same."
    docs = RuleDocs(
        what="""The file is UTF-16 text (a byte-order mark `FF FE` or `FE FF`, or a NUL
        byte beside every ASCII character), not UTF-8.""",
        why="""Generated documentation is UTF-8, and so is what
        every Markdown tool expects: a UTF-16 page (written by a Windows tool or a
        PowerShell redirection) shows as binary in diffs and breaks the tools that
        read it. doclint decodes it and checks it all the same, at the right lines.""",
        example="""`DL008 error [utf16-file] UTF-16 LE text with a byte-order mark, not
        UTF-8; decoded and checked`""",
        use_instead="the same text saved as UTF-8.",
    )
    UTF16 = Cause("utf16-file/utf16-text", "UTF-16 text")
    causes = (UTF16,)


class EmptyFile(_EngineRule):
    code = "DL009"
    name = "empty-file"
    summary = "The file is empty or holds only whitespace."
    docs = RuleDocs(
        what="The file is empty, or holds only whitespace.",
        why="""A documentation page with nothing in it is what a
        writer that crashed or ran out of disk leaves behind; every link to it
        leads to a blank page. Nothing else is checked in it.""",
        example="""`DL009 warning [empty-file] the file is empty` (or `the file holds
        only whitespace`)""",
        use_instead="regenerate the page, or delete it and the links to it.",
    )
    severity = Severity.WARNING
    EMPTY = Cause("empty-file/no-bytes", "Empty file")
    BLANK = Cause("empty-file/only-whitespace", "File of whitespace only")
    causes = (EMPTY, BLANK)


class OutsideRoot(_EngineRule):
    code = "DL010"
    name = "file-outside-root"
    summary = "The file lies outside the tree root; it is not checked."
    docs = RuleDocs(
        what="A file named on the command line lies outside the tree root.",
        why="""Links, sources and folder contents are looked up in
        the tree root; a file outside it has none of them, so checking it would
        report every relative link. It is named once and not checked; give
        `--root` a folder that holds it, or check it in its own run.""",
        example="""`doclint check --root repo notes/x.md` gives
        `DL010 error [file-outside-root] the file is outside the tree root /work/repo; not checked`""",  # noqa: E501
        use_instead="`doclint check --root . repo/docs notes/x.md`.",
    )
    OUTSIDE = Cause("file-outside-root/outside-root", "File outside the tree root")
    causes = (OUTSIDE,)


ENGINE_RULES: tuple[type[Rule[Any]], ...] = (
    InternalError,
    UnreadableFile,
    InvalidUtf8,
    BinaryFile,
    FileTooLarge,
    Utf16File,
    EmptyFile,
    OutsideRoot,
    UnusedSuppression,
)


def engine_row(
    rule: type[Rule[Any]], line: int, column: int, message: str, cause: Cause
) -> Finding:
    """A finding the engine itself reports (not a rule's `check`)."""
    return Finding(line, column, message, None, cause, rule.code, rule.name, str(rule.severity))

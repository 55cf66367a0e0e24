"""The Linter: one parse per file, one pass of all selected rules over each page."""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from doclint.engine.builtin_rules import (
    BinaryFile,
    EmptyFile,
    FileTooLarge,
    InternalError,
    InvalidUtf8,
    OutsideRoot,
    UnreadableFile,
    Utf16File,
    engine_row,
)
from doclint.engine.outcomes import Checked, FileOutcome, PagePass, PageText
from doclint.engine.registry import (
    BUILTIN_PACKAGE,
    Registry,
    RuleEntry,
    load_registry,
    rule_options,
)
from doclint.engine.settings import Settings
from doclint.engine.suppressions import MARKER, apply_directives
from doclint.models.findings import Finding
from doclint.models.generated import AnyPage
from doclint.models.markdown import build_node
from doclint.models.markdown_lines import normalize_newlines
from doclint.models.page import DocKind
from doclint.parsing.pages import page_memo, parse_page
from doclint.profiles.original_source import embedded_page_text
from doclint.rule_api import (
    Cause,
    Edit,
    Fix,
    FixSafety,
    OptionValue,
    Origin,
    Rule,
    RuleContext,
    Scope,
    origins_of,
)
from doclint.tree.decoding import BINARY_SNIFF, count_breaks, decode_utf8, decode_utf16
from doclint.tree.index import Tree, clean_path, digest, stamp_of
from doclint.tree.reading import OverLimit, read_beneath
from doclint.util.lru import RecentPages
from doclint.util.paths import relative_to


def _unreadable_reason(file: Path | str, error: OSError | ValueError) -> str:
    """Why a file could not be read, said plainly: a dangling symlink names its target."""
    if isinstance(error, FileNotFoundError) and os.path.islink(file):
        try:
            return f"broken symbolic link to {os.readlink(file)}"
        except OSError:
            return "broken symbolic link"
    return getattr(error, "strerror", None) or str(error)


def iter_pages(page: AnyPage, text: str = "", first_line: int = 1) -> Iterator[PageText]:
    """A page of `text` starting at `first_line`, and every page embedded in it,
    outermost first, each with its own text and first line."""
    yield PageText(page, text, first_line)
    source = page.source if page.kind is DocKind.FILE_DOCS else None
    if source is not None and source.document:
        text = embedded_page_text(source.text)
        yield from iter_pages(source.document, text, source.content_line)


# Identical pages seen lately and what the PAGE rules found on them. A level-2
# page embeds the page it documents, byte for byte: one pass serves both. The
# work is ordered so that a page and its copy come close (`work_affinity`):
# two or four passes in between in every tree measured, so a few are kept,
# and freed while still in the processor's caches (PARSES_KEPT says why).
PASSES_KEPT = 6


class Linter:
    """The selected rules, bound to one tree, ready to check files."""

    def __init__(
        self,
        settings: Settings,
        tree: Tree,
        registry: Registry | None = None,
        *,
        records_facts: bool = True,
        reuses_pages: bool = True,
    ) -> None:
        self.settings = settings
        self.tree = tree
        self.generators = settings.known_generators
        # Whether a page's findings may be taken from an identical page seen
        # lately (`_page_pass`). A fix run says no: a fix is made from the
        # lines around its page, which differ between a page and its copy.
        self.reuses_pages = reuses_pages
        # Whether every tree fact is recorded (RuleContext): a run that keeps
        # no result needs none of the digests; a fix run compares them.
        self.records_facts = records_facts
        self.registry = registry or load_registry()
        # The selected rules, each built when a page it applies to is first
        # checked: a run of one page imports only the rules it can use.
        self.rules = settings.rules(self.registry)
        self.enabled = {rule.code for rule in self.rules}
        self.options = rule_options(self.rules, settings.rule_options, self.registry)
        self._built: dict[str, Rule[Any]] = {}
        # The rules of each page kind and set of writers, each with its
        # options, sorted out once; the writers the rules of a kind ask about.
        self._passes_of: dict[
            tuple[Scope, DocKind, frozenset[Origin]],
            list[tuple[Rule[Any], Mapping[str, OptionValue]]],
        ] = {}
        self._origins_of: dict[tuple[Scope, DocKind], tuple[Origin, ...]] = {}
        self._seen: RecentPages[PagePass] = RecentPages(PASSES_KEPT)
        self._parsed = page_memo()
        self.root_text = str(tree.root)

    def tree_path(self, file: Path | str) -> str:
        """A file's path relative to the tree root, POSIX style."""
        return relative_to(file, self.root_text)

    def tree_changed(self) -> None:
        """Files of the tree changed on disk and the tree was told
        (`Tree.changed`, as the editor server tells it): the findings kept of
        pages seen lately were found against what they were."""
        self._seen = RecentPages(PASSES_KEPT)

    def outside(self, path: str) -> list[Finding] | None:
        """The one finding (file-outside-root) of a file whose path leads out
        of the tree root, by its `..` or through a symbolic link; None when
        it lies inside. A file on disk and a buffer (stdin, the API, the
        editor server) alike are checked only inside."""
        if not self.tree.escapes(path):
            return None
        message = f"the file is outside the tree root {self.root_text}; not checked"
        return self._engine_row(OutsideRoot, 1, 1, message, OutsideRoot.OUTSIDE)

    def check_file(self, file: Path | str, keeps: bool = False) -> FileOutcome:
        """Check a file; `keeps`: the caller keeps the outcome by its bytes
        (fix mode), which the cache's setting says otherwise."""
        path = self.tree_path(file)
        outside = self.outside(path)
        if outside is not None:
            return FileOutcome(outside, [], None, None)
        limit = self.settings.max_file_size
        try:
            # One byte more than the limit tells a file that grew since its stat.
            # Opened from the root without following a link: the file read is
            # the one just found inside the tree, whatever is swapped since.
            relative = clean_path(path) or path
            held = self.tree.root_folder
            data, status = read_beneath(self.root_text, relative, limit + 1, limit, held)
        except OverLimit as over:
            stamp = stamp_of(over.status)
            message = f"{stamp[1]:,} bytes is over the limit of {limit:,}; not read"
            return FileOutcome(
                self._engine_row(FileTooLarge, 1, 1, message, FileTooLarge.TOO_LARGE),
                [],
                stamp,
                None,
            )
        except (OSError, ValueError) as error:
            message = f"cannot read file: {_unreadable_reason(file, error)}"
            return FileOutcome(
                self._engine_row(UnreadableFile, 1, 1, message, UnreadableFile.UNREADABLE),
                [],
                None,
                None,
            )
        if len(data) > limit:
            message = f"over the limit of {limit:,} bytes; not read"
            return FileOutcome(
                self._engine_row(FileTooLarge, 1, 1, message, FileTooLarge.TOO_LARGE),
                [],
                None,
                None,
            )
        self.tree.remember_read(path, data, status)
        checked = self.check_bytes(data, path)
        # The hash tells the cache, and fix mode, whether the bytes changed since.
        hashed = digest(data) if keeps or self.settings.cache else None
        return FileOutcome(
            checked.rows,
            checked.facts,
            stamp_of(status),
            hashed,
            checked.lines,
            checked.reading,
        )

    def check_bytes(self, data: bytes, path: str) -> Checked:
        """Check a file's bytes: UTF-8 (a BOM is skipped), or UTF-16 (reported,
        then checked); binary and empty files are reported and not checked."""
        utf16 = decode_utf16(data)
        if utf16 is not None:
            text, what = utf16
            found = self._engine_row(
                Utf16File, 1, 1, f"{what}, not UTF-8; decoded and checked", Utf16File.UTF16
            )
            return self.check_decoded(text, path, found, [])
        nul = data.find(b"\0", 0, BINARY_SNIFF)
        if nul >= 0:
            message = f"NUL byte at offset {nul}: a binary file, not checked"
            return Checked(self._engine_row(BinaryFile, 1, 1, message, BinaryFile.BINARY), [])
        skipped = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
        text, bad = decode_utf8(data[skipped:])
        found = []
        if bad:
            offset, text_offset = bad[0]
            line_start = max(text.rfind("\n", 0, text_offset), text.rfind("\r", 0, text_offset))
            found = self._engine_row(
                InvalidUtf8,
                count_breaks(text, 0, text_offset) + 1,
                text_offset - line_start,
                f"invalid UTF-8 at byte offset {offset + skipped}"
                + (f" and {len(bad) - 1:,} more place(s)" if len(bad) > 1 else "")
                + "; undecodable bytes were read as U+FFFD",
                InvalidUtf8.INVALID_UTF8,
            )
        replaced = [text_offset for _, text_offset in bad]
        return self.check_decoded(text, path, found, replaced)

    def check_decoded(
        self,
        text: str,
        path: str,
        found: list[Finding],
        replaced: list[int],
    ) -> Checked:
        """Check decoded text; `replaced` are the (increasing) text offsets where
        the decoder put U+FFFD for bytes it could not read."""
        if not text or text.isspace():
            if text:
                message, cause = "the file holds only whitespace", EmptyFile.BLANK
            else:
                message, cause = "the file is empty", EmptyFile.EMPTY
            return Checked(found + self._engine_row(EmptyFile, 1, 1, message, cause), [])
        lines: set[int] = set()
        line, previous = 1, 0
        for offset in replaced:
            line += count_breaks(text, previous, offset)
            lines.add(line)
            previous = offset
        checked = self.check_text(text, path, frozenset(lines))
        return checked._replace(rows=found + checked.rows)

    def check_text(
        self,
        text: str,
        path: str,
        replaced_lines: frozenset[int] = frozenset(),
    ) -> Checked:
        """Run the rules on a text; each finding of a rule that declares it
        can fix carries the fix it offers."""
        text = normalize_newlines(text)
        split = text.split("\n")
        lines = split[:-1] if text.endswith("\n") else split
        try:
            page = parse_page(
                text, path, lines=split, memo=self._parsed, generators=self.generators
            )
        except Exception as error:  # a parser bug must not stop the run
            crashed = self._crash("the parser", error, InternalError.PARSER_CRASHED)
            return Checked(crashed, [], split)
        # Every run wants the fixes: a check reports which findings they repair.
        ctx = RuleContext(
            self.tree,
            path,
            text,
            lines,
            replaced_lines,
            records_facts=self.records_facts,
            generators=self.generators,
        )
        # The page read once as its kind: its rules are chosen by it, and the
        # run counts the pages no generator read by it.
        reading = ctx.reading(page)
        found = self._run_rules(self._passes_for(Scope.FILE, page, ctx), page, ctx)
        for current in iter_pages(page, text):
            found += self._page_pass(current, ctx)
        if MARKER in text:
            # A page's directives silence its own findings, not those on other files.
            elsewhere = [row for row in found if row.path]
            if elsewhere:
                found = [row for row in found if not row.path]
            found = apply_directives(found, page.markdown, self.registry, frozenset(self.enabled))
            found += elsewhere
        facts = [(kind, fact_path, value) for (kind, fact_path), value in ctx.facts.items()]
        return Checked(found, facts, split, reading)

    def _page_pass(self, current: PageText, ctx: RuleContext) -> list[Finding]:
        """The PAGE rules' findings on one page: from an identical page seen
        lately (its facts asked again, so that the cache knows them; its fixes
        moved with its findings), else found now."""
        page, first_line = current.page, current.first_line
        seen = self._seen.get(page.path, current.text) if self.reuses_pages else None
        if seen is not None:
            ctx.ask_again(seen.facts)
            return seen.at(first_line)
        asked_before, ctx.facts = ctx.facts, {}
        found = self._run_rules(self._passes_for(Scope.PAGE, page, ctx), page, ctx)
        asked, ctx.facts = ctx.facts, asked_before
        ctx.facts.update(asked)
        if self.reuses_pages and all(row.line >= first_line for row in found):
            passed = PagePass(found, first_line, list(asked))
            self._seen.put(page.path, current.text, passed)
        return found

    def _passes_for(
        self, scope: Scope, page: AnyPage, ctx: RuleContext
    ) -> list[tuple[Rule[Any], Mapping[str, OptionValue]]]:
        """The rules of `scope` that apply to `page`, with their options: those
        of its kind, less those that judge only the pages of a writer
        (`Rule.origin`) that did not write it, never imported for it."""
        kind = page.kind
        asked = self._origins_of.get((scope, kind))
        if asked is None:
            asked = self._origins_of[scope, kind] = tuple(
                {
                    entry.origin: None
                    for entry in self.rules
                    if entry.origin is not None and self._applies(entry, scope, kind)
                }
            )
        origins = origins_of(ctx.reading(page)).intersection(asked)
        passes = self._passes_of.get((scope, kind, origins))
        if passes is None:
            passes = self._passes_of[scope, kind, origins] = [
                (self._rule(entry), self.options[entry.code])
                for entry in self.rules
                if self._applies(entry, scope, kind)
                and (entry.origin is None or entry.origin in origins)
            ]
        return passes

    @staticmethod
    def _applies(entry: RuleEntry, scope: Scope, kind: DocKind) -> bool:
        return entry.facts.scope is scope and entry.applies_to(kind)

    def _rule(self, entry: RuleEntry) -> Rule[Any]:
        """The rule of `entry`, built once."""
        rule = self._built.get(entry.code)
        if rule is None:
            rule = self._built[entry.code] = entry.build()
        return rule

    def _run_rules(
        self,
        passes: list[tuple[Rule[Any], Mapping[str, OptionValue]]],
        page: AnyPage,
        ctx: RuleContext,
    ) -> list[Finding]:
        """The rows of each rule's findings on a page, rule after rule."""
        rows: list[Finding] = []
        for rule, options in passes:
            ctx.options = options
            try:
                found = list(rule.check(page, ctx))
            except (Exception, SystemExit) as error:
                rows += self._rule_crashed(rule, error)
                continue
            # Most passes find nothing: a run makes 400,000, and a call of
            # `_rows` for each cost more than the test.
            if found:
                rows += self._rows(rule, found, ctx)
        return rows

    def _rows(self, rule: Rule[Any], found: list[Finding], ctx: RuleContext) -> list[Finding]:
        """The rows of a rule's findings, its code, name and severity filled in."""
        try:
            code, name, severity = rule.code, rule.name, str(rule.severity)
            # Only a rule that declares it can fix is trusted with edits.
            can_fix = rule.fix_safety is not FixSafety.NONE
            if type(rule).__module__.partition(".")[0] != BUILTIN_PACKAGE:
                # A plugin's findings are checked; a built-in rule's are as its
                # tests check them, and checking each of a run's 350,000 cost more
                # than making its row.
                found = [_checked(f, can_fix) for f in found]
            # A finding off the file (a plugin's bug) is shown at its nearest line.
            last = max(len(ctx.lines), 1)
            default = Cause(name, rule.summary)  # a plugin's finding without a cause
            # build_node, not Finding(...): a run makes hundreds of thousands.
            rows: list[Finding] = [
                build_node(
                    Finding,
                    (
                        line if 0 < line <= last else min(max(line, 1), last),
                        column if column > 0 else 1,
                        message,
                        fix if can_fix else None,
                        default if cause is None else cause,
                        code,
                        name,
                        severity,
                        path,
                    ),
                )
                for line, column, message, fix, cause, _, _, _, path in found
            ]
        except (Exception, SystemExit) as error:
            return self._rule_crashed(rule, error)
        return rows

    def _rule_crashed(self, rule: Rule[Any], error: BaseException) -> list[Finding]:
        """One crashing rule must not stop the others: its crash is a finding."""
        who = f"rule {rule.code} ({rule.name})"
        return self._crash(who, error, InternalError.RULE_CRASHED)

    def _crash(self, who: str, error: BaseException, cause: Cause) -> list[Finding]:
        message = f"{who} crashed: {type(error).__name__}: {error}"
        if self.settings.show_traceback:
            # Imported here: only a crash shown with its stack needs `traceback`.
            import traceback

            message += "\n" + "".join(traceback.format_exception(error)).rstrip()
        return self._engine_row(InternalError, 1, 1, message, cause)

    def _engine_row(
        self, rule: type[Rule[Any]], line: int, column: int, message: str, cause: Cause
    ) -> list[Finding]:
        if rule.code not in self.enabled:
            return []
        return [engine_row(rule, line, column, message, cause)]


_EDIT_TYPES = (int, int, int, int, str)


def _checked(finding: Finding, can_fix: bool) -> Finding:
    """A plugin's finding, its fix (if its rule can fix) and cause checked;
    TypeError for one the engine cannot take: the plugin's bug is reported as
    its internal error, not met halfway through a fix run."""
    fix = _checked_fix(finding.fix) if can_fix else None
    cause = None if finding.cause is None else _checked_cause(finding.cause)
    return Finding(finding.line, finding.column, finding.message, fix, cause)


def _checked_cause(cause: object) -> Cause:
    """A rule's cause, checked; TypeError for anything but a `Cause` of two strings."""
    if not (isinstance(cause, Cause) and type(cause.id) is str and type(cause.label) is str):
        raise TypeError(f"malformed cause {cause!r}")
    return cause


def _well_formed_edit(edit: object) -> bool:
    """Whether an edit is an `Edit` of the types it names (`True` is no line)."""
    return isinstance(edit, Edit) and tuple(map(type, edit)) == _EDIT_TYPES


def _checked_fix(fix: object) -> Fix | None:
    """A rule's fix, checked; TypeError for one the applier cannot take."""
    if fix is None:
        return None
    if isinstance(fix, Fix):
        edits, applicability, message = fix
        if (
            isinstance(applicability, FixSafety)
            and isinstance(edits, tuple)
            and isinstance(message, str)
            and all(map(_well_formed_edit, edits))
        ):
            return fix
    raise TypeError(f"malformed fix {fix!r}")

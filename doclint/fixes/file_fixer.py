"""Fixing one file: its findings' fixes (safe ones, or unsafe ones too when
asked), in order of place and rule, are applied round after round with a
re-check of the text between rounds (`edits.fix_until_stable`). Only UTF-8
text is rewritten (a byte-order mark and every line ending are kept); a file
that is not valid UTF-8, is UTF-16 or does not settle is left as it is, and
the run says why.
"""

from __future__ import annotations

import codecs
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from doclint.engine import Linter
from doclint.fixes.edits import FixError, fix_until_stable
from doclint.models.findings import Edit, Finding
from doclint.parsing.reading import Reading
from doclint.rule_api import FixSafety
from doclint.run.page_reading import unread_page
from doclint.tree.decoding import decode_utf16
from doclint.tree.index import Fact, Stamp, digest
from doclint.tree.reading import read_regular
from doclint.util.private_folder import PrivateFolder

_BOM = codecs.BOM_UTF8


@dataclass(frozen=True)
class FixSettings:
    """Which fixes a run applies, and whether it writes them."""

    unsafe: bool = False
    """Also apply fixes that may change a page's meaning."""
    write: bool = True
    """False for `--diff`: work out the fixes, write nothing."""

    def allows(self, safety: FixSafety) -> bool:
        """Whether a fix (or a rule, by the safety it declares) may be applied."""
        return safety is FixSafety.SAFE or (self.unsafe and safety is FixSafety.UNSAFE)


class FixedText(NamedTuple):
    """What fixing one file's bytes gives."""

    rows: list[Finding]
    """The findings of the bytes as they end (the original ones if not fixed)."""
    facts: list[Fact]
    fixed: Counter[str]
    """Fixes applied, per rule code."""
    data: bytes | None
    """The new bytes, when they differ."""
    problem: str | None = None
    """Why the fixes the findings offer were not applied."""
    reading: Reading | None = None
    """The engine's reading of the bytes as they end (None: it read no page)."""


class FileFix(NamedTuple):
    """What one pass gives for one file of the tree (picklable, for workers)."""

    rows: list[Finding]
    facts: list[Fact]
    fixed: Counter[str]
    scratch: tuple[str, bytes] | None
    """The scratch file holding the new bytes, and their hash, when they differ."""
    problem: str | None
    disk: tuple[Stamp | None, bytes] | None
    """Stamp and hash of the file's bytes (None when they could not be read)."""
    identity: tuple[int, int] | None = None
    """Device and inode of the file whose bytes were fixed: only that file is
    written (fix_mode.py)."""
    unread: bool = False
    """Whether the file as it ends is a page no generator read (`unread_page`)."""


def file_identity(file: Path | str) -> tuple[int, int]:
    """Device and inode of the file a path leads to now."""
    info = os.stat(file)
    return info.st_dev, info.st_ino


class Fixer:
    """Fixes files with the rules of one linter."""

    def __init__(self, linter: Linter, fix_settings: FixSettings) -> None:
        self.linter = linter
        self.fix_settings = fix_settings
        self.finding_filter = linter.settings.finding_filter(linter.registry)
        # A rule declared unsafe fixes only with --unsafe-fixes, whatever a fix says.
        self.fixing = {rule.code for rule in linter.rules if fix_settings.allows(rule.fix_safety)}

    def fix_file(self, file: Path, scratch: PrivateFolder) -> FileFix:
        """Fix a file of the tree from its bytes on disk, in the tree as the
        linter's tree shows it; the new bytes go to a scratch file, the file
        itself is not written."""
        outcome = self.linter.check_file(file, keeps=True)
        rows, facts = outcome.rows, outcome.facts
        disk = (outcome.stamp, outcome.content_hash) if outcome.content_hash else None
        unread = unread_page(str(file), outcome.reading)
        if disk is None or not self.chosen(file, rows):
            return FileFix(rows, facts, Counter(), None, None, disk, unread=unread)
        try:
            identity = file_identity(file)
            data = read_regular(file)
        except OSError as error:
            problem = f"cannot read it: {error.strerror or error}"
            return FileFix(rows, facts, Counter(), None, problem, disk, unread=unread)
        if digest(data) != disk[1] or file_identity(file) != identity:
            problem = "the file changed while doclint read it"
            return FileFix(rows, facts, Counter(), None, problem, disk, unread=unread)
        path = self.linter.tree_path(file)
        fixed = self.fix_checked(data, file, path, rows, facts, outcome.reading)
        copy = None
        if fixed.data is not None:
            copy = (scratch.write(fixed.data, suffix=".md"), digest(fixed.data))
        unread = unread_page(str(file), fixed.reading)
        return FileFix(
            fixed.rows, fixed.facts, fixed.fixed, copy, fixed.problem, disk, identity, unread
        )

    def fix_bytes(self, data: bytes, file: Path, path: str) -> FixedText:
        """Fix a file's bytes (as read from stdin, say), checked as `path` of the tree."""
        checked = self.linter.check_bytes(data, path)
        return self.fix_checked(data, file, path, checked.rows, checked.facts, checked.reading)

    def fix_checked(
        self,
        data: bytes,
        file: Path,
        path: str,
        rows: list[Finding],
        facts: list[Fact],
        reading: Reading | None,
    ) -> FixedText:
        """Fix bytes already checked once (`rows`, `facts`, the engine's `reading`)."""
        chosen = self.chosen(file, rows)
        if not chosen:
            return FixedText(rows, facts, Counter(), None, reading=reading)
        decoded = _decode(data)
        if isinstance(decoded, str):
            return FixedText(rows, facts, Counter(), None, decoded, reading)
        bom, text = decoded
        rounds = _Rounds(self, file, path, rows, facts, chosen)
        rounds.reading = reading
        try:
            fixed_text, _ = fix_until_stable(text, rounds.fixes_of, rounds.applied)
        except FixError as error:
            codes = ", ".join(sorted({row.code for row in rounds.chosen}))
            problem = f"{error} (in the fixes of {codes})"
            return FixedText(rows, facts, Counter(), None, problem, reading)
        new = bom + fixed_text.encode("utf-8") if fixed_text != text else None
        return FixedText(rounds.rows, rounds.facts, rounds.fixed, new, reading=rounds.reading)

    def chosen(self, file: Path, rows: list[Finding]) -> list[Finding]:
        """The findings of `rows` (as the engine returns them, suppressions
        applied) whose fixes to apply: those that are reported (not ignored
        for this file) and whose fix's safety and rule's safety are allowed,
        each once, in order of place and rule."""
        allows = self.fix_settings.allows
        offers = [
            row
            for row in rows
            if row.code in self.fixing and row.fix and allows(row.fix.applicability)
        ]
        if not offers:
            return []
        reported = {_key(row) for row in self.finding_filter.rows(file, rows)}
        kept = dict.fromkeys(offer for offer in offers if _key(offer) in reported)
        return sorted(kept, key=_order)


class _Rounds:
    """The check between two rounds of fixes: the findings of the text so far
    and the fixes chosen from them."""

    def __init__(
        self,
        fixer: Fixer,
        file: Path,
        path: str,
        rows: list[Finding],
        facts: list[Fact],
        chosen: list[Finding],
    ) -> None:
        self.fixer, self.file, self.path = fixer, file, path
        self.rows, self.facts, self.chosen = rows, facts, chosen
        self.fixed: Counter[str] = Counter()
        self.reading: Reading | None = None
        """The engine's reading of the text the rows are of."""
        self.checked = True
        """Whether rows, facts and chosen are those of the text the next round gets."""

    def fixes_of(self, text: str) -> list[tuple[Edit, ...]]:
        if not self.checked:
            checked = self.fixer.linter.check_decoded(text, self.path, [], [])
            self.rows, self.facts, self.reading = checked.rows, checked.facts, checked.reading
            self.chosen = self.fixer.chosen(self.file, self.rows)
        self.checked = False
        return [row.fix.edits for row in self.chosen if row.fix is not None]

    def applied(self, indices: list[int]) -> None:
        self.fixed.update(self.chosen[index].code for index in indices)


def _key(row: Finding) -> tuple[int, int, str, str]:
    """A finding whatever severity it is reported with."""
    return row.line, row.column, row.code, row.message


def _order(offer: Finding) -> tuple[object, ...]:
    edits = offer.fix.edits if offer.fix is not None else ()
    return offer.line, offer.column, offer.code, offer.message, [tuple(edit) for edit in edits]


def _decode(data: bytes) -> tuple[bytes, str] | str:
    """(byte-order mark, text) of bytes fixes may rewrite, or why they may not."""
    utf16 = decode_utf16(data)
    if utf16 is not None:
        return f"the file is {utf16[1]}; doclint rewrites only UTF-8 files"
    bom = _BOM if data.startswith(_BOM) else b""
    try:
        return bom, data[len(bom) :].decode("utf-8")
    except UnicodeDecodeError as error:
        return (
            f"the file is not valid UTF-8 (byte offset {error.start + len(bom)}); "
            "rewriting it would lose the bytes that do not decode"
        )

"""Where a cited file defines its names, and a citation's numbers moved:
what the rules that re-anchor a citation share (cited-lines-changed,
subject-not-in-cited-lines)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from doclint.rule_api import Edit, Fix, FixSafety

if TYPE_CHECKING:
    from doclint.rule_api_generators import Citation

    from .._languages import Definition


def definitions_by_name(path: str, lines: Sequence[str]) -> dict[str, list[Definition]] | None:
    """The definitions of each name in a file's text, as its language's
    reader tells (`ProjectNames.defined_in` reads the same, for the tree's
    files only: here the text may be a past commit's); None where no reader
    tells definitions of the file's language."""
    from .._languages import language_of

    language = language_of(path)
    if language is None or language.definitions is None:
        return None
    found: dict[str, list[Definition]] = {}
    for definition in language.definitions("\n".join(lines)):
        found.setdefault(definition.name, []).append(definition)
    return found


def re_anchored(
    citation: Citation,
    shifts: dict[int, int | None],
    page_lines: Sequence[str],
    safety: FixSafety,
    message: str = "re-anchor the citation where its lines now stand",
) -> Fix | None:
    """The citation's numbers, in its text and its target together, moved
    by `shifts` (per number written, how far; None: not known): offered only
    where each number written is a known one. The safe fix is where each
    cited block stands once in the file now; the unsafe one, where the
    construct its sentence names does (cited-lines-changed's `_by_name`)."""
    # A pinned citation names its lines at its pin: new numbers with the old
    # pin would point at other lines there.
    if citation.commit or not citation.numbers or citation.line > len(page_lines):
        return None
    line = page_lines[citation.line - 1]
    edits = []
    for start, end in citation.numbers:
        written = line[start - 1 : end - 1]
        shift = shifts.get(int(written)) if written.isdigit() else None
        if shift is None:
            return None
        if shift:
            edits.append(Edit(citation.line, start, citation.line, end, str(int(written) + shift)))
    if not edits:
        return None
    return Fix(tuple(edits), safety, message)

"""The lines of a page's fixed-sentence sections that its generator's phrase
book does not know: unknown-sentence's (DL306) reading of a page, compiled.
Each line of those sections is looked up, 280,000 on a generated tree of
15,000 pages, and nearly all are one entry's fixed text."""

from __future__ import annotations

from doclint.rule_api import AnyPage, DocKind
from doclint.rule_api_generators import LatestDict, Pattern, PhraseBook, original_source_lines

# Whether a section's pattern matches a line, for the latest lines it read:
# most lines that reach a pattern are written alike on many pages (a
# folder's cross-references, a kind's metadata), and the pattern joins a
# section's every entry. Kept by the pattern's identity (its hash digests
# its whole code), each pattern held with its answers.
_ANSWERS: LatestDict[int, tuple[Pattern, LatestDict[str, bool]]] = LatestDict(64)
_LINES_KEPT = 4096


def unknown_lines(page: AnyPage, lines: list[str], book: PhraseBook) -> list[tuple[int, str, str]]:
    """(line number, text, section title) of each line of the sections of
    `page` that `book` knows whose every line it writes, that no entry of
    `book` matches. Code blocks (as the generator wrote them), blank lines
    and the embedded Original Source are not read."""
    sections = page.sections
    known = book.sections
    embedded = original_source_lines(page)
    written = page.code_blocks if page.kind is DocKind.FILE_DOCS else page.markdown.code_blocks
    blocks = [(block.line, block.end_line) for block in written]
    last = len(sections) - 1
    found: list[tuple[int, str, str]] = []
    for number, section in enumerate(sections):
        title = section.title
        if title not in known or section.line in embedded:
            continue  # a section of the embedded source is the source's own text
        # The section's own lines: up to its first subsection, if any.
        stop = min(section.end_line, len(lines))
        if number < last:
            stop = min(stop, sections[number + 1].line - 1)
        code = [(start, end) for start, end in blocks if start <= stop and end > section.line]
        fixed, pattern = book.matchers(title)
        answers = _answers(pattern) if pattern is not None else None
        for line_number in range(section.line + 1, stop + 1):
            raw = lines[line_number - 1]
            if not raw or raw.isspace():
                continue  # most lines of a generated page are blank
            if code and any(start <= line_number <= end for start, end in code):
                continue
            text = raw.rstrip()
            if text not in fixed and not _matches(text, pattern, answers):
                found.append((line_number, text, title))
    return found


def _matches(text: str, pattern: Pattern | None, answers: LatestDict[str, bool] | None) -> bool:
    """Whether a section's pattern of other entries matches the line `text`,
    its answer kept in `answers`."""
    if pattern is None or answers is None:
        return False
    answer = answers.get(text)
    if answer is None:
        matched = pattern.fullmatch(text)
        answer = answers[text] = matched is not None and matched.lastgroup is not None
    return answer


def _answers(pattern: Pattern) -> LatestDict[str, bool]:
    held = _ANSWERS.get(id(pattern))
    if held is None:
        held = _ANSWERS[id(pattern)] = (pattern, LatestDict(_LINES_KEPT))
    return held[1]

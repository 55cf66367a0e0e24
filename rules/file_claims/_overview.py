"""misclassified-file's judgement of a Python file's High-Level Overview:
the generator's first triple-quoted string of the text, which may be a
class's or a function's docstring, or run on past its closing quotes."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING

from doclint.rule_api import (
    Cause,
    FileDocs,
    Finding,
    RuleContext,
    SourceFile,
    compiled_on_use,
    shown_target,
)
from doclint.rule_api_generators import Pattern, PhraseBook, compile_pattern

from .._languages.python import parse_python, read_ast

if TYPE_CHECKING:
    import ast

OVERVIEW_CLAIM = Cause(
    "misclassified-file/overview-claim",
    "Overview not the module's docstring, or run on into code",
)

# The phrase book's entry of the overview the generator writes of a Python file:
# its first triple-quoted literal, newlines removed, cut at a length and not at
# the closing quotes (groups `quote`, with its prefix, and `text`).
OVERVIEW_ENTRY = "OV-DOCSTRING"
# Characters of the overview compared with a docstring: enough to tell strings apart.
COMPARED = 60


def _overview_entry(book: PhraseBook | None) -> tuple[str, Pattern] | None:
    """The section and pattern of the overview in a template's phrase book."""
    return _overview_of(book) if book is not None else None


@cache
def _overview_of(book: PhraseBook) -> tuple[str, Pattern] | None:
    entry = next((entry for entry in book.entries if entry.id == OVERVIEW_ENTRY), None)
    return None if entry is None else (entry.section, compile_pattern(entry.pattern, book.builtin))


def overview_findings(page: FileDocs, ctx: RuleContext) -> Iterator[Finding]:
    """The High-Level Overview of a Python file that is not the module's
    docstring (a function's or class's), or that runs on past its closing
    quotes into code."""
    written = _overview_entry(ctx.generators.phrase_book(page.template))
    if written is None:
        return
    title, pattern = written
    section = next((s for s in page.sections if s.title == title), None)
    if section is None:
        return
    last = min(section.end_line, len(ctx.lines))
    line = next((n for n in range(section.line + 1, last + 1) if ctx.lines[n - 1].strip()), 0)
    match = pattern.fullmatch(ctx.lines[line - 1]) if line else None
    if match is None:
        return
    said, opening = match.group("text"), match.group("quote")
    quote = opening[-3:]
    faults = []
    owner = docstring_owner(ctx.source(page), opening + said)
    if owner:
        faults.append(f"the docstring of {owner}, not the module's")
    close = said.find(quote)
    if close >= 0 and said[close + 3 :].strip():
        after = shown_target(said[close + 3 :].strip(), 60)
        faults.append(f"a string that runs on past its closing quotes into code (`{after}`)")
    if faults:
        name = posixpath.basename(page.described or "")
        message = f"gives as the overview of `{name}` {', and '.join(faults)}"
        yield Finding(line, 1, message, cause=OVERVIEW_CLAIM)


def docstring_owner(source: SourceFile | None, overview: str) -> str | None:
    """What the docstring the overview starts with documents when it is not
    the module: `class X` or `function f`. None when it is the module's, or
    when the source cannot tell (unreadable, or the string is no docstring)."""
    if source is None:
        return None
    owner: str | None = read_ast(lambda: _owner(source.text, overview[:COMPARED]))
    return owner


def _owner(text: str, said: str) -> str | None:
    import ast

    documented = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    lines = _SOURCE_LINE.findall(text)
    # The generator's text runs on past a short docstring: the docstring is its start.
    for node in ast.walk(parse_python(text)):
        if not isinstance(node, documented) or not node.body:
            continue
        first = node.body[0]
        if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)):
            continue
        flat = _segment(lines, first.value).replace("\n", "")[:COMPARED]
        if not flat or not said.startswith(flat):
            continue
        if isinstance(node, ast.Module):
            return None
        kind = "class" if isinstance(node, ast.ClassDef) else "function"
        return f"{kind} `{node.name}`"
    return None


# The lines of a source as the parser counts them (only "\r\n", "\r" and
# "\n" end one), split once: `ast.get_source_segment` splits the whole text
# again, character by character, for every node it is asked about.
_SOURCE_LINE = compiled_on_use(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def _segment(lines: list[str], node: ast.expr) -> str:
    """The text of `node` (`ast.get_source_segment`), from its source's lines;
    the columns count UTF-8 bytes."""
    if node.end_lineno is None or node.end_col_offset is None:
        return ""
    first, last = node.lineno - 1, node.end_lineno - 1
    start, end = node.col_offset, node.end_col_offset
    if first == last:
        return lines[first].encode()[start:end].decode()
    head = lines[first].encode()[start:].decode()
    return "".join([head, *lines[first + 1 : last], lines[last].encode()[:end].decode()])

"""For people: `concise` (one line a finding) and `full` (the line shown too).

A finding that a fix repairs is marked after its rule's name, as ruff marks
it: `[*]` when `--fix` applies the fix, `[~]` when only `--fix --unsafe-fixes`
does. The summary counts the findings' fixes (`RunOutput.fixable`), which
the parts carry when the workers wrote them: never their marks, which a
page's own line in a snippet, or a message, may hold too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from doclint.models.findings import Finding
from doclint.output.baseline import UNREAD, SourceLines
from doclint.output.color import BLUE, BOLD, CYAN, RED, YELLOW, paint
from doclint.output.layout import Layout, Shown
from doclint.output.run_output import RunOutput, summary
from doclint.util.lazy_regex import compiled_on_use
from doclint.util.paths import all_printable, printable

MARKS = {"safe": "[*] ", "unsafe": "[~] "}
"""The mark of a finding by the safety of its fix."""


def headline(
    d: Finding, color: bool = False, escaped: Callable[[str], str] = printable, plain: bool = False
) -> str:
    """`path:line:col: CODE severity [name] message`, the line editors and CI
    logs parse. `escaped` is `printable`, or a memo of it for the path and
    rule name; `plain`: the message is known to need no escape."""
    mark = _mark(d)
    message = d.message if plain else printable(d.message)
    if not color:  # the usual case, without a paint call per piece
        return (
            f"{escaped(d.path)}:{d.line}:{d.column}: {d.code} {d.severity} [{escaped(d.name)}] "
            f"{mark}{message}"
        )
    return (
        f"{paint(escaped(d.path), BOLD, color)}{paint(':', CYAN, color)}{d.line}"
        f"{paint(':', CYAN, color)}{d.column}{paint(':', CYAN, color)} "
        f"{paint(d.code, RED, color)} {paint(d.severity, SEVERITY_STYLES[d.severity], color)} "
        f"[{escaped(d.name)}] {mark}{message}"
    )


def _mark(d: Finding) -> str:
    return "" if d.fix is None else MARKS.get(d.fix.applicability, "")


SEVERITY_STYLES = {"error": RED, "warning": YELLOW, "info": CYAN}


class _Escaped(dict[str, str]):
    """`printable` of the texts a part repeats (its path, its rules' names),
    each escaped once: a cached run spends most of its time rendering."""

    def __missing__(self, text: str) -> str:
        value = self[text] = printable(text)
        return value


def _concise_part(rows: Sequence[Finding], view: Shown) -> str:
    escaped = _Escaped().__getitem__
    return "".join(headline(d, view.color, escaped) + "\n" for d in rows)


def _full_part(rows: Sequence[Finding], view: Shown) -> str:
    return "".join(_full_blocks(rows, view))


def _full_encoded(rows: Sequence[Finding], view: Shown, errors: str) -> bytes:
    return encoded_pieces(_full_blocks(rows, view), errors)


def _full_blocks(rows: Sequence[Finding], view: Shown) -> list[str]:
    """Each finding's line under its headline, with a caret at its column (like
    ruff), a text for each. Findings of a file alike in rule, cause and message
    (a link to the same missing page, on many lines) show one frame, which
    lists the others' lines: a page linking 36 times to one missing target is
    one problem to read."""
    # The first finding of each kind, in order, and the lines of the others.
    number_of: dict[tuple[str, object, str], int] = {}
    firsts: list[Finding] = []
    others: dict[int, list[int]] = {}
    for d in rows:
        number = number_of.setdefault((d.code, d.cause, d.message), len(firsts))
        if number == len(firsts):
            firsts.append(d)
        else:
            others.setdefault(number, []).append(d.line)
    shown_lines = lines_of(firsts, view.sources)
    messages = [d.message for d in firsts]
    # Most files' messages and lines need no escape: one check for them all,
    # and none of the messages where they are known to be printable.
    plain = all_printable([line for line in shown_lines if line is not None]) and (
        not any(message.startswith("::") for message in messages)
        if view.plain
        else all_printable(messages)
    )
    color = view.color
    escaped = _Escaped().__getitem__
    blocks = []
    for number, (d, line) in enumerate(zip(firsts, shown_lines, strict=True)):
        more = others.get(number)
        also = "" if more is None else _also_at(d.line, more)
        if color:
            shown = snippet(d, line, color, plain) + also + "\n" if line is not None else also
            blocks.append(f"{headline(d, color, escaped, plain)}\n{shown}")
        elif line is None:
            blocks.append(f"{headline(d, color, escaped, plain)}\n{also}")
        else:
            # The usual case: the headline, the snippet, in one text.
            text, before = _under(d, line, plain)
            row, column = str(d.line), str(d.column)
            message = d.message if plain else printable(d.message)
            gutter = " " * len(row) + " |"
            blocks.append(
                f"{escaped(d.path)}:{row}:{column}: {d.code} {d.severity} [{escaped(d.name)}] "
                f"{_mark(d)}{message}\n{gutter}\n{row} | {text}\n{gutter} {before}^ {d.code}\n"
                f"{gutter}\n{also}\n"
            )
    return blocks


def _also_at(line: int, more: list[int]) -> str:
    """The line under a frame that lists the lines of the findings alike."""
    lines = [str(number) for number in dict.fromkeys(more)]
    word = "line" if len(lines) == 1 else "lines"
    return f"{' ' * len(str(line))} = also at {word} {', '.join(lines)}\n"


def lines_of(rows: list[Finding], sources: SourceLines) -> list[str | None]:
    """The text of each finding's line (`SourceLines.line`), its file's
    lines asked for once for the findings on it that come together: a part
    of the `full` format shows a line for each of a page's findings."""
    shown: list[str | None] = []
    path: str | None = None
    lines: list[str] = []
    for row in rows:
        if row.code in UNREAD:
            shown.append(None)
            continue
        if row.path != path:
            path, lines = row.path, sources.lines(row.path)
        shown.append(lines[row.line - 1] if 0 < row.line <= len(lines) else None)
    return shown


def encoded_pieces(pieces: list[str], errors: str) -> bytes:
    """The pieces of a part, joined, in UTF-8 (with `errors`). Joined whole,
    one wide character (a mis-decoded arrow) would make the whole part wide,
    encoded character by character: the ASCII pieces between two wide ones
    are joined and copied as they are, and each wide one encoded alone."""
    encoded: list[bytes] = []
    start = 0
    for at, piece in enumerate(pieces):
        if not piece.isascii():
            encoded.append("".join(pieces[start:at]).encode("utf-8", errors))
            encoded.append(piece.encode("utf-8", errors))
            start = at + 1
    whole = "".join(pieces[start:]).encode("utf-8", errors)
    return b"".join([*encoded, whole]) if encoded else whole


def _summary_frame(output: RunOutput) -> tuple[str, str]:
    if output.quiet:
        return "", ""
    lines = [summary(output)]
    if output.count:
        safe, unsafe = output.fixable
        if safe:
            lines.append(f"{MARKS['safe']}{safe:,} fixable with `--fix`.")
        if unsafe:
            more = "more" if safe else "fixable"
            lines.append(f"{MARKS['unsafe']}{unsafe:,} {more} with `--fix --unsafe-fixes`.")
    return "", "".join(line + "\n" for line in lines)


_NOT_TAB = compiled_on_use("[^\t]")

SHOWN_WIDTH = 160
"""The most characters of a finding's line a snippet shows: a line of a
megabyte with a finding every few characters must not print a megabyte for
each of them."""


def snippet(d: Finding, line: str, color: bool = False, plain: bool = False) -> str:
    """`line` under a finding, with a caret at its column; `plain`: the line
    is known to need no escape."""
    shown, before = _under(d, line, plain)
    number = str(d.line)
    gutter = " " * len(number) + " |"
    if not color:
        return f"{gutter}\n{number} | {shown}\n{gutter} {before}^ {d.code}\n{gutter}\n"
    gutter = paint(gutter, BLUE, color)
    caret = paint(f"^ {d.code}", RED, color)
    number = paint(f"{number} |", BLUE, color)
    return f"{gutter}\n{number} {shown}\n{gutter} {before}{caret}\n{gutter}\n"


def _under(d: Finding, line: str, plain: bool) -> tuple[str, str]:
    """`line` as a snippet shows it (escaped, a long one cut around the
    column), and what goes before the caret under it."""
    line = line.rstrip()
    column = d.column - 1
    if len(line) > SHOWN_WIDTH:
        # A window around the column, its cut ends marked.
        start = max(0, min(column - SHOWN_WIDTH // 2, len(line) - SHOWN_WIDTH))
        head = "\u2026" if start else ""
        tail = "\u2026" if start + SHOWN_WIDTH < len(line) else ""
        line = head + line[start : start + SHOWN_WIDTH] + tail
        column += len(head) - start
    # Escaped before the caret is placed, so it points at what is shown;
    # tabs stay tabs so the caret lines up however the terminal shows them.
    shown, before = line if plain else printable(line), line[:column]
    if len(shown) == len(line):  # nothing escaped, the usual case: no call per character
        before = _NOT_TAB.sub(" ", before) if "\t" in before else " " * len(before)
    else:
        before = "".join(c if c == "\t" else " " * len(printable(c)) for c in before)
    return shown, before


CONCISE = Layout(_concise_part, _summary_frame)
FULL = Layout(_full_part, _summary_frame, encoded_part=_full_encoded)

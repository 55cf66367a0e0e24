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
from doclint.output.color import BLUE, BOLD, CYAN, RED, YELLOW, paint
from doclint.output.layout import Layout
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
    mark = MARKS.get(d.fix.applicability, "") if d.fix is not None else ""
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


SEVERITY_STYLES = {"error": RED, "warning": YELLOW, "info": CYAN}


class _Escaped(dict[str, str]):
    """`printable` of the texts a part repeats (its path, its rules' names),
    each escaped once: a cached run spends most of its time rendering."""

    def __missing__(self, text: str) -> str:
        value = self[text] = printable(text)
        return value


def _concise_part(rows: Sequence[Finding], output: RunOutput) -> str:
    escaped = _Escaped().__getitem__
    return "".join(headline(d, output.color, escaped) + "\n" for d in rows)


def _full_part(rows: Sequence[Finding], output: RunOutput) -> str:
    """Each finding's line under its headline, with a caret at its column (like
    ruff). Findings of a file alike in rule, cause and message (a link to the
    same missing page, on many lines) show one frame, which lists the others'
    lines: a page linking 36 times to one missing target is one problem to read."""
    alike: dict[tuple[str, object, str], list[Finding]] = {}
    for d in rows:
        alike.setdefault((d.code, d.cause, d.message), []).append(d)
    shown = []
    escaped = _Escaped().__getitem__
    groups = list(alike.values())
    # Each group by its first finding, not unpacked (`d, *others`): a part
    # has a group for nearly every finding, and each unpacking built a list.
    firsts = [group[0] for group in groups]
    shown_lines = output.sources.lines_of(firsts)
    texts = [d.message for d in firsts]
    texts += [line for line in shown_lines if line is not None]
    # Most files' messages and lines need no escape: one check for them all.
    plain = all_printable(texts)
    color = output.color
    for d, group, line in zip(firsts, groups, shown_lines, strict=True):
        shown.append(headline(d, color, escaped, plain))
        shown.append("\n")
        if line is not None:
            shown.append(snippet(d, line, color, plain))
        if len(group) > 1:
            lines = [str(number) for number in dict.fromkeys(o.line for o in group[1:])]
            word = "line" if len(lines) == 1 else "lines"
            shown.append(f"{' ' * len(str(d.line))} = also at {word} {', '.join(lines)}\n")
        if line is not None:
            shown.append("\n")
    return "".join(shown)


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
    number = str(d.line)
    gutter = " " * len(number) + " |"
    if not color:  # the usual case, without a paint call per piece
        return f"{gutter}\n{number} | {shown}\n{gutter} {before}^ {d.code}\n{gutter}\n"
    gutter = paint(gutter, BLUE, color)
    caret = paint(f"^ {d.code}", RED, color)
    number = paint(f"{number} |", BLUE, color)
    return f"{gutter}\n{number} {shown}\n{gutter} {before}{caret}\n{gutter}\n"


CONCISE = Layout(_concise_part, _summary_frame)
FULL = Layout(_full_part, _summary_frame)

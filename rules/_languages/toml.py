"""TOML files (`.toml`: `pyproject.toml`, `Cargo.toml`, a tool's settings),
read by a scanner of TOML's own lexical rules (no grammar package: the
standard library's `tomllib` reads values but says no line). A comment is
prose; a string is a literal (a sentence in it prose), a quoted key too;
bare keys, table names and bare values (`true`, numbers, dates) are code.

Its definitions are its tables (`[dependencies]`, `[[bin]]`, "section"s by
their dotted name and by their last part) and its keys (by the key as written and
by its path under its table: `tool.ruff.line-length`), each with its lines:
a table to the line before the next table header (trailing blank lines
left off), a key to the last line of its value (an array or a multi-line
string may run on). A key inside an inline table or an array of several
lines is none of the file's own, nor is the key of a dependency (a key of
`[dependencies]`, `[dev-dependencies]`, `[tool.poetry.dependencies]`):
it names another project's package."""

from __future__ import annotations

import re
from functools import lru_cache

from doclint.rule_api import PROJECT_LANGUAGES, compiled_on_use

from . import Definition, Language, PlaceCollector, Places
from ._grammar import is_dependencies

# Comments and strings, as TOML's lexer reads them: a comment to its line's
# end; a multi-line basic string (escapes taken) or literal string (none) to
# its closing triple quote; a one-line string to its quote or its line's end.
# Atomic and possessive throughout: a broken text stays linear.
_NOISE = compiled_on_use(
    r"""\#[^\n]*+
      | \"\"\"(?>(?:[^"\\]++|\\.|"(?!""))*)(?:\"\"\"|\Z)
      | '''(?>(?:[^']++|'(?!''))*)(?:'''|\Z)
      | "(?>(?:[^"\\\n]++|\\.)*)"?
      | '[^'\n]*+'?
    """,
    re.VERBOSE | re.DOTALL,
)
# A key at a line's start (in the blanked text, a quoted key's quotes kept):
# bare or quoted parts joined by dots, then `=`.
_PART = r"""(?:[A-Za-z0-9_-]++|"[^"\n]*+"|'[^'\n]*+')"""
_KEY = compiled_on_use(rf"[ \t]*+(?P<key>{_PART}(?>(?:[ \t]*+\.[ \t]*+{_PART})*))[ \t]*+=")
_TABLE = compiled_on_use(
    rf"[ \t]*+\[(?P<array>\[?)[ \t]*+(?P<key>{_PART}(?>(?:[ \t]*+\.[ \t]*+{_PART})*))[ \t]*+\]"
)
_DOT = compiled_on_use(rf"[ \t]*+\.[ \t]*+|(?P<part>{_PART})")
_NOT_NEWLINE = compiled_on_use(r"[^\n]")
KEYWORDS = frozenset({"true", "false", "inf", "nan"})


def read(text: str) -> Places:
    found = PlaceCollector()
    done = 0
    for match in _NOISE.finditer(text):
        found.add_code(text[done : match.start()])
        noise = match[0]
        if noise[0] == "#":
            found.add_prose(noise[1:])
        else:
            found.add_literal(noise.strip("\"'"))
        done = match.end()
    found.add_code(text[done:])
    return found.places()


def _blanked(text: str) -> tuple[str, set[int]]:
    """`text` with its comments made spaces and its strings' insides too,
    their quotes kept (offsets, lines and a quoted key's place hold); and
    the lines (0-based) that start inside a multi-line string."""
    pieces: list[str] = []
    inside: set[int] = set()
    done = 0
    for match in _NOISE.finditer(text):
        noise = match[0]
        pieces.append(text[done : match.start()])
        blank = _NOT_NEWLINE.sub(" ", noise)
        if noise[0] != "#" and len(noise) > 1:
            blank = noise[0] + blank[1:-1] + noise[-1]
        if "\n" in noise:
            first = text.count("\n", 0, match.start())
            inside.update(range(first + 1, first + noise.count("\n") + 1))
        pieces.append(blank)
        done = match.end()
    pieces.append(text[done:])
    return "".join(pieces), inside


def _name(text: str, start: int, end: int) -> str:
    """A dotted key of the text as its reader names it: parts unquoted, no spaces."""
    return ".".join(
        match["part"].strip("\"'")
        for match in _DOT.finditer(text, start, end)
        if match["part"] is not None
    )


@lru_cache(maxsize=64)
def definitions(text: str) -> tuple[Definition, ...]:
    text = text.replace("\r\n", "\n")
    blanked, inside = _blanked(text)
    lines = blanked.split("\n")
    found: list[Definition] = []
    table = ""  # the current table's dotted name
    table_at = -1  # its index in `found`, whose end is set when the next one opens
    depth = 0  # brackets and braces open at the current line's start
    start = 0  # the current line's offset
    last_code = 0  # the last line (1-based) holding anything
    for number, line in enumerate(lines, 1):
        at_top = depth == 0 and number - 1 not in inside
        if at_top and (header := _TABLE.match(line)) is not None:
            if table_at >= 0:
                found[table_at] = found[table_at]._replace(end=last_code)
            table = _name(text, start + header.start("key"), start + header.end("key"))
            table_at = -1
            parent = table.rpartition(".")[0]
            if not is_dependencies(parent.rpartition(".")[2]):  # not `[dependencies.serde]`
                table_at = len(found)
                found.append(Definition(table, number, "section", number))
                if parent:
                    found.append(Definition(table.rpartition(".")[2], number, "section", number))
        elif at_top and _lists_dependencies(table):
            pass  # another project's name and its settings: no definition here
        elif at_top and (key := _KEY.match(line)) is not None:
            name = _name(text, start + key.start("key"), start + key.end("key"))
            end = _value_end(lines, number, depth + _depth(line), inside)
            found.append(Definition(name, number, "key", end))
            if table:
                found.append(Definition(f"{table}.{name}", number, "key", end))
        depth = max(depth + _depth(line), 0)
        if line.strip():
            last_code = number
        start += len(line) + 1
    if table_at >= 0:
        found[table_at] = found[table_at]._replace(end=last_code)
    return tuple(_table_ends(found))


def _lists_dependencies(table: str) -> bool:
    """Whether a table's keys are dependencies (`[dependencies]`), or the
    table is one dependency's (`[dependencies.serde]`)."""
    parts = table.split(".")
    return any(is_dependencies(part) for part in parts[-2:])


def _table_ends(found: list[Definition]) -> list[Definition]:
    """Each table's second name (its last part) with its first name's end."""
    for index in range(1, len(found)):
        previous, current = found[index - 1], found[index]
        if current.kind == previous.kind == "section" and current.line == previous.line:
            found[index] = current._replace(end=previous.end)
    return found


def _depth(line: str) -> int:
    """How many brackets and braces a (blanked) line leaves open."""
    return line.count("[") + line.count("{") - line.count("]") - line.count("}")


def _value_end(lines: list[str], number: int, depth: int, inside: set[int]) -> int:
    """The last line (1-based) of the value of the key on line `number`:
    the line where its brackets close and no multi-line string runs on."""
    end = number
    while end < len(lines) and (depth > 0 or end in inside):
        depth += _depth(lines[end])
        end += 1
    return end


LANGUAGE = Language(PROJECT_LANGUAGES["TOML"], KEYWORDS, read, definitions=definitions)

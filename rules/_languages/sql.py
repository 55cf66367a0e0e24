"""SQL scripts (`.sql`: schemas, migrations), read by a scanner of SQL's
lexical rules (no grammar package: the dialects differ, and a schema's
definitions are plain to a scanner). A comment (`-- ...`, `/* ... */`) is
prose; a string (`'...'`, its `''` a quote) a literal; a quoted identifier
(`"user"`, `` `user` ``, `[user]`), a dollar-quoted body (`$$ ... $$`) and
every other word code.

Its definitions are what its `CREATE` statements make: tables, views,
functions and procedures, indexes, triggers, types, sequences, schemas and
databases, named as written (`public.users`, unquoted) and by their last
part (`users`), each from its `CREATE` line to the `;` that ends the
statement (a dollar-quoted body's own `;` do not), or to the line before
the next `CREATE`. A `CREATE` inside a comment or a string is none."""

from __future__ import annotations

import re
from functools import lru_cache

from doclint.rule_api import PROJECT_LANGUAGES, compiled_on_use

from . import Definition, Language, PlaceCollector, Places

# Comments, strings and dollar-quoted bodies, each to its end or the text's.
_NOISE = compiled_on_use(
    r"""--[^\n]*+
      | /\*(?>(?:[^*]++|\*(?!/))*)(?:\*/|\Z)
      | '(?>(?:[^']++|'')*)'?
      | (?P<dollar>\$[A-Za-z_0-9]*+\$)(?>(?:[^$]++|(?!(?P=dollar))\$)*)(?:(?P=dollar)|\Z)
    """,
    re.VERBOSE | re.DOTALL,
)
_NAME = r"""(?:[A-Za-z_][A-Za-z0-9_$]*+|"[^"\n]*+"|`[^`\n]*+`|\[[^\]\n]*+\])"""
_CREATE = compiled_on_use(
    rf"""\bCREATE\s++(?:OR\s++REPLACE\s++)?
        (?>(?:(?:GLOBAL|LOCAL|TEMP|TEMPORARY|UNLOGGED|UNIQUE|MATERIALIZED|VIRTUAL|RECURSIVE)\s++)*)
        (?P<kind>TABLE|VIEW|FUNCTION|PROCEDURE|INDEX|TRIGGER|TYPE|SEQUENCE|SCHEMA|DATABASE)\s++
        (?:CONCURRENTLY\s++)?(?:IF\s++NOT\s++EXISTS\s++)?
        (?P<name>{_NAME}(?>(?:\s*+\.\s*+{_NAME})*))
    """,
    re.VERBOSE | re.IGNORECASE,
)
_PART = compiled_on_use(_NAME)
_NOT_NEWLINE = compiled_on_use(r"[^\n]")
_KINDS = {
    "TABLE": "table",
    "VIEW": "view",
    "FUNCTION": "function",
    "PROCEDURE": "function",
    "INDEX": "index",
    "TRIGGER": "trigger",
    "TYPE": "type",
    "SEQUENCE": "sequence",
    "SCHEMA": "module",
    "DATABASE": "module",
}
# The reserved words of standard SQL that no table or column can be unquoted.
_RESERVED = (
    "ALL ALTER AND ANY AS ASC BETWEEN BY CASE CHECK COLUMN CONSTRAINT CREATE CROSS DEFAULT",
    "DELETE DESC DISTINCT DROP ELSE END EXISTS FALSE FOREIGN FROM FULL GROUP HAVING IN INNER",
    "INSERT INTO IS JOIN KEY LEFT LIKE LIMIT NOT NULL ON OR ORDER OUTER PRIMARY REFERENCES",
    "RIGHT SELECT SET TABLE THEN TRUE UNION UNIQUE UPDATE USING VALUES WHEN WHERE WITH",
)
KEYWORDS = frozenset(word.lower() for line in _RESERVED for word in line.split())


def read(text: str) -> Places:
    found = PlaceCollector()
    done = 0
    for match in _NOISE.finditer(text):
        found.add_code(text[done : match.start()])
        noise = match[0]
        if noise.startswith(("--", "/*")):
            found.add_prose(noise[2:])
        elif match["dollar"] is not None:
            found.add_code(noise)
        else:
            found.add_literal(noise.strip("'"))
        done = match.end()
    found.add_code(text[done:])
    return found.places()


def _blanked(text: str) -> str:
    """`text` with its comments, strings and dollar-quoted bodies made spaces
    (newlines kept: offsets and lines hold)."""
    return _NOISE.sub(lambda match: _NOT_NEWLINE.sub(" ", match[0]), text)


@lru_cache(maxsize=64)
def definitions(text: str) -> tuple[Definition, ...]:
    code = _blanked(text.replace("\r\n", "\n"))
    matches = list(_CREATE.finditer(code))
    found: list[Definition] = []
    line = 1
    done = 0
    for index, match in enumerate(matches):
        line += code.count("\n", done, match.start())
        done = match.start()
        # The statement ends at its `;`, looked for only up to the next
        # `CREATE`: a script without `;` stays linear.
        limit = matches[index + 1].start() if index + 1 < len(matches) else len(code)
        semicolon = code.find(";", match.end(), limit)
        stop = semicolon
        if stop < 0:  # to the last word before the next `CREATE`
            stop = limit
            while stop > match.end() and code[stop - 1].isspace():
                stop -= 1
        end = line + code.count("\n", match.start(), max(stop, match.start()))
        kind = _KINDS[match["kind"].upper()]
        parts = [part[0].strip('"`[]') for part in _PART.finditer(match["name"])]
        found.append(Definition(".".join(parts), line, kind, end))
        if len(parts) > 1:
            found.append(Definition(parts[-1], line, kind, end))
    return tuple(found)


LANGUAGE = Language(PROJECT_LANGUAGES["SQL"], KEYWORDS, read, definitions=definitions)

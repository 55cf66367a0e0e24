"""What a Python text defines and imports: the `class`, `def` and `import`
statements a lexer reads, and `ast` where the lexer cannot be sure.

Shared by keyword-as-class (DL201), phantom-keyword (DL203), count-mismatch
(DL304) and bogus-dependency (DL305). The lexer (`lexed_facts`) blanks
out strings and comments and reads the statements from what is left. On every
text `ast` parses it gives the same facts as `ast` (the tests compare them on
the whole standard library), at a fraction of the cost: parsing was a sixth
of a run. Where `ast` fails, the lexer still reads what the text states: a
Python 2 module defines its classes and imports its modules as plainly as a
Python 3 one, and a generator that counted `class` inside a string literal is
wrong about it either way. The lexer gives up only on a quote inside an
f-string's field (valid since Python 3.12), where it cannot tell where the
literal ends; `ast` decides those, as Python 3.11 reads on every accepted
CPython (`parse_python`), and a text neither can read has no facts.

A source is consulted by several pages (its keyword index, its file
documentation, and the level-2 pages that embed them), as the file itself or
as the copy embedded in its documentation, which ends with one more newline.
The caches are keyed on a digest of the text without trailing whitespace, so
all of them share one reading, and they hold only the small facts, not the
texts. The lexer's one pass over a text (`_split`) also serves the places of
its words (`python_places`): the few latest splits are kept for that.
"""

from __future__ import annotations

import re
import sys
import warnings
from collections.abc import Callable, Iterator
from functools import lru_cache
from hashlib import blake2b
from itertools import accumulate
from keyword import iskeyword, kwlist
from typing import TYPE_CHECKING, TypeVar, cast

from doclint.rule_api import LANGUAGES, compiled_on_use
from doclint.rule_api_generators import LatestDict, gc_paused, normalize_newlines

from . import Definition, Language, PlaceCollector, Places
from ._records import PythonFacts, PythonReading

if TYPE_CHECKING:
    import ast
    import tokenize

# Python's soft keywords, as a fixed list so that results do not depend on
# the Python version running doclint.
PYTHON_SOFT_KEYWORDS = frozenset({"_", "case", "match", "type"})
PYTHON_SUFFIXES = LANGUAGES["Python"].suffixes
# Statement fields that hold statements (or handlers and cases holding them).
STATEMENT_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")
# Distinct sources remembered; the facts are small, so this covers a whole
# tree's worth of sources in the order the engine visits their pages.
CACHE_SIZE = 16384

# Comments and string literals, which the lexer blanks out, in one pass
# (`_split_noise`), so what comes first wins, as in the tokenizer: a `#`
# inside a string is text, a quote inside a comment too. Prefixes do not
# change where a literal ends (even a raw string's backslash keeps its
# quote). A comment runs to its line's end; a triple-quoted literal to its
# closing quotes, a backslash taking the character after it whatever it is;
# a one-quote literal to its closing quote, a backslash likewise, or left
# open, up to its line's end (or the text's, or a last backslash), so that
# broken sources stay linear. As the regex
#     \#[^\n]*
#     |"""[^"\\]*+(?>(?:(?:\\.|"(?!""))[^"\\]*+)*)(?:"""|\Z)
#     |'''[^'\\]*+(?>(?:(?:\\.|'(?!''))[^'\\]*+)*)(?:'''|\Z)
#     |"[^"\\\n]*+(?>(?:\\.[^"\\\n]*+)*)"?
#     |'[^'\\\n]*+(?>(?:\\.[^'\\\n]*+)*)'?
# with `re.DOTALL` matches them (tests/rules/test_python_source.py splits
# with it), but by `str.find`, which skips to the next quote or backslash
# far faster than the regex engine steps through a literal: the split was
# a third of reading a source's places.


def _ascii_refused(kept: Callable[[str], bool]) -> str:
    """The ASCII characters `kept` refuses, escaped for a regex class."""
    return "".join(re.escape(chr(code)) for code in range(128) if not kept(chr(code)))


# The characters of names: outside literals and comments, any non-ASCII
# character can only be one (`\w` misses some, such as combining accents).
# Written as the ASCII characters they are not: a class holding the range
# up to U+10FFFF is slow for the regex compiler, at every start-up.
_NAME_CHAR = f"[^{_ascii_refused(lambda char: char.isalnum() or char == '_')}]"
_NAME = _NAME_CHAR + "++"
# What a parenthesised import list is made of: names, commas and spaces.
_NAME_LIST_CHAR = (
    f"[^{_ascii_refused(lambda char: char.isalnum() or char in '_,' or char.isspace())}]"
)
# With strings and comments gone, `class`, `def`, `import` and `from ...
# import` can only be the statements: they are hard keywords, which no
# expression, attribute or argument name can be (a `from` may still be that of
# `yield from` or `raise ... from`). The scan looks for the bare words, which
# the regex engine can skip to, and matches the statement at each of them: a
# definition's name follows on its line; an import runs to the end of its line
# or to a `;`, or over its parenthesised name list. The quantifiers never give
# back and no match runs past the next `from`, so that a text that is not
# Python (full of `from`, dots or brackets) still takes linear time.
# A part of a module name: a name, but neither of the keywords around it,
# where a scan from the previous `from` must stop.
_MODULE_PART = f"(?!(?:from|import)(?!{_NAME_CHAR})){_NAME}"
# The statements' keywords, found by `str.find` (`_keyword_starts`).
_KEYWORDS = ("class", "def", "from", "import")
_STATEMENT = compiled_on_use(
    rf"""class[ \t\f]++(?P<class>{_NAME})
      | def[ \t\f]++(?P<function>{_NAME})
      | from(?P<module>[.\ \t\f]*+
            (?>(?:{_MODULE_PART}(?>(?:[ \t\f]*+\.[.\ \t\f]*+{_MODULE_PART})*))?))
        [ \t\f]*+import(?=[ \t\f(*])[ \t\f]*+
        (?:\((?P<group>{_NAME_LIST_CHAR}*+)\)|(?P<names>[^\n;]*+))
      | import[ \t\f]++(?P<modules>[^\n;]*+)
    """,
    re.VERBOSE,
)
_ALIAS = compiled_on_use(r"\s+as\s")
# Prefixes of literals whose `{...}` fields may hold quotes (f-strings, and
# the t-strings of Python 3.14).
_TEMPLATE_PREFIX = frozenset("fFtT")


_T = TypeVar("_T")


def read_ast(read: Callable[[], _T]) -> _T | None:
    """What `read` gives, or None when `ast` cannot read the source: the one
    guard of every use of `ast` on a source (parse, unparse, walks), so that a
    hostile source (a syntax error, a null byte, nesting too deep for the
    parser or for `ast.unparse`'s recursion, memory) leaves the reader that
    asked with "unreadable" instead of ending the rule that called it."""
    try:
        # Documented sources may hold invalid escapes ("\\d"): their warnings
        # are the source's business, not the linter's output.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return read()
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def parse_python(text: str) -> ast.Module:
    """`ast.parse` as Python 3.11, the oldest CPython doclint accepts, reads
    `text`, so that every accepted CPython reads a source alike: a newer one
    refuses the type parameters and `type` statements of 3.12
    (`feature_version`) and the f-strings 3.11 cannot read (PEP 701), at the
    line 3.11 names."""
    import ast

    tree = ast.parse(text, feature_version=(3, 11))
    _refuse_newer_fstrings(text)
    return tree


def parse_python_expression(text: str) -> ast.expr:
    """The expression `text` holds, as `parse_python` reads."""
    import ast

    body = ast.parse(text, mode="eval", feature_version=(3, 11)).body
    _refuse_newer_fstrings(text)
    return body


# An f-string's opening: a prefix holding `f` (or 3.14's `t`), then a quote.
_FSTRING_OPENING = compiled_on_use(r"(?i)(?<![\w])(?:[rb]?[ft]|[ft][rb])[\"']")
_PREFIX_LETTERS = "fFtTrRbBuU"


def _refuse_newer_fstrings(text: str) -> None:
    """Raise the SyntaxError 3.11 raises on an f-string whose field holds a
    quote of a string it is inside, a backslash, a comment, or a line break
    where the string is on one line: newer Pythons read them (PEP 701), so
    `feature_version` does not refuse them."""
    # On 3.11 its own parser has refused them already; a text with no
    # f-string opening has none to refuse.
    if sys.version_info < (3, 12) or not _FSTRING_OPENING.search(text):
        return
    line = _newer_fstring_line(text)
    if line is not None:
        raise SyntaxError("f-string Python 3.11 cannot read", ("<source>", line, 0, ""))


def _newer_fstring_line(text: str) -> int | None:
    """Where 3.11 reports the first such f-string (`_FstringScan`)."""
    import io
    import tokenize

    scan = _FstringScan()
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            # By name: 3.11's tokenize, which mypy reads, has no f-string tokens.
            kind = tokenize.tok_name[token.type]
            line = scan.after_literal(kind, token.end[0])
            line = scan.read(kind, token) if line is None else line
            if line is not None:
                return line
    except (tokenize.TokenError, SyntaxError):
        return None  # `ast` read it: nothing here is 3.12's alone
    return scan.joined


class _FstringScan:
    """A source's f-strings read from a newer Python's tokens as 3.11 reads
    them. A quote of its own ends the string there for 3.11, and a line
    break leaves it unterminated: 3.11 reports the line the string starts
    on. A backslash or a comment in a field: the last line of the strings
    written together with it (`f"..." "..."`, one literal, read whole)."""

    def __init__(self) -> None:
        self.quotes: list[str] = []  # the closing quotes of the f-strings open, outermost first
        self.first = 0  # the line the outermost one starts on
        self.refused = False
        self.joined: int | None = None  # the last line so far of a refused literal

    def after_literal(self, kind: str, end: int) -> int | None:
        """A refused literal's last line, once a token other than a string follows it."""
        if self.joined is None or self.quotes or kind in ("NL", "COMMENT"):
            return None
        if kind not in ("STRING", "FSTRING_START"):
            return self.joined
        self.joined = end
        return None

    def read(self, kind: str, token: tokenize.TokenInfo) -> int | None:
        quotes = self.quotes
        if not quotes and kind == "FSTRING_START":
            self.first, self.refused = token.start[0], False
        elif quotes and _ends_early(kind, token.string, quotes):
            return self.first
        elif quotes and kind == "FSTRING_END" and len(quotes) == 1:
            self.joined = token.end[0] if self.refused or self.joined is not None else None
        elif quotes:
            self.refused = (
                self.refused or kind == "COMMENT" or _field_backslash(kind, token.string, quotes)
            )
        if kind == "FSTRING_START":
            quotes.append(token.string.lstrip(_PREFIX_LETTERS))
        elif kind == "FSTRING_END":
            quotes.pop()
        return None


def _ends_early(kind: str, string: str, quotes: list[str]) -> bool:
    """Whether 3.11's lexer ends the string at a token of its field: a quote
    of a string it is inside, or a line break in a one-line string."""
    if kind in ("NL", "NEWLINE"):
        return any(len(quote) == 1 for quote in quotes)
    inside = kind in ("STRING", "FSTRING_START") or (kind == "FSTRING_MIDDLE" and len(quotes) > 1)
    return inside and any(quote in string for quote in quotes)


def _field_backslash(kind: str, string: str, quotes: list[str]) -> bool:
    """Whether a token of an f-string's field holds a backslash, which 3.11
    refuses there (a nested string's text is inside its outer string's field)."""
    inside = kind == "STRING" or (kind == "FSTRING_MIDDLE" and len(quotes) > 1)
    return inside and "\\" in string


_Cache = LatestDict[bytes, PythonFacts | None]
_PARSED: _Cache = LatestDict(CACHE_SIZE)
_LEXED: _Cache = LatestDict(CACHE_SIZE)
# The text python_facts last read, its facts, and the text as they were read.
_LAST: list[object] = [None, None, None]


def is_python_path(path: str | None) -> bool:
    return path is not None and path.endswith(PYTHON_SUFFIXES)


def python_reserved(name: str, soft: bool = True) -> str | None:
    """Why `name` can name nothing in Python: "a Python keyword" (a soft one
    only when `soft`: a function may be called `match`, a class hardly)."""
    if iskeyword(name) or (soft and name in PYTHON_SOFT_KEYWORDS):
        return "a Python keyword"
    return None


def python_facts(text: str) -> PythonFacts | None:
    """The facts of a Python text: the lexer's, or the parsed ones when the
    lexer is unsure; None when neither can read it."""
    # The four rules ask in turn about one page's text: one digest serves them.
    if text is _LAST[0]:
        return cast("PythonFacts | None", _LAST[1])
    stripped = text.rstrip()
    if stripped == _LAST[2]:
        # Another copy of the text last read (the file's, then the one its
        # page embeds): compared, not digested again whole.
        facts = cast("PythonFacts | None", _LAST[1])
    else:
        key = _digest(stripped)
        facts = _cached(_LEXED, key, _lex, stripped)
        if facts is None:
            facts = _cached(_PARSED, key, _parse, stripped)
    _LAST[:] = [text, facts, stripped]
    return facts


def parsed_facts(text: str) -> PythonFacts | None:
    """The facts of a Python text as `ast` reads them; None when it does not
    parse (Python 2, a template, a truncated copy)."""
    text = text.rstrip()
    return _cached(_PARSED, _digest(text), _parse, text)


def lexed_facts(text: str) -> PythonFacts | None:
    """The facts of a Python text as the lexer reads them: the parsed ones
    whenever the text parses. None when the lexer cannot be sure (a quote
    inside an f-string's field, valid since Python 3.12)."""
    text = text.rstrip()
    return _cached(_LEXED, _digest(text), _lex, text)


def _digest(text: str) -> bytes:
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _cached(
    cache: _Cache, key: bytes, compute: Callable[[str], PythonFacts | None], text: str
) -> PythonFacts | None:
    return cache.memo(key, lambda: compute(text))


def _parse(text: str) -> PythonFacts | None:
    # The syntax tree holds no cycles and is freed once `_parsed` returns:
    # tracing it meanwhile is wasted work, a large share of a parse when the
    # collector runs at Python's default thresholds (a program that embeds
    # doclint; the command line and its workers collect rarely anyway).
    with gc_paused():
        return _parsed(text)


def _parsed(text: str) -> PythonFacts | None:
    return read_ast(lambda: _facts_of(parse_python(text)))


def _facts_of(tree: ast.Module) -> PythonFacts:
    import ast

    classes: list[str] = []
    functions: list[str] = []
    modules: set[str] = set()
    names: set[str] = set()
    for node in _statements(tree.body):
        if isinstance(node, ast.ClassDef):
            classes.append(node.name)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            functions.append(node.name)
        elif isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            modules.add("." * node.level + (node.module or ""))
            names.update(alias.name for alias in node.names)
    return PythonFacts.collect(classes, functions, modules, names)


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement at any depth. Definitions and imports are statements,
    and no expression holds a statement, so expressions (most of the nodes)
    are never visited: several times faster than `ast.walk`."""
    import ast

    stack = list(body)
    while stack:
        node = stack.pop()
        yield node
        for field in STATEMENT_FIELDS:
            for child in getattr(node, field, ()):
                if isinstance(child, ast.stmt):
                    stack.append(child)
                else:  # an except handler or a match case: its body holds statements
                    stack.extend(child.body)


def _lex(text: str) -> PythonFacts | None:
    reading = _reading(_lines(text))
    if not reading.sure:
        return None
    # Each literal and comment a space; a backslash before a newline joins
    # two lines (inside literals it was blanked with them).
    code = " ".join(reading.code).replace("\\\n", " ")
    classes: list[str] = []
    functions: list[str] = []
    modules: set[str] = set()
    names: set[str] = set()
    end = 0
    for start in _keyword_starts(code):
        if start < end or _is_name_char(code, start - 1):
            continue
        match = _STATEMENT.match(code, start)
        if match is None:
            continue
        end = match.end()
        if match["class"]:
            classes.append(_identifier(match["class"]))
        elif match["function"]:
            functions.append(_identifier(match["function"]))
        elif match["modules"] is not None:
            modules.update(_imported(match["modules"]))
        else:
            modules.add(_identifier("".join(match["module"].split())))
            names.update(_imported(match["names"] if match["group"] is None else match["group"]))
    return PythonFacts.collect(classes, functions, modules, names)


# The latest texts split: the pages of one source ask for its facts (the file
# documentation, the keyword index) and its places (claims of code, the
# level-2 index) in turn. Keyed by the text as `_lines` gives it.
_READINGS: LatestDict[str, PythonReading] = LatestDict(8)


def _lines(text: str) -> str:
    r"""A text as the tokenizer reads it: "\r\n" and "\r" are "\n"; trailing
    whitespace left off (a copy embedded in a page ends in one more newline)."""
    return normalize_newlines(text.rstrip())


def _reading(text: str) -> PythonReading:
    """`text` (as `_lines` gives it) split, or its split of late."""
    return _READINGS.memo(text, lambda: _split(text))


def _split(text: str) -> PythonReading:
    # Split in C: the facts need only the code, and a loop over the matches
    # cost as much as the scan. The places sort the noise when they ask.
    parts = _split_noise(text)
    return PythonReading(parts[::2], parts[1::2], "{" not in text or _fields_all_close(text, parts))


def _fields_all_close(text: str, parts: list[str]) -> bool:
    """Whether the fields of every template literal among the split `parts`
    of `text` close inside it (`_fields_close`)."""
    noise = parts[1::2]
    braced = [index for index, piece in enumerate(noise) if "{" in piece and piece[0] != "#"]
    if not braced:
        return True
    starts = list(accumulate(map(len, parts)))  # starts[2 * i]: where noise i starts
    return all(
        not _is_template(text, starts[2 * index]) or _fields_close(noise[index]) for index in braced
    )


def _is_template(text: str, start: int) -> bool:
    """Whether the literal at `start` has an f or t prefix (or follows a name
    ending in one, which only costs a check)."""
    for char in reversed(text[max(start - 2, 0) : start]):
        if char in _TEMPLATE_PREFIX:
            return True
        if not char.isalpha():
            return False
    return False


def _fields_close(literal: str) -> bool:
    """Whether every `{...}` field of an f-string closes inside the literal.
    Since Python 3.12 a field may hold the literal's own quote, which does
    not end it: a match that stopped there ends inside a field. Strings
    inside a field are skipped, since they may hold braces. Some valid
    literals fail too (a `'` as the fill of a format spec, a plain string
    after a name ending in f or t): that only costs a parse."""
    depth = index = 0
    while index < len(literal):
        char = literal[index]
        if depth == 0 and char in "{}" and literal[index + 1 : index + 2] == char:
            index += 2  # an escaped brace
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:
                return False
        elif depth and char in "'\"":
            index = literal.find(char, index + 1)
            if index < 0:
                return False
        index += 1
    return depth == 0


def _split_noise(text: str) -> list[str]:
    """`text` split at its comments and string literals, as `re.split` splits
    it at a pattern of one group: code and noise alternate, code first and
    last."""
    parts: list[str] = []
    size = len(text)
    done = 0
    # Where the next `#`, `"` and `'` at or after `done` stand (`size`: nowhere).
    comment = double = single = -1
    while True:
        if comment < done:
            comment = _find(text, "#", done)
        if double < done:
            double = _find(text, '"', done)
        if single < done:
            single = _find(text, "'", done)
        start = min(comment, double, single)
        if start == size:
            break
        end = _noise_end(text, start)
        parts.append(text[done:start])
        parts.append(text[start:end])
        done = end
    parts.append(text[done:])
    return parts


def _find(text: str, char: str, start: int) -> int:
    found = text.find(char, start)
    return len(text) if found < 0 else found


def _noise_end(text: str, start: int) -> int:
    """Where the comment or literal starting at `start` ends."""
    quote = text[start]
    if quote == "#":
        return _find(text, "\n", start)
    if text.startswith(quote * 3, start):
        end = _long_literal_end(text, start + 3, quote * 3)
        if end >= 0:
            return end
        # A backslash ends the text: the one-quote form reads `""` instead.
    return _short_literal_end(text, start + 1, quote)


def _long_literal_end(text: str, index: int, closing: str) -> int:
    """The end of a triple-quoted literal whose text starts at `index`: past
    its closing quotes, or the text's end; -1 when a backslash ends the text."""
    size = len(text)
    close = text.find(closing, index)
    while True:
        escape = text.find("\\", index, size if close < 0 else close)
        if escape < 0:
            return size if close < 0 else close + 3
        if escape + 1 >= size:
            return -1
        index = escape + 2
        if 0 <= close < index:  # the backslash took a quote of it
            close = text.find(closing, index)


def _short_literal_end(text: str, index: int, quote: str) -> int:
    """The end of a one-quote literal whose text starts at `index`: past its
    closing quote, or at its line's end (the text's, or a last backslash).
    Each search stops at the line's end, so that a literal left open does
    not look for its quote through the rest of the text."""
    size = len(text)
    line_end = _find(text, "\n", index)
    close = text.find(quote, index, line_end)
    while True:
        escape = text.find("\\", index, line_end if close < 0 else close)
        if escape < 0:
            return line_end if close < 0 else close + 1
        if escape + 1 >= size:
            return escape
        index = escape + 2
        if index > line_end:  # the backslash took the newline: the literal runs on
            line_end = _find(text, "\n", index)
            close = text.find(quote, index, line_end)
        elif 0 <= close < index:  # the backslash took the quote
            close = text.find(quote, index, line_end)


def _keyword_starts(code: str) -> list[int]:
    """Where the statements' keywords stand in `code` before no character of
    a name, in order: as `(?:class|def|from|import)(?!name character)`
    matches, by `str.find`, which skips ahead far faster than a regex tries
    each position. None of the four starts inside another (nor inside
    itself), so the matches of such a regex are exactly these."""
    starts: list[int] = []
    for keyword in _KEYWORDS:
        length = len(keyword)
        index = code.find(keyword)
        while index >= 0:
            if not _is_name_char(code, index + length):
                starts.append(index)
            index = code.find(keyword, index + length)
    starts.sort()
    return starts


def _is_name_char(code: str, index: int) -> bool:
    """Whether `code` has a character of a name (`_NAME_CHAR`) at `index`:
    a keyword before one is the head of a longer name (`classes`), after
    one its tail (`subclass`)."""
    if not 0 <= index < len(code):
        return False
    char = code[index]
    return char.isalnum() or char == "_" or not char.isascii()


def _imported(listed: str) -> Iterator[str]:
    """The names of an import list, without aliases: `a . b as c, d` gives
    "a.b" and "d"."""
    for part in listed.split(","):
        if part.strip():
            yield _identifier("".join(_ALIAS.split(part)[0].split()))


def _identifier(name: str) -> str:
    # `ast` normalises every identifier to NFKC. unicodedata is imported for
    # the rare name that is not ASCII.
    if name.isascii():
        return name
    import unicodedata

    return unicodedata.normalize("NFKC", name)


def python_places(text: str) -> Places:
    """Where the words of a Python text stand: comments and triple-quoted
    strings (docstrings) are prose, other string literals literals, the rest
    code. Read by the lexer's own pattern, so a Python 2 text reads too."""
    reading = _reading(_lines(text))
    found = PlaceCollector()
    found.code += reading.code
    for noise in reading.noise:
        if noise[0] == "#" or noise[:3] in ('"""', "'''"):
            found.add_prose(noise)
        else:  # a literal left open at its line's end has no closing quote to drop
            found.add_literal(noise[1:].removesuffix(noise[0]))
    return found.places()


@lru_cache(maxsize=64)
def python_definitions(text: str) -> tuple[Definition, ...]:
    """Where a Python text defines its names, in text order: classes,
    functions (a class's are methods), nested ones too, each from its `def`
    or `class` line (not its decorators') to its last line, and the names a
    module or a class body assigns (a module's `UPPER_CASE` one a constant,
    a class's a field), each with its statement's last line; a function's
    locals are none. `ast` reads it; where it cannot (Python 2, a template),
    the lexer's code gives the `class` and `def` lines and a module's
    assignments, without ends."""
    lines = _lines(text)

    def read() -> tuple[Definition, ...]:
        return _defined_in(parse_python(lines).body)

    with gc_paused():
        found = read_ast(read)
    return found if found is not None else _lexed_definitions(lines)


def _defined_in(body: list[ast.stmt]) -> tuple[Definition, ...]:
    import ast

    found: list[Definition] = []
    # (statement, scope): "module", "class" or "function".
    stack = [(node, "module") for node in reversed(body)]
    while stack:
        node, scope = stack.pop()
        inner = scope
        if isinstance(node, ast.ClassDef):
            found.append(Definition(node.name, node.lineno, "class", node.end_lineno or 0))
            inner = "class"
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            kind = "method" if scope == "class" else "function"
            found.append(Definition(node.name, node.lineno, kind, node.end_lineno or 0))
            inner = "function"
        elif scope != "function":
            found.extend(_assigned(node, scope))
        children: list[ast.stmt] = []
        for field in STATEMENT_FIELDS:
            for child in getattr(node, field, ()):
                children.extend([child] if isinstance(child, ast.stmt) else child.body)
        stack.extend((child, inner) for child in reversed(children))
    return tuple(found)


def _assigned(node: ast.stmt, scope: str) -> Iterator[Definition]:
    """The names an assignment statement of a module or class body defines."""
    import ast

    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, ast.AnnAssign | ast.AugAssign):
        targets = [node.target]
    elif type(node).__name__ == "TypeAlias":  # `type X = ...`, Python 3.12
        targets = [cast("ast.expr", getattr(node, "name", None))]
    else:
        return
    while targets:
        target = targets.pop(0)
        if isinstance(target, ast.Tuple | ast.List):
            targets[:0] = target.elts
        elif isinstance(target, ast.Starred):
            targets.insert(0, target.value)
        elif isinstance(target, ast.Name):
            yield Definition(
                target.id, target.lineno, _assigned_kind(target.id, scope), node.end_lineno or 0
            )


def _assigned_kind(name: str, scope: str) -> str:
    if scope == "class":
        return "field"
    return "constant" if name.isupper() else "variable"


# A definition's line in code whose comments and literals are blanked (their
# newlines kept): a `class` or `def` statement, or a module's assignment
# (at the line's start, not `==`).
_LEXED_DEFINITION = compiled_on_use(
    rf"""^[ \t]*+(?:async[ \t]++)?def[ \t]++(?P<function>{_NAME})
      | ^[ \t]*+class[ \t]++(?P<class>{_NAME})
      | ^(?P<variable>{_NAME})[ \t]*+(?::[^=\n]*+)?=(?!=)
    """,
    re.VERBOSE | re.MULTILINE,
)


def _lexed_definitions(lines: str) -> tuple[Definition, ...]:
    """The definitions of a text `ast` cannot read, from the lexer's code."""
    reading = _reading(lines)
    blanked = "".join(
        piece
        for code, noise in zip(reading.code, [*reading.noise, ""], strict=True)
        for piece in (code, "\n" * noise.count("\n"))
    )
    found: list[Definition] = []
    line, done = 1, 0
    for match in _LEXED_DEFINITION.finditer(blanked):
        line += blanked.count("\n", done, match.start())
        done = match.start()
        kind = match.lastgroup or "variable"
        name = _identifier(match[kind])
        if kind == "variable":
            kind = _assigned_kind(name, "module")
        found.append(Definition(name, line, kind))
    return tuple(found)


LANGUAGE = Language(
    LANGUAGES["Python"],
    frozenset(kwlist),
    python_places,
    python_facts,
    python_reserved,
    python_definitions,
)

"""The two readings of `_languages.python`: the lexer finds what `ast` finds, and
the rules parse a source only where the lexer is unsure."""

from __future__ import annotations

import re
import sysconfig
from pathlib import Path

import pytest
from doclint_rules._languages import python as _python_source
from doclint_rules._languages.python import PythonFacts, lexed_facts, parsed_facts, python_facts
from doclint_rules.keywords.keyword_as_class import KeywordAsClass

from doclint import Settings, check_text
from doclint.rule_api import FixSafety
from doclint.util.lru import LatestDict
from tests.conftest import findings, pure_python_only
from tests.pages import keyword_index, write
from tests.rules.fixing import rule_findings
from tests.rules.test_bogus_dependency import docs_with_dependencies, first_entry_line
from tests.rules.test_count_mismatch import docs_page
from tests.rules.test_phantom_keyword import index

STDLIB = Path(sysconfig.get_paths()["stdlib"])
# Installed packages are no part of the standard library, and vary by machine.
NOT_STDLIB = frozenset({"site-packages", "dist-packages"})


def facts(
    classes: str = "",
    functions: str = "",
    modules: str = "",
    names: str = "",
    class_count: int | None = None,
    function_count: int | None = None,
) -> PythonFacts:
    """Facts from space-separated names; counts default to one per name."""
    return PythonFacts(
        frozenset(classes.split()),
        frozenset(functions.split()),
        len(classes.split()) if class_count is None else class_count,
        len(functions.split()) if function_count is None else function_count,
        frozenset(modules.split()),
        frozenset(names.split()),
    )


# ---- the lexer gives the facts of ast ----------------------------------------


@pytest.mark.slow
def test_quick_facts_are_the_ast_facts_on_the_whole_standard_library():
    if not STDLIB.is_dir():
        pytest.skip("no standard library sources beside this interpreter")
    compared = unsure = 0
    for path in sorted(STDLIB.rglob("*.py")):
        if not NOT_STDLIB.isdisjoint(path.relative_to(STDLIB).parts):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        exact = parsed_facts(text)
        if exact is None:  # test data that is meant not to parse
            continue
        compared += 1
        quick = lexed_facts(text)
        if quick is None:
            unsure += 1
        else:
            assert quick == exact, path
    print(f"{compared} standard library modules compared, {unsure} left to ast")
    assert compared >= 100
    # Only odd f-strings (test_fstring.py) make the lexer unsure.
    assert unsure <= compared // 100


DOCSTRINGS = r'''"""Module.

class Fake:
def fake():
import fake
from fake import thing
"""


class Real:
    """class Inner: no"""

    def method(self):
        'def not_me(): import nothing'
'''

COMMENTS = "# class Commented\nx = 1  # import commented\n    #def f(): pass\n"

STRINGS = r"""a = "# not a comment ' class X"
b = 'it\'s # def f(): pass'
c = "\\"  # a string ending in a backslash; class Y
import real  # the \" is no quote
f = b'\x00\'class Z'
g = r"\\" ; import after_raw
h = '' ; i = "" ; import after_empty
"""

TRIPLE_QUOTES = (
    r'''d = """a '''
    + "'''"
    + r''' b""" ; import between
e = """ends with a quote\"""" ; import after_escaped_quote
'''
)

F_STRINGS = r'''name = "x"
s = f"{name!r} class {name}"
t = f'{ {"k": 1}["k"]} import nope'
u = rf"{name}\{{def}}"
v = f"""{name}
class Multi
"""
w = f"{'#'}" ; import after_fstring
'''

AFTER_SEMICOLONS_AND_COLONS = """x = 1; import a.b as c, d
try: import e
except ImportError: e = None
if TYPE_CHECKING: from f import g
import h; from i import j; import k
"""

FROM_IMPORTS = """from .pkg import (  # the (first) one
    a,
    b as c,  # ) not the end
    d,
)
from . import (e)
from .. import f
from ... import g
from .mod import *
from.sib import h
from . . up import i
import dotted . name as alias
"""

CONTINUATIONS = """from os \\
    import path, \\
    sep
import json, \\
    csv as comma
class \\
    Continued: pass
x = 1 + \\
    2; import after_continuation
"""

NESTED = """def outer():
    def inner():
        class Local:
            def method(self): pass
    async def helper(): pass
    return inner
class Outer:
    class Inner: pass
    def outer(self): pass
"""

DECORATED = """@decorator(class_=1)
class Decorated: pass
@property
def prop(self): return self
async def main():
    async with x: pass
    async for y in z: pass
"""

YIELD_AND_RAISE = """def gen():
    yield from range(3)
    x = yield
    return (yield
            from other())
def fail(err):
    raise ValueError("from here import nothing") from err
"""

KEYWORDS_INSIDE_NAMES = """classify = define = subclass = 1
importlib = __import__("importlib")
importlib.import_module("from_x")
self.from_ = classmethod
def undefined_import(): pass
x\u00b7import = 1
"""

# A ligature, a combining accent and full-width letters: ast gives names in NFKC.
NON_ASCII = (
    "class Ünïcode: pass\ndef \ufb01x(): pass\ndef e\u0301class(): pass\n"
    "from .\uff4d import \uff58\n"
)

COMPOUND = """match command:
    case "class":
        class InCase: pass
    case _:
        import fallback
try:
    import fast
except ImportError:
    def fast(): pass
else:
    class Fast: pass
finally:
    from cleanup import done
def f(x: "class Y") -> "import z": return lambda: 0
"""

CASES = {
    "docstrings": (DOCSTRINGS, facts("Real", "method")),
    "comments": (COMMENTS, facts()),
    "strings": (STRINGS, facts(modules="real after_raw after_empty")),
    "triple quotes": (TRIPLE_QUOTES, facts(modules="between after_escaped_quote")),
    "f-strings": (F_STRINGS, facts(modules="after_fstring")),
    "after ; and :": (AFTER_SEMICOLONS_AND_COLONS, facts(modules="a.b d e f h i k", names="g j")),
    "from imports": (
        FROM_IMPORTS,
        facts(modules=".pkg . .. ... .mod .sib ..up dotted.name", names="a b d e f g * h i"),
    ),
    "continuations": (
        CONTINUATIONS,
        facts("Continued", modules="os json csv after_continuation", names="path sep"),
    ),
    "nested": (NESTED, facts("Local Outer Inner", "outer inner method helper", function_count=5)),
    "decorated and async": (DECORATED, facts("Decorated", "prop main")),
    "yield from, raise from": (YIELD_AND_RAISE, facts(functions="gen fail")),
    "keywords inside names": (KEYWORDS_INSIDE_NAMES, facts(functions="undefined_import")),
    "non-ASCII names": (NON_ASCII, facts("Ünïcode", "fix éclass", ".m", "x")),
    "form feeds": (
        "\x0cdef first(): pass\nclass K:\n\x0c    def m(self): pass\n",
        facts("K", "first m"),
    ),
    "compound statements": (
        COMPOUND,
        facts("InCase Fast", "fast f", "fallback fast cleanup", "done"),
    ),
    "CRLF": (
        "import a\r\nclass B:\r\n    '''class Fake\r\n    '''\r\n    def c(self): pass\r\n",
        facts("B", "c", "a"),
    ),
    "CR": ("import a\rclass B: pass\r", facts("B", modules="a")),
    "empty": ("", facts()),
}


@pytest.mark.parametrize("source, expected", CASES.values(), ids=CASES.keys())
def test_quick_facts_on_near_misses(source, expected):
    assert parsed_facts(source) == expected
    assert lexed_facts(source) == expected


def test_the_lexer_is_unsure_of_quotes_inside_f_string_fields():
    # Valid since Python 3.12, where the inner quote does not end the string.
    assert lexed_facts('f"{x["a"]}"\nimport os\n') is None
    assert lexed_facts("f'{x:'>10}'\n") is None
    assert lexed_facts("f'{x[\"}\"]}'\nimport os\n") == facts(modules="os")


def test_the_lexer_reads_what_does_not_parse():
    assert parsed_facts('import os\nprint "x"\n') is None
    assert lexed_facts('import os\nprint "x"\n') == facts(modules="os")
    assert lexed_facts('"""\nclass A:\n') == facts()
    assert lexed_facts("x = '\nclass A: pass\n") == facts("A")


# ---- python_facts: the lexer decides, `ast` where it is unsure ----------------


@pytest.fixture
def calls(monkeypatch) -> dict[str, int]:
    """How often the lexer and the parser ran, on empty caches."""
    count = {"lex": 0, "parse": 0}
    for name in ("lex", "parse"):
        original = getattr(_python_source, f"_{name}")

        def counted(text, name=name, original=original):
            count[name] += 1
            return original(text)

        monkeypatch.setattr(_python_source, f"_{name}", counted)
    monkeypatch.setattr(_python_source, "_PARSED", LatestDict(_python_source.CACHE_SIZE))
    monkeypatch.setattr(_python_source, "_LEXED", LatestDict(_python_source.CACHE_SIZE))
    monkeypatch.setattr(_python_source, "_LAST", [None, None, None])
    return count


def classes_of(text: str) -> frozenset[str] | None:
    found = python_facts(text)
    return None if found is None else found.classes


def test_python_facts_reads_the_lexer_facts_and_shares_the_work(calls):
    source = "class A: pass\n"
    assert classes_of(source) == {"A"}
    assert classes_of(source) == {"A"}
    # The copy embedded in a documentation ends with one more newline.
    assert classes_of(source + "\n") == {"A"}
    assert calls == {"lex": 1, "parse": 0}


@pure_python_only
def test_a_copy_of_the_text_last_read_is_compared_not_digested(calls, monkeypatch):
    """The rules ask about a source's file and then about the copy its page
    embeds (another string, one newline longer): the copy is the text just
    read, told by comparing, without digesting the whole text again."""
    digested = []
    digest = _python_source._digest
    monkeypatch.setattr(
        _python_source, "_digest", lambda text: digested.append(text) or digest(text)
    )
    source = "class A: pass\n"
    assert classes_of(source) == {"A"}
    assert classes_of("".join(["class A: pass\n", "\n"])) == {"A"}
    assert classes_of("class B: pass\n") == {"B"}
    assert digested == ["class A: pass", "class B: pass"]
    assert calls == {"lex": 2, "parse": 0}


def test_python_facts_parses_only_what_the_lexer_is_unsure_of(calls):
    # Python 2: the lexer reads it, `ast` is never asked.
    assert classes_of('class A: pass\nprint "x"\n') == {"A"}
    assert calls == {"lex": 1, "parse": 0}
    # A string after `if` looks like an f-string whose field holds a quote:
    # the lexer is unsure, `ast` reads it.
    assert classes_of('class A: pass\nif"{a\'b}": pass\n') == {"A"}
    assert calls == {"lex": 2, "parse": 1}
    # Neither can read it (a field holding its own quote is Python 3.12): no facts.
    assert python_facts('print "x"\nf"{x["a"]}"\n') is None
    assert calls == {"lex": 3, "parse": 2}


# ---- the four rules: no parse, findings as before ---------------------------

MODULE = """class Thing:
    '''A class that requires care.'''

class a:
    def run(self):
        pass
"""
PYTHON_2 = 'class Thing:\n    print "x"\n\nclass a:\n    pass\n'
KW = "docs/pkg/mod.py_kw.md"
DOCS = "docs/pkg/mod.py_docs.md"


def test_keyword_as_class(tmp_path, calls):
    write(tmp_path, {"pkg/mod.py": MODULE, "pkg/old.py": PYTHON_2})
    assert findings(keyword_index("pkg/mod.py", ["Thing"]), KW, "DL201", tmp_path) == []
    assert calls["parse"] == 0
    # `a` is a prose word to the word lists: the source shows it is a class here.
    assert findings(keyword_index("pkg/mod.py", ["Thing", "a"]), KW, "DL201", tmp_path) == []
    found = rule_findings(
        KeywordAsClass, keyword_index("pkg/mod.py", ["Thing", "Ghost", "def"]), KW, tmp_path
    )
    assert [(f.line, f.message, f.fix.applicability) for f in found] == [
        (17, "`Ghost` is not a class defined in `mod.py`", FixSafety.SAFE),
        (18, "`def` is a Python keyword, not a class name", FixSafety.SAFE),
    ]
    # Python 2: the lexer reads that `a` is a class, and `Ghost` is not.
    text = keyword_index("pkg/old.py", ["Thing", "a", "Ghost"])
    found = rule_findings(KeywordAsClass, text, "docs/pkg/old.py_kw.md", tmp_path)
    assert [(f.line, f.message, f.fix.applicability) for f in found] == [
        (18, "`Ghost` is not a class defined in `old.py`", FixSafety.SAFE)
    ]


def test_phantom_keyword(tmp_path, calls):
    write(tmp_path, {"pkg/mod.py": "import os\nfrom . import sibling\n" + MODULE})
    agreeing = {"Functions": ["run"], "Imports": [".", "os", "sibling"]}
    assert findings(index("pkg/mod.py", agreeing), KW, "DL203", tmp_path) == []
    assert calls["parse"] == 0
    wrong = {"Functions": ["run", "care"], "Imports": ["os", "the"]}
    settings = Settings(select=["DL203"], root=tmp_path)
    report = check_text(index("pkg/mod.py", wrong), KW, settings)
    assert [(d.line, d.column, d.message) for d in report.diagnostics] == [
        (17, 6, "`care` is listed as a function but is not defined in `mod.py`"),
        (22, 6, "`the` is listed as an import but is not a module or name imported by `mod.py`"),
    ]


def test_count_mismatch(tmp_path, calls):
    text = docs_page("pkg/mod.py", "1 class(es) and 1 function(s)")
    assert findings(text, DOCS, "DL304", tmp_path) == []
    assert calls["parse"] == 0
    text = docs_page("pkg/mod.py", "2 class(es) and 1 function(s)")
    report = check_text(text, DOCS, Settings(select=["DL304"], root=tmp_path))
    assert [(d.line, d.column, d.message) for d in report.diagnostics] == [
        (
            26,
            27,
            "claims 2 classes and 1 function; its Original Source defines 1 class and 1 function",
        )
    ]


def test_bogus_dependency(tmp_path, calls):
    source = "import os, sys\nfrom .pkg import thing\n"
    text = docs_with_dependencies("pkg/mod.py", source, ["`os`", "`sys`", "`.pkg`: thing"])
    assert findings(text, DOCS, "DL305", tmp_path) == []
    assert calls["parse"] == 0
    text = docs_with_dependencies("pkg/mod.py", source, ["`os`", "`which may fail`"])
    report = check_text(text, DOCS, Settings(select=["DL305"], root=tmp_path))
    first = first_entry_line(source)
    assert [(d.line, d.column, d.message) for d in report.diagnostics] == [
        (first + 1, 4, "`which may fail` is not a module that `mod.py` imports")
    ]


def test_name_classes_are_the_characters_they_stand_for():
    """Written as the ASCII characters they exclude, the classes still hold
    every ASCII letter, digit and underscore and every non-ASCII character."""
    name = re.compile(_python_source._NAME_CHAR)
    listed = re.compile(_python_source._NAME_LIST_CHAR)
    for code in [*range(0x800), *range(0x800, 0x110000, 97), 0xFFFF, 0x10FFFF]:
        char = chr(code)
        is_name = code >= 0x80 or char.isalnum() or char == "_"
        assert bool(name.fullmatch(char)) == is_name, hex(code)
        assert bool(listed.fullmatch(char)) == (is_name or char == "," or char.isspace()), hex(code)
        assert _python_source._is_name_char(f"a{char}", 1) == is_name, hex(code)


# The lexer's split written as a regex (with `re.DOTALL`): `_split_noise` splits
# a text at exactly its matches, by `str.find`.
NOISE = (
    r"""\#[^\n]*"""
    r'''|"""[^"\\]*+(?>(?:(?:\\.|"(?!""))[^"\\]*+)*)(?:"""|\Z)'''
    r"""|'''[^'\\]*+(?>(?:(?:\\.|'(?!''))[^'\\]*+)*)(?:'''|\Z)"""
    r"""|"[^"\\\n]*+(?>(?:\\.[^"\\\n]*+)*)"?"""
    r"""|'[^'\\\n]*+(?>(?:\\.[^'\\\n]*+)*)'?"""
)
KEYWORD = f"(?:class|def|from|import)(?!{_python_source._NAME_CHAR})"


def assert_split_as_the_regex(text: str) -> None:
    parts = re.split(f"({NOISE})", text, flags=re.DOTALL)
    assert _python_source._split_noise(text) == parts, text
    code = " ".join(parts[::2])
    assert _python_source._keyword_starts(code) == [m.start() for m in re.finditer(KEYWORD, code)]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "x = 1\n",
        '# a \'quoted\' "comment"\nx = \'#\'  # and """\n',
        '"""doc\\"""still"""\nclass A: pass\n',
        '"""open to the end\nclass A:\n',
        '"""ends in a backslash\\',  # the long form fails: `""` and a literal left open
        "'''a''''b'\n",
        'x = \'left open\ny = "closed"\n',
        "x = 'runs on \\\n the next line'\n",
        "x = 'escaped \\' quote' + \"\\\\\"\n",
        "x = '\\",
        "x = 'é' + \"classes\" # def\nsubclass; classdef; def_; déf\nimport os\n",
        "from . import a\nclass\tB: pass\ndef f(): return\n",
    ],
)
def test_the_split_is_the_regex_split(text):
    assert_split_as_the_regex(text)
    assert_split_as_the_regex(text.replace("\n", "\r\n"))


@pytest.mark.slow
def test_the_split_is_the_regex_split_on_the_whole_standard_library():
    if not STDLIB.is_dir():
        pytest.skip("no standard library sources beside this interpreter")
    for path in sorted(STDLIB.rglob("*.py")):
        if NOT_STDLIB.isdisjoint(path.relative_to(STDLIB).parts):
            assert_split_as_the_regex(path.read_text(encoding="utf-8", errors="replace"))


def test_places_of_a_literal_left_open_keep_its_last_word():
    # Python 2 or a broken copy: a quote left open runs to its line's end,
    # and its text loses no character (there is no closing quote to drop).
    found = _python_source.python_places("x = \"Hello there\ny = 'Bye'\n")
    assert {"Hello", "there", "Bye"} <= found.prose | found.strings
    assert "Hello" not in found.code and "ther" not in found.strings | found.prose


def test_places_read_lines_as_the_tokenizer_does():
    # A file with old Mac line ends: the comment ends at its line's end.
    found = _python_source.python_places("# A note\rclass Thing:\r    pass\r")
    assert "Thing" in found.code and "note" in found.prose and "Thing" not in found.prose


@pure_python_only
def test_facts_and_places_of_a_text_split_it_once(monkeypatch):
    # The file documentation asks for the facts of the source, the level-2
    # index for the places of its copy, which ends with one more newline.
    calls = []
    split = _python_source._split
    monkeypatch.setattr(_python_source, "_split", lambda text: calls.append(text) or split(text))
    monkeypatch.setattr(_python_source, "_READINGS", LatestDict(8))
    monkeypatch.setattr(_python_source, "_LEXED", LatestDict(8))
    text = "import os\n\n\nclass Thing:  # the thing\n    name = 'thing'\n"
    assert lexed_facts(text).classes == {"Thing"}
    found = _python_source.python_places(text + "\n")
    assert "Thing" in found.code
    assert "the" in found.prose
    assert "thing" in found.strings
    assert len(calls) == 1


# What Python 3.12 and later read and 3.11 refuses: each accepted CPython
# refuses it alike, at the line 3.11 names (where its own quote ends the
# string for 3.11, the line it starts on; else the literal's last line).
NEWER_SYNTAX = [
    ('a = 1\nx = f"{row["id"]}"\n', 2),
    ("a = 1\nx = f\"{'\\n'.join(y)}\"\n", 2),
    ('a = 1\nx = f"""{\n  y  # why\n}"""\n', 4),
    ('a = 1\nx = f"{\n y}"\n', 2),
    ('x = (f"{a["k"]}"\n     f"and {b}")\n', 1),
    ('x = (f"{\'\\n\'.join(y)}"\n     f"and {b}")\n', 2),
    ("a = 1\ntype Alias = int\n", 2),
    ("def f[T](x: T) -> T:\n    return x\n", 1),
]


@pytest.mark.parametrize(("text", "line"), NEWER_SYNTAX)
def test_a_source_is_read_as_python_3_11_reads_it(text: str, line: int):
    with pytest.raises(SyntaxError) as refused:
        _python_source.parse_python(text)
    assert refused.value.lineno == line
    assert parsed_facts(text) is None


def test_near_miss_what_3_11_reads_in_an_f_string_is_read():
    # Another quote, a `#` in a string, a format spec, a triple-quoted
    # string's inner quotes and line breaks: all read by 3.11 too.
    text = (
        "x = f\"{d['k']}\" + f'{y:#x}' + f\"{'#'}\"\n"
        'z = f"""{d["k"]}\n{\n  w}"""\n'
        "class A:\n    pass\n"
    )
    _python_source.parse_python(text)
    facts = parsed_facts(text)
    assert facts is not None and "A" in facts.classes

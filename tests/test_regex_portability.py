"""Every regular expression of doclint and its rules means the same on every
Python the package supports (`requires-python = ">=3.11"`).

Python 3.11.0 to 3.11.4 match a possessive repeat of a group wrongly
(CPython gh-106052, fixed in 3.11.5: `re.fullmatch("(?:ab?c)*+", "a")`
matches). On Debian 12's Python 3.11.2 the Python lexer read a docstring
holding a quote, `\"\"\"Each line is "x" ...\"\"\"`, as an empty string and
code, so `__future__.py` was said to import `__future__` and define two
classes: 13 tests failed there, and 57,971 lines of the full corpus's report
differed. Written as an atomic group around a greedy repeat, `(?>(?:ab?c)*)`
(which is what 3.11.5 makes of `*+`), a pattern matches the same everywhere.
A possessive repeat of one character (`[^"]*+`) was never affected.

Checked here on the parsed patterns, so that a test on a newer Python still
fails when such a repeat comes back: every pattern a module or class of
doclint and its rules holds, every pattern of the templates, and every
pattern compiled while the seeds and a page of every kind are checked.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import warnings
from collections.abc import Iterator

import doclint_rules
import pytest

import doclint
from doclint import Settings, check_paths
from doclint.profiles.generators import shipped_generators
from doclint.util import lazy_regex
from doclint.util.lazy_regex import LazyPattern
from tests.conftest import SEEDS, SHARED, require_shared

parser = pytest.importorskip("re._parser")
constants = pytest.importorskip("re._constants")

# What a possessive repeat may repeat: one character, which has no
# backtracking of its own to get wrong.
ONE_CHARACTER = frozenset(
    {
        constants.LITERAL,
        constants.NOT_LITERAL,
        constants.IN,
        constants.ANY,
        constants.CATEGORY,
    }
)


def _subpatterns(value: object) -> Iterator[parser.SubPattern]:
    if isinstance(value, parser.SubPattern):
        yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _subpatterns(item)


def possessive_groups(pattern: str | bytes, flags: int = 0) -> list[str]:
    """The possessive repeats of more than one character in `pattern`, as the
    parser reads them."""
    found = []
    pending = [parser.parse(pattern, flags & ~re.DEBUG)]
    while pending:
        for op, value in pending.pop():
            if op is constants.POSSESSIVE_REPEAT:
                repeated = value[2]
                if len(repeated) != 1 or repeated[0][0] not in ONE_CHARACTER:
                    found.append(str(repeated))
            pending.extend(_subpatterns(value))
    return found


def test_the_check_finds_what_python_before_3_11_5_gets_wrong():
    assert possessive_groups(r"(?:ab?c)*+")
    assert possessive_groups(r"x(?:yz|w)?+")
    assert possessive_groups(r"(?:-[ \t]*+){3,}+")
    assert possessive_groups(r"(?=(?:ab)++)")
    # Near misses: what every 3.11 reads alike.
    assert possessive_groups(r'"[^"\\]*+(?>(?:\\.[^"\\]*+)*)"') == []
    assert possessive_groups(r"(?>(?:ab?c)*)[a-z]++\w*+.?+") == []


def _held_patterns() -> Iterator[tuple[str, str | bytes, int]]:
    """The patterns the modules of doclint and its rules hold, in their
    globals and their classes, compiled, compiled on first use
    (`compiled_on_use`, which most are) or as the texts of a class's table
    (the line parser's `SPECIFICATION`): where, pattern and flags."""
    for package in (doclint, doclint_rules):
        for module_info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if module_info.name.endswith(".__main__"):
                continue  # runs the command line when imported
            module = importlib.import_module(module_info.name)
            for name, value in vars(module).items():
                where = f"{module.__name__}.{name}"
                if isinstance(value, (re.Pattern, LazyPattern)):
                    yield where, value.pattern, value.flags
                elif isinstance(value, type) and value.__module__ == module.__name__:
                    for attribute, held in vars(value).items():
                        if isinstance(held, (re.Pattern, LazyPattern)):
                            yield f"{where}.{attribute}", held.pattern, held.flags
                        elif isinstance(held, dict):
                            for key, text in held.items():
                                if isinstance(text, str):
                                    yield f"{where}.{attribute}[{key!r}]", text, 0


def test_no_pattern_held_repeats_a_group_possessively():
    held = list(_held_patterns())
    assert len(held) > 100  # the walk reached the modules
    # ... and the patterns compiled on their first use, the citations' among them.
    assert any(where == "doclint.parsing.citations._NAME" for where, _, _ in held)
    with warnings.catch_warnings():
        # mistune's own patterns, in the table, hold sets Python warns may nest.
        warnings.simplefilter("ignore", FutureWarning)
        wrong = {
            where: groups
            for where, pattern, flags in held
            if (groups := possessive_groups(pattern, flags))
        }
    assert wrong == {}


def test_no_template_pattern_repeats_a_group_possessively():
    texts = [
        text
        for template in shipped_generators().templates.values()
        for text in (
            template.keyword_entry,
            *template.titles.values(),
            *(sentence.pattern for sentence in template.count_sentences),
        )
    ]
    assert texts
    assert [text for text in texts if possessive_groups(text)] == []


def test_no_pattern_compiled_in_a_run_repeats_a_group_possessively(monkeypatch):
    require_shared()
    compiled: set[tuple[str | bytes, int]] = set()
    original = re._compile  # type: ignore[attr-defined]

    def recording(pattern, flags):
        if isinstance(pattern, (str, bytes)):
            compiled.add((pattern, int(flags)))
        return original(pattern, flags)

    monkeypatch.setattr(re, "_compile", recording)
    # doclint's own patterns are compiled once a process (`shipped_pattern`):
    # each the run uses is compiled again here.
    lazy_regex._compiled.cache_clear()
    kinds = SHARED / "corpus"
    for root in (SEEDS, kinds / "templates", kinds / "real-kinds"):
        check_paths([root], Settings(select=["ALL"], root=root))
    # The recording saw the run's patterns (literal ignore patterns compile none).
    assert len(compiled) > 5
    wrong = [pattern for pattern, flags in compiled if possessive_groups(pattern, flags)]
    assert wrong == []

"""Patterns compiled on first use (doclint/util/lazy_regex.py): a start of
the process pays only for the patterns its run uses."""

from __future__ import annotations

import copy
import pickle
import re

from doclint.util import lazy_regex
from doclint.util.lazy_regex import LazyPattern, compiled_on_use


def test_a_pattern_is_compiled_on_its_first_use_only(monkeypatch):
    compiled = []
    real = re.compile
    flags = real("", re.IGNORECASE).flags

    def counting(source: str, flags: int = 0) -> re.Pattern[str]:
        compiled.append(source)
        return real(source, flags)

    monkeypatch.setattr(lazy_regex, "shipped_pattern", counting)
    pattern = compiled_on_use(r"(?P<word>b\w+)", re.IGNORECASE)
    assert compiled == []
    assert pattern.search("a Bee").group("word") == "Bee"
    assert [m.group() for m in pattern.finditer("bar baz")] == ["bar", "baz"]
    assert pattern.sub("-", "a bc") == "a -"
    assert (pattern.groups, dict(pattern.groupindex)) == (1, {"word": 1})
    assert pattern.flags == flags
    assert compiled == [r"(?P<word>b\w+)"]


def test_it_equals_and_hashes_as_its_compiled_pattern():
    lazy = compiled_on_use("a+b")
    assert lazy == re.compile("a+b") and re.compile("a+b") == lazy
    assert lazy == compiled_on_use("a+b")
    assert lazy != compiled_on_use("a+b", re.MULTILINE) and lazy != re.compile("a+c")
    assert hash(lazy) == hash(re.compile("a+b"))
    assert lazy != "a+b"


def test_it_pickles_and_copies_as_its_source():
    lazy = compiled_on_use("x(y)", re.DOTALL)
    for again in (pickle.loads(pickle.dumps(lazy)), copy.deepcopy(lazy), copy.copy(lazy)):
        assert isinstance(again, LazyPattern)
        assert again == lazy
        assert again.fullmatch("xy")[1] == "y"
    lazy.match("xy")  # compiled: it still pickles as its source
    assert pickle.loads(pickle.dumps(lazy)).pattern == "x(y)"

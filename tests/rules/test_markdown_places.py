"""The Markdown reader's splits of a page, at its fenced blocks
(`_fenced_split`) and at its code spans and link targets (`_code_split`),
against the regexes they are written for: the same pieces and the same
parts, on edge cases, on random texts of the characters that matter and on
every page of the shared corpora."""

from __future__ import annotations

import random
import re

import pytest
from doclint_rules._languages import markdown

from tests.conftest import shared_markdown_pages

FENCED = re.compile(
    r"(^ {0,3}(`{3,})[^`\n]*$.*?(?:^ {0,3}\2`*[ \t]*$|\Z)"
    r"|^ {0,3}(~{3,})[^\n]*$.*?(?:^ {0,3}\3~*[ \t]*$|\Z))",
    re.MULTILINE | re.DOTALL,
)
CODE = re.compile(r"`(`*)(?!`)([^\n]+?)(?<!`)`\1(?!`)|\]\(([^)\s]*)\)")


def assert_split_as_the_regex(text: str) -> None:
    parts = FENCED.split(text)
    assert markdown._fenced_split(text) == (parts[::4], parts[1::4]), repr(text)
    parts = CODE.split(text)
    spans, targets = list(filter(None, parts[2::4])), list(filter(None, parts[3::4]))
    assert markdown._code_split(text) == (parts[::4], spans, targets), repr(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "no fence\n",
        "```\ncode\n```\n",
        "```python\nx = 1\n```",
        "text\n   ```\n  block\n   ```  \nafter\n",
        "    ```\nindented four: no block\n```\n",
        "```\nnever closed\n",
        "```",
        "```\n",
        "````\n```\nstill inside\n`````\nout\n",
        "``` a`b\nbacktick in the info: no block\n```\n",
        "~~~ a`b\n```\n~~~~\nafter\n~~~\n",
        "x ```\n```\n",
        "\t```\ntab: no block\n",
        "```\n``` x\n```\r\n```\n",
        "~~~\n~~\n~~~\n```\n",
        "``` ```\n```\n",
        "a\n```\n```\n```\n```\n",
        "`a` and ``b`c`` and ```d``",
        "``a`b``c` `",
        "`open\nclosed`",
        "```` `` ```",
        "[x](a) [y]() [z](a b) [w](\u00a0) ](end",
        "`[x](in a span)` [y](`t`)",
    ],
)
def test_the_split_is_the_regex_split(text: str) -> None:
    assert_split_as_the_regex(text)


def test_the_split_is_the_regex_split_on_random_texts() -> None:
    chosen = random.Random(60)
    alphabet = ["`", "`", "`", "~", "~", "~", " ", "\n", "\n", "\t", "a", "\r", "](", ")", "]"]
    for _ in range(3000):
        assert_split_as_the_regex("".join(chosen.choices(alphabet, k=chosen.randint(0, 40))))


def test_the_split_is_the_regex_split_on_the_shared_corpora() -> None:
    for path in shared_markdown_pages():
        assert_split_as_the_regex(path.read_text(encoding="utf-8", errors="replace"))

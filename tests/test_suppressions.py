"""Inline suppressions: each directive, reasons, scopes, and unused-suppression (DL006)."""

from __future__ import annotations

import json

import pytest

from doclint import Settings, check_text
from doclint.incremental.store import ContentCache
from tests.checking import run_cli
from tests.pages import keyword_index, write
from tests.running import run

PATH = "docs/pkg/mod.py_kw.md"
# keyword_index: `### Classs` (DL101) on line 14, `def` (DL201) on line 16.
PAGE = keyword_index("pkg/mod.py", ["def", "Thing"])


def insert(text: str, *directives: tuple[int, str]) -> str:
    """`text` with each directive line put before the given (original) line."""
    lines = text.split("\n")
    for line, directive in sorted(directives, reverse=True):
        lines.insert(line - 1, directive)
    return "\n".join(lines)


def lint(text: str, select: tuple[str, ...] = ("DL1", "DL2"), **settings) -> list[tuple]:
    report = check_text(text, PATH, Settings(select=list(select), **settings))
    return [(d.line, d.code) for d in report.diagnostics]


def messages(text: str, **settings) -> list[str]:
    report = check_text(text, PATH, Settings(select=["DL1", "DL2"], **settings))
    return [f"{d.line} {d.message}" for d in report.diagnostics if d.code == "DL006"]


def test_the_page_without_directives():
    assert lint(PAGE) == [(14, "DL101"), (16, "DL201")]


@pytest.mark.parametrize(
    "directive",
    [
        "<!-- doclint-disable-next-line DL101 -->",
        "<!-- doclint-disable-next-line unknown-heading -- the generator's spelling -->",
        "<!--doclint-disable-next-line DL1-->",
        "<!-- doclint-disable-next-line ALL -->",
        "<!-- doclint-disable-next-line -->",
    ],
)
def test_disable_next_line(directive):
    assert lint(insert(PAGE, (14, directive))) == [(17, "DL201")]


def test_disable_next_line_covers_only_the_next_line():
    text = insert(PAGE, (13, "<!-- doclint-disable-next-line DL101 -->"))
    assert lint(text) == [(13, "DL006"), (15, "DL101"), (17, "DL201")]


def test_disable_and_enable_a_range():
    text = insert(PAGE, (14, "<!-- doclint-disable DL101 DL201 -- old generator -->"))
    text += "\n<!-- doclint-enable DL101 -->\n\n## Stray\n"
    # DL201 stays disabled to the end of the file
    assert lint(text) == [(text.count("\n"), "DL101")]


def test_disable_without_enable_runs_to_the_end_of_the_file():
    assert lint(insert(PAGE, (12, "<!-- doclint-disable DL2,DL101 -->"))) == []


def test_blanket_disable_then_enable_one_rule():
    text = insert(PAGE, (12, "<!-- doclint-disable -->"), (16, "<!-- doclint-enable DL201 -->\n"))
    assert lint(text) == [(19, "DL201")]


def test_blanket_enable_ends_every_range():
    text = insert(
        PAGE, (12, "<!-- doclint-disable DL101 -->"), (13, "<!-- doclint-disable DL201 -->")
    )
    text += "\n<!-- doclint-enable -->\n\n## Stray\n"
    assert lint(text) == [(text.count("\n"), "DL101")]


def test_disable_file_anywhere_in_the_file():
    text = PAGE + "\n<!-- doclint-disable-file keyword-as-class -- generated elsewhere -->\n"
    assert lint(text) == [(14, "DL101")]


def test_directives_in_a_code_block_are_text_not_directives():
    text = PAGE + "\n```markdown\n<!-- doclint-disable-file -->\n<!-- doclint-bogus -->\n```\n"
    assert lint(text) == [(14, "DL101"), (16, "DL201")]


def test_directives_apply_with_a_warm_cache(tmp_path):
    write(tmp_path, {PATH: insert(PAGE, (14, "<!-- doclint-disable-next-line DL101 -->"))})
    settings = Settings(select=["DL1", "DL2"], root=tmp_path, cache=True)
    stores = ContentCache(None, print)
    first = run([tmp_path / "docs"], settings, stores=stores)
    second = run([tmp_path / "docs"], settings, stores=stores)
    assert second.from_cache == 1 and second.diagnostics == first.diagnostics
    assert [(d.line, d.code) for d in second.diagnostics] == [(17, "DL201")]


# unused-suppression


def test_a_directive_that_suppresses_nothing_is_reported():
    text = insert(PAGE, (16, "<!-- doclint-disable-next-line DL101 -- stale -->"))
    assert messages(text) == ["16 `doclint-disable-next-line DL101 -- stale` suppressed nothing"]


def test_only_the_idle_rules_of_a_directive_are_named():
    text = insert(PAGE, (14, "<!-- doclint-disable-next-line DL101, DL202 -->"))
    assert messages(text) == [
        "14 `doclint-disable-next-line DL101, DL202` suppressed nothing for `DL202`"
    ]


def test_unknown_rules_and_directives_are_reported():
    text = insert(
        PAGE,
        (2, "<!-- doclint-disable-file DL999 -->"),
        (3, "<!-- doclint-disabel DL101 -->"),
    )
    assert messages(text) == [
        "2 `doclint-disable-file DL999` names no rule `DL999`",
        "4 unknown directive `doclint-disabel`; expected one of `doclint-disable-next-line`, "
        "`doclint-disable`, `doclint-enable`, `doclint-disable-file`",
    ]


def test_an_enable_with_nothing_to_end_is_reported():
    line = PAGE.count("\n") + 2
    assert messages(PAGE + "\n<!-- doclint-enable DL101 -->\n") == [
        f"{line} `doclint-enable DL101` follows no `doclint-disable` it could end"
    ]


def test_blanket_directive_that_suppresses_nothing():
    text = insert(PAGE, (3, "<!-- doclint-disable-next-line -->"))
    assert messages(text) == ["3 `doclint-disable-next-line` suppressed nothing"]


def test_rules_that_did_not_run_are_not_judged():
    text = insert(PAGE, (14, "<!-- doclint-disable-next-line DL101 -->"))
    assert lint(text, select=("DL2",)) == [(17, "DL201")]


def test_unused_suppression_can_be_ignored_or_suppressed():
    stale = insert(PAGE, (16, "<!-- doclint-disable-next-line DL101 -->"))
    assert (16, "DL006") in lint(stale)
    assert (16, "DL006") not in lint(stale, ignore=["unused-suppression"])
    silenced = stale + "\n<!-- doclint-disable-file DL006 -->\n"
    assert [code for _, code in lint(silenced)] == ["DL101", "DL201"]


def test_unused_suppression_on_the_command_line(monkeypatch, capsys, tmp_path):
    write(tmp_path, {PATH: insert(PAGE, (16, "<!-- doclint-disable-next-line DL101 -->"))})
    outcome = run_cli(
        monkeypatch, capsys, tmp_path, "check", "--output-format", "json", "--select", "DL1,DL006"
    )
    assert outcome.code == 1
    assert [(d["line"], d["code"], d["severity"]) for d in json.loads(outcome.out)] == [
        (14, "DL101", "error"),
        (16, "DL006", "warning"),
    ]

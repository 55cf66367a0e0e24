"""The wiki page parser (doclint/parsing/wiki.py) on lines cut from real
DeepWiki pages: scriptscat/scriptcat's `.deepwiki/` export at dc8cbc0a
(GPL-3.0) and philipz/restate-cloudflare-workers-poc's `docs/deepwiki/` at
e4f5f863 (MIT); the forms issue 58 quotes from other trees are written as it
quotes them."""

from __future__ import annotations

import time

import pytest

from doclint import parse
from doclint.models.languages import PROJECT_LANGUAGES
from doclint.models.wiki import Citation, WikiFacts
from doclint.parsing.citation_grammar import MAX_CITED, MAX_RANGES
from doclint.parsing.wiki import page_slug, read_wiki
from doclint.profiles.generators import shipped_generators

GENERATORS = shipped_generators()

SCRIPTCAT = ".deepwiki/3-4-url-pattern-matching.md"
RESTATE = "docs/deepwiki/Ticket-Virtual-Object.md"
PIN_URL = "https://github.com/philipz/restate-cloudflare-workers-poc/blob/513fd0f5"

SCRIPTCAT_HEAD = """\
# URL Pattern Matching

<details>
<summary>Relevant source files</summary>

The following files were used as context for generating this wiki page:

- [src/pkg/utils/match.test.ts](../src/pkg/utils/match.test.ts)
- [src/pkg/utils/match.ts](../src/pkg/utils/match.ts)

</details>

"""
RESTATE_HEAD = f"""\
# Ticket Virtual Object

> **Relevant source files**
> * [README.md]({PIN_URL}/README.md)
> * [src/game.ts]({PIN_URL}/src/game.ts)

## Purpose and Scope

"""


def facts(text: str, path: str = SCRIPTCAT) -> WikiFacts:
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    wiki = GENERATORS.wiki_of(path, lines)
    assert wiki is not None, path
    return read_wiki(path, lines, parse(text, path).markdown, wiki)


def cited(text: str, path: str = SCRIPTCAT) -> list[Citation]:
    return list(facts(text, path).citations)


def test_relative_citations_of_deepwikis_export():
    line = (
        "Sources: [src/pkg/utils/match.ts:4-55](../src/pkg/utils/match.ts#L4-L55), "
        "[src/pkg/utils/url_matcher.ts:71-160](../src/pkg/utils/url_matcher.ts#L71-L160)"
    )
    found = cited(SCRIPTCAT_HEAD + line + "\n")
    at = SCRIPTCAT_HEAD.count("\n") + 1
    assert [(c.line, c.column, c.path, c.ranges, c.commit, c.problem) for c in found] == [
        (at, 10, "src/pkg/utils/match.ts", ((4, 55),), "", ""),
        (
            at,
            line.index("[src/pkg/utils/url") + 1,
            "src/pkg/utils/url_matcher.ts",
            ((71, 160),),
            "",
            "",
        ),
    ]


def test_a_list_of_lines_without_an_anchor_and_a_single_line():
    text = SCRIPTCAT_HEAD + (
        "This cache is cleared whenever rules are added or the sorter is updated "
        "[src/pkg/utils/match.ts:14, 85](../src/pkg/utils/match.ts).\n"
        "Set in [src/pkg/utils/match.ts:23](../src/pkg/utils/match.ts#L23).\n"
    )
    assert [(c.path, c.ranges, c.problem) for c in cited(text)] == [
        ("src/pkg/utils/match.ts", ((14, 14), (85, 85)), ""),
        ("src/pkg/utils/match.ts", ((23, 23),), ""),
    ]


def test_pinned_citations_of_deepwikis_site():
    text = RESTATE_HEAD + (
        f"**Sources**: [src/game.ts L1-L87]({PIN_URL}/src/game.ts#L1-L87)\n\n"
        "[src/lib.rs(L9 - L16)&emsp;](https://github.com/O/R/blob/a7cfa639/src/lib.rs#L9-L16)\n"
    )
    found = cited(text, RESTATE)
    assert [(c.path, c.ranges, c.commit, c.repository, c.problem) for c in found] == [
        (
            "src/game.ts",
            ((1, 87),),
            "513fd0f5",
            "github.com/philipz/restate-cloudflare-workers-poc",
            "",
        ),
        ("src/lib.rs", ((9, 16),), "a7cfa639", "github.com/o/r", ""),
    ]


def test_source_lists_in_both_forms():
    scriptcat = facts(SCRIPTCAT_HEAD + "Prose.\n").sources
    assert [(s.line, s.path, s.commit) for s in scriptcat] == [
        (8, "src/pkg/utils/match.test.ts", ""),
        (9, "src/pkg/utils/match.ts", ""),
    ]
    restate = facts(RESTATE_HEAD + "Prose.\n", RESTATE).sources
    assert [(s.line, s.path, s.commit) for s in restate] == [
        (4, "README.md", "513fd0f5"),
        (5, "src/game.ts", "513fd0f5"),
    ]
    # Links after the list are no entries of it, and a source entry is no citation.
    assert cited(RESTATE_HEAD + "Prose.\n", RESTATE) == []


@pytest.mark.parametrize(
    ("body", "problem", "path", "judged"),
    [
        ("Loaded [src/i18n/core.ts:16-18]() first.", "empty", "src/i18n/core.ts", True),
        (
            "See [src/a.ts:4-7](../src/b.ts#L4-L7).",
            "other-path",
            "src/b.ts",
            True,
        ),
        ("See [match.ts:4-7](../src/pkg/match.ts#L4-L7).", "bare-name", "src/pkg/match.ts", True),
        ("See [src/a.ts:4-9](../src/a.ts#L4-L8).", "other-lines", "src/a.ts", True),
        (f"Cancelled at [line 16]({PIN_URL}/line 16).", "pasted", "line 16", False),
        ("Read `[src/a.ts:4-7](../src/a.ts#L4-L7)` first.", "code-span", "src/a.ts", True),
        ("Read `src/pkg/utils/match.ts:4-7` first.", "code-span", "src/pkg/utils/match.ts", True),
        (
            "```mermaid\nflowchart TD\nSources: [src/a.ts:4-7](../src/a.ts#L4-L7)\n```",
            "fenced",
            "",
            False,
        ),
    ],
)
def test_each_malformed_citation_is_read_with_its_problem(body, problem, path, judged):
    found = cited(SCRIPTCAT_HEAD + body + "\n")
    assert [(c.problem, c.path, c.judged) for c in found] == [(problem, path, judged)]


@pytest.mark.parametrize(
    "body",
    [
        "- [Durable-Execution-&-ctx.run](Durable-Execution-&-ctx.run.md)",
        "See [ctx.run](Durable-Execution-&-ctx.run.md) and [the overview](1-overview.md).",
        "The `UrlMatch<T>` class and `src/pkg` folder.",
        "```ts\nconst a = '[src/a.ts:4-7](../src/a.ts#L4-L7)';\n```",
        "Outside [../etc.ts:1-2](../../etc.ts#L1-L2).",
        f"Outside [passwd:1-2]({PIN_URL}/..%2F..%2Fetc%2Fpasswd#L1-L2).",
        f"Outside [x.ts:1-2]({PIN_URL}/../x.ts#L1-L2).",
    ],
)
def test_near_misses_are_no_citations(body):
    assert cited(SCRIPTCAT_HEAD + body + "\n") == []


def test_a_whole_file_citation_has_no_ranges():
    found = cited(RESTATE_HEAD + f"The [src/game.ts]({PIN_URL}/src/game.ts) object.\n", RESTATE)
    assert [(c.path, c.ranges, c.problem) for c in found] == [("src/game.ts", (), "")]


def test_site_links_and_the_slugs_of_their_pages():
    text = RESTATE_HEAD + (
        "see [SeatMap Virtual Object]"
        "(/philipz/restate-cloudflare-workers-poc/2.2-seatmap-virtual-object)"
        " and [Durable Execution & ctx.run](https://deepwiki.com/philipz/restate-cloudflare-workers-poc/"
        "8.2-durable-execution-and-ctx.run#retries).\n"
    )
    sites = facts(text, RESTATE).site_links
    assert [s.slug for s in sites] == ["seatmap-virtual-object", "durable-execution-and-ctx.run"]
    grammar = GENERATORS.wikis[0].grammar
    assert {
        page_slug(name, grammar)
        for name in (
            "2.1-ticket-virtual-object",
            "Ticket-Virtual-Object",
            "2-1-ticket-virtual-object",
        )
    } == {"ticket-virtual-object"}
    assert page_slug("Durable-Execution-&-ctx.run", grammar) == "durable-execution-and-ctx.run"


def test_generator_markup_and_its_column():
    text = (
        RESTATE_HEAD
        + '| Green (`\\033<FileRef file-url="https://github.com/o/r/blob/513f/0;32m`) |\n'
    )
    markup = facts(text, RESTATE).markup
    assert [(m.line, m.column, m.text) for m in markup] == [
        (9, text.split("\n")[8].index("<") + 1, "<FileRef")
    ]


def test_which_pages_are_a_wikis():
    cites = ["# Overview", "", "Sources: [src/a.ts:3-9](../src/a.ts#L3-L9)"]
    assert GENERATORS.wiki_of(".deepwiki/1-overview.md", cites) is not None
    assert GENERATORS.wiki_of("docs/deepwiki/Overview.md", ["# Overview", "", "[a.ts:3](a.ts#L3)"])
    # A folder's name alone reads no page: another generator's `.deepwiki/`,
    # linking pages and files without lines, is none of DeepWiki's.
    other = ["# Source Files", "", "- [app.py](src/web/app.md)", "- [b.py](../src/b.py)"]
    assert GENERATORS.wiki_of(".deepwiki/files/index.md", other) is None
    assert GENERATORS.wiki_of(".deepwiki/1-overview.md", ["# Overview"]) is None
    assert GENERATORS.wiki_of("wiki/Overview.md", RESTATE_HEAD.split("\n")) is not None
    assert (
        GENERATORS.wiki_of("README.md", ["# Tool", "", "The entry point is [a.ts:3](a.ts#L3)."])
        is None
    )


def test_a_citation_of_100000_ranges_keeps_max_ranges_in_linear_time():
    def timed(count: int) -> tuple[float, list[Citation]]:
        ranges = ", ".join(str(n) for n in range(1, count + 1))
        text = SCRIPTCAT_HEAD + f"[src/a.ts:{ranges}](../src/a.ts)\n"
        started = time.perf_counter()
        found = cited(text)
        return time.perf_counter() - started, found

    small, _ = timed(25_000)
    large, found = timed(100_000)
    assert [len(c.ranges) for c in found] == [MAX_RANGES]
    assert found[0].ranges[-1] == (MAX_RANGES, MAX_RANGES)
    assert large < 12 * small + 0.05, (small, large)


@pytest.mark.slow  # timed pages of citations
def test_a_page_of_citations_is_read_in_linear_time():
    row = (
        "Sources: [src/pkg/utils/match.ts:4-7](../src/pkg/utils/match.ts#L4-L7), "
        "`src/pkg/utils/url_matcher.ts:3-21` and `UrlMatch`\n"
    )

    def timed(count: int) -> float:
        text = SCRIPTCAT_HEAD + row * count
        started = time.perf_counter()
        assert len(cited(text)) == 2 * count
        return time.perf_counter() - started

    small, large = timed(5_000), timed(20_000)
    assert large < 8 * small, (small, large)


@pytest.mark.parametrize(
    ("hostile", "unit"),
    [
        ("[{}(x](../a.ts)", "."),  # a run of dots: the path could split at each
        ("[a.1{}x](../a.ts)", "1"),  # digits glued to the path: its lines, or its end
        ("[a.ts{}x]()", "&emsp;"),  # entities the path could end before
        ("[a.ts:1{}x]()", " "),  # spaces between the lines and the end
    ],
)
def test_a_long_link_text_that_is_no_citation_fails_in_linear_time(hostile, unit):
    def timed(count: int) -> float:
        text = SCRIPTCAT_HEAD + hostile.format(unit * count) + "\n"
        started = time.perf_counter()
        cited(text)
        return time.perf_counter() - started

    timed(100)
    small, large = timed(2_000), timed(16_000)
    # Linear: 8 times the text, about 8 times the time (the square: 64).
    assert large < 20 * small + 0.05, (small, large)


def test_a_name_is_judged_by_the_citations_of_its_own_sentence():
    cite = "[src/pkg/utils/match.ts:{0}](../src/pkg/utils/match.ts#L{0})"
    line = (
        f"The `UrlMatch` class caches {cite.format(4)} {cite.format(9)}. "
        f"Then {cite.format(20)} shows `cacheMap`. Nothing cites `sorter` here."
    )
    found = facts(SCRIPTCAT_HEAD + line + "\n")
    assert [(n.name, [found.citations[i].ranges for i in n.cites]) for n in found.names] == [
        ("UrlMatch", [((4, 4),), ((9, 9),)]),
        ("cacheMap", [((20, 20),)]),
        ("sorter", []),
    ]


# Lines of scriptcat's pages 4-3-menu-command-system.md (268),
# 5-2-cross-context-communication.md (164) and 7-2-popup-interface.md (70):
# React's hook and the browser's `chrome` API beside the project's names,
# one of them a hook named as React's are (`usePopupData`).
PLATFORM_LINES = (
    "The popup registers keypress listeners for menu commands via a `useEffect` hook in the"
    " main `App` component. When the popup is open, pressing the defined `accessKey` triggers"
    " the command, provided the focus is not on an input or editable element.",
    "`ExtensionMessage` wraps Chrome's extension messaging APIs (`chrome.runtime.sendMessage`"
    " and `chrome.runtime.connect`). It handles standard extension messages and specialized"
    " listeners like `chrome.runtime.onUserScriptMessage` for scripts registered via the"
    " `userScripts` API, which is critical for MV3 compatibility.",
    "The `usePopupData` hook is the central state manager for the popup UI. It synchronizes"
    " local React state with the background service worker and preloaded data snapshots"
    " [src/pages/popup/usePopupData.ts:80-147](../src/pages/popup/usePopupData.ts#L80-L147).",
)


@pytest.mark.parametrize("listed", ["the profile's", "none"])
def test_a_languages_names_are_no_names_of_the_project_whatever_the_profile_lists(listed):
    lines = (SCRIPTCAT_HEAD + "\n".join(PLATFORM_LINES)).split("\n")
    wiki = GENERATORS.wiki_of(SCRIPTCAT, lines)
    assert wiki is not None
    if listed == "none":
        wiki = wiki._replace(grammar=wiki.grammar._replace(not_names=frozenset()))
    found = read_wiki(SCRIPTCAT, lines, parse("\n".join(lines), SCRIPTCAT).markdown, wiki)
    # `useEffect` and `chrome.runtime.*` are JavaScript's, stated with it, not
    # in DeepWiki's profile; `usePopupData` is the project's own.
    assert [n.name for n in found.names] == [
        "App",
        "accessKey",
        "ExtensionMessage",
        "userScripts",
        "usePopupData",
    ]
    javascript = PROJECT_LANGUAGES["JavaScript"].builtins
    assert {"useEffect", "chrome"} <= javascript
    assert not {"useEffect", "chrome"} & GENERATORS.wiki_of(SCRIPTCAT, lines).grammar.not_names


def test_a_line_of_many_names_and_citations_is_read_in_linear_time():
    unit = "`foo` [src/a/b.ts:1](../src/a/b.ts#L1) "

    def timed(count: int) -> float:
        text = SCRIPTCAT_HEAD + unit * count + "\n"
        started = time.perf_counter()
        found = facts(text)
        assert len(found.names) == count
        assert max(len(n.cites) for n in found.names) == MAX_CITED
        return time.perf_counter() - started

    timed(100)
    # The fastest of three runs of each: one run can meet a pause of the
    # machine (seen in CI: 0.61 s for the large text, twice its usual time).
    small = min(timed(1_000) for _ in range(3))
    large = min(timed(8_000) for _ in range(3))
    assert large < 20 * small + 0.05, (small, large)

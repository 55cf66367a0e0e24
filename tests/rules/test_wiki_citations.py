"""The citation rules of wiki pages (issue 58): DL801 cited-file-missing,
DL802 range-outside-file, DL803 cited-lines-changed, DL804 malformed-citation,
DL805 source-list-missing, DL808 site-link-to-local-page, DL810
generator-markup, and what broken-link and broken-anchor leave to them.

The pages are cut from real trees, their lines kept as written:
- `.deepwiki/3-4-url-pattern-matching.md` of scriptscat/scriptcat at
  dc8cbc0ad32cc2accd729ca5ff2c26a20d1d57fc (GPL-3.0), DeepWiki's own export
  (relative citations);
- `docs/deepwiki/Ticket-Virtual-Object.md` and `Checkout-Workflow.md` of
  philipz/restate-cloudflare-workers-poc at e4f5f8638423fa9a7abc9a5593320641e49382b7
  (MIT, Copyright (c) 2025 philipz), scraped from DeepWiki's site (citations
  pinned to a commit, site links).
The code they cite is made here, with the history each case needs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from doclint.history import git as history_git
from doclint.parsing.citation_grammar import MAX_RANGES
from doclint.tree.reading import MAX_FILE_SIZE
from doclint.util.notices import forget_said
from tests.checking import run_cli
from tests.conftest import SHARED

REPO = "philipz/restate-cloudflare-workers-poc"
ORIGIN = f"https://github.com/{REPO}.git"

CITATIONS = "DL801,DL802,DL803,DL804,DL805,DL808,DL810"
"""The rules under test (the names' and Mermaid's rules of DL8 have theirs)."""

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

# The code cited: lines a move can be told by (none blank, none alike).
GAME = [f"  const seat{n} = await ctx.get<TicketState>('seat-{n}');" for n in range(1, 41)]

SCRIPTCAT_PAGE = ".deepwiki/3-4-url-pattern-matching.md"
SCRIPTCAT_HEAD = """\
# URL Pattern Matching

<details>
<summary>Relevant source files</summary>

The following files were used as context for generating this wiki page:

- [src/pkg/utils/match.ts](../src/pkg/utils/match.ts)
- [src/pkg/utils/url_matcher.ts](../src/pkg/utils/url_matcher.ts)

</details>



The URL pattern matching system determines which user scripts should execute
on which web pages based on URL patterns specified in script metadata.

"""
RESTATE_PAGE = "docs/deepwiki/Ticket-Virtual-Object.md"


def restate_head(pin: str) -> str:
    return f"""\
# Ticket Virtual Object

> **Relevant source files**
> * [src/game.ts](https://github.com/{REPO}/blob/{pin}/src/game.ts)

## Purpose and Scope

This document provides a detailed explanation of the `Ticket` Virtual Object,
which manages individual seat state in the ticketing system.

"""


def pinned(pin: str, path: str, first: int, last: int) -> str:
    """A citation as DeepWiki's site writes it, pinned to `pin`."""
    return (
        f"[{path} L{first}-L{last}](https://github.com/{REPO}/blob/{pin}/{path}#L{first}-L{last})"
    )


def write(root: Path, files: dict[str, str | bytes | None]) -> None:
    for name, text in files.items():
        path = root / name
        if text is None:
            path.unlink()
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")


def lines(items: list[str]) -> str:
    return "".join(f"{item}\n" for item in items)


def git(repo: Path, *args: str) -> str:
    env = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    env.update(
        GIT_AUTHOR_NAME="t",
        GIT_AUTHOR_EMAIL="t@example.org",
        GIT_COMMITTER_NAME="t",
        GIT_COMMITTER_EMAIL="t@example.org",
        GIT_CONFIG_NOSYSTEM="1",
        GIT_CONFIG_GLOBAL=os.devnull,
    )
    done = subprocess.run(
        ["git", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", *args],
        cwd=repo,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip()


def commit(repo: Path, files: dict[str, str | bytes | None], message: str = "change") -> str:
    """Writes `files` (None deletes one), commits everything, returns the commit."""
    if not (repo / ".git").exists():
        repo.mkdir(parents=True, exist_ok=True)
        git(repo, "init", "-q")
        git(repo, "remote", "add", "origin", ORIGIN)
    write(repo, files)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD")


Found = tuple[str, int, str, str]


@pytest.fixture(autouse=True)
def _fresh_notes() -> None:
    # What a run could not judge is said once a run; each test is a run of its own.
    forget_said()


@pytest.fixture
def doclint(monkeypatch, capsys):
    """`doclint check` of a tree: its findings (path, line, code, message), its
    doclint lines on stderr, and its exit code."""

    def run(root: Path, *args: str, select: str = CITATIONS) -> tuple[list[Found], list[str], int]:
        outcome = run_cli(
            monkeypatch,
            capsys,
            root,
            "check",
            "--no-cache",
            "--isolated",
            "--select",
            select,
            "--output-format",
            "json",
            *args,
        )
        assert "Traceback" not in outcome.err
        found = [(f["path"], f["line"], f["code"], f["message"]) for f in json.loads(outcome.out)]
        said = [line for line in outcome.err.splitlines() if line.startswith("doclint:")]
        return sorted(found), said, outcome.code

    return run


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.split("\n"), 1) if needle in line)


# DL801 cited-file-missing


def test_a_cited_file_the_tree_never_had_is_reported_a_present_one_is_not(tmp_path, doclint):
    page = SCRIPTCAT_HEAD + (
        "Sources: [src/pkg/utils/match.ts:4-7](../src/pkg/utils/match.ts#L4-L7), "
        "[src/pkg/utils/url_matcher.ts:3-21](../src/pkg/utils/url_matcher.ts#L3-L21)\n"
    )
    files = {"src/pkg/utils/match.ts": lines(GAME), "src/pkg/utils/url_matcher.ts": lines(GAME)}
    write(tmp_path, {SCRIPTCAT_PAGE: page, **files})
    assert doclint(tmp_path, select="DL801")[0] == []
    write(tmp_path, {"src/pkg/utils/url_matcher.ts": None})
    at = line_of(page, "Sources:")
    assert doclint(tmp_path, select="DL801,DL401,DL402")[0] == [
        (
            SCRIPTCAT_PAGE,
            at,
            "DL801",
            "`src/pkg/utils/url_matcher.ts` is cited but not in the tree",
        )
    ]


def test_a_cited_file_present_but_unread_is_not_missing(tmp_path, doclint):
    # A listing's file (--known-paths: nothing is read from disk) and a file
    # over the size limit are in the tree, though their lines cannot be had.
    page = SCRIPTCAT_HEAD + (
        "Sources: [src/pkg/utils/match.ts:4-7](../src/pkg/utils/match.ts#L4-L7), "
        "[src/pkg/utils/url_matcher.ts:3-21](../src/pkg/utils/url_matcher.ts#L3-L21)\n"
    )
    write(tmp_path, {SCRIPTCAT_PAGE: page})
    listing = tmp_path / "listing.txt"
    listing.write_text(
        f"{SCRIPTCAT_PAGE}\nsrc/pkg/utils/match.ts\nsrc/pkg/utils/url_matcher.ts\n", "utf-8"
    )
    assert doclint(tmp_path, "--known-paths", str(listing), select=CITATIONS)[0] == []
    write(tmp_path, {"src/pkg/utils/match.ts": lines(GAME), "src/pkg/utils/url_matcher.ts": ""})
    with open(tmp_path / "src/pkg/utils/url_matcher.ts", "wb") as large:
        large.truncate(MAX_FILE_SIZE + 1)
    assert doclint(tmp_path, select="DL801")[0] == []


@needs_git
def test_a_file_deleted_since_the_pin_is_gone_and_says_where_it_was(tmp_path, doclint):
    pin = commit(tmp_path, {"src/checkout.ts": lines(GAME)})[:8]
    page = restate_head(pin) + f"**Sources:** {pinned(pin, 'src/checkout.ts', 1, 12)}\n"
    commit(tmp_path, {RESTATE_PAGE: page, "src/checkout.ts": None})
    assert doclint(tmp_path, select="DL801,DL803")[0] == [
        (
            RESTATE_PAGE,
            line_of(page, "**Sources:**"),
            "DL801",
            f"`src/checkout.ts` is cited but not in the tree (it was at {pin})",
        )
    ]


def test_a_bare_file_name_where_a_path_belongs_is_malformed_not_missing(tmp_path, doclint):
    # `[game.ts L1-L4](.../blob/<pin>/game.ts#L1-L4)`: the project's file is
    # src/game.ts; a name the project has nowhere stays a missing file.
    pin = commit(tmp_path, {"src/game.ts": lines(GAME)})[:8]
    cited = f"{pinned(pin, 'game.ts', 1, 4)}, {pinned(pin, 'gone.ts', 1, 4)}"
    page = restate_head(pin) + f"**Sources:** {cited}\n"
    commit(tmp_path, {RESTATE_PAGE: page})
    at = line_of(page, "**Sources:**")
    found = doclint(tmp_path, select="DL801,DL804")[0]
    assert [(f[1], f[2]) for f in found] == [(at, "DL801"), (at, "DL804")]
    assert "`gone.ts` is cited but not in the tree" in found[0][3]
    assert found[1][3].endswith("without its folder: the project has it at `src/game.ts`")


# DL802 range-outside-file


def test_lines_past_the_files_end_are_reported_the_last_line_is_not(tmp_path, doclint):
    # A file ending in a newline has as many lines as newlines: 20, not 21.
    write(tmp_path, {"src/pkg/utils/match.ts": lines(GAME[:20])})
    page = SCRIPTCAT_HEAD + (
        "Sources: [src/pkg/utils/match.ts:4-20](../src/pkg/utils/match.ts#L4-L20)\n\n"
        "Sources: [src/pkg/utils/match.ts:4-21](../src/pkg/utils/match.ts#L4-L21)\n\n"
        "It is cleared [src/pkg/utils/match.ts:14, 85](../src/pkg/utils/match.ts).\n"
    )
    write(tmp_path, {SCRIPTCAT_PAGE: page})
    assert doclint(tmp_path, select="DL802")[0] == [
        (
            SCRIPTCAT_PAGE,
            line_of(page, "#L4-L21"),
            "DL802",
            "`src/pkg/utils/match.ts:4-21` cites lines the file does not have: it has 20 lines",
        ),
        (
            SCRIPTCAT_PAGE,
            line_of(page, "14, 85"),
            "DL802",
            "`src/pkg/utils/match.ts:14, 85` cites lines the file does not have: it has 20 lines",
        ),
    ]
    # Without a final newline the file still has 20 lines.
    write(tmp_path, {"src/pkg/utils/match.ts": lines(GAME[:20]).rstrip("\n")})
    assert [f[1] for f in doclint(tmp_path, select="DL802")[0]] == [
        line_of(page, "#L4-L21"),
        line_of(page, "14, 85"),
    ]


def test_ranges_running_one_line_past_their_file_s_end_are_said_once_a_page(tmp_path, doclint):
    # Qoder's habit (issue 91): `1-21` of a 20-line file, the empty line after
    # the last newline counted, and `2-10` of a 9-line one, from a line to the
    # file's end. One finding a page, naming the lines of all.
    write(tmp_path, {"src/pkg/utils/match.ts": lines(GAME[:20]), "src/app.ts": lines(GAME[:9])})
    page = SCRIPTCAT_HEAD + (
        "Sources: [src/pkg/utils/match.ts:1-21](../src/pkg/utils/match.ts#L1-L21)\n\n"
        "Sources: [src/app.ts:1-10](../src/app.ts#L1-L10)\n\n"
        "Again [src/pkg/utils/match.ts:1-21](../src/pkg/utils/match.ts#L1-L21).\n\n"
        "Two past: [src/pkg/utils/match.ts:1-22](../src/pkg/utils/match.ts#L1-L22)\n\n"
        "To its end: [src/app.ts:2-10](../src/app.ts#L2-L10)\n\n"
        "The empty line alone: [src/app.ts:10](../src/app.ts#L10)\n"
    )
    write(tmp_path, {SCRIPTCAT_PAGE: page})
    first, again = line_of(page, "#L1-L21"), line_of(page, "Again")
    assert doclint(tmp_path, select="DL802")[0] == [
        (
            SCRIPTCAT_PAGE,
            first,
            "DL802",
            "4 citations on this page run to one line past their file's end (the "
            "empty line after the last newline counted): `src/pkg/utils/match.ts:1-21` "
            "(20 lines), `src/app.ts:1-10` (9 lines), `src/app.ts:2-10` (9 lines); "
            f"on lines {first}, {first + 2}, {again}, {line_of(page, '#L2-L10')}",
        ),
        (
            SCRIPTCAT_PAGE,
            line_of(page, "#L1-L22"),
            "DL802",
            "`src/pkg/utils/match.ts:1-22` cites lines the file does not have: it has 20 lines",
        ),
        (
            SCRIPTCAT_PAGE,
            line_of(page, "#L10)"),
            "DL802",
            "`src/app.ts:10` cites lines the file does not have: it has 9 lines",
        ),
    ]


def test_one_whole_file_cited_one_line_past_its_end_is_said_as_any_other(tmp_path, doclint):
    write(tmp_path, {"src/pkg/utils/match.ts": lines(GAME[:20])})
    page = SCRIPTCAT_HEAD + (
        "Sources: [src/pkg/utils/match.ts:1-21](../src/pkg/utils/match.ts#L1-L21)\n"
    )
    write(tmp_path, {SCRIPTCAT_PAGE: page})
    assert doclint(tmp_path, select="DL802")[0] == [
        (
            SCRIPTCAT_PAGE,
            line_of(page, "#L1-L21"),
            "DL802",
            "`src/pkg/utils/match.ts:1-21` cites lines the file does not have: it has 20 lines",
        ),
    ]


@needs_git
def test_a_pinned_range_is_measured_at_its_commit_not_in_the_tree(tmp_path, doclint):
    pin = commit(tmp_path, {"src/game.ts": lines(GAME[:30])})[:8]
    page = restate_head(pin) + (
        f"**Sources**: {pinned(pin, 'src/game.ts', 1, 30)}\n\n"
        f"**Sources**: {pinned(pin, 'src/game.ts', 25, 31)}\n"
    )
    commit(tmp_path, {RESTATE_PAGE: page, "src/game.ts": lines(GAME[:10])})
    found = doclint(tmp_path, select="DL802")[0]
    assert found == [
        (
            RESTATE_PAGE,
            line_of(page, "L25-L31"),
            "DL802",
            f"`src/game.ts:25-31` cites lines the file does not have: it has 30 lines at {pin}",
        )
    ]


# DL803 cited-lines-changed


def _drifted(tmp_path: Path, now: list[str], rename: str = "") -> tuple[str, str]:
    """A page pinned to the first commit citing src/game.ts:5-7; the file is
    then `now` (at `rename`, when given). Returns the page and the pin."""
    pin = commit(tmp_path, {"src/game.ts": lines(GAME)})[:8]
    page = restate_head(pin) + f"**Sources**: {pinned(pin, 'src/game.ts', 5, 7)}\n"
    commit(tmp_path, {RESTATE_PAGE: page})
    if rename:
        git(tmp_path, "mv", "src/game.ts", rename)
    commit(tmp_path, {rename or "src/game.ts": lines(now)})
    return page, pin


@needs_git
def test_moved_lines_say_where_they_stand_now(tmp_path, doclint):
    page, pin = _drifted(tmp_path, ["import { object } from '@restatedev/restate-sdk';", "", *GAME])
    assert doclint(tmp_path, select=CITATIONS)[0] == [
        (
            RESTATE_PAGE,
            line_of(page, "**Sources**"),
            "DL803",
            f"`src/game.ts:5-7`: the cited lines changed since {pin}; they now stand at 7-9",
        )
    ]


@needs_git
def test_a_moved_line_cited_alone_is_said_to_stand_at_its_line(tmp_path, doclint):
    """One line cited, found one place now: "it now stands at 97", not "they
    now stand at 97-97"."""
    pin = commit(tmp_path, {"src/game.ts": lines(GAME)})[:8]
    page = restate_head(pin) + f"**Sources**: {pinned(pin, 'src/game.ts', 5, 5)}\n"
    commit(tmp_path, {RESTATE_PAGE: page})
    commit(tmp_path, {"src/game.ts": lines([*[""] * 92, *GAME])})
    ((_, _, code, message),) = doclint(tmp_path, select=CITATIONS)[0]
    assert code == "DL803"
    assert message.endswith(f": the cited line changed since {pin}; it now stands at 97")


@needs_git
def test_changed_lines_are_reported_without_a_place(tmp_path, doclint):
    changed = [*GAME[:5], "  const seat6 = null;", *GAME[6:]]
    page, pin = _drifted(tmp_path, changed)
    assert doclint(tmp_path, select=CITATIONS)[0] == [
        (
            RESTATE_PAGE,
            line_of(page, "**Sources**"),
            "DL803",
            f"`src/game.ts:5-7`: the cited lines changed since {pin}",
        )
    ]


@needs_git
def test_near_miss_changes_outside_the_cited_lines_are_silent(tmp_path, doclint):
    _drifted(tmp_path, [*GAME[:7], "  // seats past the seventh are new", *GAME[7:]])
    assert doclint(tmp_path, select=CITATIONS)[0] == []


@needs_git
def test_a_file_renamed_since_the_pin_is_followed(tmp_path, doclint):
    _drifted(tmp_path, GAME, rename="src/ticket.ts")
    # (The source list's entry is the page's list of what it was written
    # from: source-list-missing reports it under its old name.)
    assert doclint(tmp_path, select="DL801,DL802,DL803")[0] == []


@needs_git
def test_a_renamed_files_moved_lines_name_its_new_path(tmp_path, doclint):
    # A rename git can tell: most of the file is the same.
    page, pin = _drifted(tmp_path, ["// tickets", *GAME], rename="src/ticket.ts")
    assert doclint(tmp_path, select="DL801,DL802,DL803")[0] == [
        (
            RESTATE_PAGE,
            line_of(page, "**Sources**"),
            "DL803",
            f"`src/game.ts:5-7` (now `src/ticket.ts`): the cited lines changed since {pin};"
            " they now stand at 6-8",
        )
    ]


@needs_git
def test_a_pin_the_history_lacks_is_said_once_and_judged_nowhere(tmp_path, doclint):
    commit(tmp_path, {"src/game.ts": lines(GAME)})
    page = restate_head("deadbeef") + (
        f"**Sources**: {pinned('deadbeef', 'src/game.ts', 5, 7)}\n\n"
        f"**Sources**: {pinned('deadbeef', 'src/game.ts', 1, 99)}\n"
    )
    other = page.replace("Ticket Virtual Object", "SeatMap Virtual Object")
    commit(tmp_path, {RESTATE_PAGE: page, "docs/deepwiki/SeatMap-Virtual-Object.md": other})
    found, said, code = doclint(tmp_path, select=CITATIONS)
    assert (found, code) == ([], 0)
    assert len(said) == 1, said
    assert "deadbeef" in said[0] and "fetch-depth: 0" in said[0] and "unshallow" in said[0]


@needs_git
def test_a_shallow_clone_finds_nothing_the_full_clone_does_not(tmp_path, doclint):
    full = tmp_path / "full"
    pin = commit(full, {"src/game.ts": lines(GAME), "src/checkout.ts": lines(GAME[:8])})[:8]
    page = restate_head(pin) + (
        f"**Sources**: {pinned(pin, 'src/game.ts', 5, 7)}\n\n"
        f"**Sources**: {pinned(pin, 'src/checkout.ts', 1, 8)}\n\n"
        f"**Sources**: {pinned(pin, 'src/checkout.ts', 2, 12)}\n"
    )
    commit(full, {RESTATE_PAGE: page})
    commit(full, {"src/game.ts": lines(["// seats", *GAME]), "src/checkout.ts": lines(GAME[:4])})
    in_full, said_full, _ = doclint(full, select=CITATIONS)
    assert {f[2] for f in in_full} == {"DL802", "DL803"}
    assert said_full == []
    shallow = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{full}", str(shallow))
    assert git(shallow, "rev-parse", "--is-shallow-repository") == "true"
    in_shallow, said, _ = doclint(shallow, select=CITATIONS)
    assert set(in_shallow) <= set(in_full)
    assert len(said) == 1, said
    assert pin in said[0] and "fetch-depth: 0" in said[0]


def test_a_tree_in_no_checkout_judges_no_pin_and_says_so(tmp_path, doclint):
    root = tmp_path / "tree"
    pin = "513fd0f5"
    page = restate_head(pin) + f"**Sources**: {pinned(pin, 'src/game.ts', 5, 7)}\n"
    write(root, {RESTATE_PAGE: page, "src/game.ts": lines(["// moved", *GAME])})
    assert not (tmp_path / ".git").exists()
    found, said, code = doclint(root, select=CITATIONS)
    assert (found, code) == ([], 0)
    assert len(said) == 1, said
    assert "were not compared with their commits" in said[0] and "no checkout" in said[0]
    # What needs no history is still judged there: a citation without a pin.
    write(root, {RESTATE_PAGE: page + "\nAll [src/game.ts:1-90](../../src/game.ts#L1-L90).\n"})
    assert [f[2] for f in doclint(root, select=CITATIONS)[0]] == ["DL802"]


@needs_git
def test_another_repositorys_pin_whose_file_is_absent_is_said_once_not_judged(tmp_path, doclint):
    commit(tmp_path, {"src/game.ts": lines(GAME)})
    lib = "https://github.com/restatedev/sdk-typescript/blob/a7cfa639/src/lib.rs"
    page = restate_head("a7cfa639") + (
        f"> * [src/lib.rs]({lib})\n\n"
        f"Durable steps [src/lib.rs(L9 - L16)&emsp;]({lib}#L9-L16).\n\n"
        f"**Sources**: [src/lib.rs L1-L201]({lib}#L1-L201)\n"
    )
    commit(tmp_path, {RESTATE_PAGE: page})
    found, said, _ = doclint(tmp_path, select=CITATIONS)
    assert found == []
    assert said == [
        "doclint: citations of github.com/restatedev/sdk-typescript whose files are not here"
        " were not judged: no remote of this checkout names that repository"
    ]


@needs_git
def test_an_unpinned_citation_is_judged_at_the_commit_that_wrote_its_line(tmp_path, doclint):
    write(tmp_path, {"src/pkg/utils/url_matcher.ts": lines(GAME[:10])})
    page = (
        SCRIPTCAT_HEAD + "Sources: [src/pkg/utils/match.ts:4-7](../src/pkg/utils/match.ts#L4-L7)\n"
    )
    written = commit(tmp_path, {SCRIPTCAT_PAGE: page, "src/pkg/utils/match.ts": lines(GAME)})
    commit(tmp_path, {"src/pkg/utils/match.ts": lines(["'use strict';", *GAME])})
    at = line_of(page, "Sources:")
    expected = (
        SCRIPTCAT_PAGE,
        at,
        "DL803",
        f"`src/pkg/utils/match.ts:4-7`: the cited lines changed since {written[:8]};"
        " they now stand at 5-8",
    )
    assert doclint(tmp_path, select=CITATIONS)[0] == [expected]
    # A page edited in the work tree is blamed with its own text (issue 91):
    # the citation's line, kept, is still of the commit that wrote it, before
    # the edit is committed and after (issue 80): the page's other edits
    # hide no drift.
    write(tmp_path, {SCRIPTCAT_PAGE: page + "\nMore prose.\n"})
    assert doclint(tmp_path, select=CITATIONS)[0] == [expected]
    commit(tmp_path, {})
    assert doclint(tmp_path, select=CITATIONS)[0] == [expected]
    # Near-miss: its line written again after the file changed is of now.
    rewritten = page.replace("match.ts:4-7](", "match.ts:5-8](").replace("#L4-L7", "#L5-L8")
    commit(tmp_path, {SCRIPTCAT_PAGE: rewritten})
    assert doclint(tmp_path, select=CITATIONS)[0] == []


@needs_git
def test_an_unpinned_citation_is_measured_at_its_pages_commit_and_its_file_gone_since(
    tmp_path, doclint
):
    page = SCRIPTCAT_HEAD + (
        "Sources: [src/pkg/utils/match.ts:30-40](../src/pkg/utils/match.ts#L30-L40)\n\n"
        "Sources: [src/pkg/utils/url_matcher.ts:3-21](../src/pkg/utils/url_matcher.ts#L3-L21)\n"
    )
    files = {"src/pkg/utils/match.ts": lines(GAME), "src/pkg/utils/url_matcher.ts": lines(GAME)}
    written = commit(tmp_path, {SCRIPTCAT_PAGE: page, **files})[:8]
    commit(
        tmp_path, {"src/pkg/utils/match.ts": lines(GAME[:20]), "src/pkg/utils/url_matcher.ts": None}
    )
    # 30-40 were lines of the file the page was written from: changed, not out of it.
    assert doclint(tmp_path, select="DL801,DL802,DL803")[0] == [
        (
            SCRIPTCAT_PAGE,
            line_of(page, "match.ts:30-40"),
            "DL803",
            f"`src/pkg/utils/match.ts:30-40`: the cited lines changed since {written}",
        ),
        (
            SCRIPTCAT_PAGE,
            line_of(page, "url_matcher.ts:3-21"),
            "DL801",
            f"`src/pkg/utils/url_matcher.ts` is cited but not in the tree (it was at {written})",
        ),
    ]


# DL804 malformed-citation

MALFORMED = {
    "empty": (
        "Loading [src/i18n/core.ts:16-18]() first.",
        "malformed-citation/empty-target",
    ),
    "other path": (
        "See [src/pkg/utils/match.ts:4-7](../src/pkg/utils/url_matcher.ts#L4-L7).",
        "malformed-citation/disagrees",
    ),
    "bare name": (
        "See [match.ts:4-7](../src/pkg/utils/match.ts#L4-L7).",
        "malformed-citation/disagrees",
    ),
    "other lines": (
        "See [src/pkg/utils/match.ts:4-9](../src/pkg/utils/match.ts#L4-L8).",
        "malformed-citation/disagrees",
    ),
    "text as path": (
        f"Cancelled at [line 16](https://github.com/{REPO}/blob/513fd0f5/line 16).",
        "malformed-citation/text-as-path",
    ),
    "code span": (
        "Read `[src/pkg/utils/match.ts:4-7](../src/pkg/utils/match.ts#L4-L7)` first.",
        "malformed-citation/not-a-link",
    ),
    "not rendered": (
        f"See [src/game helpers.ts L5-L7](https://github.com/{REPO}/blob/513fd0f5/src/game"
        " helpers.ts#L5-L7).",
        "malformed-citation/not-a-link",
    ),
    "in a diagram": (
        "```mermaid\nflowchart TD\n    A --> B\n"
        "Sources: [src/pkg/utils/match.ts:4-7](../src/pkg/utils/match.ts#L4-L7)\n```",
        "malformed-citation/not-a-link",
    ),
}


@pytest.mark.parametrize("kind", MALFORMED)
def test_each_kind_of_malformed_citation_is_reported_with_its_cause(
    kind, tmp_path, monkeypatch, capsys
):
    body, cause = MALFORMED[kind]
    page = SCRIPTCAT_HEAD + body + "\n"
    write(tmp_path, {SCRIPTCAT_PAGE: page, "src/pkg/utils/match.ts": lines(GAME)})
    write(tmp_path, {"src/pkg/utils/url_matcher.ts": lines(GAME), "src/i18n/core.ts": "x\n" * 20})
    outcome = run_cli(
        monkeypatch,
        capsys,
        tmp_path,
        *("check", "--no-cache", "--isolated", "--select", f"{CITATIONS},DL4"),
        *("--output-format", "json"),
    )
    found = [(f["line"], f["code"], f["cause"]["id"]) for f in json.loads(outcome.out)]
    at = line_of(page, "Sources:" if kind == "in a diagram" else body.split("\n")[0])
    assert found == [(at, "DL804", cause)]


def test_near_miss_whole_file_links_and_page_links_are_well_formed(tmp_path, doclint):
    pin = "513fd0f5"
    page = restate_head(pin) + (
        f"The [src/game.ts](https://github.com/{REPO}/blob/{pin}/src/game.ts) object.\n\n"
        "- [Durable-Execution-&-ctx.run](Durable-Execution-&-ctx.run.md)\n"
    )
    write(
        tmp_path,
        {
            RESTATE_PAGE: page,
            "docs/deepwiki/Durable-Execution-&-ctx.run.md": "# Durable Execution & ctx.run\n",
            "src/game.ts": lines(GAME),
        },
    )
    assert doclint(tmp_path, select=f"{CITATIONS},DL4")[0] == []


# DL805 source-list-missing


def test_a_source_list_entry_the_tree_lacks_is_reported_one_it_has_is_not(tmp_path, doclint):
    write(tmp_path, {SCRIPTCAT_PAGE: SCRIPTCAT_HEAD, "src/pkg/utils/match.ts": lines(GAME)})
    assert doclint(tmp_path, select="DL805")[0] == [
        (
            SCRIPTCAT_PAGE,
            line_of(SCRIPTCAT_HEAD, "url_matcher.ts"),
            "DL805",
            "source list entry `src/pkg/utils/url_matcher.ts` is not in the tree",
        )
    ]
    write(tmp_path, {"src/pkg/utils/url_matcher.ts": lines(GAME)})
    assert doclint(tmp_path, select=f"{CITATIONS},DL4")[0] == []


@needs_git
def test_a_source_list_entry_of_another_repository_is_not_judged(tmp_path, doclint):
    commit(tmp_path, {"src/game.ts": lines(GAME)})
    page = restate_head("513fd0f5").replace(
        "> * [src/game.ts]",
        "> * [src/lib.rs](https://github.com/restatedev/sdk-typescript/blob/a7cfa639/src/lib.rs)\n"
        "> * [src/game.ts]",
    )
    page += "\n> **Relevant source files**\n"
    commit(tmp_path, {RESTATE_PAGE: page})
    assert doclint(tmp_path, select="DL805")[0] == []
    # This checkout's own pin is judged: its file is gone.
    write(tmp_path, {RESTATE_PAGE: page.replace("src/game.ts", "src/gone.ts")})
    assert [f[2] for f in doclint(tmp_path, select="DL805")[0]] == ["DL805"]


# DL808 site-link-to-local-page

CHECKOUT_PAGE = "docs/deepwiki/Checkout-Workflow.md"
CHECKOUT = f"""\
# Checkout Workflow

> **Relevant source files**
> * [src/checkout.ts](https://github.com/{REPO}/blob/513fd0f5/src/checkout.ts)

For details on the Virtual Objects managed by this workflow, see \
[Ticket Virtual Object](/{REPO}/2.1-ticket-virtual-object) and \
[SeatMap Virtual Object](/{REPO}/2.2-seatmap-virtual-object).
"""


def _site_tree(root: Path) -> None:
    write(
        root,
        {
            CHECKOUT_PAGE: CHECKOUT,
            RESTATE_PAGE: restate_head("513fd0f5"),
            "src/checkout.ts": lines(GAME),
            "src/game.ts": lines(GAME),
        },
    )


def test_a_site_link_to_a_page_in_the_tree_is_flagged_one_elsewhere_is_broken_link(
    tmp_path, doclint
):
    _site_tree(tmp_path)
    found = doclint(tmp_path, CHECKOUT_PAGE, select="DL808,DL401")[0]
    at = line_of(CHECKOUT, "2.1-ticket")
    assert [(f[1], f[2]) for f in found] == [(at, "DL401"), (at, "DL808")]
    assert "2.2-seatmap-virtual-object" in found[0][3]
    assert found[1][3] == (
        f"`/{REPO}/2.1-ticket-virtual-object` is the wiki site's page;"
        " the tree has it as `Ticket-Virtual-Object.md`"
    )


def test_a_site_link_copied_as_a_bare_slug_is_the_site_s_a_page_link_is_not(tmp_path, doclint):
    # The same links with the site's owner and repository dropped (a relative
    # `2.1-ticket-virtual-object`), and a link to a page file by its number.
    page = CHECKOUT.replace(f"/{REPO}/", "")
    page += "\nBack to [the overview](1-overview.md).\n"
    _site_tree(tmp_path)
    (tmp_path / CHECKOUT_PAGE).write_text(page, encoding="utf-8")
    found = doclint(tmp_path, CHECKOUT_PAGE, select="DL808,DL401")[0]
    at = line_of(page, "2.1-ticket")
    assert [(f[1], f[2]) for f in found] == [
        (at, "DL401"),
        (at, "DL808"),
        (line_of(page, "1-overview.md"), "DL401"),
    ]
    assert found[1][3] == (
        "`2.1-ticket-virtual-object` is the wiki site's page; the tree has it as "
        "`Ticket-Virtual-Object.md`"
    )


def test_a_link_by_a_page_s_number_alone_is_the_site_s_when_the_tree_has_the_page(
    tmp_path, doclint, monkeypatch, capsys
):
    # KanStack's DeepWiki export links `[useCardEditor](#5.2.3)`: the site's
    # page 5.2.3, no heading of the page it stands on.
    page = SCRIPTCAT_HEAD + "See [the editor](#5.2.3), not [this](#9.9).\n"
    write(tmp_path, {SCRIPTCAT_PAGE: page, ".deepwiki/5.2.3-usecardeditor.md": "# Editor\n"})
    found = doclint(tmp_path, SCRIPTCAT_PAGE, select="DL808,DL402")[0]
    at = line_of(page, "#5.2.3")
    assert [(f[1], f[2], f[3]) for f in found] == [
        (at, "DL402", f"`#9.9` is not a heading anchor of `{SCRIPTCAT_PAGE}`"),
        (
            at,
            "DL808",
            "`#5.2.3` is the wiki site's page; the tree has it as `5.2.3-usecardeditor.md`",
        ),
    ]
    # The fix links the page, with no fragment: the number was no heading's.
    args = ("check", "--no-cache", "--isolated", "--select", "DL808", "--diff")
    shown = run_cli(monkeypatch, capsys, tmp_path, *args).out
    assert "+See [the editor](5.2.3-usecardeditor.md), not [this](#9.9)." in shown


def test_the_fix_rewrites_the_site_link_to_the_file_only_when_asked(tmp_path, monkeypatch, capsys):
    _site_tree(tmp_path)
    page = tmp_path / CHECKOUT_PAGE
    args = ("check", "--no-cache", "--isolated", "--select", "DL808")
    shown = run_cli(monkeypatch, capsys, tmp_path, *args, "--diff")
    assert f"-{CHECKOUT.splitlines()[5]}" in shown.out
    assert (
        "+For details" in shown.out
        and "see [Ticket Virtual Object](Ticket-Virtual-Object.md)" in shown.out
    )
    assert page.read_text(encoding="utf-8") == CHECKOUT
    run_cli(monkeypatch, capsys, tmp_path, *args)
    assert page.read_text(encoding="utf-8") == CHECKOUT
    before = page.stat().st_ino
    run_cli(monkeypatch, capsys, tmp_path, *args, "--fix")
    assert page.read_text(encoding="utf-8") == CHECKOUT.replace(
        f"(/{REPO}/2.1-ticket-virtual-object)", "(Ticket-Virtual-Object.md)"
    )
    # Written as a new file renamed over the page, nothing left beside it.
    assert page.stat().st_ino != before
    assert sorted(p.name for p in page.parent.iterdir()) == [
        "Checkout-Workflow.md",
        "Ticket-Virtual-Object.md",
    ]


def test_the_fix_edits_each_links_own_target_and_none_it_cannot_find(tmp_path, monkeypatch, capsys):
    # A reference link's target stands on its definition's line, an angle
    # bracket's after `(<`: each finding is reported, and only its own
    # target is ever rewritten.
    site = f"/{REPO}/2.1-ticket-virtual-object"
    page = CHECKOUT.split("For details")[0] + (
        f'See [Ticket][t] and [again](<{site}>) and [x]({site} "T").\n\n'
        f"Only [Ticket][t].\n\n[t]: {site}\n"
    )
    _site_tree(tmp_path)
    write(tmp_path, {CHECKOUT_PAGE: page})
    args = ("check", "--no-cache", "--isolated", "--select", "DL808,DL001")
    found = run_cli(monkeypatch, capsys, tmp_path, *args, "--output-format", "json").out
    assert [(f["line"], f["code"], f["fix"] is not None) for f in json.loads(found)] == [
        (6, "DL808", False),
        (6, "DL808", True),
        (6, "DL808", True),
        (8, "DL808", False),
    ]
    run_cli(monkeypatch, capsys, tmp_path, *args, "--fix")
    assert (tmp_path / CHECKOUT_PAGE).read_text(encoding="utf-8") == page.replace(
        f"(<{site}>)", "(<Ticket-Virtual-Object.md>)"
    ).replace(f"({site} ", "(Ticket-Virtual-Object.md ")


# DL810 generator-markup


def test_generator_markup_left_in_is_reported_a_mention_of_it_is_not(tmp_path, doclint):
    page = restate_head("513fd0f5") + (
        "The page mentions `FileRef` and <FileReference> in prose.\n\n"
        '| Green (`\\033<FileRef file-url="https://github.com/o/r/blob/513f/0;32m`) '
        "| `COLOR_GREEN` |\n"
    )
    write(tmp_path, {RESTATE_PAGE: page, "src/game.ts": lines(GAME)})
    assert doclint(tmp_path, select="DL810")[0] == [
        (
            RESTATE_PAGE,
            line_of(page, "| Green"),
            "DL810",
            "generator markup `<FileRef` left in the page",
        )
    ]


# What broken-link and broken-anchor keep.


def test_broken_anchor_keeps_judging_heading_links_of_a_wiki_page(tmp_path, doclint):
    page = SCRIPTCAT_HEAD + (
        "Sources: [src/pkg/utils/match.ts:4-7](../src/pkg/utils/match.ts#L4-L7)\n\n"
        "See [Overview](1-overview.md#what-is-scriptcat) and [it](1-overview.md#no-such-part).\n"
    )
    files = {"src/pkg/utils/match.ts": lines(GAME), "src/pkg/utils/url_matcher.ts": lines(GAME)}
    overview = "# Overview\n\n## What is ScriptCat\n"
    write(tmp_path, {SCRIPTCAT_PAGE: page, ".deepwiki/1-overview.md": overview, **files})
    found = doclint(tmp_path, SCRIPTCAT_PAGE, select="DL4,DL8")[0]
    assert [(f[1], f[2]) for f in found] == [(line_of(page, "no-such-part"), "DL402")]


def test_a_readme_s_citations_are_judged_too_and_its_other_projects_paths_are_not(
    tmp_path, doclint
):
    readme = "# Tool\n\nThe entry point is [a.ts:3](a.ts#L3), see [b.ts:1-900](src/b.ts#L1-L900).\n"
    write(tmp_path, {"README.md": readme, "a.ts": "one\n", "src/b.ts": "x\n"})
    # Any page's citations of the tree's files are judged (issue 80).
    assert [f[2] for f in doclint(tmp_path, select="DL8")[0]] == ["DL802", "DL802"]
    # Near-miss: paths of no file of the tree (another project's, a host's
    # port, a time) are no citations.
    other = "# Tool\n\nUpstream's `lib/parse.ts:40-52`, localhost:8080, at 12:30.\n"
    write(tmp_path, {"README.md": other})
    assert doclint(tmp_path, select="DL8")[0] == []
    # The same lines on a wiki page are judged as the wiki writes them.
    write(tmp_path, {".deepwiki/1-overview.md": SCRIPTCAT_HEAD + readme.replace("](", "](../")})
    assert {f[2] for f in doclint(tmp_path, select=CITATIONS)[0]} >= {"DL802", "DL804"}


# Hostile input


def test_paths_that_leave_the_root_read_nothing_outside_and_claim_nothing(tmp_path, doclint):
    root = tmp_path / "root"
    write(tmp_path, {"outside.ts": lines(GAME)})
    pin = "513fd0f5"
    page = restate_head(pin) + (
        f"A [outside.ts:1-90](https://github.com/{REPO}/blob/{pin}/..%2F..%2Foutside.ts#L1-L90).\n\n"
        f"B [../outside.ts:1-90](https://github.com/{REPO}/blob/{pin}/../../outside.ts#L1-L90).\n\n"
        f"C [etc/passwd:1-90](https://github.com/{REPO}/blob/{pin}/..%2F..%2Fetc%2Fpasswd#L1-L90).\n\n"
        "D [../../outside.ts:1-90](../../../outside.ts#L1-L90).\n"
    )
    write(root, {RESTATE_PAGE: page, "src/game.ts": lines(GAME)})
    found, said, _ = doclint(root, select=CITATIONS)
    assert found == []
    assert not any("outside" in line or "passwd" in line for line in said), said


@needs_git
def test_a_pin_shaped_as_an_option_never_reaches_git(tmp_path, doclint, monkeypatch):
    asked: list[str] = []
    run, request = history_git.Git.run, history_git.Batch._request

    def recorded_run(self, args, *rest, **options):
        asked.extend(args)
        return run(self, args, *rest, **options)

    def recorded_request(self, line):
        asked.append(line)
        return request(self, line)

    monkeypatch.setattr(history_git.Git, "run", recorded_run)
    monkeypatch.setattr(history_git.Batch, "_request", recorded_request)
    commit(tmp_path, {"src/game.ts": lines(GAME)})
    page = restate_head("513fd0f5") + (
        f"**Sources**: {pinned('--output=x', 'src/game.ts', 5, 7)}\n\n"
        f"**Sources**: {pinned('-c', 'src/game.ts', 5, 7)}\n"
    )
    commit(tmp_path, {RESTATE_PAGE: page})
    found, said, _ = doclint(tmp_path, select=CITATIONS)
    assert found == []
    assert asked, "the history was asked nothing"
    assert not [a for a in asked if "--output" in a or a.split(" ")[-1].startswith("-c")]
    assert not (tmp_path / "x").exists()
    # No commit's name: read as a branch's, judged against the tree (the lines are there).
    assert not [line for line in said if "--output" in line or " -c " in line], said


def test_a_citation_of_100000_ranges_is_read_with_at_most_max_ranges(tmp_path, doclint):
    ranges = ", ".join(str(n) for n in range(1, 100_001))
    page = (
        SCRIPTCAT_HEAD
        + f"It is cleared [src/pkg/utils/match.ts:{ranges}](../src/pkg/utils/match.ts).\n"
    )
    write(tmp_path, {SCRIPTCAT_PAGE: page, "src/pkg/utils/match.ts": lines(GAME)})
    found = doclint(tmp_path, select="DL802")[0]
    assert len(found) == 1
    shown = found[0][3].split("`")[1]
    assert shown.count(",") == MAX_RANGES - 1


def _many(tmp_path: Path, count: int) -> float:
    root = tmp_path / str(count)
    row = (
        "Sources: [src/pkg/utils/match.ts:4-7](../src/pkg/utils/match.ts#L4-L7), "
        "[src/pkg/utils/url_matcher.ts:3-21](../src/pkg/utils/url_matcher.ts#L3-L21)\n"
    )
    files = {"src/pkg/utils/match.ts": lines(GAME), "src/pkg/utils/url_matcher.ts": lines(GAME)}
    write(root, {SCRIPTCAT_PAGE: SCRIPTCAT_HEAD + row * count, **files})
    started = time.perf_counter()
    command = [sys.executable, "-m", "doclint", "check", "--no-cache", "--isolated"]
    subprocess.run(
        [*command, "--select", CITATIONS, "-q", "."],
        cwd=root,
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - started


@pytest.mark.slow
def test_a_page_of_50000_citation_lines_takes_linear_time(tmp_path):
    small, large = _many(tmp_path, 12_500), _many(tmp_path, 50_000)
    assert large < small * 6, (small, large)


def test_a_wiki_page_of_invalid_utf8_is_still_judged(tmp_path, doclint):
    page = SCRIPTCAT_HEAD.encode() + (
        b"The caf\xe9 \xff\xfe cache "
        b"[src/pkg/utils/match.ts:4-99](../src/pkg/utils/match.ts#L4-L99)\n"
    )
    write(tmp_path, {SCRIPTCAT_PAGE: page, "src/pkg/utils/match.ts": lines(GAME)})
    write(tmp_path, {"src/pkg/utils/url_matcher.ts": lines(GAME)})
    found, _, code = doclint(tmp_path, select=CITATIONS)
    # The bad bytes are reported (DL003), and the citation is judged all the same.
    at = SCRIPTCAT_HEAD.count("\n") + 1
    assert [(f[1], f[2]) for f in found] == [(at, "DL003"), (at, "DL802")]
    assert code == 1


RESTATE_BUNDLE = SHARED / "corpus/deepwiki/philipz+restate-cloudflare-workers-poc/repo.bundle"


@needs_git
@pytest.mark.skipif(not RESTATE_BUNDLE.is_file(), reason="needs ../shared's restate bundle")
def test_the_real_pinned_wiki_in_a_shallow_clone_finds_a_subset_and_names_its_pin(
    tmp_path, doclint
):
    full, shallow = tmp_path / "full", tmp_path / "shallow"
    git(tmp_path, "clone", "-q", str(RESTATE_BUNDLE), str(full))
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{full}", str(shallow))
    in_full, said_full, _ = doclint(full, "docs/deepwiki", select=f"{CITATIONS},DL4")
    in_shallow, said, _ = doclint(shallow, "docs/deepwiki", select=f"{CITATIONS},DL4")
    assert said_full == []
    assert "DL803" in {f[2] for f in in_full}
    assert in_shallow and set(in_shallow) <= set(in_full)
    assert "DL803" not in {f[2] for f in in_shallow}
    assert len(said) == 1 and "513fd0f5" in said[0] and "fetch-depth: 0" in said[0], said

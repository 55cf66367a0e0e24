"""deepwiki-open's one-file export is DeepWiki's with no configuration: its
sections' source lists (a `<details>` list of links, or until May 2025 a
`### Related Files` list of code spans), its citations, and its links to
its sections' `<a id='page-2'></a>` anchors, which broken-anchor reads as
anchors of any page.

tests/wikis/deepwiki_open/ is a small export written for this test in the
format deepwiki-open writes: `generate_markdown_export` of its `api/api.py`
(a title naming the repository, `Generated on:`, a table of contents, then
per page `<a id='{page.id}'></a>`, `## {title}`, `### Related Pages` with
`Related topics: [Title](#id)`, and the page as its model wrote it: the
`<details>` list and `Sources: [path:lines]()` its prompt asks for);
`shop_wiki_2025-05.md` is the earlier export (`### Related Files` of code
spans, `Sources:` lists of links to the branch's files), as exports
committed in May 2025 read."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from doclint.models.markdown_lines import html_anchors
from tests.conftest import PROJECT

EXPORT = PROJECT / "tests" / "wikis" / "deepwiki_open"

# Every citation the prompt asks for (`[src/a.ts:3]()`) links nowhere: each is
# also malformed-citation, as DeepWiki's own are.
EMPTY = [(33, 10), (33, 29), (65, 10), (69, 10), (69, 33), (96, 10), (100, 10)]

EXPECTED = sorted(
    [
        *(("shop_wiki.md", line, column, "DL804") for line, column in EMPTY),
        ("shop_wiki.md", 43, 36, "DL402"),  # `#page-4`: the export has pages 1-3
        ("shop_wiki.md", 51, 3, "DL805"),  # src/discounts.ts
        ("shop_wiki.md", 69, 33, "DL801"),  # src/checkout.ts:4
        ("shop_wiki.md", 100, 10, "DL802"),  # src/pricing.ts:6-14 of 12 lines
        ("shop_wiki_2025-05.md", 42, 3, "DL805"),  # `src/tax.ts` under Related Files
        ("shop_wiki_2025-05.md", 46, 40, "DL402"),  # `#setup`: no such section
        ("shop_wiki_2025-05.md", 57, 5, "DL801"),  # [src/checkout.ts](…/blob/main/…)
    ]
)


def git(*args: str, cwd: Path) -> None:
    identity = ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", *identity, *args], cwd=cwd, check=True, capture_output=True)


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """The export committed in its repository's checkout (its remote is the
    repository the export names, so its links to it are judged here)."""
    copy = tmp_path / "shop"
    shutil.copytree(EXPORT, copy)
    git("init", "-q", cwd=copy)
    git("remote", "add", "origin", "https://github.com/acme/shop.git", cwd=copy)
    git("add", ".", cwd=copy)
    git("commit", "-qm", "shop and its wiki", cwd=copy)
    return copy


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "doclint", "check", ".", "--no-cache", "--isolated", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)


def test_the_export_is_read_as_deepwikis_with_no_configuration(checkout: Path) -> None:
    done = run(checkout, "--output-format", "json")
    assert done.returncode == 1, done.stderr
    found = sorted((f["path"], f["line"], f["column"], f["code"]) for f in json.loads(done.stdout))
    assert found == EXPECTED


def test_an_export_of_another_repository_lists_files_not_judged_here(checkout: Path) -> None:
    # The export describes github.com/acme/shop, committed in another
    # project: the files its sections list are that repository's, not
    # missing from this one. Its citations' files are still looked for
    # (the empty-target ones name no repository of their own).
    git("remote", "set-url", "origin", "https://github.com/acme/fork.git", cwd=checkout)
    done = run(checkout, "--output-format", "json")
    found = sorted((f["path"], f["line"], f["column"], f["code"]) for f in json.loads(done.stdout))
    assert found == [row for row in EXPECTED if row[3] != "DL805" and row[1:3] != (57, 5)]
    said = (
        "doclint: citations of github.com/acme/shop whose files are not here were not judged: "
        "no remote of this checkout names that repository"
    )
    assert said in done.stderr.splitlines()


def test_its_pages_count_as_read(checkout: Path) -> None:
    done = run(checkout, "--output-format", "concise")
    # README.md, written by hand, is read as such: no page is unread.
    assert done.stdout.splitlines()[-1] == (
        f"Found {len(EXPECTED)} problems in 2 files (3 files checked)."
    )


def test_explain_says_deepwiki_wrote_the_export(checkout: Path) -> None:
    done = run(checkout, "--explain", "shop_wiki_2025-05.md")
    assert done.stdout.splitlines()[0] == (
        "shop_wiki_2025-05.md: read as deepwiki's wiki page: line 1 is its marker"
    )


def test_a_languages_names_are_not_judged_as_the_projects(tmp_path: Path) -> None:
    # A line of scriptcat's DeepWiki page 4-3-menu-command-system.md (268)
    # in the shop's export: no file of the shop writes any of its names, and
    # React's `useEffect` alone is the language's.
    copy = tmp_path / "shop"
    shutil.copytree(EXPORT, copy)
    page = copy / "shop_wiki.md"
    text = page.read_text(encoding="utf-8")
    line = (
        "The popup registers keypress listeners for menu commands via a `useEffect` hook in the"
        " main `App` component. When the popup is open, pressing the defined `accessKey` triggers"
        " the command, provided the focus is not on an input or editable element."
    )
    page.write_text(f"{text}{line}\n", encoding="utf-8")
    at = text.count("\n") + 1
    done = run(copy, "--output-format", "json", "--select", "DL806")
    assert [(f["line"], f["message"]) for f in json.loads(done.stdout)] == [
        (at, "`App`: no file of the project writes `App`"),
        (at, "`accessKey`: no file of the project writes `accessKey`"),
    ]


def page_tree(tmp_path: Path, pages: dict[str, str]) -> list[tuple[str, int, str]]:
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    done = run(tmp_path, "--output-format", "json", "--select", "DL402")
    return [(f["path"], f["line"], f["message"]) for f in json.loads(done.stdout)]


def test_a_fragment_may_name_an_html_anchor_of_its_own_or_another_page(tmp_path: Path) -> None:
    pages = {
        "a.md": "# A\n\n<a id='top'></a>\n\n[up](#top) [down](#Bottom) [b](b.md#x) [c](b.md#y)\n\n"
        '<A NAME="bottom">end</A>\n',
        "b.md": '# B\n\n<a class="k" name="x"></a>\n\n```html\n<a id="y"></a>\n```\n',
    }
    assert page_tree(tmp_path, pages) == [
        ("a.md", 5, "`#y` is not a heading anchor of `b.md`"),
    ]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("<a id='page-1'></a>", ["page-1"]),
        ('<a name="x" id=y>', ["x", "y"]),
        ("<a href='#z'>z</a> <a data-id='w'>", []),
        ("<abbr id='no'>", []),
        ("```\n<a id='code'></a>\n```\n<a id='after'></a>", ["after"]),
        ("<a " * 50_000, []),
    ],
)
def test_html_anchors_are_the_ids_and_names_of_a_tags_outside_code(
    text: str, names: list[str]
) -> None:
    assert html_anchors(text) == names

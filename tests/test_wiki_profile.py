"""A wiki described by its user, without Python: docs/profiles.md's
`examples/llmwiki/` (front matter `sources: [...]`, `file:line` citations in
the prose) finds what its pages get wrong, wherever the run starts; a
mistake in a `[wiki]` table is one line naming the file, the line and the key."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from doclint.config.files import load_profile
from doclint.profiles.model import ProfileError
from tests.conftest import PROJECT

EXAMPLE = PROJECT / "examples" / "llmwiki"
DOCS = PROJECT / "docs" / "profiles.md"
_BLOCK = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)

EXPECTED = [
    ("wiki/cart.md", 3, 40, "DL805", "source list entry `src/discounts.ts` is not in the tree"),
    ("wiki/cart.md", 12, 60, "DL801", "`src/checkout.ts` is cited but not in the tree"),
    (
        "wiki/pricing.md",
        10,
        28,
        "DL802",
        "`src/pricing.ts:6-14` cites lines the file does not have: it has 12 lines",
    ),
]
"""Every finding on the example: one defect of each kind planted, and none
on the citations that hold (`(src/cart.ts:20-22,` ending a line, a citation
after a colon, a block list of sources)."""


def doclint(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "doclint", *args, "--no-cache"]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)


def findings(
    done: subprocess.CompletedProcess[str], cwd: Path, project: Path
) -> list[tuple[object, ...]]:
    """(path from `project`, line, column, code, message) of a JSON run in `cwd`."""
    assert done.returncode == 1, done.stderr
    return [
        (
            (cwd / f["path"]).resolve().relative_to(project.resolve()).as_posix(),
            f["line"],
            f["column"],
            f["code"],
            f["message"],
        )
        for f in json.loads(done.stdout)
    ]


@pytest.fixture
def example(tmp_path: Path) -> Path:
    """A copy of the example outside any checkout: the tree as it is, no history."""
    copy = tmp_path / "llmwiki"
    shutil.copytree(EXAMPLE, copy)
    return copy


def test_the_docs_show_the_example_as_it_is() -> None:
    section = DOCS.read_text(encoding="utf-8").split("\n## A wiki that cites the code\n")[1]
    blocks = dict(_BLOCK.findall(section)[:2])
    assert blocks["toml"] == (EXAMPLE / "llmwiki.toml").read_text(encoding="utf-8")
    page = EXAMPLE / "project" / "wiki" / "cart.md"
    assert blocks["markdown"] == page.read_text(encoding="utf-8")


def test_the_profile_finds_each_planted_defect_and_nothing_else(example: Path) -> None:
    project = example / "project"
    config = 'profiles = ["llmwiki.toml"]'
    done = doclint("check", "--config", config, "project", "--output-format", "json", cwd=example)
    assert findings(done, example, project) == EXPECTED


@pytest.mark.parametrize(("cwd", "start"), [("project/wiki", "."), (".", "project/wiki/cart.md")])
def test_the_wiki_folder_names_the_root_wherever_the_run_starts(
    example: Path, cwd: str, start: str
) -> None:
    # The configuration above the project names the profile; run from the
    # pages' folder or the project, `src/cart.ts` is the project's, not
    # `wiki/src/cart.ts` nor one beside the configuration.
    (example / "doclint.toml").write_text('profiles = ["llmwiki.toml"]\n', encoding="utf-8")
    done = doclint("check", start, "--output-format", "json", cwd=example / cwd)
    expected = [row for row in EXPECTED if start == "." or start.endswith(row[0])]
    assert findings(done, example / cwd, example / "project") == expected


def test_a_run_counts_the_wiki_pages_as_read(example: Path) -> None:
    config = 'profiles = ["llmwiki.toml"]'
    done = doclint(
        "check", "--config", config, "project", "--output-format", "concise", cwd=example
    )
    assert done.stdout.splitlines()[-1] == "Found 3 problems in 2 files (2 files checked)."


def test_explain_says_the_wiki_wrote_its_pages(example: Path) -> None:
    config = 'profiles = ["llmwiki.toml"]'
    done = doclint("check", "--config", config, "--explain", "project/wiki/cart.md", cwd=example)
    assert done.stdout.splitlines()[0] == (
        "project/wiki/cart.md: read as llmwiki's wiki page: in its folder `wiki/`, "
        "line 3 is its marker"
    )


def test_in_a_checkout_lines_changed_since_the_page_are_found(example: Path) -> None:
    project = example / "project"
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "init", "-q"], cwd=project, check=True)
    subprocess.run([*git, "add", "."], cwd=project, check=True)
    subprocess.run([*git, "commit", "-qm", "wiki"], cwd=project, check=True)
    # The method the page cites at src/cart.ts:11-18 changes after the page was written.
    source = project / "src" / "cart.ts"
    source.write_text(
        source.read_text(encoding="utf-8").replace(
            "line.quantity += quantity", "line.quantity = 0"
        ),
        encoding="utf-8",
    )
    (project / "doclint.toml").write_text('profiles = ["llmwiki.toml"]\n', encoding="utf-8")
    shutil.copy(example / "llmwiki.toml", project / "llmwiki.toml")
    done = doclint("check", "wiki", "--output-format", "json", cwd=project)
    found = findings(done, project, project)
    assert [row[:4] for row in found if row[3] == "DL803"] == [("wiki/cart.md", 9, 61, "DL803")]
    # Judged where the page was written: the message names that commit.
    assert [row[:4] for row in found if row[3] != "DL803"] == [row[:4] for row in EXPECTED]


def write_profile(folder: Path, wiki: str) -> Path:
    path = folder / "bad.toml"
    path.write_text(f'name = "bad"\n\n[wiki]\nfolders = ["wiki"]\n{wiki}', encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("wiki", "error"),
    [
        (
            "marker = '^(sources:'\n[wiki.forms]\n"
            "text_citation = '(?P<path>\\S+):(?P<lines>\\d+)'\n",
            "5: wiki.marker: not a regular expression: missing ): ^(sources:",
        ),
        (
            "marker = '^sources:'\n[wiki.forms]\ntext_citation = '\\S+:\\d+'\n",
            "7: wiki.forms.text_citation: the pattern has no named group path",
        ),
        (
            "marker = '^sources:'\n[wiki.forms]\ntext_citation = '(?P<path>\\S+)(?=:\\d)'\n",
            "7: wiki.forms.text_citation: not a regular expression: invalid perl operator: (?=",
        ),
        (
            "marker = '^sources:'\n[[wiki.links]]\ntarget = '^(?P<file>\\S+)$'\n",
            "7: wiki.links.0.target: the pattern has no named group path",
        ),
        (
            "marker = '^sources:'\n[[wiki.links]]\ntext = '^(?P<path>\\S+)$'\n"
            "[wiki.site]\nlink = '^/(?P<page>\\S+)$'\n",
            "9: wiki.site.link: the pattern has no named group slug",
        ),
        (
            "marker = '^sources:'\nrepository = '^# (?P<repo>\\S+)$'\n"
            "[wiki.forms]\ntext_citation = '(?P<path>\\S+)'\n",
            "6: wiki.repository: the pattern has no named group repository",
        ),
        (
            "marker = '^sources:'\nfront_matter_sources = 'sources'\n",
            "3: wiki: describes no citation: give links, forms.text_citation or "
            "forms.span_citation",
        ),
    ],
    ids=[
        "unclosed",
        "no-path-group",
        "lookahead",
        "link-target",
        "site-slug",
        "repository",
        "no-citation",
    ],
)
def test_a_mistake_in_the_wiki_table_names_its_file_line_and_key(
    tmp_path: Path, wiki: str, error: str
) -> None:
    path = write_profile(tmp_path, wiki)
    with pytest.raises(ProfileError) as raised:
        load_profile(path)
    assert str(raised.value).startswith(f"{path}:{error}")


def test_a_bad_wiki_profile_is_one_line_and_exit_2(tmp_path: Path) -> None:
    write_profile(tmp_path, "marker = '^sources:'\n[wiki.forms]\ntext_citation = '\\S+'\n")
    (tmp_path / "wiki").mkdir()
    (tmp_path / "wiki" / "a.md").write_text("# A\n", encoding="utf-8")
    done = doclint("check", "--config", 'profiles = ["bad.toml"]', "wiki", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"doclint: error: --config `profiles`: {tmp_path / 'bad.toml'}:7: "
        "wiki.forms.text_citation: the pattern has no named group path"
    ]


def test_a_user_pattern_runs_in_linear_time(tmp_path: Path) -> None:
    # `(a|aa)+` before a character that never comes backtracks through every
    # split of the run of `a`s on a backtracking engine (2^n): RE2 reads the
    # line once.
    write_profile(
        tmp_path,
        "marker = '^sources:'\n[wiki.forms]\n"
        "text_citation = '(?P<path>(?:a|aa)+/x\\.ts):(?P<lines>\\d+)'\n",
    )
    (tmp_path / "wiki").mkdir()
    page = "# A\n\n" + "a" * 20_000 + "\n\nSee aa/x.ts:3.\n"
    (tmp_path / "wiki" / "a.md").write_text(page, encoding="utf-8")
    command = [sys.executable, "-m", "doclint", "check", "--config", 'profiles = ["bad.toml"]']
    command += ["wiki", "--no-cache", "--output-format", "json"]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert [(f["line"], f["code"]) for f in json.loads(done.stdout)] == [(5, "DL801")]


BOTH_FORMS = """name = "both"

[wiki]
folders = ["wiki"]
marker = '^sources:'
front_matter_sources = "sources"

[[wiki.links]]
text = '^(?P<path>[^:\\s]+):(?P<lines>\\d+)$'
target = '^(?P<path>[^#\\s]+)#L(?P<lines>\\d+)$'

[wiki.forms]
text_citation = '(?P<path>[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+):(?P<lines>\\d+)'
"""


def test_front_matter_lists_and_citations_in_links_are_read_once(tmp_path: Path) -> None:
    (tmp_path / "both.toml").write_text(BOTH_FORMS, encoding="utf-8")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.ts").write_text("export const a = 1;\n", encoding="utf-8")
    (tmp_path / "wiki").mkdir()
    page = (
        "---\n"
        'sources: [src/a.ts, "src/gone.ts",\n'
        "  'src/lost.ts']\n"
        "title: A\n"
        "---\n"
        "\n"
        "# A\n"
        "\n"
        "See [src/b.ts:3](../src/b.ts#L3) and src/c.ts:4.\n"
    )
    (tmp_path / "wiki" / "a.md").write_text(page, encoding="utf-8")
    config = 'profiles = ["both.toml"]'
    done = doclint("check", "--config", config, "wiki", "--output-format", "json", cwd=tmp_path)
    found = [row[1:4] for row in findings(done, tmp_path, tmp_path)]
    # Each entry where its path starts, quoted or on the list's next line;
    # the citation in the link's text is the link's, not a second one.
    assert found == [(2, 22, "DL805"), (3, 4, "DL805"), (9, 5, "DL801"), (9, 38, "DL801")]

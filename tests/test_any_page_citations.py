"""Citations in any Markdown page (issue 80): the reader of every form, the
rules that judge them (DL801-DL804) on a page no generator wrote, with the
page's history read by one blame, and the safe re-anchoring fix."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from doclint import Settings, check_paths
from doclint.parsing.citations import read_citations
from doclint.parsing.markdown import parse_markdown

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


def _read(
    text: str, path: str = "docs/design.md"
) -> list[tuple[str, str, tuple[tuple[int, int], ...]]]:
    lines = text.split("\n")
    found = read_citations(path, lines, parse_markdown(text))
    return [(c.form, c.path, c.ranges) for c in found.citations]


def test_every_form_is_read() -> None:
    text = "\n".join(
        [
            "# Design",
            "",
            "The merge is `src/spans.py:40-52` and `mod.rs:1216`",
            "(`answers.rs:88/91`, `x.py:3, 9`).",
            "In prose, spans.py:40-52 merges them.",
            "[x.py](lib/x.py#L3-L9), [`y.py:3`](y.py), [a](file://src/a.cs#L10-L20),",
            "[b](https://github.com/o/r/blob/0123456789abcdef/src/b.py#L5) and `:481`.",
            "[c.lean:7](/home/me/repo/Zip/c.lean:7)",
            "",
            "## `src/parse.rs`",
            "",
            "| Name | Line |",
            "|---|---|",
            "| `Parser` | 120 |",
            "",
            "## Lexing",
            "",
            "In `src/lex.rs`:",
            "",
            "| Token | Source line |",
            "|---|---|",
            "| `Ident` | `L12` |",
        ]
    )
    assert _read(text) == [
        ("span", "src/spans.py", ((40, 52),)),
        ("span", "mod.rs", ((1216, 1216),)),
        ("span", "answers.rs", ((88, 88), (91, 91))),
        ("span", "x.py", ((3, 3), (9, 9))),
        ("prose", "spans.py", ((40, 52),)),
        ("link", "lib/x.py", ((3, 9),)),
        ("link", "y.py", ((3, 3),)),
        ("link", "src/a.cs", ((10, 20),)),
        ("link", "src/b.py", ((5, 5),)),
        ("span", "src/b.py", ((481, 481),)),
        ("link", "home/me/repo/Zip/c.lean", ((7, 7),)),
        ("table", "src/parse.rs", ((120, 120),)),
        ("table", "src/lex.rs", ((12, 12),)),
    ]


def test_a_link_escaping_an_underscore_is_one_citation() -> None:
    # blixten85/product-describer's pages escape `_` in a link's text and
    # target: the text is the link's, not a mention in the prose.
    escaped = "See [provider\\_config.py:72-84](provider\\_config.py#L72-L84) for it."
    assert _read(escaped) == [("link", "provider_config.py", ((72, 84),))]
    # Unescaped, the same: one citation.
    assert _read(escaped.replace("\\_", "_")) == _read(escaped)


def test_a_table_of_lines_under_several_files_is_not_guessed() -> None:
    # The shape of tests/repoagent2025_fooocus/PROVENANCE.md: a list of the
    # copied files, then a table whose line column counts the page's lines.
    several = "\n".join(
        [
            "# Provenance",
            "",
            "- Copied: `docs/layernorm.md`, `src/layernorm.py` and `src/LICENSE`.",
            "",
            "| line | item |",
            "|---|---|",
            "| 5 | attributes `eps` |",
        ]
    )
    assert _read(several) == []
    one = several.replace("`docs/layernorm.md`, `src/layernorm.py` and ", "")
    assert _read(one) == [("table", "src/LICENSE", ((5, 5),))]


def test_what_is_no_citation_is_not_read() -> None:
    text = "\n".join(
        [
            "At 12:30, on localhost:8080, with Python 3:11 and http://example.org/a.py:3.",
            "```",
            "not.py:12",
            "```",
            "    indented.py:4",
            "A [link](other.md) and `a word:3`, and `units.py:1:1` as a linter prints it.",
        ]
    )
    assert _read(text) == []


def test_a_long_line_is_read_in_linear_time() -> None:
    # A run of path characters with no colon is tried once, where it starts.
    text = "a." * 200_000 + " x.py:3"
    assert _read(text) == [("prose", "x.py", ((3, 3),))]


def _git(folder: Path, *args: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(
        GIT_AUTHOR_NAME="t",
        GIT_AUTHOR_EMAIL="t@example.org",
        GIT_COMMITTER_NAME="t",
        GIT_COMMITTER_EMAIL="t@example.org",
        GIT_CONFIG_NOSYSTEM="1",
        HOME=str(folder),
    )
    subprocess.run(["git", *args], cwd=folder, env=env, check=True, capture_output=True)


SOURCE = (
    "".join(f"v{n} = {n}\n" for n in range(1, 41)) + "def merge_spans(a, b):\n    return a + b\n"
)


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A checkout whose page cites a source that moved after it was written."""
    (tmp_path / "src").mkdir()
    (tmp_path / "lib" / "a").mkdir(parents=True)
    (tmp_path / "lib" / "b").mkdir(parents=True)
    (tmp_path / "docs").mkdir()
    (tmp_path / "src" / "spans.py").write_text(SOURCE)
    (tmp_path / "src" / "gone.py").write_text("x = 1\n")
    for folder in ("lib/a", "lib/b"):
        (tmp_path / folder / "mod.rs").write_text("fn a() {}\n")
    (tmp_path / "docs" / "design.md").write_text(
        "# Design\n\n"
        "`merge_spans` is `src/spans.py:41-42`; see also spans.py:41.\n"
        "A loop at `mod.rs:1`; `src/gone.py:1` held x.\n"
        "Not 12:30, nor localhost:8080, nor `other/project.py:3`.\n"
        "[merge](../src/spans.py#L41-L42) and `src/spans.py:99`.\n"
    )
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "written")
    (tmp_path / "src" / "spans.py").write_text("# one\n# two\n" + SOURCE)
    (tmp_path / "src" / "gone.py").unlink()
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "moved")
    return tmp_path


def _found(folder: Path, select: str) -> list[tuple[int, int, str, str]]:
    settings = Settings(select=[select], root=folder, cache=False)
    report = check_paths([folder / "docs" / "design.md"], settings)
    return [(d.line, d.column, d.code, d.message) for d in report.diagnostics]


@needs_git
def test_moved_lines_are_cited_lines_changed_with_where_they_stand(checkout: Path) -> None:
    found = _found(checkout, "DL803")
    assert [(line, column) for line, column, _, _ in found] == [(3, 18), (3, 49), (6, 1)]
    assert found[0][3].endswith("they now stand at 43-44")
    # One line cited, one place now: "it now stands at 43", said of it alone.
    assert "the cited line changed since " in found[1][3]
    assert found[1][3].endswith("; it now stands at 43")


@needs_git
def test_lines_past_the_end_are_range_outside_file(checkout: Path) -> None:
    assert [(line, column) for line, column, _, _ in _found(checkout, "DL802")] == [(6, 38)]


@needs_git
def test_a_file_deleted_since_the_citation_was_written_is_missing(checkout: Path) -> None:
    found = _found(checkout, "DL801")
    assert [(line, column) for line, column, _, _ in found] == [(4, 23)]
    assert "it was at" in found[0][3]


@needs_git
def test_a_name_several_files_have_is_said_once(checkout: Path) -> None:
    found = _found(checkout, "DL804")
    assert [(line, column) for line, column, _, _ in found] == [(4, 11)]
    assert "`lib/a/mod.rs`, `lib/b/mod.rs`" in found[0][3]


@needs_git
def test_unchanged_lines_and_other_projects_paths_stay_silent(checkout: Path) -> None:
    page = checkout / "docs" / "design.md"
    page.write_text(
        "# Design\n\nThe merge is `src/spans.py:43-44`, `lib/a/mod.rs:1`.\n"
        "Not 12:30, nor localhost:8080, nor `other/project.py:3`, nor `requests/api.py:12`.\n"
    )
    _git(checkout, "commit", "-q", "-am", "re-anchored")
    for code in ("DL801", "DL802", "DL803", "DL804"):
        assert _found(checkout, code) == []


@needs_git
def test_the_safe_fix_re_anchors_text_and_target_together(checkout: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "doclint", "check", ".", "--no-cache", "--isolated", "--fix"],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    text = (checkout / "docs" / "design.md").read_text()
    assert "`src/spans.py:43-44`; see also spans.py:43." in text
    assert "[merge](../src/spans.py#L43-L44)" in text
    assert "`src/spans.py:99`" in text  # not moved: nothing to re-anchor


def _counting_git(folder: Path) -> tuple[dict[str, str], Path]:
    """An environment whose `git` logs each of its runs' first argument
    (after the options doclint gives every run) to a file, then runs git."""
    real = shutil.which("git")
    assert real is not None
    bin_folder = folder / "bin"
    bin_folder.mkdir()
    log = folder / "runs.log"
    wrapper = bin_folder / "git"
    wrapper.write_text(
        "#!/bin/sh\n"
        'for a in "$@"; do case "$a" in -*|*=*|/*) ;; '
        f'*) echo "$a" >> "{log}"; break;; esac; done\n'
        f'exec "{real}" "$@"\n'
    )
    wrapper.chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_folder}{os.pathsep}{os.environ['PATH']}")
    return env, log


@needs_git
@pytest.mark.parametrize("count", [10, 400])
def test_git_runs_are_bounded_by_pages_and_commits_not_citations(
    tmp_path: Path, count: int
) -> None:
    """A page of `count` citations, written in three commits, of two files:
    the same git processes whatever the count (one blame for the page)."""
    repo = tmp_path / "repo"
    (repo / "src").mkdir(parents=True)
    for name in ("a.py", "b.py"):
        (repo / "src" / name).write_text("".join(f"v{n} = {n}\n" for n in range(500)))
    page = repo / "design.md"
    _git(repo, "init", "-q")
    lines = ["# Design", ""]
    for commit in range(3):
        lines += [
            f"Value {n} is `src/{'ab'[n % 2]}.py:{n % 500 + 1}`." for n in range(commit, count, 3)
        ]
        page.write_text("\n".join(lines) + "\n")
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "-m", f"page {commit}")
        (repo / "src" / "a.py").write_text("# moved\n" + (repo / "src" / "a.py").read_text())
    env, log = _counting_git(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "doclint", "check", ".", "--no-cache", "--isolated"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    runs = log.read_text().split()
    assert runs.count("blame") == 1
    assert runs.count("cat-file") == 1
    # rev-parse, the one pass over which commits changed which file, the
    # blame, the batch, and the one pass over the renames (not one for each
    # of the page's three commits).
    assert len(runs) <= 5, runs


@needs_git
def test_the_cache_knows_a_page_s_findings_hang_on_its_blame(tmp_path: Path) -> None:
    """A page unchanged whose citation's line is written again in a later
    commit (with the code as it is then) is judged again, not served from
    the cache: the blame is one of the facts its findings were made from."""
    keys, tmp_path = tmp_path / "keys", tmp_path / "repo"
    (tmp_path / "src").mkdir(parents=True)
    (tmp_path / "src" / "a.py").write_text(SOURCE)
    page = tmp_path / "design.md"
    page.write_text("# Design\n\nThe merge is `src/a.py:41-42`.\n")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "written")
    (tmp_path / "src" / "a.py").write_text("# moved\n" + SOURCE)
    _git(tmp_path, "commit", "-q", "-am", "moved")

    def run() -> str:
        done = subprocess.run(
            [sys.executable, "-m", "doclint", "check", ".", "--isolated", "--select", "DL803"],
            cwd=tmp_path,
            env=dict(os.environ, XDG_CACHE_HOME=str(keys)),
            capture_output=True,
            text=True,
            check=False,
        )
        assert "cache not used" not in done.stderr
        return done.stdout

    assert "DL803" in run()
    assert "DL803" in run()  # served from the cache
    # The same line written again after the move: the page's bytes are the
    # same, its blame is not.
    page.write_text("# Design\n\n")
    _git(tmp_path, "commit", "-q", "-am", "dropped")
    page.write_text("# Design\n\nThe merge is `src/a.py:41-42`.\n")
    _git(tmp_path, "commit", "-q", "-am", "written again")
    assert "DL803" not in run()


def _names_found(tmp_path: Path, page: str) -> list[tuple[int, int, str]]:
    # TypeScript: a language whose reader says where a name is defined.
    (tmp_path / "src").mkdir(exist_ok=True)
    (tmp_path / "src" / "spans.ts").write_text(
        "".join(f"export const v{n} = {n};\n" for n in range(1, 41))
        + "export function mergeSpans(a: number, b: number): number {\n  return a + b;\n}\n"
    )
    (tmp_path / "design.md").write_text(page)
    settings = Settings(select=["DL807"], root=tmp_path, cache=False)
    report = check_paths([tmp_path / "design.md"], settings)
    return [(d.line, d.column, d.message) for d in report.diagnostics]


def test_a_name_its_citation_does_not_show_is_reported(tmp_path: Path) -> None:
    found = _names_found(
        tmp_path, "# Design\n\nThe `mergeSpans` helper (`src/spans.ts:10`) merges two spans.\n"
    )
    assert [(line, column) for line, column, _ in found] == [(3, 5)]
    assert "src/spans.ts:10" in found[0][2]


def test_a_name_at_or_near_its_cited_lines_is_not(tmp_path: Path) -> None:
    page = (
        "# Design\n\n"
        "The `mergeSpans` helper (`src/spans.ts:41-42`) merges;"
        " `mergeSpans` (`src/spans.ts:39`).\n"
        "It is not at `src/spans.ts:10`, says `mergeSpans` after it.\n\n"
        "## `src/spans.ts`\n\n"
        "| Name | Line |\n|---|---|\n| `mergeSpans` | 42 |\n"
    )
    assert _names_found(tmp_path, page) == []


def test_a_lines_column_of_counts_cites_nothing() -> None:
    # ericfitz/tmi's design spec (Apache-2.0): an inventory of the scripts a
    # plugin takes over, each with its length.
    inventory = (
        "# CATS\n\n| File | Lines | Role |\n| --- | --- | --- |\n"
        "| `scripts/run-cats-fuzz.py` | 480 | preflight |\n"
        "| `scripts/parse_cats_results.py` | 1798 | SQLite schema |\n"
    )
    assert _read(inventory) == []
    # Near misses: a range in the column, or "Line", says each row cites.
    ranged = inventory.replace("| 480 |", "| 40-52 |")
    assert [c[1:] for c in _read(ranged)] == [
        ("scripts/run-cats-fuzz.py", ((40, 52),)),
        ("scripts/parse_cats_results.py", ((1798, 1798),)),
    ]
    assert len(_read(inventory.replace("| Lines |", "| Line |"))) == 2


def test_a_table_row_s_name_is_judged_by_its_line_column(tmp_path: Path) -> None:
    page = "# Design\n\n## `src/spans.ts`\n\n| Name | Line |\n|---|---|\n| `mergeSpans` | 12 |\n"
    assert [(line, column) for line, column, _ in _names_found(tmp_path, page)] == [(7, 3)]


@needs_git
def test_a_github_url_of_this_repository_is_a_citation_and_another_s_is_not(
    checkout: Path,
) -> None:
    _git(checkout, "remote", "add", "origin", "https://github.com/acme/spans.git")
    (checkout / "docs" / "design.md").write_text(
        "# Design\n\n"
        "[merge](https://github.com/acme/spans/blob/main/src/spans.py#L41-L42) and\n"
        "[theirs](https://github.com/other/spans/blob/main/src/spans.py#L41-L42).\n"
    )
    _git(checkout, "commit", "-q", "-am", "linked at the branch")
    (checkout / "src" / "spans.py").write_text(
        "# three\n" + (checkout / "src" / "spans.py").read_text()
    )
    _git(checkout, "commit", "-q", "-am", "moved again")
    found = _found(checkout, "DL803")
    assert [(line, column) for line, column, _, _ in found] == [(3, 1)]
    assert found[0][3].endswith("they now stand at 42-43")  # as they stood when linked


def test_a_path_out_of_the_root_is_no_citation(tmp_path: Path) -> None:
    (tmp_path / "tree").mkdir()
    (tmp_path / "secret.py").write_text("x = 1\n")
    (tmp_path / "tree" / "design.md").write_text(
        "# Design\n\n`../secret.py:5` and [s](../secret.py#L5) and `a/../../secret.py:5`.\n"
    )
    settings = Settings(select=["DL8"], root=tmp_path / "tree", cache=False)
    report = check_paths([tmp_path / "tree" / "design.md"], settings)
    assert [d.code for d in report.diagnostics] == []


def test_porcelain_blame_gives_each_line_its_commit() -> None:
    from doclint.history.blame import read_porcelain

    one, two = "a" * 40, "b" * 40
    output = (
        f"{one} 1 1 2\nauthor x\nfilename p.md\n\tfirst\n{one} 2 2\n\tsecond\n"
        f"{two} 5 3 1\nauthor y\nprevious {one} p.md\nfilename p.md\n\t{one} 9 9\n"
    ).encode()
    assert read_porcelain(output) == (one, one, two)


@needs_git
def test_a_page_whose_name_has_spaces_and_accents_is_blamed(checkout: Path) -> None:
    """Blamed through its rename too: its lines were written before the code moved."""
    (checkout / "docs" / "design.md").rename(checkout / "docs" / "mé design -x.md")
    _git(checkout, "add", "-A")
    _git(checkout, "commit", "-q", "-m", "renamed the page")
    settings = Settings(select=["DL803"], root=checkout, cache=False)
    report = check_paths([checkout / "docs" / "mé design -x.md"], settings)
    assert [(d.line, d.column) for d in report.diagnostics] == [(3, 18), (3, 49), (6, 1)]


@needs_git
def test_a_line_edited_where_it_stands_is_still_the_line_cited(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "limits.py").write_text("import os\nMAX_LOOP_ITERATIONS = 1000\nMIN = 1\n")
    (tmp_path / "design.md").write_text(
        "# Limits\n\nThe backstop is `src/limits.py:2`; the floor `src/limits.py:3`.\n"
    )
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "written")
    (tmp_path / "src" / "limits.py").write_text(
        "import os\nMAX_LOOP_ITERATIONS = 2000  # raised\nFLOOR = 0\n"
    )
    _git(tmp_path, "commit", "-q", "-am", "edited")
    settings = Settings(select=["DL803"], root=tmp_path, cache=False)
    found = check_paths([tmp_path / "design.md"], settings).diagnostics
    # The backstop's line edited in place stays silent; the floor's line is another's now.
    assert [(d.line, d.column) for d in found] == [(3, 46)]


def test_a_name_several_files_have_is_told_by_the_name_its_sentence_gives(
    tmp_path: Path,
) -> None:
    for folder, body in (
        ("a", "def update_skew():\n    pass\n"),
        ("b", "def other():\n    pass\n"),
    ):
        (tmp_path / "lib" / folder).mkdir(parents=True)
        (tmp_path / "lib" / folder / "core.py").write_text(body)
    (tmp_path / "design.md").write_text(
        "# Skew\n\n`core.py:1` holds a function.\n`update_skew` (`core.py:9`) updates it.\n"
    )
    settings = Settings(select=["DL802", "DL804"], root=tmp_path, cache=False)
    found = check_paths([tmp_path / "design.md"], settings).diagnostics
    # The first is said; the second is `lib/a/core.py`'s (its line 9 past its end).
    assert [(d.line, d.code) for d in found] == [(3, "DL804"), (4, "DL802")]
    assert "lib/a/core.py" in found[1].message


def test_a_name_several_files_have_is_told_by_the_folder_of_a_file_named_before(
    tmp_path: Path,
) -> None:
    for folder in ("a", "b"):
        (tmp_path / "lib" / folder).mkdir(parents=True)
        (tmp_path / "lib" / folder / "mod.rs").write_text("fn a() {}\n")
    (tmp_path / "lib" / "a" / "h2.rs").write_text("fn b() {}\n")
    (tmp_path / "design.md").write_text(
        "# Mux\n\nThe stream is `lib/a/h2.rs:1`; its loop `mod.rs:7`.\n"
    )
    settings = Settings(select=["DL802", "DL804"], root=tmp_path, cache=False)
    found = check_paths([tmp_path / "design.md"], settings).diagnostics
    assert [(d.line, d.code) for d in found] == [(3, "DL802")]
    assert "lib/a/mod.rs" in found[0].message


@pytest.mark.parametrize("page", ["CHANGELOG.md", "docs/adr/0007-cache.md", "HISTORY.md"])
def test_a_record_of_the_past_is_not_judged(tmp_path: Path, page: str) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "spans.py").write_text("x = 1\n")
    (tmp_path / page).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / page).write_text("# 1.0\n\n- Fixed the merge in `src/spans.py:40-52`.\n")
    settings = Settings(select=["DL8"], root=tmp_path, cache=False)
    assert check_paths([tmp_path / page], settings).diagnostics == []
    (tmp_path / "notes.md").write_text("# Notes\n\n- The merge is in `src/spans.py:40-52`.\n")
    assert [d.code for d in check_paths([tmp_path / "notes.md"], settings).diagnostics] == ["DL802"]


@needs_git
def test_a_github_url_pinned_to_a_commit_is_judged_at_its_pin(checkout: Path) -> None:
    _git(checkout, "remote", "add", "origin", "git@github.com:acme/spans.git")
    first = subprocess.run(
        ["git", "rev-list", "--max-parents=0", "HEAD"],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (checkout / "docs" / "design.md").write_text(
        f"# Design\n\n[merge](https://github.com/acme/spans/blob/{first[:10]}/src/spans.py#L41-L42)\n"
    )
    _git(checkout, "commit", "-q", "-am", "pinned, written after the move")
    found = _found(checkout, "DL803")
    assert [(line, column) for line, column, _, _ in found] == [(3, 1)]
    assert f"since {first[:8]}" in found[0][3] and found[0][3].endswith("43-44")
    # No fix: new numbers with the old pin would cite other lines at that commit.
    settings = Settings(select=["DL803"], root=checkout, cache=False)
    report = check_paths([checkout / "docs" / "design.md"], settings)
    assert [diagnostic.fix for diagnostic in report.diagnostics] == [None]


@needs_git
def test_a_file_renamed_since_the_citation_was_written_is_followed(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "old.py").write_text(SOURCE)
    (tmp_path / "design.md").write_text("# Design\n\nThe merge is `src/old.py:41-42`.\n")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "written")
    _git(tmp_path, "mv", "src/old.py", "src/new.py")
    (tmp_path / "src" / "new.py").write_text("# moved\n" + SOURCE)
    _git(tmp_path, "commit", "-q", "-am", "renamed")
    settings = Settings(select=["DL801", "DL803"], root=tmp_path, cache=False)
    found = check_paths([tmp_path / "design.md"], settings).diagnostics
    assert [(d.line, d.code) for d in found] == [(3, "DL803")]
    assert "(now `src/new.py`)" in found[0].message and found[0].message.endswith("42-43")


def test_a_follow_on_in_a_paragraph_cites_the_file_cited_before_it() -> None:
    text = (
        "The writers [x.lean:93-94](/home/me/repo/x.lean:93)\n"
        "(LH) and :120-121 (CD) emit it; at 10:30, a ratio 3:1.\n\n"
        "Nothing cited here at :40.\n"
    )
    assert _read(text) == [
        ("link", "home/me/repo/x.lean", ((93, 94),)),
        ("prose", "home/me/repo/x.lean", ((120, 121),)),
    ]


QODER_PAGE = """\
# Cart

<cite>
**Referenced Files in This Document**
- [a.ts](file://src/a.ts)
</cite>

The cart adds a line per item.

**Section sources**
- [a.ts:3-5](file://src/a.ts#L3-L5)
"""


@needs_git
def test_the_fix_re_anchors_a_hand_written_pages_citations_not_a_wikis(tmp_path: Path) -> None:
    """DL803's safe fix is for the citations of pages written by hand, as its
    summary (the rules table's) says; a wiki's get the finding and no fix."""
    from doclint.engine.registry import load_registry

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.ts").write_text("".join(f"line {n}\n" for n in range(1, 11)))
    wiki = tmp_path / ".qoder/repowiki/en/content/Cart.md"
    wiki.parent.mkdir(parents=True)
    wiki.write_text(QODER_PAGE)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "design.md").write_text("# Design\n\nMerging is `src/a.ts:3-5`.\n")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "written")
    (tmp_path / "src" / "a.ts").write_text("x\ny\n" + "".join(f"line {n}\n" for n in range(1, 11)))
    _git(tmp_path, "commit", "-q", "-am", "moved")
    settings = Settings(select=["DL803"], root=tmp_path, cache=False)
    report = check_paths([tmp_path / "docs", tmp_path / ".qoder"], settings)
    fixed = {Path(d.path).name: d.fix is not None for d in report.diagnostics}
    assert fixed == {"design.md": True, "Cart.md": False}
    rule = load_registry().lookup("DL803")
    assert rule is not None and "fixed in pages written by hand, not in a wiki's" in rule.summary

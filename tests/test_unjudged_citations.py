"""Never silently off (issue 80, point 4): where the lines a citation without a
pin was written on cannot be had (a shallow clone, a tree outside a
checkout, a page not committed as it is), the run counts those citations and
says so in one line with how to have them judged; and a shallow clone gives
no finding its full clone does not make.

The wiki is Qoder's (built in, no configuration): a page citing `src/a.ts`
written at the first commit, the code changed by the second."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PAGE = ".qoder/repowiki/en/content/Cart.md"
PAGE_TEXT = """\
# Cart

<cite>
**Referenced Files in This Document**
- [a.ts](file://src/a.ts)
</cite>

The cart adds a line per item.

**Section sources**
- [a.ts:3-5](file://src/a.ts#L3-L5)
- [a.ts:8-10](file://src/a.ts#L8-L10)
"""
WRITTEN = "".join(f"line {n}\n" for n in range(1, 11))
CHANGED = "import x\n" + "".join(f"line {n}\n" for n in range(1, 8))
GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]

SHALLOW_LINE = (
    "doclint: 2 citations without a pin were not compared with the lines they were written on "
    "(cited-lines-changed), nor their ranges and missing files judged: this shallow clone "
    "lacks the commits their lines were written in; fetch the whole history "
    "(`git fetch --unshallow`, or `fetch-depth: 0` in actions/checkout)"
)


def git(folder: Path, *args: str) -> None:
    subprocess.run([*GIT, *args], cwd=folder, check=True, capture_output=True)


def check(folder: Path, *extra: str) -> tuple[list[tuple[int, str]], list[str]]:
    """(line, code) of the run's findings on the page, and its stderr lines."""
    command = [sys.executable, "-m", "doclint", "check", ".qoder", "--no-cache", "--isolated"]
    command += ["--output-format", "json", *extra]
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    found = [(f["line"], f["code"]) for f in json.loads(done.stdout) if f["path"] == PAGE]
    return sorted(found), done.stderr.splitlines()


@pytest.fixture
def origin(tmp_path: Path) -> Path:
    """A repository of three commits: the page and the code, the code changed
    (a line inserted above, three lines gone), an unrelated change."""
    repo = tmp_path / "origin"
    (repo / "src").mkdir(parents=True)
    (repo / PAGE).parent.mkdir(parents=True)
    (repo / "src" / "a.ts").write_text(WRITTEN, encoding="utf-8")
    (repo / PAGE).write_text(PAGE_TEXT, encoding="utf-8")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "the wiki")
    (repo / "src" / "a.ts").write_text(CHANGED, encoding="utf-8")
    git(repo, "commit", "-qam", "the code moves")
    (repo / "README.md").write_text("# r\n", encoding="utf-8")
    git(repo, "add", "README.md")
    git(repo, "commit", "-qm", "a readme")
    return repo


def test_a_shallow_clone_says_what_it_did_not_judge_and_finds_nothing_the_full_one_does_not(
    origin: Path, tmp_path: Path
) -> None:
    full, full_said = check(origin)
    # At the page's commit both ranges were inside the file; both blocks changed since.
    assert full == [(11, "DL803"), (12, "DL803")]
    assert not any("citations without a pin" in line for line in full_said)
    shallow = tmp_path / "shallow"
    url = origin.resolve().as_uri()
    subprocess.run(["git", "clone", "-q", "--depth", "1", url, str(shallow)], check=True)
    found, said = check(shallow)
    # Judged against the code as it is, 8-10 would be past the end of its 8
    # lines: a finding the full history does not make.
    assert set(found) <= set(full)
    assert found == []
    assert said.count(SHALLOW_LINE) == 1
    # One line a run, however many worker processes judged pages.
    _, said = check(shallow, "--jobs", "2")
    assert said.count(SHALLOW_LINE) == 1


def test_outside_a_checkout_and_on_an_uncommitted_page_the_run_says_so(
    origin: Path, tmp_path: Path
) -> None:
    plain = tmp_path / "plain"
    (plain / "src").mkdir(parents=True)
    (plain / PAGE).parent.mkdir(parents=True)
    (plain / "src" / "a.ts").write_text(CHANGED, encoding="utf-8")
    (plain / PAGE).write_text(PAGE_TEXT, encoding="utf-8")
    found, said = check(plain)
    assert found == [(12, "DL802")]  # judged against the tree as it is
    assert [line for line in said if "without a pin" in line] == [
        "doclint: 2 citations without a pin were not compared with the lines they were written "
        "on (cited-lines-changed): the tree is in no checkout git reads (no checkout, no git "
        "2.36 or later, or git refuses its owner: see safe.directory); check the repository's "
        "checkout, with its whole history (`fetch-depth: 0` in actions/checkout)"
    ]
    (origin / PAGE).write_text(PAGE_TEXT + "- [a.ts:1](file://src/a.ts#L1)\n", encoding="utf-8")
    found, said = check(origin)
    # The page's lines kept are blamed at their commits: only the one added is not.
    assert [line for line in said if "without a pin" in line] == [
        "doclint: 1 citation without a pin were not compared with the lines they were written "
        "on (cited-lines-changed): their lines are not committed as they stand in the tree; "
        "they are compared once committed"
    ]


def test_in_the_github_format_what_was_not_judged_is_a_warning_and_in_the_step_summary(
    origin: Path, tmp_path: Path
) -> None:
    """A CI log's reader sees the findings' annotations: the lines that say
    what was not judged (the history a shallow clone lacks, Mermaid's parser
    missing) are annotations too, and lines of the job's summary."""
    shallow = tmp_path / "shallow"
    url = origin.resolve().as_uri()
    subprocess.run(["git", "clone", "-q", "--depth", "1", url, str(shallow)], check=True)
    (shallow / ".qoder/repowiki/en/content/Flow.md").write_text(
        PAGE_TEXT.replace("# Cart", "# Flow") + "\n```mermaid\ngraph TD\n  A --> B\n```\n",
        encoding="utf-8",
    )
    summary = tmp_path / "summary.md"
    summary.write_text("before\n", encoding="utf-8")
    command = [sys.executable, "-m", "doclint", "check", ".qoder", "--no-cache", "--isolated"]
    done = subprocess.run(
        [*command, "--output-format", "github", "--jobs", "2"],
        cwd=shallow,
        env={
            **os.environ,
            "GITHUB_STEP_SUMMARY": str(summary),
            "DOCLINT_MERMAID": str(tmp_path / "no-mermaid"),
        },
        capture_output=True,
        text=True,
        check=False,
    )
    said = done.stderr.splitlines()
    warnings = [line for line in said if line.startswith("::warning title=doclint::")]
    # The cart's page, as the shallow clone has it; the new page, not committed.
    assert sorted(w for w in warnings if "citations without a pin" in w) == [
        "::warning title=doclint::" + SHALLOW_LINE.removeprefix("doclint: "),
        "::warning title=doclint::2 citations without a pin were not compared with the lines "
        "they were written on (cited-lines-changed): their lines are not committed as they "
        "stand in the tree; they are compared once committed",
    ]
    assert any("mermaid blocks not checked (mermaid-invalid)" in w for w in warnings), said
    assert not [line for line in said if line.startswith("doclint: ") and "judged" in line]
    written = summary.read_text(encoding="utf-8").splitlines()
    assert written[0] == "before" and len(written) == 1 + len(warnings)
    assert all(line.startswith("- :warning: doclint: ") for line in written[1:])
    # Another format says them as before, plainly.
    plain = subprocess.run(
        [*command, "--output-format", "concise"], cwd=shallow, capture_output=True, text=True
    )
    assert not any(line.startswith("::") for line in plain.stderr.splitlines())


def test_a_run_that_reuses_the_pages_results_says_it_too(
    origin: Path, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """The count is a fact of the page's result: a cached run, which runs no
    rule on the page, counts its unjudged citations again as it reuses it."""
    from doclint import Settings
    from doclint.incremental.store import ContentCache
    from tests.running import run

    shallow = tmp_path / "shallow"
    url = origin.resolve().as_uri()
    subprocess.run(["git", "clone", "-q", "--depth", "1", url, str(shallow)], check=True)
    settings = Settings(root=shallow, cache=True, cache_dir=tmp_path / "cache", jobs=1)
    capfd.readouterr()
    for reused in (False, True):
        ran = run([shallow / ".qoder"], settings, stores=ContentCache(settings.cache_dir, print))
        assert (ran.from_cache == ran.files_checked == 1) is reused
        assert capfd.readouterr().err.splitlines().count(SHALLOW_LINE) == 1


def test_a_github_run_leaves_the_next_run_in_its_process_saying_its_lines_plainly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from doclint.util.notices import forget_said, say_once
    from tests.checking import run_cli

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n")
    run_cli(monkeypatch, capsys, tmp_path, "check", "--no-cache", "--output-format", "github")
    forget_said()
    say_once("a line of an API run")
    assert capsys.readouterr().err == "doclint: a line of an API run\n"

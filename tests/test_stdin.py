"""`doclint check - --stdin-filename PATH`: an editor's buffer checked as a file of the tree."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.checking import run_cli
from tests.pages import keyword_index, write

KW = "docs/pkg/mod.py_kw.md"
BUFFER = keyword_index("pkg/mod.py", ["def", "Thing"]).encode()


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    # On disk the page is clean; the buffer is what counts.
    write(
        tmp_path,
        {
            KW: keyword_index("pkg/mod.py", ["Thing"]).replace("### Classs", "### Classes"),
            "docs/pkg/mod.py_docs.md": "# x\n",
            "pkg/mod.py": "class Thing: ...\n",
        },
    )
    return tmp_path


@pytest.fixture
def cli(monkeypatch, capsys, tree):
    def invoke(*args: str, stdin: bytes = BUFFER, cwd: Path | None = None):
        return run_cli(monkeypatch, capsys, cwd or tree, "check", *args, stdin=stdin)

    return invoke


def found(outcome) -> list[tuple[str, int, str]]:
    return [(d["path"], d["line"], d["code"]) for d in json.loads(outcome.out)]


def test_the_buffer_is_checked_as_the_named_file(cli):
    outcome = cli("-", "--stdin-filename", KW, "--output-format", "json")
    assert outcome.code == 1
    assert found(outcome) == [(KW, 14, "DL101"), (KW, 16, "DL201")]


def test_a_clean_buffer_exits_zero(cli, tree):
    outcome = cli("-", "--stdin-filename", KW, stdin=(tree / KW).read_bytes())
    assert outcome.code == 0 and "All checks passed (1 file checked)." in outcome.out


def test_full_output_shows_the_buffer_lines(cli):
    outcome = cli("-", "--stdin-filename", KW)
    assert "16 | - **`def`**: [mod.py_docs.md](./mod.py_docs.md)\n" in outcome.out


def test_the_root_comes_from_the_buffer_title_and_the_path_stays_as_given(cli, tree):
    page = str(tree / KW)
    outcome = cli("-", "--stdin-filename", page, "--output-format", "json", cwd=tree.parent)
    # links resolve from the inferred root (no broken links) and the path is shown from the cwd
    assert [(line, code) for _, line, code in found(outcome)] == [(14, "DL101"), (16, "DL201")]
    assert found(outcome)[0][0] == f"{tree.name}/{KW}"


def test_a_buffer_not_yet_on_disk(cli):
    new = "docs/pkg/new.md"
    outcome = cli("-", "--stdin-filename", new, "--output-format", "json", stdin=b"[x](gone.md)\n")
    assert found(outcome) == [(new, 1, "DL401")]


def test_configuration_suppressions_and_baseline_apply(cli, tree):
    (tree / "doclint.toml").write_text('ignore = ["DL101"]\n')
    outcome = cli("-", "--stdin-filename", KW, "--output-format", "json")
    assert found(outcome) == [(KW, 16, "DL201")]
    suppressed = BUFFER.replace(
        b"- **`def`**", b"<!-- doclint-disable-next-line DL201 -->\n- **`def`**"
    )
    assert cli("-", "--stdin-filename", KW, stdin=suppressed).code == 0
    assert cli("-", "--stdin-filename", KW, "--write-baseline", "b.txt").code == 0
    moved = b"\n\n" + BUFFER
    assert cli("-", "--stdin-filename", KW, "--baseline", "b.txt", stdin=moved).code == 0


def test_an_excluded_filename_gives_nothing(cli, tree):
    (tree / "doclint.toml").write_text('extend-exclude = ["*_kw.md"]\n')
    outcome = cli("-", "--stdin-filename", KW, "--output-format", "concise")
    assert outcome.code == 0 and "0 files checked" in outcome.out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["docs", "--stdin-filename", KW], "--stdin-filename and the path - (stdin) go together"),
        (["-", "docs", "--stdin-filename", KW], "cannot be checked together with other paths"),
    ],
)
def test_usage_errors(cli, args, message):
    outcome = cli(*args)
    assert outcome.code == 2 and message in outcome.err


def test_stdin_through_a_real_pipe(tree):
    result = subprocess.run(
        [sys.executable, "-m", "doclint", "check", "-", "--stdin-filename", KW, "-q"],
        input=BUFFER,
        capture_output=True,
        cwd=tree,
        check=False,
    )
    assert result.returncode == 1
    assert result.stdout.decode().startswith(f"{KW}:14:1: DL101 error [unknown-heading]")

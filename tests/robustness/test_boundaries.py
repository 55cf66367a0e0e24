"""Trust boundaries (issue 15): whatever a tree, a config or an input holds,
doclint opens, lists and writes nothing outside the root, reads no input
without bound or wait, matches patterns in linear time and ends cleanly."""

from __future__ import annotations

import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from doclint.tree.discovery import PathFilter, compile_pattern, discover
from doclint.tree.index import Tree
from tests import fix_plugin
from tests.checking import Outcome, run_cli
from tests.conftest import REAL, require_shared
from tests.pages import write

PROJECT = Path(__file__).resolve().parents[2]
DOCLINT = [sys.executable, "-m", "doclint"]


def _doclint(*arguments: str, cwd: Path, **options: object) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*DOCLINT, *arguments], cwd=cwd, capture_output=True, text=True, timeout=60, **options
    )


# -- patterns -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "path"),
    [
        ("*" * 5000 + "a", "x" * 250),
        ("*a" * 40 + "b", "a" * 250),
        ("**/a/" * 200 + "b", "a/" * 120 + "c"),
    ],
)
def test_hostile_patterns_end_at_once(pattern: str, path: str) -> None:
    started = time.perf_counter()
    compiled = compile_pattern(pattern)
    assert compiled is not None and compiled.regex.fullmatch(path) is None
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize(
    ("pattern", "path", "matched"),
    [
        ("a***b", "axyb", True),
        ("a*b*c", "axbyc", True),
        ("a*b*c", "axbyb", False),
        ("x/**/y/**/z", "x/1/y/2/y/z", True),
        ("x/**/y/**/z", "x/y/z", True),
        ("x/**/y/**/z", "x/y/z/w", False),
        ("[z-a]", "[z-a]", True),  # a backward range is no class: literal
        ("[z-a]", "m", False),
        ("[!a]x", "a/x", False),
    ],
)
def test_patterns_keep_git_semantics(pattern: str, path: str, matched: bool) -> None:
    compiled = compile_pattern(pattern)
    assert compiled is not None
    subject = path.rpartition("/")[2] if compiled.on_name else path
    assert bool(compiled.regex.fullmatch(subject)) is matched


def test_a_hostile_gitignore_neither_hangs_nor_crashes(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text("*" * 5000 + "a\n[z-a]\n" + "*a" * 40 + "b\n")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / ("a" * 200 + ".md")).write_text("# A\n")
    (docs / "[z-a]").mkdir()
    (docs / "[z-a]" / "gone.md").write_text("# Gone\n")
    started = time.perf_counter()
    found = list(discover([docs], PathFilter.build(tmp_path)))
    assert time.perf_counter() - started < 2
    assert [os.path.basename(file) for file in found] == ["a" * 200 + ".md"]


# -- inputs: bounded, never waited for ---------------------------------------


@pytest.fixture
def small_tree(tmp_path: Path) -> Path:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n")
    return tmp_path


@pytest.mark.parametrize("option", ["--known-paths", "--baseline"])
def test_an_input_named_by_an_option_is_never_a_fifo_waited_for(
    small_tree: Path, option: str
) -> None:
    os.mkfifo(small_tree / "pipe")
    done = _doclint("check", "docs", "--no-cache", option, "pipe", cwd=small_tree)
    assert done.returncode == 2
    assert done.stderr.startswith("doclint: error: ") and done.stderr.count("\n") == 1
    assert "pipe" in done.stderr and "not a regular file (a named pipe)" in done.stderr


@pytest.mark.parametrize("option", ["--known-paths", "--baseline"])
def test_an_input_named_by_an_option_obeys_max_file_size(small_tree: Path, option: str) -> None:
    (small_tree / "big").write_text("docs/a.md\n" * 300)
    done = _doclint(
        "check", "docs", "--no-cache", option, "big", "--max-file-size", "2000", cwd=small_tree
    )
    assert done.returncode == 2
    assert "big" in done.stderr and "over the limit of 2,000 bytes" in done.stderr
    assert done.stderr.count("\n") == 1


def test_a_device_as_baseline_is_refused(small_tree: Path) -> None:
    done = _doclint("check", "docs", "--no-cache", "--baseline", "/dev/zero", cwd=small_tree)
    assert (done.returncode, done.stderr) == (
        2,
        "doclint: error: /dev/zero: cannot read: not a regular file (a character device)\n",
    )


def test_stdin_is_read_no_further_than_the_limit(small_tree: Path) -> None:
    with open("/dev/zero", "rb") as zeros:
        done = _doclint("check", "-", "--stdin-filename", "docs/a.md", cwd=small_tree, stdin=zeros)
    assert (done.returncode, done.stderr) == (
        2,
        "doclint: error: cannot read stdin: over the limit of 67,108,864 bytes (--max-file-size)\n",
    )


@pytest.mark.parametrize("fix", [[], ["--fix"]])
def test_a_closed_stdin_ends_cleanly(small_tree: Path, fix: list[str]) -> None:
    done = subprocess.run(
        [*DOCLINT, "check", "-", "--stdin-filename", "docs/a.md", *fix],
        cwd=small_tree,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        preexec_fn=lambda: os.close(0),
    )
    assert (done.returncode, done.stderr) == (2, "doclint: error: cannot read stdin: closed\n")


# -- nothing outside the root, through symbolic links included ---------------

CLASSS, FIXED = fix_plugin.CLASSS, fix_plugin.FIXED


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = fix_plugin.plugin_tree(tmp_path, monkeypatch)
    (root / "docs").mkdir()
    (root / ".git").mkdir()  # the root of the tree, whatever the run is given
    return root


def _cli(monkeypatch, capsys, tree: Path, *arguments: str) -> Outcome:
    return run_cli(monkeypatch, capsys, tree, "check", "--no-cache", *arguments)


def test_fix_never_rewrites_a_file_outside_the_root_through_a_symlink(
    tree: Path, monkeypatch, capsys
) -> None:
    victim = tree.parent / "outside" / "victim.md"
    victim.parent.mkdir()
    victim.write_text(CLASSS)
    (tree / "docs" / "x_kw.md").symlink_to(Path("../../outside/victim.md"))
    write(tree, {"docs/inside.md": CLASSS})
    done = _cli(monkeypatch, capsys, tree, "--select", "XF,DL010", "--fix", "docs")
    assert victim.read_text() == CLASSS
    assert (tree / "docs" / "x_kw.md").is_symlink()
    assert (tree / "docs" / "inside.md").read_text() == FIXED
    assert "docs/x_kw.md:1:1: DL010 error [file-outside-root]" in done.out


def test_links_are_not_followed_out_of_the_root_through_a_symlinked_folder(
    tree: Path, monkeypatch, capsys
) -> None:
    secret = tree.parent / "outside" / "secret"
    secret.mkdir(parents=True)
    (secret / "keys.md").write_text("# Private key\n")
    (tree / "docs" / "evil").symlink_to(Path("../../outside/secret"))
    write(tree, {"docs/a.md": "# A\n\n[k](evil/keys.md#private-key)\n[n](evil/none.md#x)\n"})
    done = _cli(monkeypatch, capsys, tree, "--select", "DL4", "docs/a.md")
    found = [line.split(" ", 2)[1:] for line in done.out.splitlines() if ": DL" in line]
    assert [code for code, _ in found] == ["DL404", "DL404"]
    linted = Tree(tree)
    assert linted.children("docs/evil") is None and linted.read_text("docs/evil/keys.md") is None
    assert linted.escapes("docs/evil/keys.md") and not linted.escapes("docs/a.md")


def test_a_symlinked_folder_named_on_the_command_line_is_not_walked(
    tree: Path, monkeypatch, capsys
) -> None:
    """Its listing lies outside the tree: the names of the files there are not
    reported, only the link, as a file outside the root."""
    secret = tree.parent / "outside" / "secret"
    secret.mkdir(parents=True)
    (secret / "keys.md").write_text("# Private key\n")
    (tree / "docs" / "evil").symlink_to(Path("../../outside/secret"))
    done = _cli(monkeypatch, capsys, tree, "docs/evil")
    assert "keys.md" not in done.out
    assert "docs/evil:1:1: DL010 error [file-outside-root]" in done.out
    assert "(1 file checked)" in done.out


def test_a_symlinked_gitignore_is_not_followed(tree: Path) -> None:
    """As git does (2.32 on): the link could lead a read out of the tree."""
    outside = tree.parent / "patterns"
    outside.write_text("*.md\n")
    write(tree, {"docs/a.md": "# A\n"})
    (tree / "docs" / ".gitignore").symlink_to(outside)
    assert [os.path.basename(file) for file in discover([tree / "docs"])] == ["a.md"]
    (tree / "docs" / ".gitignore").unlink()
    (tree / "docs" / ".gitignore").write_text("*.md\n")
    assert list(discover([tree / "docs"])) == []


def test_symlinks_that_stay_inside_the_root_are_followed(tree: Path) -> None:
    write(tree, {"real/a.md": "# A\n", "real/sub/b.md": "# B\n"})
    (tree / "docs" / "a.md").symlink_to(tree / "real" / "a.md")
    (tree / "docs" / "sub").symlink_to(Path("../real/sub"))
    linted = Tree(tree)
    assert linted.read_text("docs/a.md") == "# A\n" and linted.read_text("docs/sub/b.md") == "# B\n"
    assert linted.children("docs/sub") == (["b.md"], [])
    assert not linted.escapes("docs/sub/b.md")


# -- fix writes change a file's bytes and nothing else ------------------------


def _fix(monkeypatch, capsys, tree: Path) -> Outcome:
    return _cli(monkeypatch, capsys, tree, "--select", "XF", "--fix", "docs")


def test_an_edit_made_while_the_file_is_written_is_kept_and_reported(
    tree: Path, monkeypatch, capsys
) -> None:
    page = tree / "docs" / "a.md"
    page.write_text(CLASSS)
    synced = os.fsync

    def edit_meanwhile(descriptor: int) -> None:
        synced(descriptor)
        with open(page, "a", encoding="utf-8") as stream:
            stream.write("an edit of the user\n")

    # The edit lands after the temporary file is written and synced, before the rename.
    monkeypatch.setattr(os, "fsync", edit_meanwhile)
    done = _fix(monkeypatch, capsys, tree)
    assert page.read_text() == CLASSS + "an edit of the user\n"
    assert "docs/a.md: not fixed: the file changed while doclint fixed it" in done.err
    assert sorted(p.name for p in page.parent.iterdir()) == ["a.md"]


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user takes root")
def test_fixing_as_root_keeps_owner_group_and_mode(tree: Path, monkeypatch, capsys) -> None:
    page = tree / "docs" / "a.md"
    page.write_text(CLASSS)
    os.chown(page, 65534, 65534)
    os.chmod(page, 0o640)
    assert _fix(monkeypatch, capsys, tree).code == 0
    status = page.stat()
    assert page.read_text() == FIXED
    assert (status.st_uid, status.st_gid, stat.S_IMODE(status.st_mode)) == (65534, 65534, 0o640)


def test_a_hard_linked_file_is_not_split(tree: Path, monkeypatch, capsys) -> None:
    page = tree / "docs" / "a.md"
    page.write_text(CLASSS)
    os.link(page, tree / "other.md")
    done = _fix(monkeypatch, capsys, tree)
    assert page.read_text() == CLASSS and page.stat().st_nlink == 2
    assert "docs/a.md: not fixed: it has 2 hard links, which a rewrite would split" in done.err
    assert done.code == 1


def test_a_read_only_file_is_not_rewritten(tree: Path, monkeypatch, capsys) -> None:
    page = tree / "docs" / "a.md"
    page.write_text(CLASSS)
    os.chmod(page, 0o444)
    done = _fix(monkeypatch, capsys, tree)
    assert page.read_text() == CLASSS and stat.S_IMODE(page.stat().st_mode) == 0o444
    assert "docs/a.md: not fixed: it is read-only; make it writable to have it fixed" in done.err


@pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("setpriv") is None,
    reason="acting as another user takes root and setpriv",
)
def test_another_users_file_is_not_taken_over() -> None:
    """A user who may write someone else's file (mode 0666) but not give a
    file away does not make it theirs by fixing it."""
    with tempfile.TemporaryDirectory() as shared:  # pytest's own folder is root's only
        os.chmod(shared, 0o777)
        _check_not_taken_over(Path(shared))


def _check_not_taken_over(folder: Path) -> None:
    page = folder / "a.md"
    page.write_text(CLASSS)
    os.chmod(page, 0o666)
    script = (
        "from pathlib import Path; from doclint.fixes.edits import WriteRefused, write_atomically\n"
        f"try: write_atomically(Path({str(page)!r}), b'new')\n"
        "except WriteRefused as refusal: print(refusal)\n"
    )
    as_nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    importable = subprocess.run(
        [*as_nobody, sys.executable, "-c", "import doclint"], capture_output=True, timeout=60
    )
    if importable.returncode:
        # A checkout or Python under a folder only root may enter (a mktemp
        # folder, pyenv's /root): the other user cannot run doclint at all.
        pytest.skip("user nobody cannot import doclint from this checkout or Python")
    done = subprocess.run(
        [*as_nobody, sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.stdout == "it belongs to another user or group, which it would lose\n", done.stderr
    assert page.read_text() == CLASSS and page.stat().st_uid == 0
    assert [p.name for p in folder.iterdir()] == ["a.md"]


# -- clean exits ---------------------------------------------------------------


def test_a_deeply_nested_toml_is_a_config_error(small_tree: Path) -> None:
    (small_tree / "doclint.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    done = _doclint("check", "docs", "--no-cache", "--config", "doclint.toml", cwd=small_tree)
    config = small_tree / "doclint.toml"
    assert (done.returncode, done.stderr) == (
        2,
        f"doclint: error: {config}: invalid TOML: nested too deeply\n",
    )


@pytest.mark.parametrize(
    ("redirect", "reason"),
    [
        ({"stdout": "/dev/full"}, "No space left on device"),
        ({"output": "/dev/full"}, "No space left on device"),
        ({"stdout": None}, "stdout is closed"),
    ],
    ids=["stdout-full", "output-file-full", "stdout-closed"],
)
def test_an_output_that_cannot_be_written_is_one_line_and_exit_2(
    small_tree: Path, redirect: dict[str, str | None], reason: str
) -> None:
    (small_tree / "docs" / "a.md").write_text("# A\n\n[gone](gone.md)\n")
    output = ["-o", redirect["output"]] if "output" in redirect else []
    with open(redirect.get("stdout") or os.devnull, "w") as stdout:
        done = subprocess.run(
            [*DOCLINT, "check", "docs", "--no-cache", *output],
            cwd=small_tree,
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            preexec_fn=(lambda: os.close(1))
            if "stdout" in redirect and not redirect["stdout"]
            else None,
        )
    assert (done.returncode, done.stderr) == (
        2,
        f"doclint: error: cannot write the output: {reason}\n",
    )


def _big_tree(folder: Path, copies: int) -> Path:
    require_shared()
    for copy in range(copies):
        shutil.copytree(REAL / "docs", folder / "docs" / f"copy{copy}")
    (folder / ".git").mkdir()
    return folder


def test_a_signal_while_the_interpreter_exits_ends_it_with_the_signals_code_and_no_word():
    """A signal can come after the run, while the interpreter's exit handlers
    join a process pool: the run's process ends there with the signal's code,
    not with an exception printed from inside the exit handler."""
    script = (
        "import atexit, os, signal\n"
        "from doclint import launcher\n"
        "launcher.main = lambda argv=None: 1\n"
        "atexit.register(lambda: os.kill(os.getpid(), signal.SIGTERM))\n"
        "raise SystemExit(launcher.script())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert (done.returncode, done.stderr) == (143, b"")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("signum", "code", "fix"),
    [(signal.SIGINT, 130, []), (signal.SIGTERM, 143, ["--fix"]), (signal.SIGINT, 130, ["--fix"])],
)
def test_a_signal_stops_the_whole_run_at_once_and_cleanly(
    tmp_path: Path, signum: int, code: int, fix: list[str]
) -> None:
    # Big enough to be mid-run when the signal comes, on a quiet machine too
    # (20 copies ended before it once: fix mode refuses the read-only copies fast).
    tree, temporary = _big_tree(tmp_path / "tree", 40), tmp_path / "tmp"
    temporary.mkdir()
    command = [*DOCLINT, "check", "docs", "--select", "ALL", "--no-cache", "--jobs", "2", *fix]
    process = subprocess.Popen(
        command,
        cwd=tree,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "TMPDIR": str(temporary)},
        start_new_session=True,  # its workers are in its session, and only they are
    )
    time.sleep(2)
    assert process.poll() is None, "the run ended before the signal: make the tree bigger"
    process.send_signal(signum)
    signalled = time.perf_counter()
    _, err = process.communicate(timeout=30)
    assert time.perf_counter() - signalled < 1.5
    assert (process.returncode, err) == (code, b"")
    left = subprocess.run(["ps", "-o", "pid=", "-s", str(process.pid)], capture_output=True)
    assert left.stdout == b""
    assert list(temporary.iterdir()) == []
    assert [p for p in tree.rglob("*") if p.name.endswith(".tmp")] == []


@pytest.mark.slow  # a big tree in a fresh process
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_run_that_ends_leaves_no_temporary_file(tmp_path: Path, jobs: str) -> None:
    # The process's last collection is skipped (util/gc_pause.py
    # `leave_to_exit`): the parts' folder and spills are still removed at exit.
    tree, temporary = _big_tree(tmp_path / "tree", 2), tmp_path / "tmp"
    temporary.mkdir()
    done = subprocess.run(
        [*DOCLINT, "check", "docs", "--select", "ALL", "--output-format", "json", "--jobs", jobs],
        cwd=tree,
        capture_output=True,
        env={**os.environ, "TMPDIR": str(temporary)},
    )
    assert (done.returncode, done.stderr) == (1, b"")
    assert done.stdout.startswith(b"[\n{")
    assert list(temporary.iterdir()) == []


@pytest.mark.skipif(os.geteuid() != 0, reason="a file of another user takes root to make")
def test_a_later_fix_run_removes_the_temporaries_of_a_killed_one(
    tree: Path, tmp_path: Path, monkeypatch, capsys
) -> None:
    dead = subprocess.Popen(["true"])  # once it ended, no process has its number
    dead.wait()
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    write(tree, {"docs/a.md": CLASSS})
    names = {
        "stale write": tree / "docs" / f".a.md.doclint-{dead.pid}-abcd_123.tmp",
        "stale scratch": temporary / f"doclint-fix-{dead.pid}-abcd_123",
        "a live run's": tree / "docs" / f".a.md.doclint-{os.getpid()}-abcd_123.tmp",
        "another user's": temporary / f"doclint-fix-{dead.pid}-other_12",
        "not ours": tree / "docs" / ".a.md.abcd_123.tmp",
    }
    for name, path in names.items():
        if "scratch" in name or "user" in name:
            path.mkdir()
            (path / "x.md").write_text("x")
        else:
            path.write_text("x")
        os.utime(path, (time.time() - 60, time.time() - 60))
    os.chown(names["another user's"], 65534, 65534)
    assert _fix(monkeypatch, capsys, tree).code == 0
    kept = {name for name, path in names.items() if path.exists()}
    assert kept == {"a live run's", "another user's", "not ours"}
    assert (tree / "docs" / "a.md").read_text() == FIXED

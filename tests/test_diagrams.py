"""Mermaid blocks checked by Mermaid's parser under Node (doclint/diagrams).

The tests of the protocol, the bounds and the safety run Node on a stand-in
mermaid package written here (Node is all they need); those marked for the
real parser need its install (DOCLINT_MERMAID, or ~/.cache/doclint/mermaid)
and skip without it."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from doclint.diagrams import mermaid
from doclint.diagrams.mermaid import (
    MAX_BLOCK_BYTES,
    MermaidChecker,
    MermaidVerdict,
    clean_environment,
    install_command,
    install_folder,
    installed_version,
    mermaid_state,
)
from doclint.util.notices import forget_said
from tests.conftest import PROJECT

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="no node on PATH")
# A flowchart line of 20,000 spaces: Mermaid 11.17.2's lexer takes about 8 s
# on it (quadratic backtracking), well under the size bound.
PATHOLOGICAL = "graph TD\nA" + " " * 20_000 + "!"

# Refuses a block holding "refuse" as jison does, loops on "loop forever",
# ends Node on "die", and on "tell" refuses with what Node sees: its folder
# and environment.
STAND_IN = """
globalThis.mermaid = {
  initialize() {},
  async parse(text) {
    if (text.includes('loop forever')) for (;;) {}
    if (text.includes('die')) { console.error('out of memory'); process.exit(3); }
    if (text.includes('tell')) {
      throw new Error(JSON.stringify({ cwd: process.cwd(), env: process.env, from: FROM }));
    }
    if (text.includes('refuse')) {
      const error = new Error("Parse error on line 2:\\nA B\\n--^\\nExpecting 'X', got 'Y'");
      error.hash = { loc: { first_line: 2 } };
      throw error;
    }
    return {};
  },
};
"""


def stand_in(folder: Path, name: str = "install", body: str = STAND_IN) -> Path:
    """A folder whose node_modules holds a stand-in mermaid named `name`:
    its one-file bundle, as Mermaid's dist/mermaid.js, sets `mermaid`."""
    package = folder / "node_modules" / "mermaid"
    (package / "dist").mkdir(parents=True)
    (package / "package.json").write_text(
        json.dumps({"name": "mermaid", "version": "0.0.0-test", "exports": {"./*": "./*"}})
    )
    (package / "dist" / "mermaid.js").write_text(f"const FROM = {json.dumps(name)};\n{body}")
    return folder


def checker(install: Path, **bounds: float) -> MermaidChecker:
    environ = {"PATH": os.environ["PATH"], "DOCLINT_MERMAID": str(install)}
    return MermaidChecker(environ, **bounds)  # type: ignore[arg-type]


def real_install() -> Path:
    folder = install_folder()
    if NODE is None or installed_version(folder) is None:
        pytest.skip(f"no node, or no mermaid in {folder} ({install_command(folder)})")
    return folder


@pytest.fixture(autouse=True)
def _notices_said_again() -> None:
    """Each test is a run of its own: its notices are said again."""
    forget_said()


def said(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return capsys.readouterr().err.splitlines()


def test_install_folder_named_by_the_variable_or_in_the_user_cache(tmp_path: Path) -> None:
    assert install_folder({"DOCLINT_MERMAID": str(tmp_path)}) == tmp_path
    cache = {"XDG_CACHE_HOME": str(tmp_path)}
    assert install_folder(cache) == tmp_path / "doclint" / "mermaid"
    home = Path(os.path.expanduser("~"))
    # a relative XDG_CACHE_HOME is ignored, as the XDG spec says
    for environ in ({}, {"XDG_CACHE_HOME": "relative/cache"}):
        assert install_folder(environ) == home / ".cache" / "doclint" / "mermaid"


def test_the_environment_keeps_nothing_of_node_s_own_variables() -> None:
    caller = {"PATH": "/bin", "NODE_OPTIONS": "--require x", "NODE_PATH": "/t", "HOME": "/h"}
    assert clean_environment(caller) == {"PATH": "/bin", "HOME": "/h"}


def test_the_state_names_the_installed_version(tmp_path: Path) -> None:
    before = mermaid_state({"DOCLINT_MERMAID": str(tmp_path)})
    stand_in(tmp_path)
    after = mermaid_state({"DOCLINT_MERMAID": str(tmp_path)})
    assert before != after and "0.0.0-test" in after and "0.0.0-test" not in before
    # Another place of the same install (a CI runner's new temporary folder) keeps the key.
    other = tmp_path / "elsewhere"
    stand_in(other)
    assert mermaid_state({"DOCLINT_MERMAID": str(other)}) == after
    assert str(tmp_path) not in after


@needs_node
def test_answers_come_from_the_install_s_parser(tmp_path: Path) -> None:
    check = checker(stand_in(tmp_path))
    got = check.verdicts([("graph TD\nrefuse", "a.md:3"), ("graph TD\nA", "a.md:9")])
    assert got == [
        MermaidVerdict(False, "Parse error on line 2:\nA B\n--^\nExpecting 'X', got 'Y'", 2),
        MermaidVerdict(True),
    ]
    check.close()


@needs_node
def test_a_hostile_environment_and_tree_reach_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Node runs in the install folder, with none of the caller's NODE_*
    variables, and loads mermaid from the install folder only: not from a
    node_modules in the checked tree (the working folder), nor NODE_PATH."""
    install = stand_in(tmp_path / "install")
    tree = stand_in(tmp_path / "tree", "tree")
    elsewhere = stand_in(tmp_path / "node-path", "node-path")
    marker = tmp_path / "required.txt"
    evil = tmp_path / "evil.cjs"
    evil.write_text(f"require('fs').writeFileSync({json.dumps(str(marker))}, 'ran')\n")
    monkeypatch.chdir(tree)
    environ = {
        "PATH": os.environ["PATH"],
        "DOCLINT_MERMAID": str(install),
        "NODE_OPTIONS": f"--require {evil}",
        "NODE_PATH": str(elsewhere / "node_modules"),
    }
    check = MermaidChecker(environ)
    [verdict] = check.verdicts([("tell", "a.md:1")])
    check.close()
    assert verdict is not None
    seen = json.loads(verdict.message)
    assert seen["from"] == "install"
    assert Path(seen["cwd"]) == install
    assert not [name for name in seen["env"] if name.startswith("NODE_")]
    assert not marker.exists()


@needs_node
def test_a_block_that_hangs_the_parser_costs_the_time_bound_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check = checker(stand_in(tmp_path), block_seconds=0.5)
    started = time.monotonic()
    got = check.verdicts([("loop forever", "a.md:3"), ("refuse", "a.md:9"), ("A", "a.md:20")])
    assert time.monotonic() - started < 5
    assert got[0] is None and got[2] == MermaidVerdict(True)
    assert got[1] is not None and not got[1].ok
    assert check.starts == 2  # Node killed, then started again for the blocks after
    # asked again, the hanging block is not parsed again
    assert check.verdicts([("loop forever", "b.md:1")]) == [None]
    check.close()
    assert said(capsys) == [
        "doclint: warning: a.md:3: mermaid block not checked: Mermaid's parser took more than 0.5 s"
    ]


@needs_node
def test_a_block_that_ends_node_is_not_checked_and_the_rest_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check = checker(stand_in(tmp_path))
    got = check.verdicts([("A", "a.md:1"), ("die", "a.md:3"), ("refuse", "a.md:9")])
    check.close()
    assert got[0] == MermaidVerdict(True) and got[1] is None
    assert got[2] is not None and not got[2].ok and check.starts == 2
    assert said(capsys) == [
        "doclint: warning: a.md:3: mermaid block not checked: node ended (status 3): out of memory"
    ]


@pytest.mark.slow  # Node started with timed blocks
@needs_node
def test_node_is_started_a_bounded_number_of_times(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check = checker(stand_in(tmp_path), block_seconds=0.3)
    hanging = [(f"loop forever {n}", f"a.md:{n}") for n in range(mermaid.MAX_STARTS + 2)]
    assert check.verdicts([*hanging, ("A", "a.md:99")]) == [None] * (len(hanging) + 1)
    assert check.starts == mermaid.MAX_STARTS
    assert said(capsys)[-1] == (
        "doclint: warning: mermaid blocks not checked (mermaid-invalid): "
        f"node was started {mermaid.MAX_STARTS} times already"
    )


@needs_node
def test_a_huge_block_is_not_checked_and_said_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check = checker(stand_in(tmp_path), max_bytes=100)
    got = check.verdicts([("A" * 101, "a.md:1"), ("B" * 200, "a.md:9"), ("refuse", "a.md:30")])
    assert got[:2] == [None, None] and got[2] is not None and not got[2].ok
    check.close()
    assert said(capsys) == [
        "doclint: warning: a.md:1: mermaid block not checked: larger than 100 bytes"
    ]
    assert MAX_BLOCK_BYTES == 50_000  # Mermaid's own maxTextSize


@needs_node
def test_each_text_is_parsed_once_a_run(tmp_path: Path) -> None:
    counting = STAND_IN.replace(
        "async parse(text) {",
        "async parse(text) {\n    globalThis.n = (globalThis.n || 0) + 1;\n"
        "    if (text.includes('count')) throw new Error(`${n}`);",
    )
    check = checker(stand_in(tmp_path, body=counting))
    first = check.verdicts([("count", "a.md:1"), ("count", "a.md:5"), ("A", "a.md:9")])
    assert [v.message for v in first if v is not None] == ["1", "1", ""]
    check.close()
    # the answer is kept by the text's digest: no Node is started for it again
    assert check.verdicts([("count", "b.md:1")]) == [first[0]]
    assert check.starts == 1 and check.node is None


def test_no_node_is_said_once_and_checks_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check = MermaidChecker({"PATH": str(tmp_path), "DOCLINT_MERMAID": str(stand_in(tmp_path))})
    assert check.verdicts([("refuse", "a.md:1")]) == [None]
    assert check.verdicts([("refuse again", "b.md:1")]) == [None]
    assert said(capsys) == [
        "doclint: warning: mermaid blocks not checked (mermaid-invalid): no `node` on PATH; "
        f"install Node.js 20 or later, then `{install_command(tmp_path)}`"
    ]


@needs_node
def test_no_install_is_said_once_with_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check = checker(tmp_path)
    assert check.verdicts([("refuse", "a.md:1")]) == [None]
    assert check.verdicts([("refuse again", "b.md:1")]) == [None]
    assert said(capsys) == [
        f"doclint: warning: mermaid blocks not checked (mermaid-invalid): no mermaid in "
        f"{tmp_path}/node_modules; install it with `npm install --prefix {tmp_path} "
        "--ignore-scripts mermaid@11.17.2` (or set DOCLINT_MERMAID to a folder whose "
        "node_modules holds it)"
    ]


@needs_node
def test_an_install_that_does_not_load_is_said_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check = checker(stand_in(tmp_path, body="throw new Error('broken install');"))
    assert check.verdicts([("A", "a.md:1"), ("B", "a.md:2")]) == [None, None]
    assert said(capsys) == [
        "doclint: warning: mermaid blocks not checked (mermaid-invalid): node did not load "
        f"mermaid from {tmp_path}: broken install"
    ]


@needs_node
def test_node_is_stopped_when_the_run_closes(tmp_path: Path) -> None:
    check = checker(stand_in(tmp_path))
    check.verdicts([("A", "a.md:1")])
    assert check.node is not None
    process = check.node.process
    check.close()
    assert process.poll() is not None and check.node is None


@pytest.mark.slow  # Node parses a pathological block
def test_the_real_parser_on_a_pathological_block() -> None:
    """A block Mermaid's own lexer takes seconds on ends at the time bound;
    the blocks after it are still parsed, by a new Node."""
    install = real_install()
    check = MermaidChecker({"PATH": os.environ["PATH"], "DOCLINT_MERMAID": str(install)}, 1.0)
    started = time.monotonic()
    blocks = [PATHOLOGICAL, "graph TD\n  A --> B", "graph TD\n  [A]"]
    got = check.verdicts([(block, f"a.md:{number}") for number, block in enumerate(blocks)])
    elapsed = time.monotonic() - started
    check.close()
    assert got[0] is None and got[1] == MermaidVerdict(True)
    assert got[2] is not None and not got[2].ok and got[2].line == 2
    assert check.starts == 2 and elapsed < 1.0 + 2 * mermaid.START_SECONDS


def test_every_place_installs_the_pinned_release() -> None:
    """The docs, the Action, doclint's CI and the rule's notice name one
    release, installed with no install scripts."""
    release = f"mermaid@{mermaid.MERMAID_VERSION}"
    assert install_command(Path("/x")).endswith(f"--ignore-scripts {release}")
    for place in ["docs/ci.md", "docs/rules/DL809.md", "action.yml", ".ci/run"]:
        text = (PROJECT / place).read_text(encoding="utf-8")
        assert set(re.findall(r"mermaid@[\w.]+", text)) == {release}, place
        assert "--ignore-scripts" in text, place


@pytest.mark.parametrize("folder", ["/x/m-1.2/n@o+p", "/a b", "/q'r", "/caf\u00e9", "/$HOME"])
def test_the_install_command_quotes_its_folder_as_shlex_does(folder: str) -> None:
    release = f"mermaid@{mermaid.MERMAID_VERSION}"
    expected = f"npm install --prefix {shlex.quote(folder)} --ignore-scripts {release}"
    assert install_command(Path(folder)) == expected


@needs_node
def test_blocks_sent_ahead_are_parsed_before_they_are_asked_for(tmp_path: Path) -> None:
    counting = STAND_IN.replace(
        "async parse(text) {",
        "async parse(text) {\n    globalThis.n = (globalThis.n || 0) + 1;\n"
        "    if (text.includes('count')) throw new Error(`${n}`);",
    )
    check = checker(stand_in(tmp_path, body=counting))
    check.ahead([("count 1", "a.md:1"), ("count 2", "b.md:1"), ("count 1", "c.md:1")])
    assert check.node is not None and len(check.sent) == 2  # started, not waited for
    # the second block asked first: Node parsed the first meanwhile, unasked
    [second] = check.verdicts([("count 2", "b.md:1")])
    assert second is not None and second.message == "2"
    [first] = check.verdicts([("count 1", "a.md:1")])
    assert first is not None and first.message == "1" and not check.sent
    check.close()


@needs_node
def test_a_block_sent_ahead_that_hangs_costs_the_bound_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check = checker(stand_in(tmp_path), block_seconds=0.5)
    check.ahead([("loop forever", "b.md:7"), ("refuse", "c.md:2")])
    got = check.verdicts([("A", "a.md:1"), ("refuse", "c.md:2")])
    assert got[0] == MermaidVerdict(True) and got[1] is not None and not got[1].ok
    assert check.starts == 2 and check.verdicts([("loop forever", "b.md:7")]) == [None]
    check.close()
    assert said(capsys) == [
        "doclint: warning: b.md:7: mermaid block not checked: Mermaid's parser took more than 0.5 s"
    ]


def test_a_worker_of_a_parallel_run_sends_nothing_ahead() -> None:
    """A forked worker checks its share of the pages only: it neither reads
    the folder's other pages nor starts Node for them."""

    def blocks() -> Iterator[tuple[str, str]]:
        os._exit(3)  # read: the worker would have read the other pages
        yield "graph TD", "a.md:1"

    pid = os.fork()
    if pid == 0:
        mermaid.mermaid_ahead(blocks(), Path("/nonexistent-checkout"))
        os._exit(0 if mermaid._Process.checker is None else 4)
    assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0


@pytest.mark.parametrize("kind", ["runnable", "not-runnable", "folder", "none", "empty", "unset"])
def test_node_is_found_on_path_as_shutil_finds_it(tmp_path, monkeypatch, kind):
    """Every run with a cache asks whether Node is found (its outside state):
    the answer is `shutil.which`'s, without importing shutil."""
    from doclint.diagrams.mermaid import node_on_path

    node = tmp_path / "bin" / "node"
    node.parent.mkdir()
    if kind == "folder":
        node.mkdir()
    elif kind in ("runnable", "not-runnable"):
        node.write_text("#!/bin/sh\n")
        node.chmod(0o755 if kind == "runnable" else 0o644)
    if kind == "unset":
        monkeypatch.delenv("PATH", raising=False)
    else:
        path = "" if kind == "empty" else f"{tmp_path / 'nothing'}{os.pathsep}{node.parent}"
        monkeypatch.setenv("PATH", path)
    assert node_on_path() == (shutil.which("node") is not None)
    assert node_on_path() == (
        kind == "runnable" or (kind == "unset" and bool(shutil.which("node")))
    )


# A stand-in mermaid that leaves a file where the test says when Node loads it.
WRITES = """
process.getBuiltinModule('node:fs').writeFileSync(MARK, 'ran');
globalThis.mermaid = { initialize() {}, async parse() { return {}; } };
"""


@needs_node
@pytest.mark.parametrize("how", ["XDG_CACHE_HOME", "relative DOCLINT_MERMAID"])
def test_an_install_inside_the_checkout_is_never_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], how: str
) -> None:
    """A tree that ships `.cache/doclint/mermaid` (found through an
    XDG_CACHE_HOME inside the checkout, or a relative DOCLINT_MERMAID) runs
    none of it: the run says once that the blocks were not checked."""
    from tests.running import run

    tree = tmp_path / "tree"
    (tree / ".git").mkdir(parents=True)
    (tree / "docs").mkdir()
    (tree / "docs" / "a.md").write_text("# A\n\n```mermaid\ngraph TD\nA-->B\n```\n")
    mark = tmp_path / "outside.txt"
    body = f"const MARK = {json.dumps(str(mark))};\n{WRITES}"
    install = stand_in(tree / ".cache" / "doclint" / "mermaid", body=body)
    monkeypatch.chdir(tree)
    monkeypatch.delenv("DOCLINT_MERMAID", raising=False)
    if how == "XDG_CACHE_HOME":
        monkeypatch.setenv("XDG_CACHE_HOME", str(tree / ".cache"))
    else:
        monkeypatch.setenv("DOCLINT_MERMAID", os.path.relpath(install, tree))
    mermaid.close_checker()
    # The control: a checker asked for a tree outside this checkout loads it.
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    assert mermaid.mermaid_verdicts([("graph TD", "b.md:1")], outside) == [MermaidVerdict(True)]
    assert mark.read_text() == "ran"
    mark.unlink()
    mermaid.close_checker()
    forget_said()
    capsys.readouterr()
    run([tree / "docs"])
    mermaid.close_checker()
    assert not mark.exists()
    lines = [line for line in said(capsys) if "mermaid" in line.lower()]
    assert len(lines) == 1 and "lies inside the tree's folder" in lines[0], lines


def _marking_install(folder: Path, mark: Path) -> Path:
    """A stand-in mermaid in `folder` that leaves `mark` when Node loads it."""
    return stand_in(folder, body=f"const MARK = {json.dumps(str(mark))};\n{WRITES}")


def _check_with_mermaid(root: Path) -> None:
    """Run with `root` as the tree's root (`--root`) on its docs/a.md, a
    page with a Mermaid block."""
    from doclint.engine.settings import Settings
    from tests.running import run

    (root / "docs").mkdir(parents=True)
    (root / "docs" / "a.md").write_text("# A\n\n```mermaid\ngraph TD\nA-->B\n```\n")
    mermaid.close_checker()
    forget_said()
    run([root / "docs"], Settings(root=root, jobs=1))
    mermaid.close_checker()


@needs_node
def test_outside_a_checkout_an_install_in_the_working_folder_is_never_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No `.git`, `XDG_CACHE_HOME=$PWD/.cache`, the tree's root below the
    working folder: the working folder came with the tree, and the
    `.cache/doclint/mermaid` it ships is not loaded."""
    work = tmp_path / "work"
    mark = tmp_path / "ran"
    _marking_install(work / ".cache" / "doclint" / "mermaid", mark)
    monkeypatch.chdir(work)
    monkeypatch.delenv("DOCLINT_MERMAID", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(work / ".cache"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    capsys.readouterr()
    _check_with_mermaid(work / "tree")
    assert not mark.exists()
    lines = [line for line in said(capsys) if "mermaid" in line.lower()]
    assert len(lines) == 1 and f"inside the tree's folder {work}," in lines[0], lines


@needs_node
@pytest.mark.parametrize("root", ["home", "project"])
def test_the_documented_install_loads_for_a_run_started_in_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], root: str
) -> None:
    """`~/.cache/doclint/mermaid`, a run started in the home folder, no
    checkout: the home folder is the user's, not the tree's, whether the
    root is the home folder itself (plain files, as `doclint check
    proj/docs` there takes) or a folder below it."""
    home = tmp_path / "home"
    mark = tmp_path / "ran"
    _marking_install(home / ".cache" / "doclint" / "mermaid", mark)
    monkeypatch.chdir(home)
    monkeypatch.delenv("DOCLINT_MERMAID", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(home))
    capsys.readouterr()
    _check_with_mermaid(home if root == "home" else home / "proj")
    assert mark.read_text() == "ran"
    assert [line for line in said(capsys) if "mermaid" in line.lower()] == []


@needs_node
def test_a_checker_stops_node_when_asked_for_a_checkout_holding_its_install(
    tmp_path: Path,
) -> None:
    check = checker(stand_in(tmp_path / "tree" / "install"))
    assert check.runs_for(tmp_path / "other")
    assert check.verdicts([("graph TD\nA", "a.md:1")]) == [MermaidVerdict(True)]
    assert check.node is not None
    assert not check.runs_for(tmp_path / "tree")
    assert check.node is None and check.unavailable


@needs_node
def test_a_node_the_tree_ships_is_never_started(tmp_path: Path) -> None:
    """A PATH naming a folder of the checkout finds no `node` there."""
    tree = tmp_path / "tree"
    (tree / "bin").mkdir(parents=True)
    mark = tmp_path / "ran"
    (tree / "bin" / "node").write_text(f"#!/bin/sh\ntouch '{mark}'\n")
    (tree / "bin" / "node").chmod(0o755)
    environ = {
        "PATH": f"{tree / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "DOCLINT_MERMAID": str(stand_in(tmp_path / "install")),
    }
    check = MermaidChecker(environ)
    assert not check.runs_for(tree) and check.unavailable
    assert check.verdicts([("graph TD", "a.md:1")]) == [None] and not mark.exists()

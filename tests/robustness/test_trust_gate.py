"""Issue 47: a CI gate no tree can steer. Each attack of the third outside
review is reproduced and shown to do no harm: a name or a value that forges
a workflow command on stderr, a file named on the command line that leads
out of the tree, file names that are not UTF-8, a page swapped for a link
while doclint runs, a `.gitignore` of 100,000 negations, a cache key folder
shipped in the checkout beside the root. Each attack's test failed on the
code before these changes; the tests of what must still work (a link inside
the tree, a named file inside its checkout) and the `--baseline` and
`--config` cases, which that code refused for their contents, guard the
fix."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from doclint import Settings
from doclint.engine.linter import Linter
from doclint.incremental import sealed
from doclint.tree import discovery
from doclint.tree.discovery import MAX_IGNORE_PATTERNS, PatternSet
from doclint.tree.index import Tree
from doclint.tree.reading import OutsideRoot, read_beneath
from tests import test_cache

PROJECT = Path(__file__).resolve().parents[2]
SECRET = "sEcReT-t0ken-4d1c"
FORGED = "::error file=README.md,line=1::FORGED"
FORMATS = ["full", "concise", "json", "jsonl", "sarif", "junit", "github", "gitlab", "html"]


def _doclint(cwd: Path, *arguments: str) -> subprocess.CompletedProcess[bytes]:
    """The command line, its output as bytes (a name may not be UTF-8)."""
    done = subprocess.run(
        [sys.executable, "-m", "doclint", *arguments],
        cwd=cwd,
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(PROJECT), "CI": ""},
    )
    assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
    return done


def _forged_lines(output: bytes) -> list[bytes]:
    """Lines that are the planted workflow command, not doclint's own."""
    return [line for line in output.splitlines() if line.startswith(FORGED.encode())]


# 1. Every line on stderr escaped: no name or value forges a workflow command.


def test_an_unreadable_gitignore_in_a_forged_folder_forges_nothing(tree: Path) -> None:
    folder = tree / "docs" / f"x\n{FORGED}"
    folder.mkdir()
    os.mkfifo(folder / ".gitignore")
    done = _doclint(tree, "check", "docs", "--no-cache")
    assert done.returncode == 1
    assert not _forged_lines(done.stderr) and not _forged_lines(done.stdout)
    warning = [line for line in done.stderr.splitlines() if b".gitignore" in line]
    assert len(warning) == 1 and b"x\\n::error" in warning[0], done.stderr


def test_a_configuration_error_forges_nothing(tree: Path) -> None:
    for text in (f'"x\\n{FORGED}" = 1\n', f'root = "x\\n{FORGED}"\n'):
        (tree / "doclint.toml").write_text(text)
        done = _doclint(tree, "check", "docs", "--no-cache")
        assert done.returncode == 2
        assert not _forged_lines(done.stderr), done.stderr
        assert len(done.stderr.splitlines()) == 1, done.stderr


def test_a_cache_warning_forges_nothing(tree: Path) -> None:
    cache = tree / f"c\n{FORGED}"
    _doclint(tree, "check", "docs", "--cache-dir", str(cache))
    for cache_file in cache.glob("*.bin"):
        cache_file.write_bytes(b"not a cache")
    done = _doclint(tree, "check", "docs", "--cache-dir", str(cache))
    assert b"not used" in done.stderr
    assert not _forged_lines(done.stderr), done.stderr


def test_a_page_not_fixed_forges_nothing(tree: Path) -> None:
    forged = tree.rename(tree.with_name(f"t\n{FORGED}"))
    page = forged / "docs" / "pkg" / "test_widgets.py_kw.md"
    os.link(page, forged / "elsewhere.md")  # fix mode does not write a hard-linked file
    done = _doclint(forged.parent, "check", f"{forged.name}/docs", "--no-cache", "--fix")
    assert b"not fixed" in done.stderr, done.stderr
    assert not _forged_lines(done.stderr) and not _forged_lines(done.stdout), done.stderr


def test_a_diff_of_a_forged_name_forges_nothing(tree: Path) -> None:
    forged = tree.rename(tree.with_name(f"t\n{FORGED}"))
    done = _doclint(forged.parent, "check", f"{forged.name}/docs", "--no-cache", "--diff")
    assert done.stdout.startswith(b"--- a/t\\n::error"), done.stdout
    assert not _forged_lines(done.stdout)


def test_github_annotations_escape_their_own_data(tree: Path) -> None:
    (tree / "docs" / f"x\n{FORGED}.md").write_text("# T\n\n[a](missing.md)\n")
    done = _doclint(tree, "check", "docs", "--no-cache", "--output-format", "github")
    commands = [line for line in done.stdout.splitlines() if line.startswith(b"::")]
    assert commands and not _forged_lines(done.stdout)
    forged = [line for line in commands if b"FORGED" in line]
    assert len(forged) == 1 and b"%3A%3Aerror file=README.md%2Cline=1" in forged[0]


@pytest.mark.parametrize("output_format", ["full", "concise", "--show-files"])
def test_a_name_that_starts_a_line_forges_nothing(tmp_path: Path, output_format: str) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / f"{FORGED}.md").write_text("# T\n\n[a](missing.md)\n")
    shown = ["--show-files"] if output_format == "--show-files" else []
    arguments = shown or ["--no-cache", "--output-format", output_format]
    done = _doclint(tmp_path, "check", ".", *arguments)
    assert b"FORGED" in done.stdout and not _forged_lines(done.stdout), done.stdout


# 2. A file named on the command line that leads out of the tree is not read.


@pytest.mark.parametrize("option", ["--known-paths", "--baseline", "--config"])
def test_a_named_file_linked_outside_the_tree_is_never_read(
    tree: Path, tmp_path: Path, option: str
) -> None:
    outside = tmp_path / "home" / ".git-credentials"
    outside.parent.mkdir()
    outside.write_text(f"pkg/{SECRET}.py\ndocs/pkg/test_widgets.py_kw.md\n")
    (tree / "LISTING.txt").symlink_to(outside)
    done = _doclint(tree, "check", "docs", "--no-cache", "--select", "ALL", option, "LISTING.txt")
    assert done.returncode == 2
    assert SECRET.encode() not in done.stdout + done.stderr
    assert len(done.stderr.splitlines()) == 1 and b"LISTING.txt" in done.stderr
    assert b"a link out of" in done.stderr  # refused for where it leads, before a byte is read


def test_a_named_file_linked_inside_the_checkout_is_read(tree: Path) -> None:
    (tree / "lists").mkdir()
    (tree / "lists" / "all.txt").write_text("docs/pkg/test_widgets.py_kw.md\npkg/test_widgets.py\n")
    (tree / "LISTING.txt").symlink_to("lists/all.txt")
    done = _doclint(tree, "check", "docs", "--no-cache", "--known-paths", "LISTING.txt")
    assert done.returncode == 1 and b"DL" in done.stdout


# 3. Names that are not UTF-8: escaped in every format, reports written.


@pytest.mark.parametrize("output_format", FORMATS)
def test_a_name_not_utf8_is_escaped_in_every_format(tmp_path: Path, output_format: str) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (tmp_path / ".git").mkdir()
    with open(os.path.join(os.fsencode(docs), b"\xff\xfe.md"), "wb") as page:
        page.write(b"# T\n\n[a](missing.md)\n")
    arguments = ["check", "docs", "--no-cache", "--output-format", output_format]
    to_stdout = _doclint(tmp_path, *arguments)
    to_file = _doclint(tmp_path, *arguments, "-o", "report.out")
    written = (tmp_path / "report.out").read_bytes()
    for output in (to_stdout.stdout, written):
        output.decode("utf-8")  # valid UTF-8: the bytes are escaped, not written raw
        assert b"xff" in output
    assert to_stdout.returncode == to_file.returncode == 1


# 4. A page swapped for a link between the check and the read is not read.


def test_a_page_swapped_for_a_link_after_its_check_is_not_read(tmp_path: Path) -> None:
    outside = tmp_path / "secret.md"
    outside.write_text(f"# {SECRET}\n\n[{SECRET}](missing.md)\n")
    root = tmp_path / "tree"
    (root / "docs" / "sub").mkdir(parents=True)
    page = root / "docs" / "sub" / "page.md"
    page.write_text("# Page\n")

    def swap() -> None:
        page.unlink()  # the other process swaps, just after the check
        page.symlink_to(outside)

    linter = Linter(Settings(select=["ALL"], root=root), _SwappedAfterCheck(root, swap))
    outcome = linter.check_file(page)
    assert SECRET not in repr(outcome)
    assert [row.code for row in outcome.rows] in (["DL002"], ["DL010"])


class _SwappedAfterCheck(Tree):
    """A tree that another process changes (`swap`) just after each check of
    where a path leads."""

    def __init__(self, root: Path, swap: Callable[[], None]) -> None:
        super().__init__(root)
        self._swap = swap

    def escapes(self, path: str) -> bool:
        escapes = super().escapes(path)
        self._swap()
        return escapes


def _page_beside_a_secret(tmp_path: Path) -> tuple[Path, Path]:
    """A folder outside the tree with a page that holds the secret, and a
    tree whose `docs/sub/page.md` has the same name: (outside, root)."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "page.md").write_text(f"# {SECRET}\n")
    root = tmp_path / "tree"
    (root / "docs" / "sub").mkdir(parents=True)
    (root / "docs" / "sub" / "page.md").write_text("# Page\n")
    return outside, root


def test_a_folder_swapped_for_a_link_after_the_check_is_not_read(tmp_path: Path) -> None:
    outside, root = _page_beside_a_secret(tmp_path)

    def swap() -> None:
        shutil.rmtree(root / "docs" / "sub")
        (root / "docs" / "sub").symlink_to(outside)

    linter = Linter(Settings(select=["ALL"], root=root), _SwappedAfterCheck(root, swap))
    outcome = linter.check_file(root / "docs" / "sub" / "page.md")
    assert SECRET not in repr(outcome)


def test_a_source_swapped_for_a_link_after_its_folder_was_listed_is_not_read(
    tmp_path: Path,
) -> None:
    outside = tmp_path / "secret.py"
    outside.write_text(f"class {SECRET.replace('-', '_')}:\n    pass\n")
    root = tmp_path / "tree"
    (root / "pkg").mkdir(parents=True)
    source = root / "pkg" / "mod.py"
    source.write_text("class Thing:\n    pass\n")
    tree = Tree(root)
    assert tree.is_file("pkg/mod.py")  # its folder listed: no link there then
    source.unlink()
    source.symlink_to(outside)
    assert tree.read_bytes("pkg/mod.py") is None


@pytest.mark.parametrize("relative", ["../secret.md", "docs/../../secret.md", "/secret.md", ""])
def test_the_reader_beneath_the_root_never_climbs_out(tmp_path: Path, relative: str) -> None:
    (tmp_path / "secret.md").write_text(SECRET)
    (tmp_path / "tree" / "docs").mkdir(parents=True)
    with pytest.raises(OutsideRoot):
        read_beneath(str(tmp_path / "tree"), relative)


def test_a_folder_moved_out_of_the_tree_mid_run_is_not_read(tmp_path: Path) -> None:
    """The run holds its root's folder open, and no folder below it: a
    folder moved out of the tree after a page of it was read is not read
    again, by the engine or by a rule's question to the tree."""
    outside, root = _page_beside_a_secret(tmp_path)
    (root / "docs" / "sub" / "other.md").write_text("# Other\n")
    (root / "docs" / "sub" / "page.md").write_text(f"# {SECRET}\n")
    linter = Linter(Settings(select=["ALL"], root=root), Tree(root))
    first = linter.check_file(root / "docs" / "sub" / "other.md")
    assert not [row for row in first.rows if row.code == "DL002"]
    (root / "docs" / "sub").rename(outside / "sub")
    outcome = linter.check_file(root / "docs" / "sub" / "page.md")
    assert [row.code for row in outcome.rows] == ["DL002"]  # cannot read file
    assert SECRET not in repr(outcome)
    assert linter.tree.read_bytes("docs/sub/page.md") is None


def test_a_root_swapped_for_a_link_mid_run_leads_the_reads_nowhere_else(tmp_path: Path) -> None:
    """The root's folder, held since the run's first read, is where the
    reads go on: its path made a link to a folder outside since is not
    followed."""
    outside, root = _page_beside_a_secret(tmp_path)
    (outside / "docs" / "sub").mkdir(parents=True)
    (outside / "docs" / "sub" / "page.md").write_text(f"# {SECRET}\n")
    tree = Tree(root)
    assert tree.read_bytes("docs/sub/page.md") == b"# Page\n"
    root.rename(tmp_path / "moved")
    root.symlink_to(outside)
    assert tree.read_bytes("docs/sub/page.md") == b"# Page\n"
    tree.close()


def test_a_root_swapped_for_a_link_before_a_process_opens_it_is_refused(tmp_path: Path) -> None:
    """A process that opens the root's folder after its path was made a link
    (a worker's first read comes after the swap) refuses it, not follows it:
    nothing of the folder the link leads to is read."""
    outside, root = _page_beside_a_secret(tmp_path)
    (outside / "docs" / "sub").mkdir(parents=True)
    (outside / "docs" / "sub" / "page.md").write_text(f"# {SECRET}\n")
    tree = Tree(root)  # its root's real path taken, the folder not opened yet
    root.rename(tmp_path / "moved")
    root.symlink_to(outside)
    assert tree.read_bytes("docs/sub/page.md") is None
    tree.close()


def test_a_run_opens_its_root_once_and_lets_go_of_it_at_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every read of a run walks from the root's folder opened once; the
    run closes it when it ends, so that a tree removed and made again at
    the same path is read afresh by the next run."""
    from doclint.tree import reading
    from tests.running import run

    root = tmp_path / "tree"
    for folder in ("a", "b/c"):
        (root / "docs" / folder).mkdir(parents=True)
        for number in range(5):
            page = root / "docs" / folder / f"p{number}.md"
            page.write_text(f"# P\n\nSee [x](gone{number}.md).\n")
    real_open = os.open
    opened: list[tuple[object, int]] = []

    def counted(path, flags, mode=0o777, *, dir_fd=None):
        descriptor = real_open(path, flags, mode, dir_fd=dir_fd)
        if dir_fd is None and os.path.realpath(path) == str(root.resolve()):
            opened.append((path, descriptor))
        return descriptor

    monkeypatch.setattr(reading.os, "open", counted)
    settings = Settings(select=["DL401"], root=root, jobs=1)
    found = run([root / "docs"], settings).diagnostics
    monkeypatch.undo()
    assert len(found) == 10 and len(opened) == 1
    with pytest.raises(OSError):  # closed by the run
        os.fstat(opened[0][1])
    shutil.rmtree(root)
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "new.md").write_text("# New\n\nSee [x](elsewhere.md).\n")
    again = run([root / "docs"], settings).diagnostics
    assert ["elsewhere.md" in row.message for row in again] == [True]


def test_a_root_folder_held_open_serves_a_forked_child_and_its_parent(tmp_path: Path) -> None:
    """A worker forked after the root's folder was opened reads through the
    descriptor it inherits; its closing it leaves the parent's open."""
    if not hasattr(os, "fork"):
        pytest.skip("no fork here")
    _, root = _page_beside_a_secret(tmp_path)
    (root / "docs" / "other.md").write_text("# Other\n")
    (root / "docs" / "third.md").write_text("# Third\n")
    tree = Tree(root)
    assert tree.read_bytes("docs/sub/page.md") == b"# Page\n"
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover  (the child answers through the pipe)
        os.write(write, tree.read_bytes("docs/other.md") or b"none")
        tree.close()
        os._exit(0)
    os.close(write)
    assert os.read(read, 64) == b"# Other\n"
    os.waitpid(child, 0)
    os.close(read)
    assert tree.read_bytes("docs/third.md") == b"# Third\n"
    tree.close()


def test_a_page_linked_inside_the_tree_is_still_read(tmp_path: Path) -> None:
    (tmp_path / "docs" / "real").mkdir(parents=True)
    (tmp_path / "docs" / "real" / "page.md").write_text("# Page\n\n[a](missing.md)\n")
    (tmp_path / "docs" / "alias.md").symlink_to("real/page.md")
    (tmp_path / "docs" / "folder").symlink_to("real")
    linter = Linter(Settings(select=["ALL"], root=tmp_path), Tree(tmp_path))
    for page in ("docs/alias.md", "docs/folder/page.md"):
        outcome = linter.check_file(tmp_path / page)
        assert [row.code for row in outcome.rows] == ["DL401"], page


# 5. Ignore patterns: matched by runs, bounded per walk.


def _last_match_wins(lines: list[str], paths: list[tuple[str, bool]]) -> list[bool | None]:
    """git's rule, one pattern at a time: the last pattern that matches decides."""
    compiled = [p for p in map(discovery.compile_pattern, lines) if p is not None]
    return [_decided(compiled, relative, is_dir) for relative, is_dir in paths]


def _decided(patterns: list[discovery.Pattern], relative: str, is_dir: bool) -> bool | None:
    decided = None
    for pattern in patterns:
        if pattern.dir_only and not is_dir:
            continue
        name = relative.rpartition("/")[2]
        if pattern.regex.fullmatch(name if pattern.on_name else relative):
            decided = not pattern.negated
    return decided


def _searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A counter of the searches of runs (each a few look-ups and regexes)."""
    calls = [0]
    matches = discovery._RunMatcher.matches

    def counted(self, name: str, relative: str, outside: bool) -> bool:
        calls[0] += 1
        return matches(self, name, relative, outside)

    monkeypatch.setattr(discovery._RunMatcher, "matches", counted)
    return calls


PATHS = [("page7.md", False), ("page99999.md", False), ("other.md", False), ("gen", True)]
PATHS += [("keep1.md", False), ("x/a/y", False), ("docs/page3.md", False), ("z.txt", False)]


def test_100000_negations_cost_a_few_searches_a_path(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = ["*.md", "gen/", *(f"!page{n}.md" for n in range(100_000)), "!keep*.md", "x/**/y"]
    patterns = PatternSet.parse("/base", lines)
    searches = _searches(monkeypatch)
    # The reference tries every pattern; these are the ones that can match PATHS.
    relevant = [*lines[:2], "!page7.md", "!page99999.md", "!page3.md", *lines[-2:]]
    for (relative, is_dir), expected in zip(PATHS, _last_match_wins(relevant, PATHS), strict=True):
        searches[0] = 0
        assert patterns.decide(relative, is_dir) is expected
        assert searches[0] <= 3, relative  # three runs: never a search per pattern


def test_alternating_patterns_cost_a_root_of_their_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = ["*.md", *(f"!page{n}*.md\ngen{n}*" for n in range(5_000)), "!keep*.md"]
    lines = "\n".join(lines).split("\n")
    patterns = PatternSet.parse("/base", lines)
    searches = _searches(monkeypatch)
    for (relative, is_dir), expected in zip(PATHS, _last_match_wins(lines, PATHS), strict=True):
        searches[0] = 0
        assert patterns.decide(relative, is_dir) is expected
        assert searches[0] <= 2 * 101 + 1, relative  # 10,002 runs: blocks of 100, then runs


def test_a_walk_takes_a_bounded_number_of_ignore_patterns(tmp_path: Path, capfd) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text("*.md\n" + "".join(f"!p{n}.md\n" for n in range(50_000)))
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / ".gitignore").write_text("!p1.md\n")
    for name in ("p1.md", "p2.md", f"p{MAX_IGNORE_PATTERNS + 5}.md"):
        (tmp_path / "docs" / name).write_text("# P\n")
    discovery._warned.clear()
    found = sorted(Path(file).name for file in discovery.discover([tmp_path / "docs"]))
    # The first patterns hold: p1 and p2 re-included; past the bound, not.
    assert found == ["p1.md", "p2.md"]
    warnings = [line for line in capfd.readouterr().err.splitlines() if "patterns" in line]
    assert len(warnings) == 1 and f"{MAX_IGNORE_PATTERNS:,} patterns" in warnings[0]


# 6. The cache key folder: refused anywhere in the checkout, not only in the root.


def test_a_key_folder_in_the_checkout_beside_the_root_is_never_trusted(tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()
    root = tmp_path / "project"
    test_cache._tree(root)
    test_cache.plant_key(tmp_path, monkeypatch)  # beside the root, in its checkout
    warnings: list[str] = []
    result = test_cache.run([root / "docs"], test_cache._settings(root), warnings)
    assert result.from_cache == 0 and len(warnings) == 1 and "checkout" in warnings[0]
    assert sealed._Kept.key is None  # the planted key was never read


def test_with_no_checkout_a_key_folder_in_the_working_folder_is_never_trusted(
    tmp_path, monkeypatch
):
    """No `.git`, `XDG_CACHE_HOME=$PWD/xdg` and the root below the working
    folder: the folder the tree came in holds the key it ships."""
    root = tmp_path / "project"
    test_cache._tree(root)
    test_cache.plant_key(tmp_path, monkeypatch)
    monkeypatch.chdir(tmp_path)
    warnings: list[str] = []
    result = test_cache.run([root / "docs"], test_cache._settings(root), warnings)
    assert result.from_cache == 0 and len(warnings) == 1 and "inside the tree" in warnings[0]
    assert sealed._Kept.key is None


def test_a_run_started_in_the_home_folder_uses_the_key_folder_there(tmp_path, monkeypatch):
    """The home folder is the user's, never the folder a tree came in: a run
    started there keeps its cache with the key in ~/.cache."""
    root = tmp_path / "project"
    test_cache._tree(root)
    test_cache.plant_key(tmp_path, monkeypatch)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    warnings: list[str] = []
    test_cache.run([root / "docs"], test_cache._settings(root), warnings)
    assert warnings == []
    assert test_cache.run([root / "docs"], test_cache._settings(root), warnings).from_cache == 4

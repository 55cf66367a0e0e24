"""Hostile trees, as a stranger's pull request would send them to a CI gate:
lines that make a rule slow, symlinked folders, swapped temporary folders and
files, paths that break the walk and names that forge report lines. Each run
is one process under a 4 GB memory limit, and none may end in a traceback.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from doclint_rules._common import mojibake as _mojibake

from doclint import Settings, check_text
from tests.checking import findings_in
from tests.conftest import SEEDS, require_shared

MEMORY_LIMIT = 4 * 1024**3
ARROW = "\u00e2\u2020\u2019"  # "→" encoded as UTF-8, decoded as Windows-1252


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def doclint(
    *arguments: str,
    cwd: Path,
    timeout: float = 120,
    env: dict[str, str] | None = None,
    remove_cwd: bool = False,
) -> subprocess.CompletedProcess[str]:
    """`doclint ARGUMENTS` in `cwd` (removed once the process is in it, if
    asked), in a process of its own under the memory limit; it must end in
    time and without a traceback."""

    def start() -> None:
        _limited()
        if remove_cwd:
            os.rmdir(cwd)

    done = subprocess.run(
        [sys.executable, "-P", "-m", "doclint", *arguments],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=start,
        env={**os.environ, **(env or {})},
        check=False,
    )
    assert "Traceback" not in done.stderr + done.stdout, done.stderr[-3000:]
    assert done.returncode >= 0, f"killed by signal {-done.returncode}"
    return done


# -- 5. time linear in the input --------------------------------------------


def _mojibake_line(size: int) -> str:
    unit = f"Keyword {ARROW} Section caf\u00c3\u00a9 "
    return (unit * (size // len(unit) + 1))[:size]


def _ordinary_line(size: int) -> str:
    unit = "Keyword \u2192 Section caf\u00e9 and some [link](a.md) text "
    return (unit * (size // len(unit) + 1))[:size]


@pytest.mark.parametrize("line", [_mojibake_line, _ordinary_line], ids=["mojibake", "ordinary"])
def test_a_1_mb_line_is_checked_in_linear_time(tmp_path, line):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "notes.md").write_text(f"# Notes\n\n{line(1024 * 1024)}\n")
    done = doclint("check", "docs", "--select", "ALL", cwd=tmp_path, timeout=60)
    assert done.returncode in (0, 1), done.stderr
    if line is _mojibake_line:
        assert "DL501" in done.stdout


_LONG = 250_000
# Pages whose one long line a pattern read in the square of its length (a
# run retried from each of its characters): minutes each at this length.
_HOSTILE_PAGES = {
    # a row with a "|" above a line of spaces, read as its delimiter row
    "under-a-row": ("p.md", "# P\n\na | b\n" + " " * _LONG + "x\n"),
    # a file documentation's metadata field of digits that never say "bytes"
    "size-digits": (
        "docs/x.py_docs.md",
        "# Documentation: `x.py`\n\n## File Metadata\n\n- **Path**: `x.py`\n"
        f"- **Size**: {'1' * _LONG}!\n\n## File Purpose\n\nA file.\n",
    ),
    # a heading's code span of spaces over a table of line numbers
    "heading-span": (
        "p.md",
        f"# P\n\n## `{' ' * _LONG}!`\n\n| Line | What |\n|---|---|\n| 3 | a |\n",
    ),
    # a tag whose unquoted values hold tabs, each a value's end or not (its
    # test backtracked for time exponential in them), read by doclint's scan
    # and, after a block quote it leaves to mistune, by mistune's
    "tag-tabs": ("p.md", "# P\n\n<x a=" + "b\tc=d\t" * 60 + "<\n"),
    "tag-tabs-quoted": ("p.md", "# P\n\n> q\n\n<x a=" + "b\tc=d\t" * 60 + "<\n"),
    # headings whose anchors a link asks for: emphasis marks never closed, a
    # run of `[` never closed, links whose target never closes
    "heading-emphasis": ("p.md", "# " + "_a " * (_LONG // 3) + "\n\n[x](#a)\n"),
    "heading-brackets": ("p.md", "# " + "[" * _LONG + "\n\n[x](#a)\n"),
    "heading-link-targets": ("p.md", "# " + "[a](" * (_LONG // 4) + "\n\n[x](#a)\n"),
}


@pytest.mark.parametrize("name", sorted(_HOSTILE_PAGES))
def test_a_hostile_line_is_read_in_time_linear_in_it(tmp_path, name):
    path, text = _HOSTILE_PAGES[name]
    (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / path).write_text(text)
    arguments = ["check", "--no-cache", "--select", "ALL", "--extend-select", "DL811"]
    done = doclint(*arguments, path, cwd=tmp_path, timeout=60)
    assert done.returncode in (0, 1), done.stderr


def _work(monkeypatch, text: str) -> tuple[int, int, int]:
    """(findings, characters handed to ftfy, longest text handed to it) of
    checking `text` for mojibake."""
    import ftfy

    seen: list[int] = []
    explain = ftfy.fix_encoding_and_explain

    def counted(piece: str, *args, **kwargs):
        seen.append(len(piece))
        return explain(piece, *args, **kwargs)

    monkeypatch.setattr(ftfy, "fix_encoding_and_explain", counted)
    _mojibake._repair_piece.cache_clear()
    report = check_text(text, path="notes.md", settings=Settings(select=["DL501"]))
    return len(report.diagnostics), sum(seen), max(seen, default=0)


def test_the_repair_library_sees_bounded_pieces_and_work_grows_linearly(monkeypatch):
    size = 8000
    small = _work(monkeypatch, f"# Notes\n\n{_mojibake_line(size)}\n")
    large = _work(monkeypatch, f"# Notes\n\n{_mojibake_line(4 * size)}\n")
    assert small[0] == large[0] == 1
    assert max(small[2], large[2]) <= _mojibake.WINDOW
    assert large[1] <= 4.5 * small[1]


def test_every_seed_finding_of_mojibake_is_kept():
    require_shared()
    found = []
    for seed in sorted(SEEDS.glob("*.txt")):
        text = seed.read_text("utf-8", "surrogateescape")
        if ARROW not in text:
            continue
        report = check_text(text, path="docs/x_kw.md", settings=Settings(select=["DL501"]))
        found += [d for d in report.diagnostics if f"`{ARROW}` is `\u2192`" in d.message]
    assert found and all(d.fix is not None for d in found)


# -- 11. control characters never reach a report raw -------------------------

FORGED = "x\n::error file=forged.md,line=1::forged\x1b[2J\x1b]0;owned\x07_kw.md"


@pytest.mark.parametrize("form", ["concise", "full", "github", "junit"])
def test_a_file_name_with_a_newline_and_esc_cannot_forge_report_lines(tmp_path, form):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / FORGED).write_text("# Notes\n\ncaf\u00c3\u00a9 \x1b[31mred\n")
    done = doclint("check", "docs", "--select", "ALL", "--output-format", form, cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert not any(line.startswith("::error file=forged") for line in lines)
    assert "\x1b" not in done.stdout + done.stderr and "\x07" not in done.stdout
    assert "docs/x\\n" in done.stdout and "\\x1b[2J" in done.stdout


def test_the_html_report_shows_control_characters_escaped(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / FORGED).write_text("# Notes\n\ncaf\u00c3\u00a9 \x1b[31mred\n")
    done = doclint("check", "docs", "--select", "ALL", "--output-format", "html", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    # Neither raw nor as a JSON escape that the page's script turns back, in
    # the page or in the findings it packs.
    assert "\x1b" not in done.stdout and "\\u001b" not in done.stdout
    findings = findings_in(done.stdout)
    assert findings and all("\x1b" not in str(finding) for finding in findings)
    assert any("\\x1b[2J" in finding["path"] for finding in findings)
    assert any("\\x1b[31mred" in (finding["text"] or "") for finding in findings)


# -- 6. symbolic links to folders are never followed ----------------------------


def _linked_tree(root: Path) -> None:
    """docs/ with two links to itself and one to a folder outside the tree."""
    (root / "docs" / "sub").mkdir(parents=True)
    (root / "docs" / "sub" / "x_kw.md").write_text("# Notes\n\ncaf\u00c3\u00a9\n")
    (root / "outside").mkdir()
    (root / "outside" / "secret_kw.md").write_text("# Secret\n\ncaf\u00c3\u00a9\n")
    (root / "docs" / "a").symlink_to(".")
    (root / "docs" / "b").symlink_to(".")
    (root / "docs" / "out").symlink_to("../outside")


@pytest.mark.parametrize("named", ["docs/**/*_kw.md", "docs"])
def test_globs_and_the_walk_never_follow_symlinked_folders(tmp_path, named):
    _linked_tree(tmp_path)
    done = doclint("check", named, "--select", "ALL", cwd=tmp_path, timeout=60)
    assert done.returncode == 1, done.stderr
    assert "secret" not in done.stdout and "docs/sub/x_kw.md:3:4" in done.stdout
    assert "1 file checked" in done.stdout
    for link in ("docs/a", "docs/b", "docs/out"):
        said = f"doclint: warning: {link}: symbolic link to a folder, not followed"
        assert done.stderr.count(said) == 1, done.stderr


# -- 10. no tracebacks on trees that break the walk -----------------------------


@pytest.fixture
def deep_tree(tmp_path):
    """docs/d/d/.../d/deep.md, 1,000 folders deep, removed without recursion
    afterwards (pytest's own clean-up recurses, and would fail on it)."""
    folders = [tmp_path / "docs"]
    folders[0].mkdir()
    for _ in range(1000):
        folders.append(folders[-1] / "d")
        folders[-1].mkdir()
    (folders[-1] / "deep.md").write_text("# Deep\n\ncaf\u00c3\u00a9\n")
    yield tmp_path
    for folder in reversed(folders):
        for entry in folder.iterdir():
            if not entry.is_dir() or entry.is_symlink():
                entry.unlink()
        folder.rmdir()


@pytest.mark.slow  # a thousand folders made and walked
@pytest.mark.parametrize("named", ["docs", "docs/**/*.md"])
def test_a_thousand_nested_folders_are_walked(deep_tree, named):
    tmp_path = deep_tree
    done = doclint("check", named, "--select", "DL501", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert "/d/deep.md:3:4: DL501" in done.stdout and "1 file checked" in done.stdout


def test_a_removed_working_folder_is_one_line_and_exit_2(tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    done = doclint("check", ".", cwd=gone, remove_cwd=True)
    assert done.returncode == 2 and not gone.exists()
    assert done.stderr == "doclint: error: the working folder is gone: No such file or directory\n"


@pytest.mark.parametrize("name", ["a" * 5000 + ".md", "/".join(["a" * 200] * 25) + "/x.md"])
def test_a_path_too_long_is_one_line_and_exit_2(tmp_path, name):
    done = doclint("check", f"docs/{name}", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == f"doclint: error: docs/{name}: File name too long\n"


def test_a_folder_too_deep_to_list_is_said_once(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "top.md").write_text("# Top\n\ncaf\u00c3\u00a9\n")
    descriptor = os.open(folder, os.O_RDONLY)
    for _ in range(25):  # 5,000 characters: made relative to each folder in turn
        os.mkdir("a" * 200, dir_fd=descriptor)
        inner = os.open("a" * 200, os.O_RDONLY, dir_fd=descriptor)
        os.close(descriptor)
        descriptor = inner
    os.close(os.open("x.md", os.O_WRONLY | os.O_CREAT, dir_fd=descriptor))
    os.close(descriptor)
    done = doclint("check", "docs", "--select", "DL501", cwd=tmp_path)
    assert done.returncode == 1 and "docs/top.md:3:4: DL501" in done.stdout
    (warning,) = done.stderr.splitlines()
    assert warning.startswith("doclint: warning: docs/aaa") and "File name too long" in warning


# -- 7. temporary folders are held by descriptor ------------------------------


def _swap_folder(path: str) -> None:
    """What another user can do in a shared, non-sticky temporary folder:
    rename a folder of ours away and put one of theirs under its name, with
    a forged file for each file of ours."""
    away = path + "-away"
    os.rename(path, away)
    os.mkdir(path)
    for name in os.listdir(away):
        size = os.path.getsize(os.path.join(away, name))
        Path(path, name).write_bytes(b"FORGED!" * (size // 7 + 1))


def _private_temporary_folder(tmp_path: Path, monkeypatch) -> None:
    """The system's temporary folder in `tmp_path`: the forged folders stay there."""
    import tempfile

    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))


def _pages(docs: Path, count: int) -> None:
    docs.mkdir(parents=True)
    for number in range(count):
        (docs / f"page{number:03}.md").write_text(
            f"# Page {number}\n\ncaf\u00c3\u00a9 {number}\n", encoding="utf-8"
        )


def test_a_swapped_parts_folder_changes_nothing_in_the_report(tmp_path, monkeypatch):
    from doclint.output import LAYOUTS
    from doclint.output.parts import PartWriter
    from doclint.output.spilled_parts import SpilledParts
    from tests.running import run

    monkeypatch.chdir(tmp_path)
    _private_temporary_folder(tmp_path, monkeypatch)
    _pages(tmp_path / "docs", 300)
    settings = Settings(select=["DL501"], jobs=2, cache=False)
    expected = list(run([tmp_path / "docs"], settings, sink=PartWriter(LAYOUTS["json"])).parts)
    open_spool, swapped = SpilledParts._open_spool, []

    def swapping(self: SpilledParts, name: str) -> int:
        if not swapped:
            _swap_folder(self.folder.path)
            swapped.append(self.folder)
        return open_spool(self, name)

    monkeypatch.setattr(SpilledParts, "_open_spool", swapping)
    got = list(run([tmp_path / "docs"], settings, sink=PartWriter(LAYOUTS["json"])).parts)
    assert swapped and len(got) == 300
    assert got == expected


def test_a_swapped_fix_scratch_folder_changes_no_fixed_file(tmp_path, monkeypatch):
    from doclint.fixes import fix_mode
    from doclint.fixes.file_fixer import FixSettings

    monkeypatch.chdir(tmp_path)
    _private_temporary_folder(tmp_path, monkeypatch)
    _pages(tmp_path / "docs", 30)
    write = fix_mode._TreeFix.write

    def swapping(self) -> list[int]:
        scratch = getattr(self, "scratch", None) or self.scratch_dir
        _swap_folder(scratch if isinstance(scratch, str) else scratch.path)
        return write(self)

    monkeypatch.setattr(fix_mode._TreeFix, "write", swapping)
    fixed = fix_mode.run_fixes(
        [tmp_path / "docs"], Settings(select=["DL501"], cache=False), FixSettings()
    )
    assert len(fixed.files_fixed) == 30
    for number in range(30):
        text = (tmp_path / "docs" / f"page{number:03}.md").read_text("utf-8")
        assert text == f"# Page {number}\n\ncaf\u00e9 {number}\n"


# -- 9. --fix writes only the file it read -----------------------------------

PAGE = "# Page\n\ncaf\u00c3\u00a9\n"


def _fix_with(tree: Path, monkeypatch, meanwhile) -> object:
    """run_fixes over tree/docs with `meanwhile()` run after the fixes are
    made and before any file is written."""
    from doclint.fixes import fix_mode
    from doclint.fixes.file_fixer import FixSettings

    monkeypatch.chdir(tree)
    write = fix_mode._TreeFix.write

    def interrupted(self) -> list[int]:
        meanwhile()
        return write(self)

    monkeypatch.setattr(fix_mode._TreeFix, "write", interrupted)
    settings = Settings(select=["DL501"], cache=False)
    return fix_mode.run_fixes([tree / "docs"], settings, FixSettings())


def test_a_page_swapped_for_a_link_out_of_the_tree_is_not_written(tmp_path, monkeypatch):
    tree, victim = tmp_path / "tree", tmp_path / "victim.md"
    (tree / "docs").mkdir(parents=True)
    page = tree / "docs" / "page.md"
    page.write_text(PAGE)
    victim.write_text(PAGE)  # the same bytes: only where it is tells them apart

    def swap() -> None:
        page.unlink()
        page.symlink_to(victim)

    fixed = _fix_with(tree, monkeypatch, swap)
    assert victim.read_text() == PAGE
    assert fixed.problems == [("docs/page.md", "it now leads outside the tree")]


def test_a_page_replaced_by_another_file_is_not_written(tmp_path, monkeypatch):
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "page.md"
    page.write_text(PAGE)
    other = tmp_path / "other.md"

    def replace() -> None:
        other.write_text(PAGE)
        os.replace(other, page)  # the same bytes, another file

    fixed = _fix_with(tmp_path, monkeypatch, replace)
    assert page.read_text() == PAGE
    assert fixed.problems == [
        ("docs/page.md", "it is no longer the file doclint read (replaced meanwhile)")
    ]


def test_fix_keeps_mode_and_extended_attributes(tmp_path, monkeypatch):
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "page.md"
    page.write_text(PAGE)
    page.chmod(0o640)
    try:
        os.setxattr(page, "user.doclint-test", b"kept")
    except OSError:
        pytest.skip("no user extended attributes on this filesystem")
    fixed = _fix_with(tmp_path, monkeypatch, lambda: None)
    assert fixed.files_fixed == ["docs/page.md"] and page.read_text() == "# Page\n\ncaf\u00e9\n"
    assert os.getxattr(page, "user.doclint-test") == b"kept"
    assert page.stat().st_mode & 0o7777 == 0o640

"""Issue 28, items 1-4 and 8 (and issue 27, item 6): whatever a tree holds, no
file outside it is read, printed, listed or written; every file doclint reads
for itself is bounded; outputs never write through a link. Each test ran red
on the code before these changes."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
DOCLINT = [sys.executable, "-m", "doclint"]
SECRET = "sEcReT-t0ken-4d1c"


def _doclint(
    cwd: Path, *arguments: str, env: dict[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [*DOCLINT, *arguments],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PYTHONPATH": str(PROJECT), **(env or {})},
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


# 1. One guarded reader: nothing outside the root is opened for content.


@pytest.mark.parametrize("output_format", ["full", "concise", "json", "html"])
def test_a_page_linked_to_the_environment_prints_none_of_it(tree: Path, output_format: str) -> None:
    (tree / "docs" / "env.md").symlink_to("/proc/self/environ")
    done = _doclint(
        tree, "check", "docs", "--no-cache", "--output-format", output_format, env={"TOKEN": SECRET}
    )
    assert done.returncode == 1
    assert SECRET not in done.stdout and SECRET not in done.stderr
    assert "env.md" in done.stdout  # reported as outside the root, by name
    assert "file-outside-root" in done.stdout or "DL010" in done.stdout


@pytest.mark.parametrize("special", ["/dev/zero", "fifo"])
def test_a_page_linked_to_a_device_or_fifo_outside_ends_at_once(
    tree: Path, tmp_path: Path, special: str
) -> None:
    target = special
    if special == "fifo":
        os.mkfifo(tmp_path / "pipe")
        target = str(tmp_path / "pipe")
    (tree / "docs" / "x.md").symlink_to(target)
    # The timeout is the failure: before, /dev/zero filled the memory and a FIFO hung.
    done = _doclint(tree, "check", "docs", "--no-cache", timeout=60)
    assert done.returncode == 1  # README: a file outside the root is a finding (DL010)
    named = [line for line in done.stdout.splitlines() if "docs/x.md" in line]
    assert len(named) == 1 and "DL010" in named[0], done.stdout


def test_source_lines_are_read_only_through_the_guarded_reader(tmp_path: Path) -> None:
    from doclint.models.findings import Finding
    from doclint.output.baseline import SourceLines
    from doclint.tree.reading import MAX_FILE_SIZE

    os.mkfifo(tmp_path / "pipe")
    big = tmp_path / "big.md"
    big.write_text("line\n" * 10)
    os.truncate(big, MAX_FILE_SIZE + 1)  # sparse: refused by its size, not read
    sources = SourceLines()
    row = Finding(1, 1, "m", code="DL101", name="x", severity="error", path=str(tmp_path / "pipe"))
    assert not sources.line(row)  # a FIFO: refused, not waited on
    assert not sources.line(row._replace(path=str(big)))  # over its limit
    outside = Finding(
        1, 1, "m", code="DL010", name="x", severity="error", path="/proc/self/environ"
    )
    assert SourceLines().line(outside) is None


def test_sigterm_ends_a_run_that_meets_endless_files(tree: Path) -> None:
    (tree / "docs" / "zero.md").symlink_to("/dev/zero")
    os.truncate(_sparse(tree / "docs" / "huge.md"), 4 << 30)  # over --max-file-size: not read
    process = subprocess.Popen(
        [*DOCLINT, "check", "docs", "--no-cache"],
        cwd=tree,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(PROJECT)},
    )
    try:
        try:
            process.wait(timeout=2)  # done: nothing was read without bound
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGTERM)  # under way: it must act on it
        # Before, the run read /dev/zero to print its line and took the signal
        # only when the kernel ended the read, 48 s later here.
        _, stderr = process.communicate(timeout=20)
    finally:
        process.kill()
    assert "Traceback" not in stderr
    assert process.returncode in (-signal.SIGTERM, 143, 1), stderr


def _sparse(path: Path) -> Path:
    path.write_bytes(b"")
    return path


# 8. Files doclint reads for itself are bounded: one warning line, no traceback.


@pytest.mark.parametrize("size", [8 << 20, 4 << 30])
def test_a_huge_gitignore_costs_one_warning_and_no_memory(tree: Path, size: int) -> None:
    ignore = tree / ".gitignore"
    if size < 1 << 30:
        ignore.write_bytes(b"".join(b"p%d/**/x%d*.md\n" % (i, i) for i in range(size // 16)))
    else:
        os.truncate(_sparse(ignore), size)  # sparse: no disk used
    command = [*DOCLINT, "check", "docs", "--no-cache", "--output-format", "concise"]
    # Under a memory limit of 1 GiB: before, the 8 MB file cost 1.85 GB, the sparse one a
    # MemoryError traceback.
    done = subprocess.run(
        ["prlimit", f"--as={1 << 30}", *command] if shutil.which("prlimit") else command,
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(PROJECT)},
    )
    assert "Traceback" not in done.stderr and done.returncode == 1, done.stderr
    warnings = done.stderr.splitlines()
    assert len(warnings) == 1 and ".gitignore" in warnings[0], done.stderr
    assert "over the limit of 1,048,576 bytes" in warnings[0]


@pytest.mark.parametrize("name", ["doclint.toml", "pyproject.toml"])
def test_a_huge_config_stops_the_run_with_one_line(tree: Path, name: str) -> None:
    config = tree / name
    config.write_text("[tool.doclint]\n" if name == "pyproject.toml" else "")
    os.truncate(config, 4 << 30)
    done = _doclint(tree, "check", "docs", "--no-cache")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and name in done.stderr, done.stderr
    assert "over the limit of 1,048,576 bytes" in done.stderr


def test_a_fifo_as_git_info_exclude_is_named_and_skipped(tree: Path) -> None:
    (tree / ".git" / "info").mkdir()
    os.mkfifo(tree / ".git" / "info" / "exclude")
    done = _doclint(tree, "check", "docs", "--no-cache", "--output-format", "concise", timeout=60)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "exclude" in done.stderr, done.stderr
    assert "named pipe" in done.stderr


# 2. A tree's configuration cannot point outside its folder.


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("cache-dir", "../precious"),
        ("cache-dir", "/"),
        ("cache-dir", "."),
        ("root", "/"),
        ("root", ".."),
        ("known-paths", "../listing.txt"),
        ("known-paths", "/etc/hostname"),
    ],
)
def test_config_paths_outside_its_folder_stop_the_run(
    tree: Path, tmp_path: Path, key: str, value: str
) -> None:
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "mine.txt").write_text("keep me\n")
    (tmp_path / "listing.txt").write_text("docs/pkg/test_widgets.py_kw.md\n")
    (tree / "doclint.toml").write_text(f'{key} = "{value}"\n')
    before = _listing(tmp_path, tree)
    done = _doclint(tree, "check", "docs")
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "doclint.toml" in done.stderr
    assert f"`{key}`" in done.stderr
    assert not (tree / ".doclint_cache").exists()
    assert _listing(tmp_path, tree) == before  # nothing written outside the tree


def test_a_link_cannot_take_a_config_path_outside(tree: Path, tmp_path: Path) -> None:
    (tmp_path / "precious").mkdir()
    (tree / "cache").symlink_to(tmp_path / "precious")
    (tree / "doclint.toml").write_text('cache-dir = "cache"\n')
    done = _doclint(tree, "check", "docs")
    assert done.returncode == 2 and "`cache-dir`" in done.stderr
    assert list((tmp_path / "precious").iterdir()) == []


def test_config_paths_inside_its_folder_still_work(tree: Path) -> None:
    (tree / "doclint.toml").write_text('cache-dir = "build/cache"\nroot = "."\n')
    done = _doclint(tree, "check", "docs", "--output-format", "concise")
    assert done.returncode == 1, done.stderr
    assert (tree / "build" / "cache").is_dir()


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user takes root")
def test_a_config_of_another_user_is_refused(tree: Path) -> None:
    config = tree.parent / "doclint.toml"  # planted in a shared parent folder
    config.write_text('select = ["DL010"]\n')
    os.chown(config, 12345, 12345)
    done = _doclint(tree, "check", "docs", "--no-cache")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "another user (uid 12345)" in done.stderr
    os.chown(config, 0, 0)  # root's own: taken
    assert _doclint(tree, "check", "docs", "--no-cache").returncode == 0


def _listing(top: Path, skip: Path) -> list[str]:
    """Every path under `top`, but those under `skip`."""
    return sorted(str(path) for path in top.rglob("*") if path != skip and skip not in path.parents)


# 3. The root never climbs above the checkout.


def _checkout_below_docs(checkout: Path) -> Path:
    """A checkout whose path holds a `docs` folder, with a page whose title
    implies the folder above `docs` as its root, linking to a sibling secret."""
    checkout.mkdir(parents=True)
    (checkout / ".git").mkdir()
    name = checkout.name
    (checkout / "x.py").write_text("class A:\n    pass\n")
    (checkout / "x.py_kw.md").write_text(
        f"# Keyword Index: `{name}/x.py`\n\n## File Information\n\n"
        f"- **Original File**: [{name}/x.py](../../{name}/x.py)\n"
        "- **Secret**: [key](../../secret/id_rsa)\n"
    )
    return checkout


@pytest.mark.parametrize("layout", ["docs/myrepo", "home/runner/work/docs/docs"])
def test_the_root_never_climbs_above_the_checkout(tmp_path: Path, layout: str) -> None:
    checkout = _checkout_below_docs(tmp_path / layout)
    above = checkout.parent.parent
    (above / "secret").mkdir()
    (above / "secret" / "id_rsa").write_text("PRIVATE\n")
    (above / "_temp").mkdir()
    before = _listing(tmp_path, checkout)
    done = _doclint(checkout, "check", ".", "--select", "ALL", "--output-format", "json")
    assert done.returncode == 1, done.stderr
    assert _listing(tmp_path, checkout) == before  # no cache written above
    assert "misplaced-page" in done.stdout  # the title's claim is a finding
    # Nothing above is looked at: the secret's name shows only where a message
    # quotes the page's own line (unknown-sentence: not a line the generator writes).
    findings = json.loads(done.stdout)
    assert all("id_rsa" not in f["message"] or f["code"] == "DL306" for f in findings)
    assert str(above) not in done.stdout.replace(str(checkout), "")


# 4. Outputs replace a link at their name, never write through it.


@pytest.mark.parametrize("option", ["-o", "--write-baseline"])
@pytest.mark.parametrize("output_format", ["full", "html"])
def test_an_output_named_by_a_link_replaces_the_link(
    tree: Path, tmp_path: Path, option: str, output_format: str
) -> None:
    outside = tmp_path / "outside"
    outside.write_text("precious\n")
    (tree / "report.txt").symlink_to("../outside")
    arguments = ["check", "docs", option, "report.txt", "--output-format", output_format]
    for cache in ("--no-cache", "--cache-dir=.cache", "--cache-dir=.cache"):  # the last: kept
        done = _doclint(tree, *arguments, cache)
        assert done.returncode in (0, 1), done.stderr
        assert outside.read_text() == "precious\n"
        assert not (tree / "report.txt").is_symlink()
        assert "DL" in (tree / "report.txt").read_text()
        (tree / "report.txt").unlink()
        (tree / "report.txt").symlink_to("../outside")


def test_an_output_to_stdout_or_null_still_goes_there(tree: Path) -> None:
    done = _doclint(tree, "check", "docs", "--no-cache", "-o", "/dev/stdout", "-q")
    assert done.returncode == 1 and "DL201" in done.stdout
    done = _doclint(tree, "check", "docs", "--no-cache", "-o", os.devnull)
    assert done.returncode == 1 and os.path.exists(os.devnull)


# Issue 27, item 6: listing paths keep their leading dots.

_CI_KW = """# Keyword Index: `.github/workflows/ci.yml`

## File Information

- **Original File**: [.github/workflows/ci.yml](../../../.github/workflows/ci.yml)
- **Documentation**: [`ci.yml_docs.md`](./ci.yml_docs.md)
- **Folder**: `.github/workflows`
"""


def test_listing_paths_keep_their_leading_dots(tmp_path: Path) -> None:
    pages = tmp_path / "docs" / ".github" / "workflows"
    pages.mkdir(parents=True)
    (pages / "ci.yml_kw.md").write_text(_CI_KW)
    (tmp_path / "listing.txt").write_text(
        "./.github/workflows/ci.yml\n"
        "./docs/.github/workflows/ci.yml_kw.md\n"
        "docs/.github/workflows/ci.yml_docs.md\n"  # without ./: as it is
    )
    done = _doclint(
        tmp_path,
        "check",
        "docs/.github/workflows/ci.yml_kw.md",
        "--no-cache",
        "--select",
        "orphan-doc,broken-link",
        "--known-paths",
        "listing.txt",
        "--output-format",
        "concise",
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_listed_path_strips_dot_slash_once() -> None:
    from doclint.tree.index import listed_path

    assert listed_path("./.github/x.yml\n") == ".github/x.yml"
    assert listed_path(".ci/run.sh") == ".ci/run.sh"
    assert listed_path("././a") == "a"  # normalised, as any path
    assert [listed_path(line) for line in ("", "  ", ".", "..", "../x", "/etc/passwd")] == [
        None
    ] * 6

"""Issue 56, point 7: `--watch` watches what the check reads, through the
check's own walk, never through a link. A tree's `docs` committed as a link
to `../outside` (or a link to it inside a walked folder) once had the watch
loop list and stat the outside folder twice a second and start a new check
each time it changed; each test here ran red on that code."""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any, NamedTuple

import pytest

PROJECT = Path(__file__).resolve().parents[2]
HEADER = "---- "  # the line that opens each round after the first
WATCHING = "doclint: watching "  # the line that closes each round
PAGE = "# Page\n\nSome text.\n"


@pytest.fixture(params=["named-link", "link-inside"])
def layout(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, Path, list[str]]:
    """(tree, outside folder, paths to watch): a checkout whose `pages/p.md`
    is watched beside a link to the outside folder, either named itself
    (`docs -> ../outside`) or met by the walk (`pages/out -> ../../outside`)."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "page.md").write_text(PAGE)
    tree = tmp_path / "tree"
    (tree / ".git").mkdir(parents=True)
    (tree / "pages").mkdir()
    (tree / "pages" / "p.md").write_text(PAGE)
    if request.param == "named-link":
        (tree / "docs").symlink_to("../outside")
        return tree, outside, ["docs", "pages"]
    (tree / "pages" / "out").symlink_to("../../outside")
    return tree, outside, ["pages"]


def _change_outside(outside: Path) -> None:
    """What a process outside the tree may do: write a file, add one."""
    with (outside / "page.md").open("a") as page:
        page.write("More text.\n")
    (outside / "new.md").write_text(PAGE)


def _change_page(tree: Path) -> None:
    with (tree / "pages" / "p.md").open("a") as page:
        page.write("More text.\n")


@pytest.mark.slow
def test_a_change_outside_starts_no_check_and_one_inside_does(
    layout: tuple[Path, Path, list[str]],
) -> None:
    tree, outside, paths = layout
    command = [sys.executable, "-m", "doclint", "check", "--watch", "--no-cache", *paths]
    env = {**os.environ, "PYTHONPATH": str(PROJECT), "NO_COLOR": "1"}
    watcher = subprocess.Popen(
        command, cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    lines: queue.Queue[str] = queue.Queue()
    pumps = [
        threading.Thread(target=_pump, args=(stream, lines), daemon=True)
        for stream in (watcher.stdout, watcher.stderr)
    ]
    for pump in pumps:
        pump.start()
    seen: list[str] = []

    def rounds_done(count: int, within: float = 60) -> None:
        deadline = time.monotonic() + within
        while sum(line.startswith(WATCHING) for line in seen) < count:
            assert time.monotonic() < deadline, f"not {count} rounds within {within} s: {seen}"
            with contextlib.suppress(queue.Empty):
                seen.append(lines.get(timeout=0.5))

    try:
        rounds_done(1)
        _change_outside(outside)
        # Nothing can tell that no round starts but waiting: four ticks.
        time.sleep(2)
        _change_page(tree)
        rounds_done(2)
        time.sleep(1)  # two ticks more, for a round the change outside started late
    finally:
        watcher.send_signal(signal.SIGINT)
        code = watcher.wait(timeout=30)
        for pump in pumps:  # each ends at the end of its stream
            pump.join(timeout=30)
    while not lines.empty():
        seen.append(lines.get())
    assert "Traceback" not in "\n".join(seen), seen
    assert code == 130  # Ctrl-C ends it as it ends a check
    assert sum(line.startswith(HEADER) for line in seen) == 1, seen
    assert sum(line.startswith(WATCHING) for line in seen) == 2, seen


def _pump(stream: Any, lines: queue.Queue[str]) -> None:
    for line in stream:
        lines.put(line.rstrip("\n"))


class _Stop(BaseException):
    """Ends the watch loop of an in-process run, as Ctrl-C would."""


def _watch(
    tree: Path,
    paths: list[str],
    changes: Mapping[int, Callable[[], object]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[str, list[_Call]]:
    """The report (stdout) and the calls `_recording` saw of
    a watch of `paths` in `tree` run in this process: its n-th wait (one a
    tick) makes `changes[n]`, and the wait after the last change ends it
    (two ticks after it, so that a round it starts has run)."""
    from doclint.cli import watch
    from doclint.cli.main import main

    monkeypatch.chdir(tree)
    ticks = 0

    def tick(seconds: float) -> None:
        nonlocal ticks
        ticks += 1
        if ticks in changes:
            changes[ticks]()
        elif ticks > max(changes) + 1:
            raise _Stop

    monkeypatch.setattr(watch, "time", SimpleNamespace(sleep=tick, time_ns=time.time_ns))
    with _recording() as calls, pytest.raises(_Stop):
        main(["check", "--watch", "--no-cache", "-j", "1", "--no-progress", *paths])
    return capsys.readouterr().out, calls


def _rounds(report: str) -> list[str]:
    """The reports of the rounds after the first."""
    return report.split("\n" + HEADER)[1:]


def _outside_reached(outside: Path, calls: list[_Call]) -> list[_Call]:
    """The calls that list, stat or open something in the folder `outside`,
    or list or stat (following links) that folder itself. An lstat of the
    folder itself is how a link to it is resolved, to refuse it."""
    real = os.path.realpath(outside)
    return [
        call
        for call in calls
        if call.landed.startswith(os.path.join(real, ""))
        or (call.landed == real and (call.follows or call.name in ("scandir", "listdir")))
    ]


def test_the_watch_lists_and_stats_nothing_outside_the_tree(
    layout: tuple[Path, Path, list[str]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    tree, outside, paths = layout
    changes = {1: lambda: _change_outside(outside), 4: lambda: _change_page(tree)}
    report, calls = _watch(tree, paths, changes, monkeypatch, capsys)
    assert not _outside_reached(outside, calls)
    # The recording saw the watch's own stats: a test that cannot fail is none.
    assert any(call.path.endswith("/pages/p.md") for call in calls)
    assert len(_rounds(report)) == 1, report  # the page's, not the outside's


def test_a_path_named_through_a_link_is_watched_as_that_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = tmp_path / "outside"
    (outside / "api").mkdir(parents=True)
    (outside / "api" / "page.md").write_text(PAGE)
    tree = tmp_path / "tree"
    (tree / ".git").mkdir(parents=True)
    (tree / "pages").mkdir()
    (tree / "pages" / "p.md").write_text(PAGE)
    (tree / "docs").symlink_to("../outside")

    def write_outside() -> None:
        _change_outside(outside / "api")

    changes = {1: write_outside, 4: lambda: _change_page(tree)}
    report, _ = _watch(tree, ["docs/api", "pages"], changes, monkeypatch, capsys)
    # The check lists the folder, to report its pages as outside the root;
    # the watch does not, and starts a round only for the page.
    assert "DL010" in report.split(HEADER)[0], report
    assert len(_rounds(report)) == 1, report


def test_a_folder_swapped_for_a_link_out_is_one_change_then_never_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "page.md").write_text(PAGE)
    tree = tmp_path / "tree"
    (tree / ".git").mkdir(parents=True)
    (tree / "pages" / "sub").mkdir(parents=True)
    (tree / "pages" / "sub" / "s.md").write_text(PAGE)

    def swap() -> None:
        (tree / "pages" / "sub").rename(tmp_path / "moved")
        (tree / "pages" / "sub").symlink_to("../../outside")

    changes = {1: swap, 3: lambda: _change_outside(outside)}
    report, calls = _watch(tree, ["pages"], changes, monkeypatch, capsys)
    assert not _outside_reached(outside, calls)
    [swapped] = _rounds(report)  # its page went; nothing of the link is checked
    assert "(0 files checked)" in swapped, report


def test_only_what_the_check_reads_starts_a_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = tmp_path / "tree"
    (tree / ".git").mkdir(parents=True)
    (tree / "pages" / "build").mkdir(parents=True)
    (tree / "pages" / ".gitignore").write_text("build/\n*.log\n")
    (tree / "pages" / "p.md").write_text(PAGE)

    def left_out() -> None:  # files the check's walk leaves out, as the check does
        (tree / "pages" / "build" / "b.md").write_text(PAGE)
        (tree / "pages" / "run.log").write_text("log\n")

    def new_folder() -> None:  # a page in a folder that was not there
        (tree / "pages" / "new").mkdir()
        (tree / "pages" / "new" / "q.md").write_text(PAGE)

    changes = {1: left_out, 3: new_folder}
    report, _ = _watch(tree, ["pages"], changes, monkeypatch, capsys)
    [added] = _rounds(report)  # the new page's, not the files left out
    assert "(2 files checked)." in added, report


# The calls recorded, and whether each follows a link at its last part.
_FOLLOWING = {"stat": True, "lstat": False, "scandir": True, "listdir": True, "open": True}


class _Call(NamedTuple):
    name: str
    path: str
    follows: bool
    """Whether the call follows a link at the path's last part."""
    landed: str
    """Where the call landed, resolved when it was made."""


@contextlib.contextmanager
def _recording() -> Iterator[list[_Call]]:
    """Each call of os.stat, os.lstat, os.scandir, os.listdir and os.open
    on a path (not through a folder's descriptor)."""
    calls: list[_Call] = []
    resolving = False

    def landing(path: str, follows: bool) -> str:
        if follows:
            return os.path.realpath(path)
        folder, last = os.path.split(os.path.abspath(path))
        return os.path.join(os.path.realpath(folder), last)

    def wrap(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def recorded(path: Any = ".", *args: Any, **kwargs: Any) -> Any:
            nonlocal resolving
            if (
                not resolving
                and kwargs.get("dir_fd") is None
                and isinstance(path, (str, bytes, os.PathLike))
            ):
                follows = _FOLLOWING[name] and kwargs.get("follow_symlinks", True)
                if name == "open" and args and args[0] & os.O_NOFOLLOW:
                    follows = False
                shown = os.fsdecode(path)
                resolving = True  # realpath's own lstat calls are not the run's
                try:
                    calls.append(_Call(name, shown, follows, landing(shown, follows)))
                finally:
                    resolving = False
            return real(path, *args, **kwargs)

        return recorded

    saved = {name: getattr(os, name) for name in _FOLLOWING}
    try:
        for name, real in saved.items():
            setattr(os, name, wrap(name, real))
        yield calls
    finally:
        for name, real in saved.items():
            setattr(os, name, real)


# What a tick costs, and what it still sees.


def _pages(tmp_path: Path, count: int) -> Path:
    tree = tmp_path / "tree"
    (tree / ".git").mkdir(parents=True)
    for number in range(count):
        folder = tree / "pages" / f"f{number % 10}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"p{number}.md").write_text(PAGE)
    return tree


def test_a_tick_stats_each_entry_once_and_lists_and_opens_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from doclint.cli import watch
    from doclint.tree.discovery import PathFilter

    tree = _pages(tmp_path, 1000)
    monkeypatch.chdir(tree)
    monkeypatch.setattr(watch, "RECENT_NS", 0)  # stamps trusted at once: no walk again
    watched = watch.Watch([Path("pages")], PathFilter.build(tree))
    with _recording() as calls:
        assert not watched.changed()
    names = [call.name for call in calls]
    # the 1,000 pages and the 11 folders they are in, each stat-ed once, not followed
    assert names == ["stat"] * 1011, sorted(set(names))
    assert not any(call.follows for call in calls)


def test_an_entry_added_without_moving_its_folders_stamp_is_still_seen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As on a file system that keeps whole seconds: a second page added in
    # the second of the first leaves the folder's mtime as it was.
    from doclint.cli import watch
    from doclint.tree.discovery import PathFilter

    tree = _pages(tmp_path, 1)
    monkeypatch.chdir(tree)
    folder = tree / "pages" / "f0"
    watched = watch.Watch([Path("pages")], PathFilter.build(tree))
    before = folder.stat()
    (folder / "new.md").write_text(PAGE)
    os.utime(folder, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert watched.changed()

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
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

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
    for stream in (watcher.stdout, watcher.stderr):
        threading.Thread(target=_pump, args=(stream, lines), daemon=True).start()
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


def test_the_watch_lists_and_stats_nothing_outside_the_tree(
    layout: tuple[Path, Path, list[str]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from doclint.cli import watch
    from doclint.cli.main import main

    tree, outside, paths = layout
    monkeypatch.chdir(tree)
    ticks = 0

    def tick(seconds: float) -> None:
        # The watch's waits, one per tick: the outside changes at the first,
        # the page at the fourth; the sixth ends the watch (a second round,
        # for the page, has run by then).
        nonlocal ticks
        ticks += 1
        if ticks == 1:
            _change_outside(outside)
        elif ticks == 4:
            _change_page(tree)
        elif ticks == 6:
            raise _Stop

    monkeypatch.setattr(watch, "time", SimpleNamespace(sleep=tick))
    with _recording() as calls, pytest.raises(_Stop):
        main(["check", "--watch", "--no-cache", "-j", "1", "--no-progress", *paths])
    real_outside = os.path.realpath(outside)
    reached = [
        (name, path)
        for name, path, follow in calls
        if _reaches(os.path.join(tree, path), follow, name, real_outside)
    ]
    assert not reached, reached
    # The recording saw the watch's own stats: a test that cannot fail is none.
    assert any(path.endswith("/pages/p.md") for _, path, _ in calls)
    out = capsys.readouterr().out
    assert sum(line.startswith(HEADER) for line in out.splitlines()) == 1, out


def _reaches(path: str, follow: bool, name: str, outside: str) -> bool:
    """Whether a call on `path` lists, stats or opens something in the folder
    `outside`, or lists or stats (following links) that folder itself. An
    lstat of the folder itself is how a link to it is resolved, to refuse it."""
    if follow:
        landed = os.path.realpath(path)
    else:
        folder, last = os.path.split(os.path.abspath(path))
        landed = os.path.join(os.path.realpath(folder), last)
    if landed.startswith(os.path.join(outside, "")):
        return True
    return landed == outside and (follow or name in ("scandir", "listdir"))


# The calls recorded, and whether each follows a link at its last part.
_FOLLOWING = {"stat": True, "lstat": False, "scandir": True, "listdir": True, "open": True}


@contextlib.contextmanager
def _recording() -> Iterator[list[tuple[str, str, bool]]]:
    """Each path os.stat, os.lstat, os.scandir, os.listdir and os.open are
    called with by name (not through a folder's descriptor), with whether the
    call follows a link there."""
    calls: list[tuple[str, str, bool]] = []

    def wrap(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def recorded(path: Any = ".", *args: Any, **kwargs: Any) -> Any:
            if kwargs.get("dir_fd") is None and isinstance(path, (str, bytes, os.PathLike)):
                follow = _FOLLOWING[name] and kwargs.get("follow_symlinks", True)
                if name == "open" and args and args[0] & os.O_NOFOLLOW:
                    follow = False
                calls.append((name, os.fsdecode(path), follow))
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

"""A checked tree cannot plant modules that `python -m doclint` imports."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PLANTED = ("hmac", "hashlib", "tempfile", "shutil", "marshal", "difflib", "shlex")


def test_modules_in_the_working_folder_are_not_imported(tmp_path: Path) -> None:
    marker = tmp_path / "imported"
    for name in PLANTED:
        (tmp_path / f"{name}.py").write_text(
            f"open({str(marker)!r}, 'a').write({name!r})\n", encoding="utf-8"
        )
    (tmp_path / "page.md").write_text("# A page\n\nText.\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "doclint", "check", "page.md"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert not marker.exists(), f"imported from the tree: {marker.read_text()}"


# What a spawned worker imports before it is told the run's sys.path: its
# `-c` command puts the working folder first.
SPAWN_PLANTED = ("json", "pickle", "socket", "runpy", "selectors", "argparse", "shlex")
FORCE_SPAWN = """\
import sys

import doclint.run.parallel

if __name__ == "__main__":  # a spawned worker runs this file again, as __mp_main__
    doclint.run.parallel.FORKS = False  # as where fork is not available (Windows)
    from doclint.launcher import script

    sys.argv = ["doclint", *sys.argv[1:]]
    sys.exit(script())
"""


def test_spawned_workers_do_not_import_from_the_working_folder(tmp_path: Path) -> None:
    marker = tmp_path / "imported"
    tree = tmp_path / "tree"
    (tree / "docs").mkdir(parents=True)
    plant = f"open({str(marker)!r}, 'a').write(__name__ + ' ')\n"
    for name in SPAWN_PLANTED:
        (tree / f"{name}.py").write_text(plant, encoding="utf-8")
    (tree / "multiprocessing").mkdir()
    (tree / "multiprocessing" / "__init__.py").write_text(plant, encoding="utf-8")
    # Enough files for two workers (MIN_ITEMS_PER_WORKER each).
    for number in range(200):
        (tree / "docs" / f"page{number}.md").write_text(f"# Page {number}\n\nText.\n")
    driver = tmp_path / "driver" / "force_spawn.py"
    driver.parent.mkdir()
    driver.write_text(FORCE_SPAWN, encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONSAFEPATH"}
    result = subprocess.run(
        [sys.executable, str(driver), "check", "--no-cache", "--jobs", "2", "docs"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert not marker.exists(), f"imported from the tree: {marker.read_text()}"
    assert result.returncode == 0, result.stdout + result.stderr
    assert "All checks passed (200 files checked)." in result.stdout


def test_spawned_workers_hand_their_findings_back(tmp_path: Path) -> None:
    # A spawned worker cannot write into the run's parts folder (its
    # descriptor is the parent's): its parts come back whole, and the
    # output is the one forked workers give.
    tree = tmp_path / "tree"
    (tree / "docs").mkdir(parents=True)
    for number in range(200):
        (tree / "docs" / f"page{number}.md").write_text(
            f"# Page {number}\n\nSee [gone](missing{number}.md).\n", encoding="utf-8"
        )
    driver = tmp_path / "force_spawn.py"
    driver.write_text(FORCE_SPAWN, encoding="utf-8")
    command = ["check", "--no-cache", "--jobs", "2", "docs"]
    spawned, forked = (
        subprocess.run(
            [sys.executable, *first, *command],
            cwd=tree,
            capture_output=True,
            text=True,
            timeout=300,
        )
        for first in ([str(driver)], ["-m", "doclint"])
    )
    assert spawned.returncode == forked.returncode == 1, spawned.stderr
    assert spawned.stderr == ""
    assert "Found 200 problems in 200 files" in spawned.stdout
    assert spawned.stdout == forked.stdout

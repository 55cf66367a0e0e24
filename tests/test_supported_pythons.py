"""The CPythons doclint supports: pyproject.toml's classifiers name them,
from requires-python's floor up, and `.ci/pythons` finds those a machine has,
on which `.ci/run` runs the default suite."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.conftest import PROJECT

PROJECT_TABLE = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _classified() -> list[tuple[int, int]]:
    found = (
        re.fullmatch(r"Programming Language :: Python :: 3\.(\d+)", c)
        for c in PROJECT_TABLE["classifiers"]
    )
    return [(3, int(match[1])) for match in found if match]


def test_the_classifiers_name_each_version_from_the_floor_up():
    floor = re.fullmatch(r">=3\.(\d+)", PROJECT_TABLE["requires-python"])
    assert floor is not None
    versions = _classified()
    assert versions[0] == (3, int(floor[1])) == (3, 11)
    # No gap: each minor version from the floor to the newest named.
    assert versions == [(3, minor) for minor in range(11, versions[-1][1] + 1)]
    assert len(versions) >= 3


def _pythons(path: str, home: Path) -> list[tuple[str, str]]:
    """What .ci/pythons finds with `path` before the tools it runs (and no
    Python of this machine's on the PATH), pyenv's root in `home`."""
    tools = home / "tools"
    tools.mkdir(exist_ok=True)
    for name in ("bash", "grep", "sort", "awk", "ls"):
        found = shutil.which(name)
        assert found is not None, name
        if not (tools / name).exists():
            (tools / name).symlink_to(found)
    done = subprocess.run(
        [str(PROJECT / ".ci" / "pythons")],
        env={
            **os.environ,
            "PATH": f"{path}{os.pathsep}{tools}",
            "HOME": str(home),
            "PYENV_ROOT": str(home / "pyenv"),
        },
        capture_output=True,
        text=True,
        check=True,
    )
    return [tuple(line.split(" ", 1)) for line in done.stdout.splitlines()]  # type: ignore[misc]


def _python(where: Path, version: str, implementation: str = "cpython") -> None:
    """A stand-in for the Python `version` (major.minor.micro) at `where`,
    answering .ci/pythons as that Python would."""
    where.parent.mkdir(parents=True, exist_ok=True)
    minor = int(version.split(".")[1])
    answer = version if implementation == "cpython" and minor >= 11 else ""
    where.write_text(f"#!/bin/sh\necho '{answer}'\n")
    where.chmod(0o755)


def test_ci_finds_each_cpython_from_3_11_once_and_nothing_older(tmp_path):
    """Stand-ins on the PATH and in a pyenv: each answers as its Python
    would; one release twice, one too old, one not CPython, one broken."""
    bin_, versions = tmp_path / "bin", tmp_path / "pyenv" / "versions"
    _python(bin_ / "python3.12", "3.12.1")
    _python(bin_ / "python3.10", "3.10.13")
    _python(bin_ / "python3.11", "3.11.7", implementation="pypy")
    (bin_ / "python3.14").write_text("#!/bin/sh\nexit 127\n")
    (bin_ / "python3.14").chmod(0o755)
    _python(bin_ / "python3.12-config", "3.12.1")
    _python(versions / "3.12.1" / "bin" / "python3", "3.12.1")
    _python(versions / "3.13.0" / "bin" / "python3", "3.13.0")
    _python(versions / "3.9.18" / "bin" / "python3", "3.9.18")
    found = _pythons(str(bin_), tmp_path)
    assert found == [
        ("3.12.1", str(bin_ / "python3.12")),
        ("3.13.0", str(versions / "3.13.0" / "bin" / "python3")),
    ]


def test_ci_finds_a_release_a_first_python_of_its_name_hides(tmp_path):
    """Debian 12's /usr/bin/python3.11 (3.11.2) behind a pyenv shim of the
    same name (3.11.7) earlier on the PATH: the oldest release doclint
    accepts is tested too, each release once, oldest first."""
    shims, system = tmp_path / "shims", tmp_path / "usr-bin"
    _python(shims / "python3.11", "3.11.7")
    _python(system / "python3.11", "3.11.2")
    _python(system / "python3.12", "3.12.1")
    _python(tmp_path / "pyenv" / "versions" / "3.11.7" / "bin" / "python3", "3.11.7")
    found = _pythons(f"{shims}{os.pathsep}{system}", tmp_path)
    assert found == [
        ("3.11.2", str(system / "python3.11")),
        ("3.11.7", str(shims / "python3.11")),
        ("3.12.1", str(system / "python3.12")),
    ]


def test_ci_finds_the_python_running_the_tests_when_it_is_on_the_path(tmp_path):
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    (bin_ / f"python{version}").symlink_to(sys.executable)
    found = dict(_pythons(str(bin_), tmp_path))
    assert found[".".join(map(str, sys.version_info[:3]))] == str(bin_ / f"python{version}")

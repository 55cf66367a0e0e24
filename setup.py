"""The build: the pure-Python modules by default, a quick install anywhere.
DOCLINT_COMPILE=1 at install time asks for the compiled build: the modules
doclint/util/build.py lists, compiled by mypyc from their Python source (a C
compiler and Python's headers needed; the release wheels are built so).
pyproject.toml holds everything else."""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from collections.abc import Iterable
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.errors import CompileError

ROOT = Path(__file__).parent
# The checkout's folders of the installed packages (pyproject's package-dir).
PACKAGE_DIRS = {"doclint": ROOT / "doclint", "doclint_rules": ROOT / "rules"}
# Where mypyc reads the sources under their installed names and writes its C.
STAGE = Path("build") / "mypyc"
SWITCH = "DOCLINT_COMPILE"
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")


def compile_asked() -> bool:
    return os.environ.get(SWITCH, "") not in ("", "0")


def listed_modules() -> tuple[str, ...]:
    # Read, not imported: the build has none of doclint's dependencies.
    names: dict[str, object] = {}
    exec((ROOT / "doclint" / "util" / "build.py").read_text(encoding="utf-8"), names)
    return names["COMPILED_MODULES"]  # type: ignore[return-value]


def source_of(module: str, folders: dict[str, Path] = PACKAGE_DIRS) -> Path:
    package, *rest = module.split(".")
    path = folders[package].joinpath(*rest)
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def remove_all_but(found: Iterable[Path], keep: set[Path]) -> None:
    for shared in found:
        if shared not in keep:
            shared.unlink()


def stage_sources() -> Path:
    """The packages copied under their installed names (rules/ installs as
    doclint_rules), so that mypyc names each module as Python imports it."""
    stage = ROOT / STAGE / "src"
    shutil.rmtree(stage, ignore_errors=True)
    for package, folder in PACKAGE_DIRS.items():
        shutil.copytree(folder, stage / package, ignore=shutil.ignore_patterns("*.so", "*.pyd"))
    return stage


class CompilingBuildExt(build_ext):
    """The compiled build was asked for: a failure to compile stops the
    install, with what it needs, rather than give the pure build unasked."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # the compiler's errors have no common base
            raise CompileError(
                f"doclint: {SWITCH}=1 asks for the compiled build, which needs a C compiler"
                f" and Python's headers (gcc and python3-dev on Debian or Ubuntu): {error}"
            ) from error


class CleanBuildPy(build_py):
    """Extension modules an earlier build left would be installed with this
    one's: those of a compiled build in build/ (pip builds a checkout in
    place) and, in an editable install, beside the sources, where they would
    shadow them. A pure build removes them all, a compiled one those of the
    modules no longer listed (one left would fail to load from the new
    build's shared library)."""

    def run(self) -> None:
        building = self.get_finalized_command("build_ext")
        built = {Path(building.get_ext_fullpath(ext.name)) for ext in building.extensions or ()}
        remove_all_but(Path(self.build_lib).rglob(f"*{SUFFIX}"), built)
        # Only in an editable install: a plain install built from the
        # checkout leaves the checkout alone.
        if getattr(self, "editable_mode", False):
            beside = [
                path for folder in PACKAGE_DIRS.values() for path in folder.rglob(f"*{SUFFIX}")
            ]
            if compile_asked():
                keep = {source_of(module).with_suffix(SUFFIX) for module in listed_modules()}
            else:
                keep, beside = set(), [*beside, *ROOT.glob(f"*__mypyc{SUFFIX}")]
            remove_all_but(beside, keep)
        super().run()


def extensions() -> list[Extension]:
    if not compile_asked():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        # Only a build without isolation can lack it: pyproject.toml's build
        # requirements hold mypy, which brings mypyc.
        sys.exit(f"doclint: {SWITCH}=1 needs mypyc: pip install 'mypy>=2.4,<2.5' first")
    modules = listed_modules()
    stage = stage_sources()
    staged = {package: stage / package for package in PACKAGE_DIRS}
    paths = [str(source_of(module, staged)) for module in modules]
    # Only the listed modules must type-check: what they import is read for
    # its types, and the build has none of doclint's dependencies.
    options = ["--ignore-missing-imports", "--follow-imports=silent", "--no-site-packages"]
    built = mypycify([*options, *paths], opt_level="3", target_dir=str(STAGE), group_name="doclint")
    if sys.platform != "win32":
        # The library's own functions and tables stay its own. Exported (C's
        # default), each of the 1,370 references between them is a symbol
        # looked up through every library of the process as it loads (1.7 M
        # instructions, 0.7% of a one-page check), and a call between them
        # can be neither direct nor inlined. The modules' init functions are
        # exported all the same (PyMODINIT_FUNC), and the modules reach one
        # another through capsules, not symbols.
        for extension in built:
            extension.extra_compile_args.append("-fvisibility=hidden")
    return built


setup(
    ext_modules=extensions(),
    cmdclass={"build_ext": CompilingBuildExt, "build_py": CleanBuildPy},
)

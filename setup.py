"""The build: the modules doclint/util/build.py lists, compiled by mypyc from
their Python source where a C compiler is present, and the pure-Python
modules otherwise. DOCLINT_PURE=1 at install time asks for the pure build.
pyproject.toml holds everything else."""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).parent
# The checkout's folders of the installed packages (pyproject's package-dir).
PACKAGE_DIRS = {"doclint": ROOT / "doclint", "doclint_rules": ROOT / "rules"}
# Where mypyc reads the sources under their installed names and writes its C.
STAGE = Path("build") / "mypyc"


def listed_modules() -> tuple[str, ...]:
    # Read, not imported: the build has none of doclint's dependencies.
    names: dict[str, object] = {}
    exec((ROOT / "doclint" / "util" / "build.py").read_text(encoding="utf-8"), names)
    return names["COMPILED_MODULES"]  # type: ignore[return-value]


def source_of(module: str, folders: dict[str, Path] = PACKAGE_DIRS) -> Path:
    package, *rest = module.split(".")
    path = folders[package].joinpath(*rest)
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def remove_built(modules: tuple[str, ...], keep_listed: bool = False) -> None:
    """What an earlier compiled editable install left beside the sources: the
    extension modules would shadow them. With `keep_listed`, only those of
    the modules no longer listed (a compiled build makes the others again):
    one left behind would fail to load from the new build's shared library."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    listed = {source_of(module).with_suffix(suffix) for module in modules}
    for folder in PACKAGE_DIRS.values():
        for shared in folder.rglob(f"*{suffix}"):
            if not (keep_listed and shared in listed):
                shared.unlink()
    if not keep_listed:
        for shared in ROOT.glob(f"*__mypyc{suffix}"):
            shared.unlink()


def stage_sources() -> Path:
    """The packages copied under their installed names (rules/ installs as
    doclint_rules), so that mypyc names each module as Python imports it."""
    stage = ROOT / STAGE / "src"
    shutil.rmtree(stage, ignore_errors=True)
    for package, folder in PACKAGE_DIRS.items():
        shutil.copytree(folder, stage / package, ignore=shutil.ignore_patterns("*.so", "*.pyd"))
    return stage


class OptionalBuildExt(build_ext):
    """Without a working C compiler the compiled modules are left out, whole:
    the pure-Python modules run instead."""

    def run(self) -> None:
        # An extension module an earlier build left in build/ for a module no
        # longer listed would be installed, and fail to load.
        built = {Path(self.get_ext_fullpath(extension.name)) for extension in self.extensions}
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        for package in PACKAGE_DIRS:
            for shared in Path(self.build_lib, package).rglob(f"*{suffix}"):
                if shared not in built:
                    shared.unlink()
        try:
            super().run()
        except Exception as error:  # the compiler's errors have no common base
            print(f"doclint: pure-Python build, compiling failed: {error}", file=sys.stderr)
            for extension in self.extensions:
                Path(self.get_ext_fullpath(extension.name)).unlink(missing_ok=True)


class EditableBuildPy(build_py):
    """An editable install runs the sources, beside which an earlier compiled
    one left its extension modules: a pure install removes them all, a
    compiled one those of the modules no longer listed (only then: a plain
    install built from the checkout leaves the checkout alone)."""

    def run(self) -> None:
        if getattr(self, "editable_mode", False):
            remove_built(listed_modules(), keep_listed=bool(self.distribution.ext_modules))
        super().run()


def extensions() -> list[Extension]:
    if os.environ.get("DOCLINT_PURE", "") not in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    modules = listed_modules()
    stage = stage_sources()
    staged = {package: stage / package for package in PACKAGE_DIRS}
    paths = [str(source_of(module, staged)) for module in modules]
    # Only the listed modules must type-check: what they import is read for
    # its types, and the build has none of doclint's dependencies.
    options = ["--ignore-missing-imports", "--follow-imports=silent", "--no-site-packages"]
    return mypycify([*options, *paths], opt_level="3", target_dir=str(STAGE), group_name="doclint")


setup(
    ext_modules=extensions(),
    cmdclass={"build_ext": OptionalBuildExt, "build_py": EditableBuildPy},
)

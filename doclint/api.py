"""The public API, the command line's twin: check files and folders or one
text, fix them, parse one page, load the configuration as `doclint check` does.

Without `settings`, `check_paths`, `check_text`, `fix_paths` and `fix_text`
read the configuration file `doclint check` would read for the same paths
(the closest doclint.toml or [tool.doclint] above them); with `settings`
(`load_config(...)`, or `Settings(...)` built by hand), they use those alone.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from doclint.config.files import Config, ConfigError, find_config
from doclint.config.files import load_config as load_config_file
from doclint.config.settings import run_settings
from doclint.diagnostics import Report
from doclint.engine import Linter, Settings
from doclint.engine.registry import load_registry
from doclint.fixes.file_fixer import FixSettings
from doclint.fixes.fix_mode import fix_stdin, run_fixes
from doclint.models.findings import Finding
from doclint.models.generated import AnyPage
from doclint.output.shown import shown_findings, shown_rows
from doclint.parsing.pages import parse_page
from doclint.run import RunResult, choose_root, root_from_title, run
from doclint.tree.index import Tree

# The title is the first line: this much text holds it.
_TITLE_CHARS = 4096


def load_config(path: str | Path | None = None, *, start: str | Path = ".") -> Settings:
    """The settings `doclint check` runs with from a configuration file: `path`
    (a doclint.toml, or a pyproject.toml's [tool.doclint]), or else the file
    found above `start` as the command line finds it; the defaults when there
    is none. ConfigError for a file that is missing, malformed or names an
    unknown key or rule."""
    registry = load_registry()
    file = Path(path) if path is not None else find_config(Path(start))
    if file is None:
        config = Config.defaults(Path.cwd())
    else:
        if not file.is_file():
            raise ConfigError(f"{file}: no such configuration file")
        config = load_config_file(file, registry)
    return run_settings(config)


def parse(text: str, path: str = "<text>") -> AnyPage:
    """The typed model of a page: its kind, parts and their line numbers."""
    return parse_page(_str(text, "parse"), path)


def check_paths(paths: Iterable[str | Path], settings: Settings | None = None) -> Report:
    """Check files and folders; folders are walked for Markdown files, and each
    file is checked in the tree of its root. MissingPathError (a
    FileNotFoundError) for a path that does not exist."""
    named = _paths(paths, "check_paths")
    result = run(named, settings or _found_settings(named))
    return _report(result)


def check_text(
    text: str | bytes, path: str | os.PathLike[str] = "<text>", settings: Settings | None = None
) -> Report:
    """Check one text as if it were the file `path` of the tree. Bytes are read
    as doclint reads a file (UTF-8 with its bad bytes reported, or UTF-16).
    With `settings.root`, a relative `path` is relative to that root; without,
    it is relative to the cwd, and the root is the one the text's title implies
    there (a generated page), else the top of the checkout holding the path,
    else the cwd, as for a file on disk."""
    if not isinstance(text, str | bytes):
        raise TypeError(f"check_text takes str or bytes, not {type(text).__name__}")
    path = os.fspath(path)
    settings = settings or _found_settings([path])
    file = Path(path)
    cwd = Path.cwd()
    start = text[:_TITLE_CHARS]
    title = start if isinstance(start, bytes) else start.encode()
    root = (
        settings.root
        or root_from_title(title, cwd / file, settings.known_generators)
        or choose_root([cwd / file], cwd)
    )
    # A text checked once keeps no result: no fact of it is ever compared.
    tree = Tree(root, settings.known_paths, settings.known_generators)
    linter = Linter(settings, tree, records_facts=False)
    given_root = settings.root is not None and not file.is_absolute()
    tree_path = file.as_posix() if given_root else linter.tree_path(file)
    rows = linter.outside(tree_path)
    if rows is None:
        rows = _checked(linter, text, tree_path)
    kept = settings.finding_filter(linter.registry).rows(linter.tree.root / tree_path, rows)
    return Report.from_rows(shown_rows(kept, path, linter.tree.root, cwd), 1)


def _checked(linter: Linter, text: str | bytes, tree_path: str) -> list[Finding]:
    """The findings of a text given as `str` or as a file's bytes."""
    if isinstance(text, bytes):
        return linter.check_bytes(text, tree_path).rows
    return linter.check_text(text, tree_path).rows


@dataclass(frozen=True)
class FixedText:
    """What `fix_text` did: the new text, the fixes per rule, what is left."""

    text: str
    """The text after the fixes (the text given when nothing changed)."""
    changed: bool
    fixed: dict[str, int]
    """Fixes applied, per rule code."""
    report: Report
    """The findings of the new text."""
    problem: str | None
    """Why the fixes were not applied (they did not settle), if they were not."""


@dataclass(frozen=True)
class FixedPaths:
    """What `fix_paths` did (or, with `write=False`, would do)."""

    files_fixed: list[str]
    """The files changed, as shown in reports."""
    fixed: dict[str, int]
    """Fixes applied, per rule code."""
    problems: list[tuple[str, str]]
    """(file, why it was not fixed)."""
    diffs: list[str]
    """With `write=False`: a unified diff per file that would change."""
    report: Report
    """The findings left (with `write=False`: that would be left)."""


def fix_text(
    text: str,
    path: str | os.PathLike[str] = "<text>",
    settings: Settings | None = None,
    *,
    unsafe: bool = False,
) -> FixedText:
    """Apply the fixes the findings of `text` offer (as `doclint check --fix`
    does to a file; `unsafe` as `--unsafe-fixes`), checked as the file `path`
    of the tree. Nothing is written."""
    data = _str(text, "fix_text").encode("utf-8")
    path = os.fspath(path)
    settings = settings or _found_settings([path])
    fixed, result = fix_stdin(data, path, settings, FixSettings(unsafe=unsafe))
    new = fixed.data.decode("utf-8") if fixed.data is not None else text
    return FixedText(
        new,
        fixed.data is not None,
        dict(sorted(fixed.fixed.items())),
        _report(result),
        fixed.problem,
    )


def fix_paths(
    paths: Iterable[str | Path],
    settings: Settings | None = None,
    *,
    unsafe: bool = False,
    write: bool = True,
) -> FixedPaths:
    """Fix files and folders as `doclint check --fix` does (`unsafe` as
    `--unsafe-fixes`; `write=False` as `--diff`: nothing is written, the diffs
    are returned). Each file is written atomically, only if it still holds
    what was read. FixError when fixes keep changing each other."""
    named = _paths(paths, "fix_paths")
    done = run_fixes(
        named, settings or _found_settings(named), FixSettings(unsafe=unsafe, write=write)
    )
    return FixedPaths(
        done.files_fixed,
        dict(sorted(done.fixed.items())),
        done.problems,
        done.diffs,
        _report(done.result),
    )


def _report(result: RunResult) -> Report:
    return Report.from_rows(shown_findings(result.found, Path.cwd()), result.files_checked)


def _paths(paths: Iterable[str | Path], function: str) -> list[str | Path]:
    """The paths as a list; TypeError for one path where a list belongs (a
    string would be read letter by letter)."""
    if isinstance(paths, str | bytes | os.PathLike):
        raise TypeError(f"{function} takes a list of paths, not one path: [{str(paths)!r}]")
    return list(paths)


def _str(text: object, function: str) -> str:
    if not isinstance(text, str):
        raise TypeError(f"{function} takes a str, not {type(text).__name__} (decode it first)")
    return text


def _found_settings(paths: list[str | Path]) -> Settings:
    """The settings from the configuration file `doclint check` would find for `paths`."""
    common = os.path.commonpath([os.path.abspath(path) for path in paths]) if paths else "."
    return load_config(start=common)

"""What a run starts from: its files, root, linter and cache."""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from doclint import replay_inputs
from doclint.cache import DEFAULT_FOLDER, Cache, code_fingerprint
from doclint.discovery import discover
from doclint.engine.linter import Linter
from doclint.engine.reporting import FileReporter, PartRenderer
from doclint.engine.root import make_tree_at, tree_root
from doclint.engine.settings import Settings
from doclint.findings import DiagnosticRow, Row
from doclint.gc_pause import gc_paused
from doclint.paths import display_path
from doclint.suppressions import FindingFilter


def cache_key(linter: Linter) -> str:
    """What a stored result depends on besides the file and the tree facts."""
    settings = linter.settings
    listing = hashlib.sha256("\n".join(settings.known_paths or []).encode()).hexdigest()
    rules = sorted(
        (rule.code, type(rule).__module__, type(rule).__qualname__) for rule in linter.rules
    )
    modules = [inspect.getfile(type(rule)) for rule in linter.rules]
    state = (
        code_fingerprint(modules),
        str(linter.tree.root),
        settings.known_paths is not None,
        listing,
        rules,
        settings.show_traceback,
        str(settings.shard),
        sorted((code, sorted(options.items())) for code, options in linter.options.items()),
    )
    return hashlib.sha256(repr(state).encode()).hexdigest()[:32]


@dataclass
class RunSetup:
    """What a run over files starts from: the files, their tree, the rules, the cache."""

    settings: Settings
    cwd: Path
    files: list[Path]
    root: Path
    linter: Linter
    finding_filter: FindingFilter
    cache: Cache | None

    def shown(self) -> list[str]:
        """Each file's path as reported."""
        return [display_path(file, self.cwd) for file in self.files]

    def reporter(self, render: PartRenderer | None = None) -> FileReporter:
        return FileReporter(self.finding_filter, self.cwd, render)

    def diagnostics(self, results: dict[int, list[Row]], shown: list[str]) -> list[DiagnosticRow]:
        """The findings of the files (by index) as reported, sorted."""
        # Sorted file by file: a path's findings never interleave with another's,
        # and sorting 300,000 findings at once costs more than sorting each file's.
        reporter = self.reporter()
        diagnostics: list[DiagnosticRow] = []
        with gc_paused():
            for index in sorted(results, key=shown.__getitem__):
                diagnostics += reporter.diagnostics(self.files[index], shown[index], results[index])
        return diagnostics


def set_up_run(paths: Iterable[str | Path], settings: Settings) -> RunSetup:
    """Find the files, the root and the rules of a run, and load its cache. A
    partial replay names its files and root: the walk would find the same.
    A shard keeps its part of the files, cut once the root is known (the
    shards of a tree are cut by paths relative to it)."""
    cwd = Path.cwd()
    partial = replay_inputs.partial_run()
    if partial is not None:
        files, root = [Path(file) for file in partial.to_check], Path(partial.root)
    else:
        paths = [Path(path) for path in paths] or [Path(".")]
        files = list(discover(paths, settings.path_filter()))
        root = tree_root(settings, paths, files, cwd)
    linter = Linter(settings, make_tree_at(settings, root))
    if settings.shard is not None and partial is None:
        files = [file for file in files if settings.shard.holds(linter.tree_path(file))]
    finding_filter = settings.finding_filter(linter.registry)
    cache = None
    if settings.cache and partial is not None:
        # Only files that changed are checked: their stored results would not
        # hold, and loading every other file's is what a partial run avoids.
        cache = Cache(partial.folder, cache_key(linter))
    elif settings.cache:
        folder = settings.cache_dir or (linter.tree.root / DEFAULT_FOLDER)
        cache = Cache.load(folder, cache_key(linter))
    return RunSetup(settings, cwd, files, root, linter, finding_filter, cache)

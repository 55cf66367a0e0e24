"""What a run starts from: its files, and the tree, linter and cache of each root."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path, PurePath

from doclint.engine.linter import Linter
from doclint.engine.registry import Registry, load_registry
from doclint.engine.settings import Settings
from doclint.engine.suppressions import FindingFilter
from doclint.models.findings import FileFindings, Finding
from doclint.models.records import NamedTuple
from doclint.profiles import GeneratorProfile
from doclint.run.files import RunFiles
from doclint.run.results import ResultKey, ResultStores, StoredResults
from doclint.run.roots import make_tree_at, roots_of_files
from doclint.run.shards import holds
from doclint.run.sink import collected
from doclint.tree.discovery import discover
from doclint.util.paths import say

# The settings that leave a file's stored findings as they are: how the run
# goes (the shard too: a file's facts come from the whole tree whichever
# shard checks it, so the shards of a tree share its results), and the
# filters applied to stored findings as they are reported (so changing them
# re-checks no file). Any other setting, a new one included, is in the key.
NOT_DECIDING = frozenset({"jobs", "cache", "cache_dir", "shard", "per_file_ignores", "severity"})


def result_key(linter: Linter) -> ResultKey:
    """What a stored result depends on besides the file and the tree facts:
    every setting (a new one included, unless it is in NOT_DECIDING) and the
    rules as loaded. Paths are said relative to the root, never where the
    tree lies: a tree checked out elsewhere keeps its results."""
    from dataclasses import fields  # with the cache only

    settings = linter.settings
    deciding = {
        field.name: getattr(settings, field.name)
        for field in fields(settings)
        if field.name not in NOT_DECIDING
    }
    # What takes effect, not how it was said: no root given, or the one found, is one.
    root = linter.tree.root
    deciding["root"] = "."
    deciding["base"] = os.path.relpath(settings.base or Path.cwd(), root)
    # From the rules' facts: a rule is imported here only to ask its outside state.
    rules = {(rule.code, rule.facts.module, rule.facts.qualname) for rule in linter.rules}
    outside = {rule.code: state for rule in linter.rules if (state := rule.outside_state())}
    description = key_text(
        {"rules": rules, "options": linter.options, "settings": deciding, "outside": outside}
    )
    modules = sorted({rule.file for rule in linter.rules})
    return ResultKey(description, tuple(modules))


def key_text(value: object) -> str:
    """`value` (settings, rules, their options) as canonical JSON text: the
    same in every process for the same meaning, so the same cache key. Sets
    and mappings are sorted (their order follows the hash seed), a path is
    its POSIX form, a profile the digest of its file's bytes (a compiled
    pattern's repr stops at 200 characters: two profiles differing after
    that would share a key). Any other object is a TypeError, never its repr."""
    if value is None or isinstance(value, bool | int | float | str):
        return json.dumps(value)
    if isinstance(value, GeneratorProfile):
        return '{"profile":' + json.dumps(value.digest) + "}"
    if isinstance(value, PurePath):
        return '{"path":' + json.dumps(value.as_posix()) + "}"
    if isinstance(value, Mapping):
        pairs = sorted(f"[{key_text(key)},{key_text(item)}]" for key, item in value.items())
        return '{"mapping":[' + ",".join(pairs) + "]}"
    if isinstance(value, set | frozenset):
        return '{"set":[' + ",".join(sorted(map(key_text, value))) + "]}"
    if isinstance(value, list | tuple):
        return "[" + ",".join(map(key_text, value)) + "]"
    raise TypeError(f"a {type(value).__name__} cannot be part of the cache key")


class RunSetup(NamedTuple):
    """What checking the files of one root starts from: the files, their tree,
    the rules, the cache."""

    settings: Settings
    cwd: Path
    files: RunFiles
    root: Path
    linter: Linter
    finding_filter: FindingFilter
    cache: StoredResults | None

    def found(self, index: int, rows: list[Finding]) -> list[FileFindings]:
        """The findings of the `index`-th file, by the file each stands on
        (the page, or a file of the tree a rule named), per-file ignores and
        severities of that file applied."""
        return collected(self.files.texts[index], self.root, self.finding_filter, rows)


def set_up_runs(
    paths: Iterable[str | Path],
    settings: Settings,
    registry: Registry | None = None,
    many: tuple[int, Callable[[], object]] | None = None,
    stores: ResultStores | None = None,
) -> list[RunSetup]:
    """Find the files of a run, and set up each root they are checked in (one
    tree, linter and stored results per root, sorted by root). A shard keeps
    its part of each root's files, cut once the root is known (the shards of
    a tree are cut by paths relative to it). `many`, (count, call): `call()`
    as soon as the run has `count` files, before it holds them all. With
    `stores` (and `settings.cache`), results of earlier runs are reused."""
    cwd = Path.cwd()
    least, call = many or (0, None)
    folders = [Path(path) for path in paths] or [Path(".")]
    files: list[str] = []
    for file in discover(folders, settings.path_filter()):
        files.append(file)
        if len(files) == least and call is not None:
            call()
    roots = roots_of_files(settings, files, cwd)
    registry = registry or load_registry()
    if files and settings.per_file_ignores:
        for glob in settings.finding_filter(registry).negations_matching_nothing(files):
            say(
                f"warning: per-file-ignores `{glob}` matches none of the {len(files):,} files "
                "found, so its rules are ignored in every one (a glob with a slash starts at "
                f"the configuration's folder, {settings.base or cwd})"
            )
    stores = stores if settings.cache else None
    return [
        _set_up_root(settings, cwd, files, root, registry, stores) for root, files in roots.items()
    ]


def _set_up_root(
    settings: Settings,
    cwd: Path,
    found: list[str],
    root: Path,
    registry: Registry,
    stores: ResultStores | None,
) -> RunSetup:
    linter = Linter(settings, make_tree_at(settings, root), registry, records_facts=settings.cache)
    if settings.shard is not None:
        places = linter.generators.places
        found = [f for f in found if holds(settings.shard, linter.tree_path(f), places)]
    files = RunFiles(found, root, cwd)
    finding_filter = settings.finding_filter(linter.registry)
    cache = stores.open(linter.tree.root, result_key(linter)) if stores is not None else None
    return RunSetup(settings, cwd, files, root, linter, finding_filter, cache)

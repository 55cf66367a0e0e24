"""The settings of a run from a configuration and the options over it: the one
place that says it, for `doclint check` and for the API's `load_config`, so
that the two read a configuration alike."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from doclint.config.files import Config, read_listing
from doclint.engine import Settings
from doclint.engine.settings import Shard
from doclint.profiles import Profile
from doclint.tree.reading import MAX_FILE_SIZE


def run_settings(
    config: Config,
    *,
    select: list[str] | None = None,
    extend_select: Sequence[str] = (),
    ignore: Sequence[str] = (),
    exclude: list[str] | None = None,
    extend_exclude: Sequence[str] = (),
    respect_gitignore: bool = True,
    root: Path | None = None,
    known_paths: Path | None = None,
    max_file_size: int = MAX_FILE_SIZE,
    jobs: int | None = None,
    cache: bool = False,
    cache_dir: Path | None = None,
    show_traceback: bool = False,
    shard: Shard | None = None,
) -> Settings:
    """The options over the configuration: `select` replaces the configuration's
    whole selection (select, extend-select, ignore); extend-select, ignore and
    extend-exclude add to it; exclude, root, known-paths and cache-dir replace
    its value. ConfigError when the known-paths listing cannot be read."""
    if select is None:
        select, config_extend, config_ignore = config.select, config.extend_select, config.ignore
    else:
        config_extend, config_ignore = [], []
    listing = known_paths or config.known_paths
    return Settings(
        select=select,
        extend_select=[*config_extend, *extend_select],
        ignore=[*config_ignore, *ignore],
        root=root or config.root,
        known_paths=read_listing(listing, max_file_size) if listing is not None else None,
        show_traceback=show_traceback,
        jobs=jobs,
        cache=cache,
        cache_dir=cache_dir or config.cache_dir,
        max_file_size=max_file_size,
        per_file_ignores=config.per_file_ignores,
        severity=config.severity,
        rule_options=dict(config.rules),
        exclude=exclude if exclude is not None else config.exclude,
        extend_exclude=[*config.extend_exclude, *extend_exclude],
        respect_gitignore=respect_gitignore and config.respect_gitignore is not False,
        include=config.include,
        extend_include=config.extend_include,
        base=config.base,
        shard=shard,
        profiles=tuple(p for p in config.profiles if isinstance(p, Profile)),
        generators=tuple(p for p in config.profiles if p.templates or p.wiki is not None),
    )

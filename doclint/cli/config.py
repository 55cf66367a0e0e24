"""What `doclint check` (and `clean`) make of the configuration file and the
options: --config FILE or KEY=VALUE, --isolated, and the settings of the run."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from doclint.cli.arguments import UsageError
from doclint.config.files import (
    Config,
    ConfigError,
    apply_overrides,
    find_config,
    load_config,
    parse_override,
)
from doclint.config.settings import run_settings
from doclint.engine import Settings
from doclint.engine.registry import Registry
from doclint.tree.reading import leads_out


def _split(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def configuration(args: argparse.Namespace, registry: Registry, start: Path) -> Config | None:
    """The configuration file's settings, with --config KEY=VALUE over them;
    None with --isolated or when there is no file."""
    files, overrides = _config_arguments(args)
    if args.isolated:
        if files:
            raise UsageError("--config FILE and --isolated exclude each other")
        return None
    try:
        file = files[0] if files else find_config(start)
        if file is None:
            return None
        if not file.is_file():
            raise UsageError(f"{file}: no such configuration file")
        config = load_config(file, registry)
        apply_overrides(config, overrides, registry)
        return config
    except ConfigError as error:
        raise UsageError(str(error)) from None


def overridden(config: Config, args: argparse.Namespace, registry: Registry) -> Config:
    """The defaults (no file, or --isolated) with --config KEY=VALUE over them."""
    try:
        apply_overrides(config, _config_arguments(args)[1], registry)
    except ConfigError as error:
        raise UsageError(str(error)) from None
    return config


def _config_arguments(args: argparse.Namespace) -> tuple[list[Path], list[dict[str, Any]]]:
    """--config's files and KEY=VALUE tables: an argument that is no file and
    holds `=` is a KEY=VALUE (as ruff tells them apart). One file at most."""
    files, overrides = [], []
    for text in args.config or []:
        if "=" in text and not os.path.isfile(text):
            try:
                overrides.append(parse_override(text))
            except ConfigError as error:
                raise UsageError(str(error)) from None
        else:
            files.append(Path(text))
    if len(files) > 1:
        raise UsageError(f"--config names one file, not {len(files)}")
    return files, overrides


def settings_of(args: argparse.Namespace, config: Config) -> Settings:
    """The options over the configuration (cli_settings.run_settings)."""
    root = args.root
    if root is not None and not root.is_dir():
        problem = "is not a folder" if root.exists() else "does not exist"
        raise UsageError(f"--root {root}: {problem}")
    if root is not None and leads_out(os.path.abspath(root), (os.getcwd(),)):
        raise UsageError(f"--root {root}: leads out of its checkout through a symbolic link")
    try:
        return run_settings(
            config,
            select=_split(args.select),
            extend_select=_split(args.extend_select) or [],
            ignore=_split(args.ignore) or [],
            exclude=_split(args.exclude),
            extend_exclude=_split(args.extend_exclude) or [],
            respect_gitignore=not args.no_respect_gitignore,
            root=root,
            known_paths=args.known_paths,
            max_file_size=args.max_file_size,
            jobs=args.jobs,
            cache=not args.no_cache,
            cache_dir=args.cache_dir,
            show_traceback=args.show_traceback,
            shard=args.shard,
        )
    except ConfigError as error:
        raise UsageError(str(error)) from None

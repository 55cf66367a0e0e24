"""`doclint check --show-files` and `--show-settings`: what a run would check
and with which settings, without checking anything."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from doclint.config.files import Config
from doclint.engine import Settings
from doclint.engine.registry import Registry
from doclint.tree.discovery import discover
from doclint.util.paths import display_path


def show_files(paths: list[str], settings: Settings) -> bool:
    """Print the files a run would check, one a line; whether there are any."""
    cwd = Path.cwd()
    found = False
    for file in discover([Path(path) for path in paths], settings.path_filter()):
        print(display_path(file, cwd))
        found = True
    return found


def show_settings(
    settings: Settings, config: Config, registry: Registry, args: argparse.Namespace
) -> None:
    """Print the configuration file, the rules that would run, the output format
    and every setting of the run, one `name = value` a line."""
    source = config.path if config.path.is_file() else "none (defaults)"
    rules = registry.select(settings.select, settings.ignore, settings.extend_select)
    print(f"configuration file = {source}")
    print(f"paths = {args.paths}")
    print(f"output-format = {args.output_format}")
    print(f"rules = {[f'{rule.code} {rule.name}' for rule in rules]}")
    for field in dataclasses.fields(settings):
        value = getattr(settings, field.name)
        if field.name == "known_paths" and value is not None:
            value = f"<{len(value):,} paths>"
        print(f"{field.name.replace('_', '-')} = {value}")

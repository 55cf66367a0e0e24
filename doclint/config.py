"""Configuration files: `doclint.toml`, or `[tool.doclint]` in `pyproject.toml`.

The configuration of a run is the closest such file above the checked paths
(in one folder `doclint.toml` wins over `pyproject.toml`, and a `pyproject.toml`
without a `[tool.doclint]` table does not count). Paths and globs in it are
relative to its folder. Everything in it is checked before any file is: an
unknown key, rule, option or a value of the wrong type is an error that names
the file and the key, never silently ignored.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from doclint import replay_inputs
from doclint.registry import Registry, SelectionError
from doclint.rule_api import OptionValue, Rule, Severity

CONFIG_FILES = ("doclint.toml", "pyproject.toml")
PYPROJECT = "pyproject.toml"


class ConfigError(ValueError):
    """A configuration file that cannot be used, with the file and key named."""


@dataclass
class Config:
    """One configuration file's settings, validated, paths made absolute."""

    path: Path
    select: list[str] | None = None
    extend_select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    exclude: list[str] | None = None
    extend_exclude: list[str] = field(default_factory=list)
    respect_gitignore: bool | None = None
    severity: dict[str, str] = field(default_factory=dict)
    rules: dict[str, dict[str, OptionValue]] = field(default_factory=dict)
    """Rule options by rule code."""
    known_paths: Path | None = None
    root: Path | None = None

    @classmethod
    def defaults(cls, folder: Path) -> Config:
        """The settings when there is no configuration file, relative to `folder`."""
        return cls(path=folder.absolute() / CONFIG_FILES[0])

    @property
    def base(self) -> Path:
        """The folder the file's relative paths and globs start from."""
        return self.path.parent


def find_config(start: Path) -> Path | None:
    """The configuration file closest above `start` (a file or folder), if any."""
    start = start.absolute()
    folder = start if start.is_dir() else start.parent
    for candidate in (folder, *folder.parents):
        for name in CONFIG_FILES:
            file = candidate / name
            replay_inputs.observe("stamp", file)
            if file.is_file() and (name != PYPROJECT or _configures_doclint(file)):
                return file
    return None


def _configures_doclint(pyproject: Path) -> bool:
    text = _read(pyproject)
    if "doclint" not in text:  # most pyproject.toml files: no need to parse them
        return False
    return "doclint" in _tool_tables(_parse(pyproject, text))


def _tool_tables(data: dict[str, Any]) -> dict[str, Any]:
    tool = data.get("tool")
    return tool if isinstance(tool, dict) else {}


def load_config(file: Path, registry: Registry) -> Config:
    """The validated configuration of `file` (its table, for a pyproject.toml)."""
    file = file.absolute()
    data = _parse(file, _read(file))
    prefix = ""
    if file.name == PYPROJECT:
        data = _tool_tables(data).get("doclint", {})
        prefix = "tool.doclint."
    if not isinstance(data, dict):
        raise ConfigError(f"{file}: `{prefix.rstrip('.')}` must be a table")
    config = Config(path=file)
    for key, value in data.items():
        if key not in _KEYS:
            raise ConfigError(f"{file}: unknown key `{prefix}{key}`{_suggest(key, _KEYS)}")
        attribute, validate = _KEYS[key]
        try:
            setattr(config, attribute, validate(value, config, registry))
        except (ValueError, SelectionError) as error:
            raise ConfigError(f"{file}: `{prefix}{key}`: {error}") from None
    return config


def _read(file: Path) -> str:
    try:
        return file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{file}: cannot read: {getattr(error, 'strerror', error)}") from None


def _parse(file: Path, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{file}: invalid TOML: {error}") from None
    except RecursionError:
        # tomllib recurses once per nested array or inline table.
        raise ConfigError(f"{file}: invalid TOML: nested too deeply") from None


def _suggest(key: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(key.replace("_", "-"), list(known), n=1)
    return f" (did you mean `{close[0]}`?)" if close else ""


# Every validator takes (value, config, registry) and returns the value to keep.
Validator = Callable[[Any, Config, Registry], Any]


def _strings(value: object, *_: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError("expected a list of strings")
    return value


def _selectors(value: object, config: Config, registry: Registry) -> list[str]:
    selectors = _strings(value)
    for selector in selectors:
        registry.matching(selector)  # SelectionError names an unknown one
    return selectors


def _table(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError("expected a table")
    return value


def _per_file_ignores(value: object, config: Config, registry: Registry) -> dict[str, list[str]]:
    table = _table(value)
    for glob, selectors in table.items():
        try:
            _selectors(selectors, config, registry)
        except (ValueError, SelectionError) as error:
            raise ValueError(f"{glob!r}: {error}") from None
    return table


def _severity(value: object, config: Config, registry: Registry) -> dict[str, str]:
    table = _table(value)
    levels = [str(level) for level in Severity]
    for selector, level in table.items():
        registry.matching(selector)
        if level not in levels:
            raise ValueError(f"{selector}: expected one of {', '.join(levels)}, not {level!r}")
    return table


def _rules(value: object, config: Config, registry: Registry) -> dict[str, dict[str, OptionValue]]:
    options = {}
    for key, values in _table(value).items():
        rule = registry.lookup(key)
        if rule is None:
            names = [known.name for known in registry.sorted_rules()]
            raise ValueError(f"no rule {key!r}{_suggest(key, names)}")
        if not isinstance(values, dict):
            raise ValueError(f"{key}: expected a table of options")
        resolved = rule.resolve_options(values)
        options[rule.code] = {name: resolved[name] for name in values}
    return options


def _boolean(value: object, *_: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError("expected true or false")
    return value


def _relative_path(kind: str, exists: Callable[[Path], bool]) -> Validator:
    def validate(value: object, config: Config, registry: Registry) -> Path:
        if not isinstance(value, str):
            raise ValueError("expected a path (a string)")
        path = config.base / value
        if not exists(path):
            raise ValueError(f"{path} is not {kind}")
        return path

    return validate


# Key -> (Config attribute, validator).
_KEYS: dict[str, tuple[str, Validator]] = {
    "select": ("select", _selectors),
    "extend-select": ("extend_select", _selectors),
    "ignore": ("ignore", _selectors),
    "per-file-ignores": ("per_file_ignores", _per_file_ignores),
    "exclude": ("exclude", _strings),
    "extend-exclude": ("extend_exclude", _strings),
    "respect-gitignore": ("respect_gitignore", _boolean),
    "severity": ("severity", _severity),
    "rules": ("rules", _rules),
    "known-paths": ("known_paths", _relative_path("a file", Path.is_file)),
    "root": ("root", _relative_path("a folder", Path.is_dir)),
}


def rule_options(
    rules: Iterable[type[Rule]], values: Mapping[str, Mapping[str, object]], registry: Registry
) -> dict[str, Mapping[str, OptionValue]]:
    """Each rule's options, defaults filled in, from values keyed by rule code or
    name. SelectionError for an unknown rule, ValueError for a bad option."""
    by_code: dict[str, Mapping[str, object]] = {}
    for key, options in values.items():
        rule = registry.lookup(key)
        if rule is None:
            raise SelectionError(f"rule options for unknown rule {key!r}")
        by_code[rule.code] = options
    return {rule.code: rule.resolve_options(by_code.get(rule.code, {})) for rule in rules}

"""Configuration files: `doclint.toml`, or `[tool.doclint]` in `pyproject.toml`.

The configuration of a run is the closest such file above the checked paths
(in one folder `doclint.toml` wins over `pyproject.toml`, and a `pyproject.toml`
without a `[tool.doclint]` table does not count). Paths and globs in it are
relative to its folder, and stay in it: a tree's configuration cannot point
doclint at a folder outside the tree (`cache-dir = "../precious"`,
`root = "/"`). Everything in it is checked before any file is: an unknown
key, rule, option or a value of the wrong type is an error that names the
file and the key, never silently ignored. As git refuses a repository of
another user, a configuration file owned by another user (not root) is
refused: one planted in a shared parent folder must not steer a run.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from doclint.config.suggestions import check_selectors, did_you_mean
from doclint.engine.registry import Registry, SelectionError
from doclint.models.records import NamedTuple
from doclint.output import FORMATS
from doclint.profiles import GeneratorProfile, ProfileError, parse_generator
from doclint.rule_api import OptionValue, Severity
from doclint.tree.reading import CONFIG_LIMIT, leads_out, read_named
from doclint.util.paths import inside

CONFIG_FILES = ("doclint.toml", "pyproject.toml")
PYPROJECT = "pyproject.toml"
COMMAND_LINE = "command line"


class ConfigError(ValueError):
    """A configuration file that cannot be used, with the file and key named."""


class Config:
    """One configuration file's settings, validated, paths made absolute. A
    plain class (a dataclass writes and compiles its methods at every start),
    its fields set one by one as the file's keys are read."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.select: list[str] | None = None
        self.extend_select: list[str] = []
        self.ignore: list[str] = []
        self.per_file_ignores: dict[str, list[str]] = {}
        self.exclude: list[str] | None = None
        self.extend_exclude: list[str] = []
        self.respect_gitignore: bool | None = None
        self.severity: dict[str, str] = {}
        self.rules: dict[str, dict[str, OptionValue]] = {}
        """Rule options by rule code."""
        self.known_paths: Path | None = None
        self.root: Path | None = None
        self.output_format: str | None = None
        self.cache_dir: Path | None = None
        self.unsafe_fixes = False
        self.include: list[str] | None = None
        self.extend_include: list[str] = []
        self.profiles: tuple[GeneratorProfile, ...] = ()
        """Generator profiles the configuration names, read and validated."""
        self.origins: dict[str, str] = {}
        """Key -> where its value came from: the file's path, or COMMAND_LINE."""

    @classmethod
    def defaults(cls, folder: Path) -> Config:
        """The settings when there is no configuration file, relative to `folder`."""
        return cls(path=folder.absolute() / CONFIG_FILES[0])

    @property
    def base(self) -> Path:
        """The folder the file's relative paths and globs start from."""
        return self.path.parent


def find_config(start: Path, top: Path | None = None) -> Path | None:
    """The configuration file closest above `start` (a file or folder), if
    any; with `top` (an editor's workspace folder), looked for no higher
    than it. A folder below a link out of its checkout (or, outside any, of
    the working folder or `top`), or out of `top`, is not looked in: its
    real place is elsewhere. The one finder of the command line, the API and
    the editor server."""
    start = start.absolute()
    folder = start if start.is_dir() else start.parent
    bounds = (os.getcwd(),) if top is None else (str(top),)
    for candidate in (folder, *folder.parents):
        if top is not None and not candidate.is_relative_to(top):
            break
        if leads_out(str(candidate), bounds) or (top is not None and not inside(candidate, top)):
            continue
        for name in CONFIG_FILES:
            file = candidate / name
            if file.is_file() and (name != PYPROJECT or _configures_doclint(file)):
                return file
    return None


def _configures_doclint(pyproject: Path) -> bool:
    """Whether a pyproject.toml has a [tool.doclint] table; True when it
    cannot be read or parsed: loading it then says what is wrong."""
    try:
        text = _read(pyproject)
        if "doclint" not in text:  # most pyproject.toml files: no need to parse them
            return False
        return "doclint" in _tool_tables(_parse(pyproject, text))
    except ConfigError:
        return True


def _tool_tables(data: dict[str, Any]) -> dict[str, Any]:
    tool = data.get("tool")
    return tool if isinstance(tool, dict) else {}


def load_config(file: Path, registry: Registry) -> Config:
    """The validated configuration of `file` (its table, for a pyproject.toml)."""
    file = file.absolute()
    try:
        _refuse_foreign(os.stat(file).st_uid, file)
    except OSError as error:
        raise ConfigError(f"{file}: cannot read: {error.strerror}") from None
    data = _parse(file, _read(file))
    prefix = ""
    if file.name == PYPROJECT:
        data = _tool_tables(data).get("doclint", {})
        prefix = "tool.doclint."
    if not isinstance(data, dict):
        raise ConfigError(f"{file}: `{prefix.rstrip('.')}` must be a table")
    config = Config(path=file)
    for key, value in data.items():
        attribute, valid = _validated(key, value, config, registry, f"{file}: ", prefix)
        setattr(config, attribute, valid)
        config.origins[key] = str(file)
    return config


def _validated(
    key: str, value: object, config: Config, registry: Registry, where: str, prefix: str = ""
) -> tuple[str, Any]:
    """The Config attribute of `key` and `value` checked for it; ConfigError
    naming `where` (the file, or --config) and the key."""
    if key not in KEYS:
        raise ConfigError(f"{where}unknown key `{prefix}{key}`{did_you_mean(key, KEYS)}")
    attribute, kind = KEYS[key]
    try:
        return attribute, kind.validate(value, config, registry)
    except (ValueError, SelectionError) as error:
        raise ConfigError(f"{where}`{prefix}{key}`: {error}") from None


def parse_override(text: str) -> dict[str, Any]:
    """`--config KEY=VALUE`: one TOML line (as ruff takes it), as a table;
    ConfigError when it is not valid TOML."""
    from doclint.util.toml import TomlError, read_toml

    try:
        return read_toml(text)
    except TomlError as error:
        raise ConfigError(
            f"--config {text!r}: neither a configuration file nor KEY=VALUE in TOML ({error})"
        ) from None


def apply_overrides(config: Config, overrides: list[dict[str, Any]], registry: Registry) -> None:
    """Set the values of `--config KEY=VALUE` over the file's, checked as the
    file's are. A table (severity, per-file-ignores, rules) is merged into the
    file's, key by key; any other value replaces it. Relative paths start from
    the current folder, as in ruff."""
    scratch = Config(path=Path.cwd().absolute() / "--config")
    for data in overrides:
        for key, value in data.items():
            attribute, valid = _validated(key, value, scratch, registry, "--config ")
            old = getattr(config, attribute)
            if isinstance(old, dict) and isinstance(valid, dict):
                valid = {**old, **valid}
            setattr(config, attribute, valid)
            config.origins[key] = COMMAND_LINE


def read_listing(file: Path, limit: int) -> list[str]:
    """A `known-paths` listing: one path per line; ConfigError when unreadable."""
    try:
        return read_named(file, limit, limit_name="--max-file-size").decode("utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"cannot read {file}: {getattr(error, 'strerror', error)}") from None


def load_profile(path: Path) -> GeneratorProfile:
    """The generator profile of a TOML file, read as a configuration is
    (bounded, inside its checkout); ProfileError for one missing or wrong."""
    try:
        text = read_named(path, CONFIG_LIMIT).decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or "not UTF-8"
        raise ProfileError(f"{path}: cannot read the profile: {reason}") from None
    return parse_generator(text, str(path))


def _read(file: Path) -> str:
    """The text of a configuration file, bounded (CONFIG_LIMIT): never waiting on
    a FIFO, never gigabytes in memory."""
    try:
        return read_named(file, CONFIG_LIMIT).decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{file}: cannot read: {getattr(error, 'strerror', error)}") from None


def _refuse_foreign(owner: int, file: Path) -> None:
    """ConfigError for a file owned by neither this user nor root."""
    if owner not in (0, os.getuid()):
        raise ConfigError(
            f"{file}: owned by another user (uid {owner}), not by you or root; refused, "
            "as git refuses such a repository: remove it or pass --isolated"
        )


def _parse(file: Path, text: str) -> dict[str, Any]:
    from doclint.util.toml import TomlError, read_toml  # a tree without a configuration reads none

    try:
        return read_toml(text)
    except TomlError as error:
        raise ConfigError(f"{file}: invalid TOML: {error}") from None


# Every validator takes (value, config, registry) and returns the value to keep.
Validator = Callable[[Any, Config, Registry], Any]


def _strings(value: object, *_: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError("expected a list of strings")
    return value


def _selectors(value: object, config: Config, registry: Registry) -> list[str]:
    selectors = _strings(value)
    check_selectors(registry, selectors)
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
    check_selectors(registry, table)
    for selector, level in table.items():
        if level not in levels:
            raise ValueError(f"{selector}: expected one of {', '.join(levels)}, not {level!r}")
    return table


def _rules(value: object, config: Config, registry: Registry) -> dict[str, dict[str, OptionValue]]:
    options = {}
    for key, values in _table(value).items():
        rule = registry.lookup(key)
        if rule is None:
            names = [known.name for known in registry.sorted_rules()]
            raise ValueError(f"no rule {key!r}{did_you_mean(key, names)}")
        if not isinstance(values, dict):
            raise ValueError(f"{key}: expected a table of options")
        resolved = rule.resolve_options(values)
        options[rule.code] = {name: resolved[name] for name in values}
    return options


def _boolean(value: object, *_: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError("expected true or false")
    return value


def _path(value: object, config: Config, registry: Registry) -> Path:
    """A path of the configuration, relative to its folder and inside it once
    symbolic links are resolved."""
    if not isinstance(value, str):
        raise ValueError("expected a path (a string)")
    path = config.base / value
    base = os.path.realpath(config.base)
    real = os.path.realpath(path)
    if real != base and not real.startswith(os.path.join(base, "")):
        raise ValueError(
            f"{value!r} leads outside the folder of this configuration ({config.base}); "
            "a configuration may only name paths inside its own folder"
        )
    return path


def _folder_below(value: object, config: Config, registry: Registry) -> Path:
    """A folder doclint writes (the cache): inside the configuration's folder,
    never that folder itself."""
    path = _path(value, config, registry)
    if os.path.realpath(path) == os.path.realpath(config.base):
        raise ValueError(f"{value!r} is the folder of this configuration, not one inside it")
    return path


def _relative_path(kind: str, exists: Callable[[Path], bool]) -> Validator:
    def validate(value: object, config: Config, registry: Registry) -> Path:
        path = _path(value, config, registry)
        if not exists(path):
            raise ValueError(f"{path} is not {kind}")
        return path

    return validate


def _profiles(value: object, config: Config, registry: Registry) -> tuple[GeneratorProfile, ...]:
    """The profile files named, read: a mistake in one is a line naming it,
    its line and its key, and so is a template id another generator has."""
    profiles = tuple(load_profile(_path(path, config, registry)) for path in _strings(value))
    if any(profile.templates for profile in profiles):
        # Read here only when a profile has templates: a run without reads none.
        from doclint.profiles.templates import templates_with

        templates_with(profiles)
    return profiles


def _output_format(value: object, *_: object) -> str:
    if value not in FORMATS:
        close = did_you_mean(str(value), FORMATS)
        raise ValueError(f"expected one of {', '.join(FORMATS)}, not {value!r}{close}")
    return str(value)


class Kind(NamedTuple):
    """What a key's value may be, said once: the check of a value, and the same
    as JSON Schema (`doclint config-schema`)."""

    validate: Validator
    schema: Callable[[Registry], dict[str, Any]]


def _fixed(schema: dict[str, Any]) -> Callable[[Registry], dict[str, Any]]:
    return lambda registry: schema


def _option_schema(default: OptionValue) -> dict[str, Any]:
    if isinstance(default, tuple):
        return {"type": "array", "items": {"type": "string"}}
    # bool before int: True is an int to Python, not to TOML
    types = [(bool, "boolean"), (int, "integer"), (float, "number"), (str, "string")]
    return {"type": next(name for kind, name in types if isinstance(default, kind))}


def _rules_schema(registry: Registry) -> dict[str, Any]:
    tables = {}
    for rule in registry.sorted_rules():
        options = {name: _option_schema(option.default) for name, option in rule.options.items()}
        table = {"type": "object", "properties": options, "additionalProperties": False}
        tables[rule.name] = tables[rule.code] = table
    return {"type": "object", "properties": tables, "additionalProperties": False}


_STRINGS = {"type": "array", "items": {"type": "string"}}
STRINGS = Kind(_strings, _fixed(_STRINGS))
SELECTORS = Kind(_selectors, _fixed(_STRINGS))
BOOLEAN = Kind(_boolean, _fixed({"type": "boolean"}))
LEVELS = {"enum": [str(level) for level in Severity]}

# Key -> (Config attribute, kind of value).
KEYS: dict[str, tuple[str, Kind]] = {
    "select": ("select", SELECTORS),
    "extend-select": ("extend_select", SELECTORS),
    "ignore": ("ignore", SELECTORS),
    "per-file-ignores": (
        "per_file_ignores",
        Kind(_per_file_ignores, _fixed({"type": "object", "additionalProperties": _STRINGS})),
    ),
    "include": ("include", STRINGS),
    "extend-include": ("extend_include", STRINGS),
    "exclude": ("exclude", STRINGS),
    "extend-exclude": ("extend_exclude", STRINGS),
    "respect-gitignore": ("respect_gitignore", BOOLEAN),
    "severity": (
        "severity",
        Kind(_severity, _fixed({"type": "object", "additionalProperties": LEVELS})),
    ),
    "rules": ("rules", Kind(_rules, _rules_schema)),
    "known-paths": (
        "known_paths",
        Kind(_relative_path("a file", Path.is_file), _fixed({"type": "string"})),
    ),
    "root": ("root", Kind(_relative_path("a folder", Path.is_dir), _fixed({"type": "string"}))),
    "output-format": ("output_format", Kind(_output_format, _fixed({"enum": list(FORMATS)}))),
    "cache-dir": ("cache_dir", Kind(_folder_below, _fixed({"type": "string"}))),
    "unsafe-fixes": ("unsafe_fixes", BOOLEAN),
    "profiles": ("profiles", Kind(_profiles, _fixed(_STRINGS))),
}

"""`doclint check --show-files` and `--show-settings`: what a run would check
and with which settings, without checking anything. The settings print as
TOML, each line with where its value came from."""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path

from doclint.config.files import COMMAND_LINE, Config
from doclint.engine import Settings
from doclint.engine.registry import Registry, RuleEntry, rule_options
from doclint.profiles import SHIPPED, GeneratorProfile, Profile
from doclint.run.roots import roots_of_files
from doclint.tree.discovery import discover
from doclint.tree.reading import MAX_FILE_SIZE
from doclint.util.paths import display_path, printable


def show_files(paths: list[str], settings: Settings) -> bool:
    """Print the files a run would check, one a line; whether there are any."""
    cwd = Path.cwd()
    found = False
    for file in discover([Path(path) for path in paths], settings.path_filter()):
        print(printable(display_path(file, cwd)))
        found = True
    return found


def show_settings(
    settings: Settings, config: Config, registry: Registry, args: argparse.Namespace
) -> None:
    """Print the settings of the run as TOML, each value with where it came
    from: `default`, the configuration file, or `command line` (an option or
    --config KEY=VALUE). The root is the one the run would use: --root, the
    configuration's, or the roots the files imply (one line per root)."""
    file = config.path if config.path.is_file() else None
    rules = settings.rules(registry)
    given = _given_options(args)
    print("# The settings `doclint check` would run with; each line says where its value")
    print("# came from: default, the configuration file, or command line.")
    _line("configuration-file", str(file) if file else None, "" if file else "none found")
    _line("paths", args.paths, COMMAND_LINE if "paths" in given else DEFAULT)
    _line(
        "roots", [str(root) for root in _roots(args.paths, settings)], _root_origin(config, given)
    )
    _line("output-format", args.output_format, _origin("output-format", config, given))
    _line("selected-rules", [f"{rule.code} {rule.name}" for rule in rules], "selected")
    for field in dataclasses.fields(settings):
        key = field.name.replace("_", "-")
        if key in _NOT_SHOWN:
            continue
        value = getattr(settings, field.name)
        if key == "known-paths" and value is not None:
            value = f"<{len(value):,} paths>"
        if key == "profiles":
            value = [_place(Path(profile.origin)) for profile in value]
        _line(key, value, _origin(key, config, given))
    replaced = _replaced_builtins((*settings.profiles, *settings.generators))
    for place, (builtin, why) in replaced.items():
        print(f"# {printable(place)} replaces the built-in profile {builtin}: {why}")
    kept = ", ".join(f"{builtin} replaced by {place}" for place, (builtin, _) in replaced.items())
    _line("builtin-profiles", list(SHIPPED), "shipped with doclint" + (f"; {kept}" if kept else ""))
    unsafe = args.unsafe_fixes or config.unsafe_fixes
    _line("unsafe-fixes", unsafe, _origin("unsafe-fixes", config, given))
    _rule_options(rules, settings, config, registry)


def _rule_options(
    rules: list[RuleEntry], settings: Settings, config: Config, registry: Registry
) -> None:
    """A `[rules.NAME]` table per selected rule that has options (TOML's tables
    come after the plain keys): each option's value, defaults filled in."""
    given = {registry.entry(key): set(values) for key, values in settings.rule_options.items()}
    resolved = rule_options(rules, settings.rule_options, registry)
    for rule in rules:
        if not rule.facts.options:
            continue
        print(f"\n[rules.{rule.name}]")
        for key, value in resolved[rule.code].items():
            origin = config.origins.get("rules", DEFAULT) if key in given.get(rule, ()) else DEFAULT
            _line(key, value, origin)


DEFAULT = "default"
# Settings shown under another name above, or that only tools set.
_NOT_SHOWN = frozenset({"root", "base", "rule-options"})
# Settings keys the configuration file names otherwise.
_CONFIG_KEYS = {"rule-options": "rules"}


def _given_options(args: argparse.Namespace) -> set[str]:
    """The settings keys the command line gave (its options differ from their defaults)."""
    given = {
        key.replace("_", "-")
        for key, value in vars(args).items()
        if value not in (None, False, []) and key not in ("command", "config")
    }
    defaults = {"jobs": 0, "paths": ["."], "fail_on": "info", "color": "auto"}
    if not args.format_given:
        given.discard("output-format")
    for key, value in defaults.items():
        if getattr(args, key, None) == value:
            given.discard(key.replace("_", "-"))
    if args.max_file_size == MAX_FILE_SIZE:
        given.discard("max-file-size")
    given |= {"cache"} if args.no_cache else set()
    given |= {"respect-gitignore"} if args.no_respect_gitignore else set()
    return given


def _origin(key: str, config: Config, given: set[str]) -> str:
    if key in given:
        return COMMAND_LINE
    return config.origins.get(_CONFIG_KEYS.get(key, key), DEFAULT)


def _root_origin(config: Config, given: set[str]) -> str:
    if "root" in given:
        return COMMAND_LINE
    return config.origins.get("root", "implied by the pages' titles, else the current folder")


def _roots(paths: list[str], settings: Settings) -> list[Path]:
    """The roots a run of `paths` would check its files in."""
    if settings.root is not None:
        return [settings.root.absolute()]
    cwd = Path.cwd()
    try:
        files = list(discover([Path(p) for p in paths], settings.path_filter()))
    except FileNotFoundError:
        files = []
    return list(roots_of_files(settings, files, cwd))


def _replaced_builtins(profiles: Sequence[GeneratorProfile]) -> dict[str, tuple[str, str]]:
    """Per file of a run's own profile that takes pages from a built-in one,
    that profile's name and how: a run's profiles are tried first, so one
    that reads the same docs folder or wiki folder, or bears the same name,
    replaces the built-in one there (a tree's configuration can switch a
    built-in generator's checks off so)."""
    replaced: dict[str, tuple[str, str]] = {}
    for profile in profiles:
        found = _replaced_by(profile)
        if found is not None:
            replaced[_place(Path(profile.origin))] = found
    return replaced


def _replaced_by(profile: GeneratorProfile) -> tuple[str, str] | None:
    """The built-in profile `profile` replaces, and how; None for none."""
    from doclint.profiles import builtin_profiles, templated_profiles
    from doclint.profiles.wikis import shipped_wikis

    if isinstance(profile, Profile):
        folder = profile.layout.docs_folder
        for builtin in builtin_profiles():
            if builtin.layout.docs_folder == folder:
                return builtin.name, f"it is tried first on the pages of {folder}/"
    ours = set(profile.wiki.folders) if profile.wiki is not None else set()
    for wiki in shipped_wikis():
        if shared := sorted(ours & set(wiki.grammar.folders)):
            return wiki.generator, f"it is tried first on the pages of {shared[0]}/"
    names = {builtin.name for builtin in (*builtin_profiles(), *templated_profiles())}
    names |= {wiki.generator for wiki in shipped_wikis()}
    return (profile.name, "it bears the same name") if profile.name in names else None


def _place(file: Path) -> str:
    """A file as a user named it: relative to the working folder when inside
    it, else absolute."""
    cwd = Path.cwd()
    return display_path(file, cwd) if file.absolute().is_relative_to(cwd) else str(file)


def _line(key: str, value: object, origin: str) -> None:
    """`key = value  # origin`; a value not set is a comment (TOML has no null)."""
    comment = f"  # {printable(origin)}" if origin else ""  # the configuration's path
    if value is None:
        print(f"# {key} is not set{comment}")
    else:
        print(f"{key} = {_toml(value)}{comment}")


def _toml(value: object) -> str:
    """`value` as a TOML value: strings in JSON's escapes (which TOML reads), paths
    as strings."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, Path):
        return json.dumps(str(value))
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, dict):
        items = ", ".join(f"{json.dumps(str(k))} = {_toml(v)}" for k, v in value.items())
        return "{" + (f" {items} " if items else "") + "}"
    return json.dumps(str(value))

"""The settings an editor gives the server: in `initializationOptions` and in
`workspace/didChangeConfiguration` (docs/editors.md, "Settings").

They are the command line's, for every page of the workspace: `select` and
`ignore` as `--select` and `--ignore` (rule codes, prefixes or names),
`config` as `--config FILE` (a configuration file used for every page in
place of the one closest above it; relative to the workspace's first
folder). A client may give them as they are or under a `doclint` key (as
`settings.json` nests them). A value of the wrong type is left out, and said.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from doclint.util.records import NamedTuple

KEYS = ("select", "ignore", "config")


class ClientSettings(NamedTuple):
    """What the client asked for; the defaults change nothing."""

    select: tuple[str, ...] | None = None
    """Replaces the configuration's whole selection, as `--select` does."""
    ignore: tuple[str, ...] = ()
    """Added to the configuration's ignore, as `--ignore` adds."""
    config: Path | None = None
    """The configuration file of every page, as `--config FILE` names one."""


def client_settings(given: object, root: Path) -> tuple[ClientSettings, list[str]] | None:
    """The settings in what the client sent (`initializationOptions`, or a
    `didChangeConfiguration`'s `settings`), and a line per value left out;
    None when it sent none of doclint's (nothing, or other servers' settings)."""
    nested = isinstance(given, dict) and isinstance(given.get("doclint"), dict)
    if nested:
        assert isinstance(given, dict)
        given = given["doclint"]
    if not isinstance(given, dict) or not (nested or any(key in KEYS for key in given)):
        return None
    problems = [
        f"unknown setting `doclint.{key}` (known: {', '.join(KEYS)})"
        for key in given
        if key not in KEYS
    ]
    select = _selectors(given.get("select"), "select", problems)
    ignore = _selectors(given.get("ignore"), "ignore", problems) or ()
    config = given.get("config")
    if config is not None and not (isinstance(config, str) and config.strip()):
        problems.append("`doclint.config` must be a configuration file's path; left out")
        config = None
    path = root / Path(config).expanduser() if isinstance(config, str) else None
    return ClientSettings(select, ignore, path), problems


def _selectors(value: object, key: str, problems: list[str]) -> tuple[str, ...] | None:
    """Rule selectors given as a list of strings or one comma-separated
    string (as the command line takes them); None when not given."""
    if value is None:
        return None
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, Sequence) or not all(isinstance(part, str) for part in value):
        problems.append(f"`doclint.{key}` must be a list of rule codes or names; left out")
        return None
    return tuple(part.strip() for part in value if part.strip())

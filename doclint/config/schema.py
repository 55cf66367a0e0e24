"""The JSON Schema of doclint's configuration (`doclint config-schema`), for
editors checking `doclint.toml` or `[tool.doclint]`. Built from the table of
keys that validates configuration files (config.KEYS), so the two cannot
disagree."""

from __future__ import annotations

from typing import Any

from doclint.config.files import KEYS
from doclint.engine.registry import Registry
from doclint.version import __version__


def config_schema(registry: Registry) -> dict[str, Any]:
    """The schema of one configuration table, with the rules (and plugins) installed."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"doclint {__version__} configuration: doclint.toml or [tool.doclint]",
        "type": "object",
        "properties": {key: kind.schema(registry) for key, (_, kind) in KEYS.items()},
        "additionalProperties": False,
    }

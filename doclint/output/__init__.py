"""Render the findings of a run for people, editors, CI systems and code review.

Each format is a function from a `RunOutput` to the chunks of text it writes;
`FORMATS` maps the names `--output-format` accepts to them. Those written one
part per file are `Layout`s (`LAYOUTS`), which a run can re-render file by file. Formats that show
or hash a finding's line read it through `RunOutput.sources`, which opens only
the files that have findings, each once.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any, TypeVar

from doclint.output.layout import Layout
from doclint.output.run_output import Format, RunOutput, knock_on, statistics, summary

T = TypeVar("T")


class _OnFirstUse(Mapping[str, T]):
    """Values by name, each the attribute (a dotted path) of a module of this
    package, imported when the value is first asked: a run imports the one
    format it writes, not every format's module (HTML's assets, SARIF's)."""

    def __init__(self, places: dict[str, tuple[str, str]]) -> None:
        self._places = places
        self._values: dict[str, T] = {}

    def __getitem__(self, name: str) -> T:
        value = self._values.get(name)
        if value is None:
            module, attribute = self._places[name]
            found: Any = importlib.import_module(f"doclint.output.{module}")
            for part in attribute.split("."):
                found = getattr(found, part)
            value = self._values[name] = found
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._places)

    def __len__(self) -> int:
        return len(self._places)


_LAYOUT_PLACES = {
    "full": ("text", "FULL"),
    "concise": ("text", "CONCISE"),
    "json": ("json_formats", "JSON"),
    "jsonl": ("json_formats", "JSONL"),
    "github": ("github", "GITHUB"),
    "sarif": ("sarif", "SARIF"),
}

LAYOUTS: Mapping[str, Layout] = _OnFirstUse(_LAYOUT_PLACES)
"""The formats written one part per file (see layout.py)."""

FORMATS: Mapping[str, Format] = _OnFirstUse(
    {
        **{name: (module, f"{layout}.render") for name, (module, layout) in _LAYOUT_PLACES.items()},
        "junit": ("junit", "as_junit"),
        "gitlab": ("gitlab", "as_gitlab"),
        "html": ("html", "as_html"),
    }
)

__all__ = [
    "FORMATS",
    "LAYOUTS",
    "Format",
    "Layout",
    "RunOutput",
    "knock_on",
    "statistics",
    "summary",
]

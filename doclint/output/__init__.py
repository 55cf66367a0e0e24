"""Render the findings of a run for people, editors, CI systems and code review.

Each format is a function from a `RunOutput` to the chunks of text it writes;
`FORMATS` maps the names `--output-format` accepts to them. Those written one
part per file are `Layout`s (`LAYOUTS`), which a run can re-render file by file. Formats that show
or hash a finding's line read it through `RunOutput.sources`, which opens only
the files that have findings, each once.
"""

from __future__ import annotations

from doclint.output import github, gitlab, html, json_formats, junit, sarif, text
from doclint.output.layout import Layout
from doclint.output.run_output import Format, RunOutput, knock_on, statistics, summary

LAYOUTS: dict[str, Layout] = {
    "full": text.FULL,
    "concise": text.CONCISE,
    "json": json_formats.JSON,
    "jsonl": json_formats.JSONL,
    "github": github.GITHUB,
    "sarif": sarif.SARIF,
}
"""The formats written one part per file (see layout.py)."""

FORMATS: dict[str, Format] = {
    **{name: layout.render for name, layout in LAYOUTS.items()},
    "junit": junit.as_junit,
    "gitlab": gitlab.as_gitlab,
    "html": html.as_html,
}

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

"""Render the findings of a run for people, editors, CI systems and code review.

Each format is a function from a `RunOutput` to the chunks of text it writes;
`FORMATS` maps the names `--output-format` accepts to them. Formats that show
or hash a finding's line read it through `RunOutput.sources`, which opens only
the files that have findings, each once.
"""

from __future__ import annotations

from doclint.output import github, gitlab, json_formats, junit, sarif, text
from doclint.output.run import Format, RunOutput, statistics, summary

FORMATS: dict[str, Format] = {
    "full": text.full,
    "concise": text.concise,
    "json": json_formats.as_json,
    "jsonl": json_formats.as_jsonl,
    "sarif": sarif.as_sarif,
    "junit": junit.as_junit,
    "github": github.as_github,
    "gitlab": gitlab.as_gitlab,
}

__all__ = ["FORMATS", "Format", "RunOutput", "statistics", "summary"]

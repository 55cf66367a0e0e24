"""A generator's hierarchy record (RepoAgent's `project_hierarchy.json`):
per source, the objects it documented, each with its kind and line range.

The record is a claim of its own: it says a source defines an object at
some lines, whether or not the page heads it. It is read like a source,
through the tree's one guarded reader (regular, inside the root, bounded),
and parsed once per run; a record that is not what the format says is one
problem, told in one line, and claims nothing.
"""

from __future__ import annotations

import json
import posixpath
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from doclint.rule_api import RuleContext, shown_target, shown_tree_path
from doclint.rule_api_generators import Profile

RECORD_LIMIT = 32 * 1024 * 1024
"""A larger record is not parsed: RepoAgent's own is a few MB on a large repository."""


class RecordedObject(NamedTuple):
    """One object the record lists for a source."""

    name: str
    kind: str
    """"class" or "function", by the profile's heading kinds."""
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Hierarchy:
    """A record as read: its path, the objects per source (relative to the
    project), or the one-line reason it cannot be used."""

    path: str
    sources: dict[str, tuple[RecordedObject, ...]]
    problem: str | None = None


def hierarchy_of(profile: Profile, project: str, ctx: RuleContext) -> Hierarchy | None:
    """The record of the project's pages, when the profile names one and the
    project has it."""
    if profile.layout.hierarchy is None:
        return None
    path = posixpath.join(project, profile.layout.hierarchy)
    if not ctx.is_file(path):
        return None
    size = ctx.file_size(path)
    if size is not None and size > RECORD_LIMIT:
        return Hierarchy(path, {}, f"over {RECORD_LIMIT // (1024 * 1024)} MiB, not read")
    source = ctx.source_at(path)
    if source is None:
        return Hierarchy(path, {}, "cannot be read")
    return _parse(path, source.text)


# The tree keeps one SourceFile per path, and a text's hash is kept with it:
# every page of the project asks again, and the record is parsed once a run.
@lru_cache(maxsize=1)
def _parse(path: str, text: str) -> Hierarchy:
    try:
        data = json.loads(text)
    except RecursionError:
        return Hierarchy(path, {}, "nested too deeply to read")
    except ValueError as error:
        where = f" (line {error.lineno})" if isinstance(error, json.JSONDecodeError) else ""
        return Hierarchy(path, {}, f"not JSON{where}")
    if not isinstance(data, dict):
        return Hierarchy(path, {}, "not an object of sources")
    sources: dict[str, tuple[RecordedObject, ...]] = {}
    for name, listed in data.items():
        # Older RepoAgent versions keep a source's objects by name, newer ones in a list.
        entries = list(listed.values()) if isinstance(listed, dict) else listed
        if not isinstance(entries, list):
            return Hierarchy(path, {}, f"the objects of {_shown(name)} are not a list")
        objects = [_object(entry) for entry in entries]
        if any(obj is None for obj in objects):
            return Hierarchy(path, {}, f"an object of {_shown(name)} lacks name, type or lines")
        # A record written on Windows names its sources with `\`.
        sources[str(name).replace("\\", "/")] = tuple(
            obj for obj in objects if isinstance(obj, RecordedObject)
        )
    return Hierarchy(path, sources)


# The record's own type words (RepoAgent's `DocItemType.to_str`), whatever
# words the profile's headings use.
_RECORD_KINDS = {"ClassDef": "class", "FunctionDef": "function", "AsyncFunctionDef": "function"}


def _object(entry: object) -> RecordedObject | bool | None:
    """The object an entry records; None for one that is not an object of the
    format; False for one of a type that is no class or function."""
    if not isinstance(entry, dict):
        return None
    name, kind = entry.get("name"), entry.get("type")
    start, end = entry.get("code_start_line"), entry.get("code_end_line")
    if not isinstance(name, str) or not isinstance(kind, str):
        return None
    if type(start) is not int or type(end) is not int:
        return None
    return RecordedObject(name, _RECORD_KINDS[kind], start, end) if kind in _RECORD_KINDS else False


def _shown(name: str) -> str:
    return f"`{shown_target(name, 80)}`"


def problem_line(hierarchy: Hierarchy) -> str:
    """The one line saying why the record claims nothing."""
    return f"`{shown_tree_path(hierarchy.path)}` claims nothing: {hierarchy.problem}"

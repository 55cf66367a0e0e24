"""Generator profiles: what a generator writes, described as data.

A profile is a TOML file validated at the boundary (`loading`) into frozen
data (`model`). The built-in ones ship beside this module; a user's are named
in the configuration (`profiles = ["my.toml"]`). A page belongs to a profile
of object pages when it sits in the profile's docs folder and its first
headings is one of the profile's object headings (a title line above them
changes nothing): a string test on the path, then a match on its heading
lines, so trees of other generators pay nothing for it.
The PyTorch generator's pages are recognised by their titles: its profile's
templates are what the parser reads them with (`doclint.profiles.templates`).
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from doclint.models.records import NamedTuple
from doclint.profiles.model import (
    CLAIMS,
    CONVENTIONS,
    PAGE_KINDS,
    CatalogueSentence,
    CountSentence,
    EntryOutline,
    FieldOutline,
    GeneratorProfile,
    Layout,
    Outline,
    PhraseBook,
    Profile,
    ProfileError,
    Template,
    phrase_book_of,
)
from doclint.util.digests import sha256_hex
from doclint.util.toml import read_toml

__all__ = [
    "CLAIMS",
    "CONVENTIONS",
    "PAGE_KINDS",
    "SHIPPED",
    "CatalogueSentence",
    "CountSentence",
    "EntryOutline",
    "FieldOutline",
    "GeneratorProfile",
    "Layout",
    "Outline",
    "PageReading",
    "PhraseBook",
    "Profile",
    "ProfileError",
    "Template",
    "builtin_docs_folders",
    "builtin_profiles",
    "heading_lines",
    "page_profile",
    "page_readings",
    "parse_generator",
    "parse_profile",
    "phrase_book_data",
    "phrase_book_of",
    "profile_schema",
    "templated_profiles",
]

SHIPPED: Mapping[str, str] = {
    "deepwiki": "wiki",
    "pytorch": "versions",
    "qoder": "wiki",
    "repoagent": "layout",
    "repoagent-2023": "layout",
    "repoagent-2024-01": "layout",
}
"""The profiles doclint ships, each a TOML file beside this module, by the
table that says which pages it describes: `layout` (object pages), `versions`
(templated pages) or `wiki`. Stated here so that a run reads only the TOMLs of
the kinds of page it meets (a test holds each entry to its TOML). They are
recognised with no configuration: those of object pages by their layout and
headings, those of templated pages by their titles, those of wikis by their
folders and marker."""

# The boundary models (pydantic) are built only when a profile is read: a
# run over a tree no profile describes reads only the built-in docs folders.


def parse_profile(text: str, origin: str, builtin: bool = False) -> Profile:
    """The profile of object pages a TOML text describes (see `loading.parse_profile`)."""
    from doclint.profiles import loading

    return loading.parse_profile(text, origin, builtin)


def parse_generator(text: str, origin: str, builtin: bool = False) -> GeneratorProfile:
    """The profile a TOML text describes, of object pages, templates or both
    (see `loading.parse_generator`)."""
    from doclint.profiles import loading

    return loading.parse_generator(text, origin, builtin)


def profile_schema() -> dict[str, Any]:
    """The JSON Schema of a profile file."""
    from doclint.profiles import schema

    return schema.profile_schema()


def phrase_book_data() -> dict[str, Any]:
    """The phrase book of each shipped generator of templated pages as JSON
    data (`doclint schema sentences`): one generator's alone when there is one."""
    from doclint.profiles import loading

    books = [loading.describe_phrase_book(profile) for profile in templated_profiles()]
    return books[0] if len(books) == 1 else {"generators": books}


@cache
def _shipped(name: str) -> tuple[str, dict[str, Any]]:
    """(TOML text, its data) of the shipped profile `name`, read once per
    process: package data beside this module (importlib.resources would
    import a zip reader and email parsing). A profile of another version of
    a shipped generator names it (`extends`): each table it states replaces
    that one's keys it names, and it has every other table of that one."""
    text = Path(__file__).with_name(f"{name}.toml").read_text(encoding="utf-8")
    data = read_toml(text)
    base = data.pop("extends", None)
    if base is None:
        return text, data
    base_text, base_data = _shipped(base)
    merged = {
        **base_data,
        **{
            key: {**base_data.get(key, {}), **value} if isinstance(value, dict) else value
            for key, value in data.items()
        },
    }
    return base_text + text, merged


def shipped_with(part: str) -> tuple[str, ...]:
    """The shipped profiles whose TOML has the table `part` (versions, layout, wiki)."""
    return tuple(name for name, table in SHIPPED.items() if table == part)


@cache
def shipped_profile(name: str) -> GeneratorProfile:
    """The shipped profile `name`, once per process and only when a run needs
    it, built from its TOML's data by plain code: a check imports no pydantic
    (its tests validate the shipped files whole against the schema), and its
    patterns compile on first use."""
    from doclint.profiles.building import built_profile

    text, data = _shipped(name)
    return built_profile(data, name, builtin=True, digest=sha256_hex(text.encode()))


@cache
def templated_profiles() -> tuple[GeneratorProfile, ...]:
    """The shipped profiles of templated pages (with `versions`), read once
    per process (worker processes forked from the run's process inherit
    them)."""
    return tuple(shipped_profile(name) for name in shipped_with("versions"))


@cache
def builtin_docs_folders() -> tuple[str, ...]:
    """The docs folder of each shipped profile of object pages: a page
    outside them is no built-in profile's, whatever it says."""
    folders = (_shipped(name)[1]["layout"]["docs_folder"] for name in shipped_with("layout"))
    return tuple(dict.fromkeys(folders))


@cache
def builtin_profiles() -> tuple[Profile, ...]:
    """The shipped profiles of object pages, read once per process."""
    return tuple(
        profile
        for name in shipped_with("layout")
        if isinstance(profile := shipped_profile(name), Profile)
    )


def in_some_layout(path: str, profiles: tuple[Profile, ...] = ()) -> bool:
    """Whether the page at `path` sits in the docs folder of one of
    `profiles` or of a built-in profile: where `page_readings` starts, so a
    page outside them is no profile's, whatever it holds."""
    in_given = any(profile.layout.docs_folder in path for profile in profiles)
    return in_given or _in_builtin_layout(path)


def _in_builtin_layout(path: str) -> bool:
    return any(folder in path for folder in builtin_docs_folders())


class PageReading(NamedTuple):
    """How one profile reads a page: its place in the profile's project
    (None when the profile did not write it), and why."""

    profile: Profile
    place: tuple[str, str] | None
    """(project folder, source path), relative to the tree root."""
    why: str
    """What decided it, for `doclint check --explain`."""


def page_readings(
    path: str,
    headings: Iterable[str],
    profiles: tuple[Profile, ...] = (),
    is_file: Callable[[str], bool] | None = None,
) -> Iterator[PageReading]:
    """How each profile (`profiles`, then the built-in ones where the page
    sits in one of their docs folders) reads the page at `path` (relative to
    the tree root) whose heading lines, in order and outside code blocks, are
    `headings`. A page is a profile's when it sits in the profile's layout
    and one of its headings is one of the profile's object headings: a title
    line or a preamble before them does not change what the page is. A page
    in the layout with none of them (a page cut off before its first object,
    say) is still the profile's when `is_file` finds one of the profile's
    markers in its project, unless it has headings of its own at the level of
    the profile's object headings (a `README.md` among the pages, a guide).
    `headings` is read once, and only for a page in some profile's layout."""
    if _in_builtin_layout(path):
        shipped = builtin_profiles()
        profiles = (*profiles, *(b for b in shipped if all(b is not p for p in profiles)))
    seen: list[str] | None = None
    for profile in profiles:
        layout = profile.layout
        place = layout.source_of(path) if layout.docs_folder in path else None
        if place is None:
            yield PageReading(profile, None, f"not in its layout: {layout.describe()}")
            continue
        if seen is None:
            seen = list(headings)
        yield _in_layout(profile, place, seen, is_file)


def _in_layout(
    profile: Profile,
    place: tuple[str, str],
    headings: list[str],
    is_file: Callable[[str], bool] | None,
) -> PageReading:
    """How the profile reads a page in its layout, with these heading lines."""
    layout, entries = profile.layout, profile.entries
    where = f"in its layout ({layout.describe()})"
    heading = next((h for h in headings if entries.pattern.match(h)), None)
    if heading is not None:
        return PageReading(profile, place, f"{where}, with its object heading `{heading.strip()}`")
    own = next((h for h in headings if _level(h) >= entries.base_level), None)
    if own is not None:
        why = f"{where}, but its heading `{own.strip()}` is none of the profile's object headings"
        return PageReading(profile, None, why)
    marker = _marker_of(profile, place[0], is_file)
    if marker is not None:
        return PageReading(profile, place, f"{where}, with no object heading, marker `{marker}`")
    return PageReading(profile, None, f"{where}, but with none of the profile's object headings")


def _level(heading: str) -> int:
    """The level of an ATX heading line: its count of leading `#`."""
    text = heading.lstrip(" ")
    return len(text) - len(text.lstrip("#"))


_FENCES = ("```", "~~~")


def heading_lines(lines: Iterable[str]) -> Iterator[str]:
    """The `#` heading lines of a page's lines, outside fenced code: the
    lines a profile's object headings are matched against where the page is
    not parsed (its rules read the parser's headings)."""
    fence = ""
    for line in lines:
        stripped = line.lstrip(" ")
        if len(line) - len(stripped) > 3:
            continue
        if fence:
            if stripped.startswith(fence) and not stripped[len(fence) :].strip(fence[0] + " \t"):
                fence = ""
        elif stripped.startswith(_FENCES):
            fence = stripped[: len(stripped) - len(stripped.lstrip(stripped[0]))]
        elif stripped.startswith("#"):
            yield line


def _marker_of(profile: Profile, project: str, is_file: Callable[[str], bool] | None) -> str | None:
    """The first of the profile's markers present in `project`, if any."""
    if is_file is None:
        return None
    for marker in profile.layout.markers:
        found = posixpath.join(project, marker)
        if is_file(found):
            return found
    return None


def page_profile(
    path: str,
    headings: Iterable[str],
    profiles: tuple[Profile, ...] = (),
    is_file: Callable[[str], bool] | None = None,
) -> tuple[Profile, str, str] | None:
    """(profile, project folder, source path) of the page at `path`: the
    first profile that reads it as its page (`page_readings`); None when no
    profile wrote it."""
    for reading in page_readings(path, headings, profiles, is_file):
        if reading.place is not None:
            return reading.profile, *reading.place
    return None

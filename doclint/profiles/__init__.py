"""Generator profiles: what a generator writes, described as data.

A profile is a TOML file validated at the boundary (`loading`) into frozen
data (`model`). The built-in ones ship beside this module; a user's are named
in the configuration (`profiles = ["my.toml"]`). A page belongs to a profile
of object pages when it sits in the profile's docs folder and its first
heading is one of the profile's object headings: a string test on the path,
then one match on one line, so trees of other generators pay nothing for it.
The PyTorch generator's pages are recognised by their titles: its profile's
templates are what the parser reads them with (`doclint.models.templates`).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from doclint.profiles.model import (
    CLAIMS,
    CONVENTIONS,
    PAGE_KINDS,
    CountSentence,
    GeneratorProfile,
    Layout,
    Outline,
    Profile,
    ProfileError,
    Template,
)

__all__ = [
    "BUILTIN_PROFILES",
    "CLAIMS",
    "CONVENTIONS",
    "PAGE_KINDS",
    "TEMPLATES_PROFILE",
    "CountSentence",
    "GeneratorProfile",
    "Layout",
    "Outline",
    "Profile",
    "ProfileError",
    "Template",
    "builtin_docs_folders",
    "builtin_profiles",
    "page_profile",
    "parse_generator",
    "parse_profile",
    "profile_schema",
    "templates_profile",
]

BUILTIN_PROFILES = ("repoagent",)
"""The profiles of object pages doclint ships, recognised with no configuration."""
TEMPLATES_PROFILE = "pytorch"
"""The shipped profile of the PyTorch Repository Documentation System, whose
pages are recognised by their titles: the templates the parser reads."""

# The boundary models (pydantic) are built only when a profile is read: a
# run over a tree no profile describes reads only the built-in docs folders.


def parse_profile(text: str, origin: str) -> Profile:
    """The profile of object pages a TOML text describes (see `loading.parse_profile`)."""
    from doclint.profiles import loading

    return loading.parse_profile(text, origin)


def parse_generator(text: str, origin: str) -> GeneratorProfile:
    """The profile a TOML text describes, of object pages, templates or both."""
    from doclint.profiles import loading

    return loading.parse_generator(text, origin)


def profile_schema() -> dict[str, Any]:
    """The JSON Schema of a profile file."""
    from doclint.profiles import loading

    return loading.profile_schema()


def _builtin_text(name: str) -> str:
    """The TOML text of a shipped profile: package data beside this module
    (importlib.resources would import a zip reader and email parsing)."""
    return (Path(__file__).parent / f"{name}.toml").read_text(encoding="utf-8")


@cache
def _builtin_texts() -> tuple[tuple[str, str], ...]:
    """(name, TOML text) of the shipped profiles of object pages."""
    return tuple((name, _builtin_text(name)) for name in BUILTIN_PROFILES)


@cache
def templates_profile() -> GeneratorProfile:
    """The PyTorch generator's profile, read and validated once per process
    (worker processes forked from the run's process inherit it)."""
    return parse_generator(_builtin_text(TEMPLATES_PROFILE), TEMPLATES_PROFILE)


@cache
def builtin_docs_folders() -> tuple[str, ...]:
    """The docs folder of each shipped profile, read without validating the
    rest: a page outside them is no built-in profile's, whatever it says
    (tests validate the shipped files whole)."""
    return tuple(tomllib.loads(text)["layout"]["docs_folder"] for _, text in _builtin_texts())


@cache
def builtin_profiles() -> tuple[Profile, ...]:
    """The shipped profiles, read once per process."""
    return tuple(parse_profile(text, name) for name, text in _builtin_texts())


def page_profile(
    path: str, first_heading: str | None, profiles: tuple[Profile, ...] = ()
) -> tuple[Profile, str, str] | None:
    """(profile, project folder, source path) of the page at `path` (relative
    to the tree root) whose first heading line is `first_heading`; None when
    no profile (`profiles`, then the built-in ones) wrote it."""
    if first_heading is None:
        return None
    if any(folder in path for folder in builtin_docs_folders()):
        profiles = (*profiles, *builtin_profiles())
    for profile in profiles:
        if profile.layout.docs_folder not in path:
            continue
        place = profile.layout.source_of(path)
        if place is not None and profile.entries.pattern.match(first_heading):
            return profile, *place
    return None

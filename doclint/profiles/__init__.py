"""Generator profiles: what a generator writes, described as data.

A profile is a TOML file validated at the boundary (`loading`) into frozen
data (`model`). The built-in ones ship beside this module; a user's are named
in the configuration (`profiles = ["my.toml"]`). A page belongs to a profile
when it sits in the profile's docs folder and its first heading is one of the
profile's object headings: a string test on the path, then one match on one
line, so trees of other generators pay nothing for it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from doclint.profiles.loading import ProfileError, load_profile, parse_profile, profile_schema
from doclint.profiles.model import CLAIMS, CONVENTIONS, Layout, Profile

__all__ = [
    "BUILTIN_PROFILES",
    "CLAIMS",
    "CONVENTIONS",
    "Layout",
    "Profile",
    "ProfileError",
    "builtin_profiles",
    "load_profile",
    "page_profile",
    "parse_profile",
    "profile_schema",
]

BUILTIN_PROFILES = ("repoagent",)
"""The profiles doclint ships, recognised with no configuration."""


@cache
def builtin_profiles() -> tuple[Profile, ...]:
    """The shipped profiles, read once per process (package data beside this
    module: importlib.resources would import a zip reader and email parsing)."""
    folder = Path(__file__).parent
    return tuple(
        parse_profile((folder / f"{name}.toml").read_text(encoding="utf-8"), name)
        for name in BUILTIN_PROFILES
    )


def page_profile(
    path: str, first_heading: str | None, profiles: tuple[Profile, ...] = ()
) -> tuple[Profile, str, str] | None:
    """(profile, project folder, source path) of the page at `path` (relative
    to the tree root) whose first heading line is `first_heading`; None when
    no profile (`profiles`, then the built-in ones) wrote it."""
    if first_heading is None:
        return None
    for profile in (*profiles, *builtin_profiles()):
        if profile.layout.docs_folder not in path:
            continue
        place = profile.layout.source_of(path)
        if place is not None and profile.entries.pattern.match(first_heading):
            return profile, *place
    return None

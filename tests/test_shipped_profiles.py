"""The shipped profiles where their frozen form is set aside (a shipped TOML
edited in a checkout): read from their TOML by the loader a user's profile
takes, each once a process and only when a run needs it, trusted."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from doclint import profiles
from doclint.profiles import loading, shipped_profile, shipped_with, templated_profiles
from doclint.profiles.wikis import shipped_wikis

from .test_frozen_profiles import assert_shared_objects_are_one_object

_CACHED = (
    shipped_profile,
    templated_profiles,
    profiles.builtin_profiles,
    profiles.builtin_docs_folders,
    shipped_wikis,
)


@pytest.fixture(autouse=True)
def no_frozen_form(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(profiles, "shipped_frozen", lambda: None)
    for cached in _CACHED:
        cached.cache_clear()
    yield
    for cached in _CACHED:
        cached.cache_clear()


def test_each_shipped_profile_is_named_by_the_tables_its_toml_has():
    assert shipped_with("versions") == ("pytorch",)
    assert shipped_with("layout") == ("repoagent",)
    assert shipped_with("wiki") == ("deepwiki", "qoder")
    assert [p.name for p in templated_profiles()] == ["pytorch"]
    assert [p.name for p in profiles.builtin_profiles()] == ["repoagent"]
    assert [w.generator for w in shipped_wikis()] == ["deepwiki", "qoder"]
    assert profiles.builtin_docs_folders() == ("markdown_docs",)


@pytest.mark.parametrize("name", profiles.SHIPPED)
def test_a_trusted_shipped_profile_is_the_one_its_whole_validation_gives(name):
    """The loader takes a shipped profile's phrase book and patterns as valid
    (`trusted`): validated whole, with every pattern compiled and its
    groups checked, it is the same profile."""
    text, data = profiles._shipped()[name]
    whole = loading.generator_of_data(text, data, name, builtin=True)
    assert whole == shipped_profile(name)


def test_a_trusted_profile_compiles_its_patterns_on_first_use():
    (profile,) = profiles.builtin_profiles()
    heading = profile.entries.pattern
    assert repr(heading).startswith("compiled_on_use(")
    assert heading.match("## ClassDef Widget") is not None


def test_objects_the_loader_shares_are_one_object():
    assert_shared_objects_are_one_object()


def test_a_shipped_profile_is_validated_once_a_process(monkeypatch):
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the loader ran again")

    shipped_profile("pytorch")
    monkeypatch.setattr(loading, "generator_of_data", refused)
    assert shipped_profile("pytorch").name == "pytorch"

"""The shipped profiles' frozen form: current with their TOML, equal to what
the loader builds, shared where the loader shares, and set aside when a TOML
changed."""

from __future__ import annotations

import re
from typing import NamedTuple

import pytest

from doclint import profiles
from doclint.profiles import (
    _shipped,
    _shipped_texts,
    loading,
    shipped_profile,
    templated_profiles,
)
from doclint.profiles.frozen import FROZEN, decode, encode, freeze, shipped_frozen
from doclint.profiles.model import PagePlaces
from doclint.profiles.wikis import shipped_wikis


def test_the_committed_frozen_form_is_that_of_the_shipped_toml():
    # `python -m doclint.profiles.frozen` writes it again after a TOML changes.
    assert FROZEN.read_text(encoding="utf-8") == freeze(dict(_shipped_texts()))


@pytest.mark.parametrize("trusted", [True, False])
def test_each_frozen_profile_equals_the_one_the_loader_builds(trusted):
    frozen = shipped_frozen(_shipped_texts())
    assert frozen is not None
    for name, (text, data) in _shipped().items():
        loaded = loading.generator_of_data(text, data, name, builtin=True, trusted=trusted)
        assert frozen.profile(name) == loaded


def assert_shared_objects_are_one_object() -> None:
    """The page places all templates of a generator share are one object, and
    the templates of a version share their titles (the loader's sharing, kept
    by the frozen form's encoding too)."""
    (profile,) = templated_profiles()
    assert len({id(template.places) for template in profile.templates}) == 1
    titles = [template.titles for template in profile.templates]
    assert len({id(t) for t in titles}) < len(titles)


def test_objects_the_loader_shares_are_one_object_when_decoded():
    assert_shared_objects_are_one_object()


def test_a_run_reads_the_frozen_form_and_no_pydantic_model(monkeypatch):
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the loader ran")

    monkeypatch.setattr(loading, "generator_of_data", refused)
    cached = (shipped_profile, templated_profiles, profiles.builtin_profiles, shipped_wikis)
    for each in cached:
        each.cache_clear()
    try:
        assert [p.name for p in templated_profiles()] == ["pytorch"]
        assert [p.name for p in profiles.builtin_profiles()] == ["repoagent"]
        assert [w.generator for w in shipped_wikis()] == ["deepwiki", "qoder"]
    finally:
        for each in cached:
            each.cache_clear()


def test_a_changed_toml_sets_the_frozen_form_aside():
    texts = _shipped_texts()
    assert shipped_frozen(texts) is not None
    changed = tuple((name, text + "\n# edited\n") for name, text in texts)
    assert shipped_frozen(changed) is None
    assert shipped_frozen(texts[1:]) is None  # a profile more or less: not theirs either


def test_the_codec_builds_only_the_model_classes():
    class Other(NamedTuple):
        x: int

    with pytest.raises(TypeError, match="Other"):
        encode(Other(1))
    with pytest.raises(TypeError, match="flags"):
        encode(re.compile("a", re.IGNORECASE))
    with pytest.raises(KeyError):
        decode({"class": "Popen", "fields": {"args": "true"}})
    places = PagePlaces("docs", {"file-docs": "{path}_docs.md"}, "", False, ())
    again = decode(encode((places, places)))
    assert again == (places, places) and again[0] is again[1]
    assert again[0].file_endings == ("_docs.md",)  # derived again on load


@pytest.mark.parametrize("editable", [True, False])
def test_an_install_that_is_not_editable_reads_no_shipped_toml(monkeypatch, editable):
    """A wheel carries the TOMLs its frozen form was written from: they are
    read (and digested) only where doclint's code may have changed since."""
    from doclint.models import installed

    def refused() -> None:
        raise AssertionError("a shipped TOML read")

    monkeypatch.setattr(installed, "editable_install", lambda name: editable)
    monkeypatch.setattr(profiles, "_shipped_texts", refused)
    if editable:
        with pytest.raises(AssertionError, match="TOML"):
            profiles.shipped_frozen()
    else:
        frozen = profiles.shipped_frozen()
        assert frozen is not None and frozen.names("versions") == ("pytorch",)


def test_doclint_of_the_checkout_counts_as_editable():
    from doclint.models import installed

    assert installed.editable_install("doclint")

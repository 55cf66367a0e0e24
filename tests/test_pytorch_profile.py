"""The PyTorch generator's templates are a profile: `doclint/profiles/pytorch.toml`,
read by the loader every profile goes through, versions sharing what their
templates take; its mistakes are one line naming the file, line and key."""

from __future__ import annotations

import json
import re
import tomllib

import jsonschema
import pytest

from doclint.config.files import load_profile
from doclint.models.generated import DocKind
from doclint.profiles import (
    PAGE_KINDS,
    Profile,
    ProfileError,
    parse_generator,
    templated_profiles,
    templates,
)
from doclint.profiles.generators import shipped_generators
from tests.checking import run_cli
from tests.conftest import PROJECT
from tests.test_profiles import error_of

PYTORCH = PROJECT / "doclint" / "profiles" / "pytorch.toml"


def templates_profile():
    """The PyTorch generator's shipped profile."""
    return next(profile for profile in templated_profiles() if profile.name == "pytorch")


def test_the_templates_are_the_profiles_versions():
    profile = templates_profile()
    assert not isinstance(profile, Profile)
    assert [t.id for t in profile.templates] == ["python", "cpp", "identifiers", "repo-book-v1"]
    assert list(shipped_generators().templates) == [t.id for t in profile.templates]
    assert set(PAGE_KINDS) == set(DocKind) - {DocKind.MARKDOWN}
    python, cpp, identifiers, v1 = profile.templates
    # A template takes its version's titles (one mapping), footer and labels...
    assert python.titles is cpp.titles is identifiers.titles
    assert v1.titles is not python.titles and v1.footer != python.footer
    assert cpp.metadata_labels == ("Path", "Size", "Type", "Extension")
    # ... adds its prose and outlines to its version's, and states its own claims.
    assert "Complete source code" in cpp.prose and "*No includes detected.*" in cpp.prose
    assert "*No includes detected.*" not in python.prose
    index = list(cpp.outlines["keyword-index"])
    assert index == ["File Information", "Keywords Extracted", "Keyword \u2192 Section Map"]
    assert "Includes" in cpp.outlines["keyword-index"]["Keywords Extracted"]
    assert "folder-doc" in python.outlines and "folder-doc" not in cpp.outlines
    assert (cpp.dependencies, cpp.proven_by, identifiers.proven_by) == ("includes", "C/C++", None)
    assert (v1.identifier_lists, python.identifier_lists) == (None, frozenset({"Identifiers"}))


def test_the_parsers_headings_are_the_profiles():
    """The headings the parser reads parts under are named in the Python module
    and stated in the profile's outlines: the two must agree."""
    stated = {
        heading
        for template in shipped_generators().templates.values()
        for outline in template.outlines.values()
        for section, allowed in outline.items()
        for heading in (section, *(allowed or ()))
    }
    named = {
        value
        for name, value in vars(templates).items()
        if name.isupper() and isinstance(value, str)
    }
    assert len(named) == 18 and named <= stated


def test_the_schema_validates_the_pytorch_profile(monkeypatch, capsys):
    out = run_cli(monkeypatch, capsys, PROJECT, "schema", "profile")
    schema = json.loads(out.out)
    data = tomllib.loads(PYTORCH.read_text(encoding="utf-8"))
    jsonschema.validate(data, schema)
    # A kind is a name of lowercase words (the loader then asks that it be a
    # built-in kind or one the profile declares under [kinds]).
    data["versions"][0]["titles"]["File Index"] = "Files: (?P<path>.*)"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            ("folder-index = 'Index", "folder-list = 'Index"),
            "my.toml:{folder-index = 'Index: `(?P<path>[^`]*)/`'}: "
            "versions.0.titles.folder-list.[key]: unknown page kind 'folder-list'",
        ),
        (
            ('counts = ["word", "line"]', 'counts = ["word"]'),
            "my.toml:{[[versions.templates.count_sentences]] after repo-book-v1}: "
            "versions.1.templates.0.count_sentences.0: the pattern has 2 groups for 1 counts",
        ),
        (
            ("Keyword Index: `(?P<path>", "Keyword Index: `(?P<where>"),
            "my.toml:{[versions.titles]}: "
            "versions.0.titles: keyword-index: the pattern has no named group",
        ),
        (
            ('keyword_section = "Keyword Index"\n', ""),
            "my.toml:{[[versions]] after identifiers}: versions.1: template repo-book-v1 "
            "states neither itself nor in its version: keyword_section",
        ),
        (('id = "cpp"', 'id = "python"'), "my.toml:1: (top): template ids given twice"),
        (
            ('prose_sentences = ["DP-INCLUDES"', 'prose_sentences = ["DP-INCLUDE"'),
            "my.toml:1: (top): prose_sentences names no fixed sentence of its phrase book:"
            " DP-INCLUDE",
        ),
        (
            ('prose_sentences = ["DP-INCLUDES"', 'prose_sentences = ["FP-GENERIC"'),
            "my.toml:1: (top): prose_sentences names no fixed sentence of its phrase book:"
            " FP-GENERIC",
        ),
        (
            ('dependencies = "includes"', 'dependencies = "links"'),
            'my.toml:{dependencies = "includes"}: '
            "versions.0.templates.1.dependencies: Input should be",
        ),
    ],
)
def test_a_mistake_in_a_template_is_one_line_naming_file_line_and_key(change, expected):
    text = PYTORCH.read_text(encoding="utf-8")
    assert change[0] in text
    assert error_of(text.replace(*change, 1), builtin=True).startswith(at_lines(expected, text))


def at_lines(expected: str, text: str) -> str:
    """`expected` with `{line}` (or `{line after ID}`: the first such line after
    the template or entry `id = "ID"`) made the number of that line of `text`,
    so that the profile may grow above the places the tests name."""

    def number(found: re.Match[str]) -> str:
        line, _, after = found.group(1).partition(" after ")
        lines = text.split("\n")
        start = lines.index(f'id = "{after}"') if after else 0
        return str(lines.index(line, start) + 1)

    return re.sub(r"\{(.+?)\}", number, expected, count=1)


def test_a_users_copy_of_the_templates_runs_on_re2_and_may_not_take_their_ids(
    tmp_path, monkeypatch, capsys
):
    """A configuration may name a profile of templated pages; its patterns are
    RE2's, and its templates' ids may not be those of a shipped generator."""
    mine = tmp_path / "mine.toml"
    # A tree's profile runs on RE2, which has no backreferences: its copy has none.
    copy = re.sub(r"\(\?P=\w+\)", ".+", PYTORCH.read_text(encoding="utf-8"))
    mine.write_text(copy, encoding="utf-8")
    profile = load_profile(mine)
    assert [t.id for t in profile.templates] == ["python", "cpp", "identifiers", "repo-book-v1"]
    assert not any(template.builtin for template in profile.templates)
    (tmp_path / "doclint.toml").write_text('profiles = ["mine.toml"]\n', encoding="utf-8")
    done = run_cli(monkeypatch, capsys, tmp_path, "check", ".")
    assert done.code == 2
    assert "template id `python` is already the `pytorch` generator's" in done.err
    mine.write_text(copy + '[[fields]]\nname = "x"\nlabels = ["X"]\n', encoding="utf-8")
    with pytest.raises(ProfileError, match=r"mine\.toml:1: \(top\): fields describe object pages"):
        load_profile(mine)
    mine.write_text('name = "empty"\n', encoding="utf-8")
    with pytest.raises(ProfileError, match=r"mine\.toml:1: \(top\): .*describes no pages"):
        load_profile(mine)


# Entries added to the older version's phrase book: one of the version's, one of its template's.
PHRASES = r"""
[[versions.sentences]]
id = "V1-COMPLEXITY-ANY"
section = "Key Components"
pattern = '^Complexity: (?P<level>\w+)$'
claim = "how complex the file is"
unjudged = "the generator writes Standard for every file"

[[versions.templates.sentences]]
id = "V1-SUITE"
section = "Testing"
pattern = '^Refer to the PyTorch test suite for test coverage of this file\.$'
claim = "the file is covered by tests"
unjudged = "a placeholder: true of any file"
"""


def test_a_version_and_its_templates_hold_their_phrase_book():
    python, cpp, identifiers, older = parse_generator(
        PYTORCH.read_text(encoding="utf-8"), "x", builtin=True
    ).templates
    # The current version's entries are every template's; the folder pages' the python one's.
    shared = cpp.sentences
    assert shared and identifiers.sentences == shared
    assert python.sentences[: len(shared)] == shared and len(python.sentences) > len(shared)
    assert {entry.section for entry in python.sentences[len(shared) :]} >= {"Role in PyTorch"}
    assert older.sentences and not set(older.sentences) & set(python.sentences)

    text = PYTORCH.read_text(encoding="utf-8") + PHRASES
    older = parse_generator(text, "pytorch.toml", builtin=True).templates[-1]
    assert [entry.id for entry in older.sentences[-2:]] == ["V1-COMPLEXITY-ANY", "V1-SUITE"]
    wrong = text.replace("(?P<level>", "(?P<level", 1)
    assert error_of(wrong, builtin=True).startswith(
        at_lines(
            "my.toml:{pattern = '^Complexity: (?P<level>\\w+)$'}: versions.1.sentences.10.pattern:"
            " not a regular expression",
            text,
        )
    )


def test_the_profiles_page_kinds_are_the_parsers_kinds_of_generated_page():
    """The profiles room imports nothing of the models: the two lists are tied here."""
    assert set(PAGE_KINDS) == {kind.value for kind in DocKind} - {DocKind.MARKDOWN.value}

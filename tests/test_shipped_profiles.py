"""The shipped profiles: read from their TOML at each start by plain code
(`building`), which imports no pydantic, each once a process and only when a
run needs it; equal to what validating them whole against the schema gives,
with every default the builder gives a key left out the schema's own."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest

from doclint import profiles
from doclint.profiles import building, loading, shipped_profile, shipped_with, templated_profiles
from doclint.profiles.schema import PROFILE
from doclint.profiles.schema_base import BUILTIN, DECLARED_KINDS
from doclint.profiles.wikis import shipped_wikis
from tests.conftest import PROJECT

_CACHED = (
    profiles._shipped,
    shipped_profile,
    templated_profiles,
    profiles.builtin_profiles,
    profiles.builtin_docs_folders,
    shipped_wikis,
)


@pytest.fixture
def fresh_process() -> Iterator[None]:
    """The shipped profiles as a new process first reads them."""
    for cached in _CACHED:
        cached.cache_clear()
    yield
    for cached in _CACHED:
        cached.cache_clear()


def test_each_shipped_profile_is_named_by_the_tables_its_toml_has(fresh_process):
    assert shipped_with("versions") == ("pytorch",)
    assert shipped_with("layout") == ("repoagent", "repoagent-2023", "repoagent-2024-01")
    assert shipped_with("wiki") == ("deepwiki", "qoder")
    assert [p.name for p in templated_profiles()] == ["pytorch"]
    assert [p.name for p in profiles.builtin_profiles()] == [
        "repoagent",
        "repoagent-2023",
        "repoagent-2024-01",
    ]
    assert [w.generator for w in shipped_wikis()] == ["deepwiki", "qoder"]
    assert profiles.builtin_docs_folders() == ("markdown_docs", "Markdown_Docs")


def test_a_shipped_profile_that_extends_another_has_its_tables_but_those_it_states():
    first, later = shipped_profile("repoagent-2023"), shipped_profile("repoagent")
    assert isinstance(first, profiles.Profile) and isinstance(later, profiles.Profile)
    assert first.callers == later.callers and first.fields == later.fields
    assert (first.layout.docs_folder, later.layout.docs_folder) == (
        "Markdown_Docs",
        "markdown_docs",
    )
    assert first.layout.page == later.layout.page  # a key of a stated table it leaves out
    assert (first.entries.base_level, later.entries.base_level) == (1, 2)


def test_each_shipped_profile_is_listed_by_the_one_table_its_toml_describes_pages_with():
    folder = Path(profiles.__file__).parent
    assert sorted(profiles.SHIPPED) == sorted(p.stem for p in folder.glob("*.toml"))
    for name, part in profiles.SHIPPED.items():
        data = tomllib.loads((folder / f"{name}.toml").read_text(encoding="utf-8"))
        assert [table for table in ("layout", "versions", "wiki") if table in data] == [part]


@pytest.mark.parametrize("name", profiles.SHIPPED)
def test_a_shipped_profile_is_the_one_its_whole_validation_gives(name):
    """Validated whole (every pattern compiled, its groups and its phrase
    book checked), a shipped profile is the one a run builds from its TOML."""
    text, data = profiles._shipped(name)
    assert loading.generator_of_data(text, data, name, builtin=True) == shipped_profile(name)


# A profile of each kind with each optional table present and every key
# the schema lets it leave out left out.
_EVERY_PART = """
name = "every-part"

[kinds.guide]
documents = "folder"

[layout]
docs_folder = "docs"
page = "{path}.md"
source = "{path}.py"

[entries]
heading = '^(?P<hashes>#+) (?P<kind>Class|Def) (?P<name>\\w+)'
kinds = { Class = "class", Def = "function" }

[labels]
line = '^\\*\\*(?P<label>\\w+)\\*\\*'

[[fields]]
name = "parameters"
labels = ["Parameters"]

[[sentences]]
text = "A fixed sentence."
claim = "caller-claim"

[[callers]]
pattern = '^Called by (?P<callers>.+)$'

[coverage]

[places]
docs_folder = "gen"
pages = { file-docs = "{path}_docs.md", guide = "{folder}/guide.md" }

[[versions]]
footer = "*Made by a generator.*"
titles = { file-docs = '^# (?P<path>.+)$', guide = '^# Guide: (?P<path>.+)$' }
keyword_section = "Keywords"
keyword_entry = '^- (?P<name>\\w+)$'
identifier_lists = "all"
metadata_labels = ["Type"]
count_sentences = [{ section = "Summary", pattern = '^(\\d+) lines$', counts = ["line"] }]

[[versions.sentences]]
id = "FP-ONE"
section = "Summary"
pattern = '^A file\\.$'
claim = "what it is"
proven_by = "file facts: it is"

[[versions.templates]]
id = "plain"

[wiki]
folders = ["wiki"]
links = [{ text = '^(?P<path>[^:]+):(?P<lines>\\d+)$' }]
source_lists = [{ start = "<details>", end = "</details>" }]
site = { link = '^/(?P<slug>[a-z-]+)$' }
names = { span = '^(?P<qualifier>)(?P<name>\\w+)$' }
markup = { pattern = "<cite>" }

[wiki.forms]
"""


@pytest.mark.parametrize("name", [*profiles.SHIPPED, "every-part"])
def test_each_default_the_builder_gives_is_the_schemas(name):
    """Built from its data as written and from the schema's whole dump of
    it (each key left out given the schema's default), a profile is the same."""
    data = tomllib.loads(_EVERY_PART) if name == "every-part" else profiles._shipped(name)[1]
    context = {BUILTIN: True, DECLARED_KINDS: tuple(data.get("kinds", ()))}
    whole = PROFILE.validate_python(data, context=context).model_dump()
    as_written = building.built_profile(data, name, builtin=True, digest="")
    assert building.built_profile(whole, name, builtin=True, digest="") == as_written
    if name == "every-part":
        assert as_written.wiki is not None and as_written.templates


def test_a_shipped_profiles_patterns_compile_on_first_use(fresh_process):
    profile = profiles.builtin_profiles()[0]
    heading = profile.entries.pattern
    assert repr(heading).startswith("compiled_on_use(")
    assert heading.match("## ClassDef Widget") is not None


def test_the_objects_the_builder_shares_are_one_object(fresh_process):
    """The page places all templates of a generator share are one object, and
    the templates of a version share their titles."""
    (profile,) = templated_profiles()
    assert len({id(template.places) for template in profile.templates}) == 1
    titles = [template.titles for template in profile.templates]
    assert len({id(t) for t in titles}) < len(titles)


def test_a_shipped_profile_is_built_once_a_process(fresh_process, monkeypatch):
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("built again")

    shipped_profile("pytorch")
    monkeypatch.setattr(building, "built_profile", refused)
    assert shipped_profile("pytorch").name == "pytorch"


def _examples(name: str) -> dict[str, object]:
    return tomllib.loads(next(PROJECT.glob(f"examples/*/{name}.toml")).read_text(encoding="utf-8"))


def _templated_with_a_wiki() -> dict[str, object]:
    data = dict(profiles._shipped("pytorch")[1])
    return {**data, "wiki": profiles._shipped("deepwiki")[1]["wiki"]}


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        *[
            (lambda name=name: profiles._shipped(name)[1], kind)
            for name, kind in (
                ("repoagent", "object-pages"),
                ("repoagent-2023", "object-pages"),
                ("pytorch", "templated"),
                ("deepwiki", "wiki"),
                ("qoder", "wiki"),
            )
        ],
        (lambda: _examples("tinydoc"), "object-pages"),
        (lambda: _examples("pagesmith"), "templated"),
        (lambda: _examples("llmwiki"), "wiki"),
        (lambda: tomllib.loads(_EVERY_PART), "object-pages"),
        (_templated_with_a_wiki, "templated"),
    ],
)
def test_a_profile_s_kind_is_the_schema_s_tag_its_tables_tell(data, kind):
    """Validated, a profile is the model of the kind its tables tell (the
    first kind whose tables it has: object pages, templated pages, a wiki);
    the JSON Schema `doclint schema profile` prints holds it to that kind's
    branch of the union and to no other."""
    given = data()
    context = {BUILTIN: True, DECLARED_KINDS: tuple(given.get("kinds", ()))}
    assert type(PROFILE.validate_python(given, context=context)).model_config["title"] == kind
    schema = profiles.profile_schema()
    branches = {
        schema["$defs"][choice["$ref"].rsplit("/", 1)[1]]["title"]: choice
        for choice in schema["oneOf"]
    }
    assert sorted(branches) == ["object-pages", "templated", "wiki"]
    holding = [
        name
        for name, branch in branches.items()
        if jsonschema.Draft202012Validator({**branch, "$defs": schema["$defs"]}).is_valid(given)
    ]
    assert holding == [kind]
    jsonschema.validate(given, schema)

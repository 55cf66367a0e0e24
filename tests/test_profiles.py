"""Generator profiles at their boundary: a profile file's mistakes are one line
naming the file, line and key; the configuration names profiles; `doclint
schema profile` publishes their schema; `doclint profile check` holds a
profile to its examples; a profiled docs folder implies its root."""

from __future__ import annotations

import json
import os
import shutil
import tomllib
from pathlib import Path

import jsonschema
import pytest

from doclint.config.files import load_profile
from doclint.engine.settings import Settings
from doclint.profiles import Profile, ProfileError, parse_profile, shipped_profile
from doclint.run.setup import key_text
from tests.checking import run_cli
from tests.conftest import PROJECT
from tests.pages import write

TINYDOC = PROJECT / "examples" / "profile" / "tinydoc.toml"


def error_of(text: str, builtin: bool = False) -> str:
    with pytest.raises(ProfileError) as raised:
        parse_profile(text, "my.toml", builtin)
    message = str(raised.value)
    assert "\n" not in message
    return message


def test_the_builtin_profile_and_the_example_load():
    repoagent = shipped_profile("repoagent")
    assert isinstance(repoagent, Profile)
    assert repoagent.name == "repoagent"
    assert repoagent.layout.source_of("x/markdown_docs/pkg/a.md") == ("x", "x/pkg/a.py")
    assert repoagent.layout.source_of("docs/pkg/a.md") is None
    assert load_profile(TINYDOC).layout.docs_folder == "reference"


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (('name = "tinydoc"', 'name = "Tiny Doc"'), "my.toml:2: name: String should match"),
        (
            ("(?P<name>\\w+)(?:", "(?P<nom>\\w+)(?:"),
            "my.toml:13: entries.heading: the pattern has no named group name",
        ),
        (
            ('convention = "all"', 'convention = "every"'),
            "my.toml:17: entries.convention: unknown convention 'every'",
        ),
        (
            ('claim = "not-placeholder"', 'claim = "not-a-placeholder"'),
            "my.toml:35: sentences.0.claim: unknown claim 'not-a-placeholder'",
        ),
        (
            ('labels = ["Summary"]', 'labels = ["Summary"]\ncolour = 1'),
            "my.toml:32: fields.1.colour: unknown key "
            "(keys: name, labels, item, none_words, claim)",
        ),
        (
            ("base_level = 2", "baselevel = 2"),
            "my.toml:14: entries.baselevel: unknown key (did you mean `base_level`?)",
        ),
        (
            ("[coverage]", "[coverag]"),
            "my.toml:41: coverag: unknown key (did you mean `coverage`?)",
        ),
        (
            ('name = "tinydoc"', 'extends = "repoagent"\nname = "tinydoc"'),
            "my.toml:2: extends: a profile you write states its tables whole",
        ),
        (("item = '^- `", "item = '^- `(("), "my.toml:26: fields.0.item: not a regular expression"),
        (("[layout]", "[layout"), "my.toml:6: not TOML: "),
    ],
)
def test_a_mistake_is_one_line_naming_file_line_and_key(change, expected):
    text = TINYDOC.read_text(encoding="utf-8").replace(*change, 1)
    assert error_of(text).startswith(expected)


def test_a_profile_that_cannot_be_read(tmp_path):
    with pytest.raises(ProfileError, match=r"^.*missing\.toml: cannot read the profile: "):
        load_profile(tmp_path / "missing.toml")


def test_the_configuration_names_profiles_and_reports_their_mistakes(tmp_path, monkeypatch, capsys):
    write(
        tmp_path,
        {
            "pkg/m.py": "def f(a):\n    pass\n",
            "reference/pkg/m.md": "## def `g(a)`\n_Summary_: G.\n",
            "doclint.toml": 'profiles = ["tinydoc.toml"]\n',
            "tinydoc.toml": TINYDOC.read_text(encoding="utf-8"),
        },
    )
    found = run_cli(monkeypatch, capsys, tmp_path, "check", "--no-cache", "reference")
    assert found.code == 1
    assert "DL701 error [missing-object] `pkg/m.py` defines no function `g`" in found.out
    # Without the profile the page is plain Markdown.
    (tmp_path / "doclint.toml").write_text("", encoding="utf-8")
    plain = run_cli(monkeypatch, capsys, tmp_path, "check", "--no-cache", "reference")
    assert plain.code == 0
    broken = TINYDOC.read_text(encoding="utf-8").replace("base_level = 2", "base_level = 9")
    (tmp_path / "tinydoc.toml").write_text(broken, encoding="utf-8")
    (tmp_path / "doclint.toml").write_text('profiles = ["tinydoc.toml"]\n', encoding="utf-8")
    wrong = run_cli(monkeypatch, capsys, tmp_path, "check", "--no-cache", "reference")
    assert wrong.code == 2
    (line,) = wrong.err.splitlines()
    assert line.endswith(
        "tinydoc.toml:14: entries.base_level: Input should be less than or equal to 6"
    )


def test_schema_profile_validates_the_profiles(monkeypatch, capsys):
    out = run_cli(monkeypatch, capsys, PROJECT, "schema", "profile")
    schema = json.loads(out.out)
    for text in (
        TINYDOC.read_text(encoding="utf-8"),
        (PROJECT / "doclint" / "profiles" / "repoagent.toml").read_text(encoding="utf-8"),
    ):
        jsonschema.validate(tomllib.loads(text), schema)
    wrong = tomllib.loads(TINYDOC.read_text(encoding="utf-8").replace("not-placeholder", "nope"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(wrong, schema)


def test_profile_check_holds_a_profile_to_its_examples(monkeypatch, capsys):
    example = PROJECT / "examples" / "profile"
    args = ["profile", "check", str(TINYDOC)]
    right = run_cli(monkeypatch, capsys, PROJECT, *args, "--good", str(example / "good"),
                    "--bad", str(example / "bad"))  # fmt: skip
    assert right.code == 0
    swapped = run_cli(monkeypatch, capsys, PROJECT, *args, "--good", str(example / "bad"),
                      "--bad", str(example / "good"))  # fmt: skip
    assert swapped.code == 1
    assert "shapes.md:6: good example breaks a claim: DL702" in swapped.out
    assert "good/reference/shapes.md: bad example, but no claim of tinydoc is broken" in (
        swapped.out
    )


def test_profile_check_refuses_a_broken_profile_and_a_folder_without_pages(
    tmp_path, monkeypatch, capsys
):
    (tmp_path / "p.toml").write_text("name = 1\n", encoding="utf-8")
    broken = run_cli(monkeypatch, capsys, tmp_path, "profile", "check", "p.toml")
    assert broken.code == 2
    assert broken.err.startswith("doclint: error: p.toml:1: name: ")
    empty = run_cli(monkeypatch, capsys, tmp_path, "profile", "check", str(TINYDOC), "--good", ".")
    assert empty.code == 2
    assert "no `reference/` folder of pages" in empty.err


def test_a_profiled_docs_folder_checked_from_outside_reads_the_sources_beside_it(
    tmp_path, monkeypatch, capsys
):
    project = tmp_path / "project"
    write(
        project,
        {
            "pkg/m.py": "def f(a):\n    pass\n",
            "markdown_docs/pkg/m.md": "## FunctionDef f(a, b)\n**f**: F.\n",
        },
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    found = run_cli(monkeypatch, capsys, elsewhere, "check", "--no-cache",
                    str(project / "markdown_docs"), "--output-format", "concise")  # fmt: skip
    assert found.code == 1
    assert (
        "DL702 error [signature-mismatch] `f` is written with (a, b); the code has (a)" in found.out
    )
    # Near miss: a markdown_docs folder whose pages are not RepoAgent's is no root.
    write(project, {"markdown_docs/pkg/m.md": "# Notes\n\nText.\n"})
    plain = run_cli(monkeypatch, capsys, elsewhere, "check", "--no-cache",
                    str(project / "markdown_docs"))  # fmt: skip
    assert plain.code == 0


def test_user_profiles_are_part_of_the_settings_the_cache_is_keyed_on():
    profile = load_profile(TINYDOC)
    assert key_text(Settings(profiles=(profile,)).profiles) == f'[{{"profile":"{profile.digest}"}}]'
    assert Path(profile.origin) == TINYDOC


def test_profile_check_escapes_the_names_it_prints(tmp_path, monkeypatch, capsys):
    """An example folder's name is the user's, and may hold a newline: a CI log
    must not get a forged workflow command from it."""
    forged = tmp_path / "x\n::error file=README.md,line=1::FORGED"
    shutil.copytree(PROJECT / "examples" / "profile" / "bad", forged)
    out = run_cli(monkeypatch, capsys, tmp_path, "profile", "check", str(TINYDOC),
                  "--good", forged.name)  # fmt: skip
    assert out.code == 1
    assert "good example breaks a claim" in out.out
    assert not any(line.startswith("::") for line in (out.out + out.err).splitlines())


@pytest.mark.parametrize("kind", ["fifo", "huge"])
def test_a_profile_is_read_as_a_configuration_is(tmp_path, monkeypatch, capsys, kind):
    """A profile a tree names is bounded and regular, as the configuration
    naming it: never a wait on a FIFO, never megabytes in memory."""
    profile = tmp_path / "p.toml"
    if kind == "fifo":
        os.mkfifo(profile)
    else:
        profile.write_text("# padding\n" * 200_000, encoding="utf-8")
    (tmp_path / "doclint.toml").write_text('profiles = ["p.toml"]\n', encoding="utf-8")
    (tmp_path / "a.md").write_text("# A\n", encoding="utf-8")
    out = run_cli(monkeypatch, capsys, tmp_path, "check", "a.md")
    assert out.code == 2
    [line] = out.err.splitlines()
    assert "p.toml: cannot read the profile: " in line

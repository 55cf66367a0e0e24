"""A configure template (`X.in`) is read in the language of what it makes,
with the names of its placeholders as code wherever they stand."""

from __future__ import annotations

from doclint_rules._languages import language_of, python

SOURCE = (
    "# ${generated_comment}\n"
    "# Only a comment names this word.\n"
    "__all__ = ${return_types___all__}\n"
    'VERSION = "@PROJECT_VERSION@"\n'
)


def test_a_placeholder_in_a_comment_is_code():
    language = language_of("tools/pyi/return_types.pyi.in")
    assert language is not None and language.name == python.LANGUAGE.name
    found = language.read(SOURCE)
    for name in ("generated_comment", "return_types___all__", "PROJECT_VERSION"):
        assert name in found.code and not found.only_in_prose(name)


def test_near_miss_the_comment_around_it_stays_prose_and_a_plain_file_has_no_placeholders():
    found = language_of("tools/pyi/return_types.pyi.in").read(SOURCE)
    assert found.only_in_prose("Only")
    # Not a template: `${...}` in a comment of a Python file is prose like the rest.
    assert python.LANGUAGE.read(SOURCE).only_in_prose("generated_comment")
    assert language_of("notes.in") is None

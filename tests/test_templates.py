"""Every template the generator writes is recognised, and its pages read into
the models: the real pages of each source kind and template version."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from doclint_rules._languages import languages

from doclint.models.generated import DocKind, FileDocs, KeywordIndex
from doclint.models.languages import LANGUAGES, PROJECT_LANGUAGES
from doclint.parsing.pages import parse_page
from doclint.profiles import patterns
from doclint.profiles.generators import shipped_generators
from doclint.profiles.model import PhraseBook
from doclint.profiles.patterns import literal_lead
from doclint.profiles.templates import TitlePattern
from tests.checking import run_cli
from tests.conftest import PROJECT, REAL, SHARED, require_shared

GENERATORS = shipped_generators()
TEMPLATES = GENERATORS.templates
TEMPLATE_PAGES = SHARED / "corpus" / "templates"
REAL_CPP = SHARED / "corpus" / "real-cpp"
# The template of each folder of corpus/templates, as its pages show it.
TEMPLATE_OF_FOLDER = {
    "cu": "cpp",
    "cuh": "cpp",
    "pyi": "python",
    "in": "repo-book-v1",
    "mm": "repo-book-v1",
    **{kind: "identifiers" for kind in ("cmake", "java", "json", "md", "sh", "txt", "yaml")},
}


def _parse(path: Path, page_path: str):
    return parse_page(path.read_text(encoding="utf-8", errors="replace"), page_path)


def test_every_template_page_is_recognised():
    require_shared()
    pages = sorted(path for path in TEMPLATE_PAGES.rglob("*") if path.is_file())
    assert {path.parent.name for path in pages} == set(TEMPLATE_OF_FOLDER)
    for path in pages:
        name = path.name.removesuffix(".first16000")
        page = _parse(path, f"docs/some/folder/{name}")
        expected = DocKind.KEYWORD_INDEX if name.endswith("_kw.md") else DocKind.FILE_DOCS
        assert (page.kind, page.template) == (expected, TEMPLATE_OF_FOLDER[path.parent.name]), path
        assert page.source_kind == f".{path.parent.name}", path


@pytest.mark.parametrize("corpus", [REAL, REAL_CPP], ids=["real", "real-cpp"])
def test_every_real_page_is_recognised(corpus):
    """Folder pages and the start page are one template for every kind; a
    page about a page (level 2) documents a `.md` file: the identifiers template."""
    require_shared()
    for path in sorted((corpus / "docs").rglob("*.md")):
        page = _parse(path, path.relative_to(corpus).as_posix())
        if page.kind not in (DocKind.FILE_DOCS, DocKind.KEYWORD_INDEX):
            expected = "python"
            assert page.source_kind == "", path
        elif page.level > 1 or page.described.endswith(".md"):
            expected = "identifiers"
        else:
            expected = "python" if page.described.endswith(".py") else "cpp"
        assert page.kind is not DocKind.MARKDOWN, path
        assert page.template == expected, path


def test_a_cpp_file_documentation_reads_into_the_model():
    require_shared()
    path = REAL_CPP / "docs/aten/src/ATen/cuda/detail/CUDAHooks.cpp_docs.md"
    page = _parse(path, path.relative_to(REAL_CPP).as_posix())
    lines = path.read_text(encoding="utf-8").split("\n")
    assert isinstance(page, FileDocs)
    assert [(c.line, c.what, c.value) for c in page.overview_counts] == [
        (581, "class/struct", 0),
        (581, "function", 53),
    ]
    assert [n.name for n in page.classes_defined] == ["_Initializer"]
    assert [n.name for n in page.namespaces] == ["at", "c10"]
    includes = [d.module for d in page.dependencies]
    assert includes[:2] == ["ATen/cuda/detail/CUDAHooks.h", "ATen/cuda/CUDAGeneratorImpl.h"]
    assert all(not d.names for d in page.dependencies)
    for entry in [*page.classes_defined, *page.namespaces]:
        assert lines[entry.line - 1][entry.column - 1 :].startswith(entry.name)
    for dependency in page.dependencies:
        assert lines[dependency.line - 1] == f"- `{dependency.module}`"


def test_a_cpp_keyword_index_keeps_its_headings_as_written():
    require_shared()
    path = TEMPLATE_PAGES / "cu/IndexUtils.cu_kw.md"
    page = _parse(path, "docs/aten/src/ATen/cuda/detail/IndexUtils.cu_kw.md")
    assert isinstance(page, KeywordIndex)
    assert [(c.heading, [e.name for e in c.entries]) for c in page.categories] == [
        ("Class/Structs", ["SizeAndStride"]),
        ("Functions", ["compareSizeAndStride", "maybeOverlappingIndices"]),
        ("Includes", ["ATen/cuda/detail/IndexUtils.cuh", "vector"]),
        ("Namespaces", ["at", "cuda", "detail"]),
    ]


def test_an_older_template_page_reads_its_letter_groups():
    """ "Repo Book Generator v1.0" titles name the file only: the page's place
    gives its folder, and where it belongs is left unsaid."""
    require_shared()
    path = TEMPLATE_PAGES / "in/return_types.pyi.in_kw.md"
    page = _parse(path, "docs/torch/_C/return_types.pyi.in_kw.md")
    assert isinstance(page, KeywordIndex)
    assert page.described == "torch/_C/return_types.pyi.in" and page.expected_path is None
    lines = path.read_text(encoding="utf-8").split("\n")
    assert [c.heading for c in page.categories][:3] == ["A", "D", "F"]
    first = page.categories[0].entries[0]
    assert (first.name, first.target) == ("all_return_types", None)
    assert lines[first.line - 1][first.column - 1 :].startswith("all_return_types**")
    elsewhere = _parse(path, "docs/other/place_kw.md")
    assert (elsewhere.described, elsewhere.expected_path) == ("return_types.pyi.in", None)
    docs = _parse(TEMPLATE_PAGES / "in/return_types.pyi.in_docs.md", "docs/x_docs.md")
    assert isinstance(docs, FileDocs) and docs.template == "repo-book-v1"
    assert [(c.what, c.value) for c in docs.overview_counts] == [("word", 48), ("line", 26)]


def test_a_heading_like_title_of_a_plain_page_is_no_older_template():
    page = parse_page("# Documentation: how to build it\n\nText.\n", "docs/notes.md")
    assert (page.kind, page.template) == (DocKind.MARKDOWN, "")


def test_allowed_headings_per_template():
    cpp = GENERATORS.allowed_headings("cpp", DocKind.KEYWORD_INDEX)
    python = GENERATORS.allowed_headings("python", DocKind.KEYWORD_INDEX)
    assert cpp is not None and python is not None
    assert (
        "Includes" in cpp["Keywords Extracted"] and "Includes" not in python["Keywords Extracted"]
    )
    for template in TEMPLATES:
        outline = GENERATORS.allowed_headings(template, DocKind.KEYWORD_INDEX)
        assert outline is not None
        assert all("Classs" not in (allowed or ()) for allowed in outline.values())
    assert GENERATORS.allowed_headings("cpp", DocKind.FOLDER_DOC) == GENERATORS.allowed_headings(
        "python", DocKind.FOLDER_DOC
    )
    assert GENERATORS.allowed_headings("", DocKind.MARKDOWN) is None


def test_template_words_are_the_generators_own():
    footer_and_labels = {"Generated", "System", "Path", "Size", "Type", "Extension", "See"}
    assert footer_and_labels <= GENERATORS.template_words("python")
    assert {"Includes", "Namespaces", "Structs", "Class"} <= GENERATORS.template_words("cpp")
    assert {"Namespaces", "Structs"}.isdisjoint(GENERATORS.template_words("python"))
    assert {"Repo", "Book", "Identifier", "Lines", "Walkthrough"} <= GENERATORS.template_words(
        "repo-book-v1"
    )
    # Letter groups are no words; the source's own words are none of the template's.
    assert "A" not in GENERATORS.template_words("repo-book-v1")
    assert "Tensor" not in GENERATORS.template_words("cpp")


def test_every_language_a_template_names_has_its_data_and_a_reader():
    read = {language.name for language in languages()}
    for template in TEMPLATES.values():
        assert set(GENERATORS.documented_languages(template)) <= set(LANGUAGES), template.id
        assert template.proven_by is None or template.proven_by in template.languages
    # The languages of wikis' projects are read, and documented by no template.
    assert set(LANGUAGES) | set(PROJECT_LANGUAGES) == read
    # Each extension is the current generator's choice of one template.
    current = [t for t in TEMPLATES.values() if t.footer == TEMPLATES["python"].footer]
    extensions = [
        extension for template in current for extension in GENERATORS.template_extensions(template)
    ]
    assert len(extensions) == len(set(extensions))
    assert {GENERATORS.template_for_source(f"x{e}").id for e in LANGUAGES["C/C++"].suffixes} == {
        "cpp"
    }
    assert (
        GENERATORS.template_for_source("x.toml").id
        == GENERATORS.template_for_source("x.sh").id
        == "identifiers"
    )


def test_schema_shows_the_templates(tmp_path, monkeypatch, capsys):
    outcome = run_cli(monkeypatch, capsys, tmp_path, "schema", "--templates")
    shown = json.loads(outcome.out)
    assert outcome.code == 0 and set(shown) == set(TEMPLATES)
    cpp = shown["cpp"]["outlines"]["keyword-index"]["Keywords Extracted"]
    assert cpp == ["Class/Structs", "Functions", "Includes", "Namespaces"]
    assert shown["repo-book-v1"]["footer"] == "Generated by Repo Book Generator v1.0"
    assert (shown["cpp"]["proven_by"], shown["cpp"]["dependencies"]) == ("C/C++", "includes")
    assert shown["repo-book-v1"]["identifier_lists"] is None
    assert ".sh" in shown["identifiers"]["extensions"] and shown["identifiers"]["fallback"]
    # Each template's phrase book by id: the folder pages' entries are the python template's.
    assert "FP-TEST" in shown["cpp"]["sentences"] and "FP-TEST" in shown["python"]["sentences"]
    assert "F-CONTAINS" in shown["python"]["sentences"]
    assert "F-CONTAINS" not in shown["cpp"]["sentences"]
    assert shown["repo-book-v1"]["sentences"][-1] == "V1-KW"


# A generator of templated pages other than PyTorch's: its places are data.
OTHER_PLACES = """name = "other"
[places]
docs_folder = "api"
top_folder = "."
[places.pages]
file-docs = "{path}.html.md"
folder-index = "{folder}/README.md"
root-index = "START.md"
[[versions]]
footer = "Made by Other"
keyword_section = "Words"
keyword_entry = '(?P<name>\\\\w+)'
identifier_lists = "all"
metadata_labels = ["Path"]
[versions.titles]
file-docs = 'Page of (?P<path>\\\\S+)'
[[versions.templates]]
id = "other-page"
"""


def test_a_generators_places_are_read_from_its_profile():
    from doclint.profiles import parse_generator

    (template,) = parse_generator(OTHER_PLACES, "other.toml").templates
    places = template.places
    assert template.generator == "other"
    assert places.page_path("file-docs", "src/a.c") == "api/src/a.c.html.md"
    assert places.page_path("folder-index", "src") == "api/src/README.md"
    assert places.page_path("folder-index", "") == "api/README.md"
    assert places.page_path("root-index", None) == "api/START.md"
    assert places.page_path("keyword-index", "src/a.c") is None  # a kind it does not write
    assert places.described_at("api/src/a.c.html.md", "file-docs") == "src/a.c"
    assert places.subject("docs/src/a.c_docs.md") is None  # PyTorch's place is not its own
    assert places.is_page_name("README.md") and not places.is_page_name("index.md")
    # No later passes: a page about a page is a page of level 1, and keeps its name.
    assert places.level("api/src/a.c.html.md", "file-docs") == 1
    assert places.source_order("api/src/a.c.html.md") == ("api/src/a.c", 1)


def test_a_place_holds_one_path_at_most():
    from doclint.profiles import ProfileError, parse_generator

    twice = OTHER_PLACES.replace('"{path}.html.md"', '"{folder}/{path}.md"')
    with pytest.raises(ProfileError, match=r"places\.pages: file-docs: a place holds at most one"):
        parse_generator(twice, "other.toml")
    alone = (
        OTHER_PLACES[: OTHER_PLACES.index("[places]")]
        + OTHER_PLACES[OTHER_PLACES.index("[[versions]]") :]
    )
    with pytest.raises(ProfileError, match="versions and places go together"):
        parse_generator(alone, "other.toml")


def test_the_models_read_no_profile_when_imported():
    code = (
        "import sys, doclint.models.generated, doclint.models.findings, doclint.models.markdown\n"
        "assert not [m for m in sys.modules if m.startswith('doclint.profiles')], sys.modules"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PROJECT)
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.parametrize(
    ("pattern", "lead"),
    [
        ("Documentation: `(?P<path>[^`]+)`", "Documentation: `"),
        ("PyTorch Repository Documentation(?P<path>)", "PyTorch Repository Documentation"),
        ("Index: x*", "Index: "),
        ("ab{2}", "a"),
        ("ab?c", "a"),
        ("Index|Keywords", ""),
        ("(?i)index", ""),
        (r"\AIndex", ""),
        ("a.b", "a"),
    ],
)
def test_a_title_pattern_s_lead_is_what_every_title_it_matches_starts_with(pattern, lead):
    """A title is matched against a shipped template's pattern only when it
    starts with the pattern's lead: a repeated, optional or alternative
    character is not part of it."""
    assert literal_lead(pattern) == lead
    for title in (
        "Documentation: `a/b.py`",
        "PyTorch Repository Documentation",
        "Index: xx",
        "abb",
        "ac",
        "Keywords",
        "INDEX",
        "Index",
        "azb",
        "Widgets",
    ):
        expected = re.fullmatch(pattern, title)
        found = TitlePattern(pattern, True).fullmatch(title)
        assert (found and found.group(0)) == (expected and expected.group(0)), title


def test_a_shipped_phrase_book_compiles_a_section_s_patterns_when_it_is_read(monkeypatch):
    """The PyTorch book joins each section's patterns into one: compiling
    all 36 cost a start ~4 ms, and a page reads a few sections. A section's
    lines are matched as before once read."""
    compiled: list[str] = []
    real = patterns.shipped_pattern

    def counting(pattern, flags=0):
        if str(pattern).startswith("(?P<e"):  # a section's joined patterns
            compiled.append(pattern)
        return real(pattern, flags)

    monkeypatch.setattr(patterns, "shipped_pattern", counting)
    template = TEMPLATES["python"]
    book = PhraseBook(template.sentences, frozenset({template.id}), template.generator, True)
    assert compiled == []
    line = "This Python file contains 2 class(es) and 1 function(s)."
    entry = book.entry_for("High-Level Overview", line)
    assert entry is not None and re.fullmatch(entry.pattern, line)
    assert len(compiled) == 1
    assert book.entry_for("High-Level Overview", "Not a sentence of the generator.") is None
    assert len(compiled) == 1

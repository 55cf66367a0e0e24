from doclint import Settings, check_paths, check_text
from tests.conftest import REAL, SEEDS, findings, require_shared
from tests.pages import keyword_index


def test_docs_of_a_keyword_index_is_flagged_once_at_its_title():
    text = "\n# Documentation: `docs/pkg/mod.py_kw.md`\n\n## File Metadata\n"
    assert findings(text, "docs/docs/pkg/mod.py_kw.md_docs.md", "doc-of-doc") == [(2, 1, "DL603")]
    report = check_text(text, "docs/docs/pkg/mod.py_kw.md_docs.md", Settings(select=["DL603"]))
    assert report.diagnostics[0].message == (
        "this page documents `docs/pkg/mod.py_kw.md`, a page of the generated tree (level 2): "
        "the generator re-read its own output"
    )


def test_folder_pages_of_generated_folders_and_untitled_pages_under_docs_docs():
    index = "# Index: `docs/pkg/`\n\n## Overview\n"
    assert findings(index, "docs/docs/pkg/index.md", "DL603") == [(1, 1, "DL603")]
    assert findings("Some notes.\n", "docs/docs/pkg/notes.md", "DL603") == [(1, 1, "DL603")]


def test_near_miss_real_files_of_a_docs_folder_and_level_one_pages():
    # PyTorch has a docs/ folder of its own: its pages sit under docs/docs/ too
    text = "# Documentation: `docs/source/conf.py`\n\n## File Metadata\n"
    assert findings(text, "docs/docs/source/conf.py_docs.md", "DL603") == []
    kw = keyword_index("pkg/mod.py", ["Thing"])
    assert findings(kw, "docs/pkg/mod.py_kw.md", "DL603") == []
    assert findings("Some notes.\n", "docs/notes.md", "DL603") == []


def test_off_by_default():
    text = "# Documentation: `docs/pkg/mod.py_kw.md`\n"
    report = check_text(text, "docs/docs/pkg/mod.py_kw.md_docs.md", Settings())
    assert not [d for d in report.diagnostics if d.code == "DL603"]


def test_seeds_are_all_pages_about_pages():
    require_shared()
    report = check_paths(sorted(SEEDS.glob("*.txt")), Settings(select=["DL603"]))
    assert [(d.line, d.code) for d in report.diagnostics] == [(1, "DL603")] * 5


def test_real_slice_flags_exactly_the_files_under_docs_docs():
    require_shared()
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    settings = Settings(select=["DL603"], root=REAL, known_paths=listing)
    report = check_paths([REAL / "docs"], settings)
    flagged = sorted(d.path.split("/real/")[-1] for d in report.diagnostics)
    under = sorted(
        p.relative_to(REAL).as_posix() for p in (REAL / "docs" / "docs").rglob("*") if p.is_file()
    )
    assert flagged == under
    assert len(under) == 145
    assert {d.line for d in report.diagnostics} == {1}


def test_a_kind_a_profile_declares_is_a_folder_or_a_page_as_its_places_say(tmp_path):
    """Pagesmith declares `changes` pages documenting a folder: one about a
    folder of its own pages is the folder's re-reading, as orphan-doc reads
    it; its page about a file's page is a page's."""
    from doclint.config.files import load_profile
    from tests.conftest import PROJECT

    text = (PROJECT / "examples" / "pagesmith" / "pagesmith.toml").read_text(encoding="utf-8")
    # As a generator that documents its own output too (the PyTorch system does).
    written = tmp_path / "pagesmith.toml"
    written.write_text(
        text.replace('docs_folder = "reference"', 'docs_folder = "reference"\nlater_passes = true')
    )
    profile = load_profile(written)
    settings = Settings(select=["DL603"], root=tmp_path, generators=(profile,))
    changes = "# Changes in `reference/src/`\n\n## Added\n"
    report = check_text(changes, "reference/reference/src/CHANGES.md", settings)
    assert [d.message for d in report.diagnostics] == [
        "this page documents `reference/src/`, a folder of the generated tree (level 2): "
        "the generator re-read its own output"
    ]
    page = "# Page: `reference/src/a.py.page.md`\n\n## File Metadata\n"
    report = check_text(page, "reference/reference/src/a.py.page.md.page.md", settings)
    assert [d.message for d in report.diagnostics] == [
        "this page documents `reference/src/a.py.page.md`, a page of the generated tree "
        "(level 2): the generator re-read its own output"
    ]

"""doclint against the hand-labelled template pairs: one real file documentation
and keyword index for each other kind of source the real tree documents (`.cu`,
`.cuh`, `.yaml`, `CMakeLists.txt`, `.sh`, `.cmake`, `.json`, `.pyi`, `.java`,
a `README.md`, and the older template's `.in` and `.mm`).

`tests/labels/templates_findings.tsv` holds every finding a careful reader
expects on the pages of `templates_files.txt` (see `tests/labels/README.md`,
"Templates"), labelled by reading each page and the source embedded in its
`X_docs.md` before doclint ran. The folder keeps the pages by kind
(`sh/install_ninja.sh_kw.md`), not where the generator writes them
(`docs/.ci/docker/common/install_ninja.sh_kw.md`), and doclint finds a page's
source only there (the `X_docs.md` of the documented path). So the pages are
copied to their places in a temporary tree, doclint runs once over it, and on
the codes the labels cover its (path, line, code) set must equal them exactly.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from tests.conftest import SHARED, require_shared
from tests.labelled_set import LabelledSet, files_present

TEMPLATES = SHARED / "corpus" / "templates"
# Identifier entries: stop words (DL202), prose and language keywords (DL204);
# class, function and include entries (DL201, DL205, DL203); the fixed purpose
# and performance sentences (DL302); sections of boilerplate only (DL103, opt-in).
CODES = ("DL103", "DL201", "DL202", "DL203", "DL204", "DL205", "DL302")
# Judged on every labelled file and expected nowhere: every class, function and
# include entry of the `.cu`, `.cuh` and `.pyi` indexes is defined, declared or
# included by its source (the one class entry that is not is a prose word, DL201).
EXPECTED_NOWHERE = ("DL203", "DL205")
LABELS = LabelledSet(
    TEMPLATES, "templates_files.txt", "templates_findings.tsv", CODES, files_present
)

# The documented path: the File Metadata's Path of the pair's file documentation,
# or the title of a keyword index whose file documentation is not a page (the
# README's is cut: `README.md_docs.md.first16000`).
_PATH = re.compile(r"^- \*\*Path\*\*: `([^`]+)`$", re.MULTILINE)
_TITLE = re.compile(r"^# Keyword Index: `([^`]+)`$", re.MULTILINE)


def place_pages(templates: Path, tree: Path) -> dict[str, str]:
    """Copy each page of `templates` to `tree/docs/<path>_kw.md` or `_docs.md`;
    return tree path -> path in `templates`."""
    placed: dict[str, str] = {}
    for page in sorted(templates.glob("*/*.md")):
        kind = "_kw.md" if page.name.endswith("_kw.md") else "_docs.md"
        docs = page.with_name(page.name.removesuffix(kind) + "_docs.md")
        if docs.is_file():
            found = _PATH.search(docs.read_text(encoding="utf-8"))
        else:
            found = _TITLE.search(page.read_text(encoding="utf-8"))
        assert found, f"no documented path for {page}"
        where = f"docs/{found[1]}{kind}"
        (tree / where).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(page, tree / where)
        placed[where] = page.relative_to(templates).as_posix()
    return placed


@pytest.fixture(scope="module")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> LabelledSet:
    require_shared()
    tree = tmp_path_factory.mktemp("templates-tree")
    placed = place_pages(TEMPLATES, tree)
    return replace(LABELS, tree=tree, tree_paths=placed)


def test_labels_name_labelled_files_only():
    require_shared()
    assert not LABELS.stray_labels()
    assert not LABELS.missing_files()


def test_every_labelled_file_is_placed(labelled: LabelledSet):
    assert set(labelled.labelled_files()) <= set(labelled.tree_paths.values())


def test_doclint_matches_the_labels(labelled: LabelledSet):
    disagreement = labelled.disagreement()
    assert not disagreement, disagreement


@pytest.mark.parametrize("code", [code for code in CODES if code not in EXPECTED_NOWHERE])
def test_every_judged_code_is_labelled_somewhere(code):
    # A set whose labels never name a code could not catch that code's silence.
    assert any(key[2] == code for key in LABELS.labelled_findings())


@pytest.mark.parametrize("code", EXPECTED_NOWHERE)
def test_codes_expected_nowhere_are_not_labelled(code):
    assert not any(key[2] == code for key in LABELS.labelled_findings())

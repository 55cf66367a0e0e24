from doclint import Settings, check_paths, check_text
from tests.conftest import REAL, findings, require_shared
from tests.pages import file_docs, keyword_index, write

FOLDER_INDEX = "# Index: `pkg/`\n\n## Overview\n\nText.\n"


def test_pages_of_a_missing_file_are_orphans(tmp_path):
    write(tmp_path, {"pkg/kept.py": "x = 1\n"})
    docs = file_docs("pkg/gone.py", "python pkg/gone.py")
    assert findings(docs, "docs/pkg/gone.py_docs.md", "orphan-doc", tmp_path) == [(1, 1, "DL601")]
    kw = keyword_index("pkg/gone.py", ["Gone"])
    assert findings(kw, "docs/pkg/gone.py_kw.md", "orphan-doc", tmp_path) == [(1, 1, "DL601")]


def test_folder_page_of_a_missing_folder_or_of_a_file(tmp_path):
    assert findings(FOLDER_INDEX, "docs/pkg/index.md", "orphan-doc", tmp_path) == [(1, 1, "DL601")]
    write(tmp_path, {"pkg": "not a folder\n"})
    report = check_text_messages(FOLDER_INDEX, "docs/pkg/index.md", tmp_path)
    assert report == ["this page documents folder `pkg/`, which is a file"]


def test_level_two_page_of_a_missing_generated_page(tmp_path):
    write(
        tmp_path, {"pkg/x.py": "x = 1\n", "docs/pkg/x.py_docs.md": "# Documentation: `pkg/x.py`\n"}
    )
    text = keyword_index("docs/pkg/x.py_kw.md", ["Overview"])
    path = "docs/docs/pkg/x.py_kw.md_kw.md"
    assert check_text_messages(text, path, tmp_path) == [
        "this page documents generated page `docs/pkg/x.py_kw.md`, which is not in the tree"
    ]


def test_near_miss_existing_sources_root_folder_and_embedded_page(tmp_path):
    write(tmp_path, {"pkg/x.py": "class K:\n    pass\n"})
    assert findings(FOLDER_INDEX, "docs/pkg/index.md", "orphan-doc", tmp_path) == []
    root = "# Documentation: `root/`\n\n## Role in PyTorch\n\nText.\n"
    assert findings(root, "docs/doc.md", "orphan-doc", tmp_path) == []
    kw = keyword_index("pkg/x.py", ["K"])
    assert findings(kw, "docs/pkg/x.py_kw.md", "orphan-doc", tmp_path) == []
    # The outer page documents docs/pkg/x.py_kw.md, which exists; the page it
    # embeds documents pkg/y.py, which does not: only the outer page counts.
    write(tmp_path, {"docs/pkg/x.py_kw.md": kw})
    embedded = keyword_index("pkg/y.py", ["Y"])
    outer = file_docs("docs/pkg/x.py_kw.md", "cat x", fence_info="markdown", body=embedded)
    path = "docs/docs/pkg/x.py_kw.md_docs.md"
    assert findings(outer, path, "orphan-doc", tmp_path) == []


def test_path_that_leaves_the_tree_is_an_orphan(tmp_path):
    text = file_docs("../outside.py", "python outside.py")
    assert findings(text, "docs/x_docs.md", "orphan-doc", tmp_path) == [(1, 1, "DL601")]


def test_real_slice_is_silent_and_a_delisted_source_is_found():
    require_shared()
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    pages = [
        REAL / "docs/test/distributed/tensor/test_api.py_kw.md",
        REAL / "docs/docs/test/distributed/tensor/test_api.py_kw.md_docs.md",
        REAL / "docs/test/distributed/tensor/index.md",
        REAL / "docs/docs/test/distributed/index.md",
        REAL / "docs/doc.md",
    ]
    settings = Settings(select=["orphan-doc"], root=REAL, known_paths=listing)
    assert check_paths([REAL / "docs"], settings).diagnostics == []
    delisted = [p for p in listing if p != "test/distributed/tensor/test_api.py"]
    settings = Settings(select=["orphan-doc"], root=REAL, known_paths=delisted)
    found = check_paths(pages, settings).diagnostics
    assert [(d.path.rsplit("/", 1)[-1], d.line) for d in found] == [("test_api.py_kw.md", 1)]


def check_text_messages(text, path, root):
    report = check_text(text, path=path, settings=Settings(select=["orphan-doc"], root=root))
    return [d.message for d in report.diagnostics]

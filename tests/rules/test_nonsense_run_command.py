from tests.conftest import findings
from tests.pages import file_docs, write


def test_python_on_a_markdown_page(tmp_path):
    text = file_docs("docs/pkg/test_x.py_kw.md", "python docs/pkg/test_x.py_kw.md", "markdown")
    got = findings(text, "docs/docs/pkg/test_x.py_kw.md_docs.md", "DL301", tmp_path)
    assert got == [(31, 8, "DL301")]


def test_python_on_a_missing_script(tmp_path):
    text = file_docs("pkg/test_x.py", "python pkg/test_x.py")
    assert findings(text, "docs/pkg/test_x.py_docs.md", "DL301", tmp_path) == [(31, 8, "DL301")]


def test_near_miss_existing_script_module_and_other_tools(tmp_path):
    write(tmp_path, {"pkg/test_x.py": "x = 1\n"})
    for command in (
        "python pkg/test_x.py",
        "python -m pytest pkg",
        "pytest pkg/README.md",
        "python3 -X dev pkg/test_x.py",
    ):
        text = file_docs("pkg/test_x.py", command)
        assert findings(text, "docs/pkg/test_x.py_docs.md", "DL301", tmp_path) == [], command

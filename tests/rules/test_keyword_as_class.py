from tests.conftest import findings
from tests.pages import file_docs, keyword_index, write


def test_keywords_and_prose_words_without_source(tmp_path):
    text = keyword_index("pkg/mod.py", ["Thing", "def", "requires", "match"])
    got = findings(text, "docs/pkg/mod.py_kw.md", "keyword-as-class", tmp_path)
    assert [line for line, _, _ in got] == [17, 18, 19]


def test_near_miss_real_class_names_stay_silent(tmp_path):
    text = keyword_index("pkg/mod.py", ["Thing", "defaultdict", "Requires", "is_ok"])
    assert findings(text, "docs/pkg/mod.py_kw.md", "keyword-as-class", tmp_path) == []


def test_source_decides_with_ast(tmp_path):
    write(
        tmp_path,
        {
            "pkg/mod.py": "class Thing:\n    '''A class that requires care.'''\n"
            "class lower_case:\n    pass\n"
        },
    )
    text = keyword_index("pkg/mod.py", ["Thing", "lower_case", "Ghost", "that"])
    got = findings(text, "docs/pkg/mod.py_kw.md", "keyword-as-class", tmp_path)
    assert [line for line, _, _ in got] == [18, 19]


def test_source_embedded_in_the_docs_page_is_used(tmp_path):
    docs = file_docs("pkg/mod.py", "python pkg/mod.py", body="class Thing:\n    pass\n")
    write(tmp_path, {"docs/pkg/mod.py_docs.md": docs})
    text = keyword_index("pkg/mod.py", ["Thing", "Ghost"])
    got = findings(text, "docs/pkg/mod.py_kw.md", "keyword-as-class", tmp_path)
    assert [line for line, _, _ in got] == [17]

"""DL205 declared-only: a class the C/C++ file only declares, listed as its class."""

from doclint import Settings, check_paths
from tests.conftest import REAL, findings, require_shared
from tests.pages import write
from tests.rules.test_prose_keyword import CPP, cpp_index

RULE = "declared-only"


def test_a_forward_declared_class_listed_as_the_files_is_a_warning(tmp_path):
    # `class Graph;` only declares Graph; `class Node { };` defines Node.
    write(tmp_path, {"src/ir.cpp": CPP})
    page = cpp_index({"Class/Structs": ["Graph", "Node"]})
    assert findings(page, "docs/src/ir.cpp_kw.md", RULE, tmp_path) == [(16, 6, "DL205")]


def test_a_class_declared_and_defined_in_the_file_stays_silent(tmp_path):
    write(tmp_path, {"src/ir.cpp": CPP + "class Graph { int nodes; };\n"})
    page = cpp_index({"Class/Structs": ["Graph", "Node"]})
    assert findings(page, "docs/src/ir.cpp_kw.md", RULE, tmp_path) == []


def test_a_list_other_than_the_classes_is_not_judged(tmp_path):
    write(tmp_path, {"src/ir.cpp": "class Graph;\n"})
    page = cpp_index({"Namespaces": ["Graph"]})  # not a class list: not judged
    assert findings(page, "docs/src/ir.cpp_kw.md", RULE, tmp_path) == []


def test_the_real_forward_declaration_of_nvrtc():
    require_shared()
    page = REAL.parent / "real-cpp" / "docs" / "aten" / "src" / "ATen" / "cuda" / "detail"
    report = check_paths([page / "LazyNVRTC.h_docs.md"], Settings(select=["DL205"]))
    assert [(d.line, d.column, d.severity) for d in report.diagnostics] == [(44, 23, "warning")]

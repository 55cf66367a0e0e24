from doclint_rules.keywords.keyword_as_class import KeywordAsClass

from doclint import Settings, check_text
from doclint.rule_api import FixSafety
from tests.conftest import SEEDS, SHARED, findings, require_shared
from tests.pages import file_docs, keyword_index, write
from tests.rules.fixing import apply_fixes, assert_fix_adds_nothing, rule_findings


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


# Fixes

PATH = "docs/pkg/mod.py_kw.md"


def entry(name: str) -> str:
    return f"- **`{name}`**: [mod.py_docs.md](./mod.py_docs.md)\n"


def test_fix_removes_the_entry_safely_when_the_source_decides(tmp_path):
    write(tmp_path, {"pkg/mod.py": "class Thing:\n    pass\n"})
    text = keyword_index("pkg/mod.py", ["Thing", "Ghost", "def"])
    found = rule_findings(KeywordAsClass, text, PATH, tmp_path)
    assert [(f.line, f.fix.applicability) for f in found] == [
        (17, FixSafety.SAFE),
        (18, FixSafety.SAFE),
    ]
    fixed = apply_fixes(text, found, unsafe=False)
    assert fixed == keyword_index("pkg/mod.py", ["Thing"])
    assert_fix_adds_nothing(KeywordAsClass, text, fixed, PATH, tmp_path)


def test_fix_is_unsafe_when_only_the_word_lists_decide(tmp_path):
    text = keyword_index("pkg/mod.py", ["Thing", "def", "requires"])
    found = rule_findings(KeywordAsClass, text, PATH, tmp_path)
    assert {f.fix.applicability for f in found} == {FixSafety.UNSAFE}
    assert apply_fixes(text, found, unsafe=False) == text
    assert apply_fixes(text, found) == text.replace(entry("def"), "").replace(entry("requires"), "")


def test_fix_of_the_last_entry_keeps_the_heading(tmp_path):
    write(tmp_path, {"pkg/mod.py": "x = 1\n"})
    text = keyword_index("pkg/mod.py", ["Ghost"])
    found = rule_findings(KeywordAsClass, text, PATH, tmp_path)
    fixed = apply_fixes(text, found)
    assert "### Classs\n\n\n\n## Keyword" in fixed
    assert fixed == text.replace(entry("Ghost"), "")
    assert_fix_adds_nothing(KeywordAsClass, text, fixed, PATH, tmp_path)


def test_no_fix_for_an_entry_continued_on_the_next_line(tmp_path):
    text = keyword_index("pkg/mod.py", ["Thing", "def"])
    text = text.replace(entry("def"), entry("def") + "  more about it\n")
    found = rule_findings(KeywordAsClass, text, PATH, tmp_path)
    assert [(f.line, f.fix) for f in found] == [(17, None)]


def test_fix_on_the_seed_removes_def():
    require_shared()
    text = (SEEDS / "000_5344d29dba543be9.txt").read_text(encoding="utf-8")
    path = "docs/docs/test/distributed/tensor/test_dtensor_compile.py_kw.md_docs.md"
    found = rule_findings(KeywordAsClass, text, path)
    assert [f.line for f in found] == [40]
    # the source is not beside the seed: the keyword list decides
    assert found[0].fix.applicability is FixSafety.UNSAFE
    lines = text.splitlines(keepends=True)
    assert lines[39].startswith("- **`def`**")
    assert apply_fixes(text, found) == "".join(lines[:39] + lines[40:])


# C, C++ and CUDA

CPP_SOURCE = """#pragma once
// A utility class to implement fast division.
template <class T>
struct Divider { T divisor; };
class TORCH_API CUDAHooks : public Base {
 public:
  CUDAHooks();
};
struct Forward;
"""
CPP_PATH = "docs/pkg/hooks.h_kw.md"


def cpp_index(classes: list[str]) -> str:
    return keyword_index("pkg/hooks.h", classes).replace("### Classs", "### Class/Structs")


def cpp_messages(tmp_path, source: str, names: list[str]) -> list[tuple[int, str]]:
    """(line, message) of keyword-as-class on an index of `names` for the C++ `source`."""
    write(tmp_path, {"pkg/hooks.h": source})
    settings = Settings(select=["keyword-as-class"], root=tmp_path)
    report = check_text(cpp_index(names), CPP_PATH, settings)
    return [(d.line, d.message) for d in report.diagnostics]


def test_cpp_source_decides(tmp_path):
    names = ["CUDAHooks", "Divider", "Forward", "TORCH_API", "T", "to", "if", "Ghost"]
    assert cpp_messages(tmp_path, CPP_SOURCE, names) == [
        (19, "`TORCH_API` is an export macro; the class is `CUDAHooks`"),
        (20, "`T` is a template parameter, not a class name"),
        (21, "`to` is not a class defined in `hooks.h`"),
        (22, "`if` is a C++ keyword, not a class name"),
        (23, "`Ghost` is not a class defined in `hooks.h`"),
    ]


def test_cpp_near_misses_stay_silent(tmp_path):
    # defined, forward-declared, a template specialisation of a defined class,
    # and a struct of another header that the code uses
    source = CPP_SOURCE + "template <> struct Divider<int> { int d; };\n"
    source += "extern struct _inittab table[];\n"
    write(tmp_path, {"pkg/hooks.h": source})
    text = cpp_index(["CUDAHooks", "Divider", "Forward", "_inittab"])
    assert findings(text, CPP_PATH, "keyword-as-class", tmp_path) == []


def test_cpp_without_source_flags_cpp_keywords_and_prose_words(tmp_path):
    # `def` and `match` are Python keywords, names a C++ class may have
    report = check_text(
        cpp_index(["constexpr", "def", "match", "Thing", "to"]),
        CPP_PATH,
        Settings(select=["keyword-as-class"], root=tmp_path),
    )
    assert [(d.line, d.message) for d in report.diagnostics] == [
        (16, "`constexpr` is a C++ keyword, not a class name"),
        (20, "`to` is an English word caught from prose, not a class name"),
    ]


def test_cpp_names_the_parser_could_not_read_are_left_alone(tmp_path):
    # the misplaced brace leaves an error node where `Maybe` stands
    source = "class Real { };\nstruct Maybe }{ int a; ;\n"
    write(tmp_path, {"pkg/hooks.h": source})
    got = findings(cpp_index(["Real", "Maybe", "Ghost"]), CPP_PATH, "keyword-as-class", tmp_path)
    assert [line for line, _, _ in got] == [18]


REAL_CPP_DETAIL = SHARED / "corpus" / "real-cpp" / "docs" / "aten" / "src" / "ATen" / "cuda"


def test_cpp_file_docs_summary_line(tmp_path):
    require_shared()
    path = "docs/aten/src/ATen/cuda/detail/CUDAHooks.h_docs.md"
    real = (REAL_CPP_DETAIL / "detail" / "CUDAHooks.h_docs.md").read_text(encoding="utf-8")
    listed = "**Classes/Structs**: `CUDAHooks`"
    wrong = real.replace(listed, f"{listed}, `for`, `Hook`")
    for text, expected in ((real, []), (wrong, [(104, 36), (104, 43)])):
        write(tmp_path, {path: text})
        got = findings(text, path, "keyword-as-class", tmp_path)
        assert [(line, column) for line, column, _ in got] == expected


def test_cpp_macro_before_a_class_name_and_template_parameters_on_unsure_lines(tmp_path):
    # the grammar leaves this macro as the name of an error node; the text decides
    source = (
        "template <class _Tp>\nstruct _CCCL_TYPE_VISIBILITY_DEFAULT maximum : base<_Tp> {\n"
        "  _CCCL_EXEC_CHECK_DISABLE _CCCL_API constexpr _Tp operator()(_Tp a) const;\n};\n"
    )
    names = ["_CCCL_TYPE_VISIBILITY_DEFAULT", "_Tp", "maximum"]
    assert cpp_messages(tmp_path, source, names) == [
        (16, "`_CCCL_TYPE_VISIBILITY_DEFAULT` is an export macro; the class is `maximum`"),
        (17, "`_Tp` is a template parameter, not a class name"),
    ]


def test_cpp_declared_types_stay_silent_and_macros_before_a_name_are_found(tmp_path):
    # Openmp/omp-tools.h declares `_ompd_aspace_cont` through a typedef only;
    # libcu++ writes two macros between `struct` and the name, and hides a
    # function's template head from the grammar behind a macro.
    source = (
        "typedef struct _ompd_aspace_cont ompd_address_space_context_t;\n"
        "struct ompd_rc *ompd_init(union ompd_word *w);\n"
        "template <class _Arg, class _Result>\n"
        "struct _CCCL_TYPE_VISIBILITY_DEFAULT _LIBCUDACXX_DEPRECATED_IN_CXX11 unary_function\n"
        "{\n  using result_type = _Result;\n};\n"
        "template <class _Tp, class _Up>\n"
        "_LIBCUDACXX_HIDE_FROM_ABI constexpr bool f(_Up* r, _Tp* first);\n"
    )
    names = ["_CCCL_TYPE_VISIBILITY_DEFAULT", "_LIBCUDACXX_DEPRECATED_IN_CXX11", "_Up"]
    names += ["_ompd_aspace_cont", "ompd_rc", "ompd_word", "unary_function"]
    assert cpp_messages(tmp_path, source, names) == [
        (16, "`_CCCL_TYPE_VISIBILITY_DEFAULT` is an export macro"),
        (17, "`_LIBCUDACXX_DEPRECATED_IN_CXX11` is an export macro"),
        (18, "`_Up` is a template parameter, not a class name"),
    ]


def test_cpp_parameters_of_a_macro_written_template_head(tmp_path):
    # CCCL writes `template <class _Tp, class _Up>` as `_CCCL_TEMPLATE(...)`;
    # another macro's `class Widget` is a real type, named in code.
    source = (
        "_CCCL_TEMPLATE(class _Tp, class _Up)\n_CCCL_REQUIRES(is_integral<_Tp>)\n"
        "constexpr int ceil_div(_Tp a, _Up b);\nDECLARE_HOOK(class Widget);\n"
    )
    assert cpp_messages(tmp_path, source, ["_Tp", "_Up", "Widget"]) == [
        (16, "`_Tp` is a template parameter, not a class name"),
        (17, "`_Up` is a template parameter, not a class name"),
    ]


def test_a_number_is_no_class_with_or_without_a_source(tmp_path):
    # "Compute device class 3.5" in a comment gives the generator's regex `3`.
    write(tmp_path, {"pkg/hooks.h": "// Compute device class 3.5\nstruct Vec3 { };\n"})
    for path, text in (
        (CPP_PATH, cpp_index(["3", "Vec3"])),
        ("docs/pkg/mod.py_kw.md", keyword_index("pkg/mod.py", ["3", "Vec3"])),
    ):
        report = check_text(text, path, Settings(select=["keyword-as-class"], root=tmp_path))
        assert [(d.line, d.message) for d in report.diagnostics] == [
            (16, "`3` starts with a digit, so it names nothing")
        ]

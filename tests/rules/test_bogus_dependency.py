from doclint import Settings, check_paths, check_text
from tests.conftest import REAL, findings, require_shared
from tests.pages import file_docs, write

RULE = "bogus-dependency"

SOURCE = '''"""Loader.

    import which may fail
"""
import os, sys
import a.b as c
from . import sibling
from ..pkg.sub import thing
'''

PYTHON_2 = 'import os\nprint "loaded"\n'
# Python 2, which `ast` cannot parse, and an f-string field holding its own
# quote, where the lexer cannot tell where the literal ends: no facts at all.
UNREADABLE = 'import os\nprint "loaded"\nf"{a["b"]}"\n'


def docs_with_dependencies(source: str, body: str, dependencies: list[str]) -> str:
    """A file documentation of `source` embedding `body` (lines 15 on) and
    listing `dependencies` under Import Dependencies (from line 7 + body lines)."""
    entries = "".join(f"- {entry}\n" for entry in dependencies)
    return (
        f"# Documentation: `{source}`\n\n## File Metadata\n\n- **Path**: `{source}`\n"
        "- **Size**: 6 bytes (0.01 KB)\n\n## File Purpose\n\nA file.\n\n## Original Source\n\n"
        f"```python\n{body}\n```\n\n\n\n## Dependencies\n\n### Import Dependencies\n\n"
        f"This file imports:\n\n{entries}\n\n## Code Patterns & Idioms\n\nText.\n"
    )


def first_entry_line(body: str) -> int:
    # fence on 14, body from 15, closing fence, 3 blanks, 2 headings with blanks, prose, blank
    return 15 + body.count("\n") + 1 + 10


DEPENDENCIES = [
    "`os`",
    "`which may fail`",
    "`os, sys`",
    "`a.b as c`",
    "`.`: sibling",
    "`..pkg.sub`: thing",
    "`the`: thing",
]


def test_entries_the_source_does_not_import(tmp_path):
    text = docs_with_dependencies("pkg/mod.py", SOURCE, DEPENDENCIES)
    first = first_entry_line(SOURCE)
    got = findings(text, "docs/pkg/mod.py_docs.md", RULE, tmp_path)
    assert got == [(first + 1, 4, "DL305"), (first + 2, 4, "DL305"), (first + 6, 4, "DL305")]


def test_messages(tmp_path):
    text = docs_with_dependencies("pkg/mod.py", SOURCE, ["`which may fail`"])
    report = check_text(text, "docs/pkg/mod.py_docs.md", Settings(select=[RULE]))
    assert [d.message for d in report.diagnostics] == [
        "`which may fail` is not a module that `mod.py` imports"
    ]


def test_near_miss_real_imports_stay_silent(tmp_path):
    good = ["`os`", "`sys`", "`a.b as c`", "`.`: sibling", "`..pkg.sub`: thing"]
    text = docs_with_dependencies("pkg/mod.py", SOURCE, good)
    assert findings(text, "docs/pkg/mod.py_docs.md", RULE, tmp_path) == []


def test_without_a_readable_source_only_syntax_is_checked(tmp_path):
    entries = [
        "`os`",  # fine
        "`which may`",  # not a module name
        "`it`",  # a name: cannot tell without the source
        "`.`: *",
        "`..pkg`: a as b, \\",  # a name list cut at a line continuation
        "`pkg.mod as m`",
        "`pkg`: the thing",  # not a name
        "`is`",  # a keyword
    ]
    text = docs_with_dependencies("pkg/old.py", UNREADABLE, entries)
    first = first_entry_line(UNREADABLE)
    report = check_text(text, "docs/pkg/old.py_docs.md", Settings(select=[RULE]))
    got = [(d.line - first, d.message) for d in report.diagnostics]
    assert got == [
        (1, "`which may` is not a Python module name"),
        (6, "`the thing` is not a name that can be imported from `pkg`"),
        (7, "`is` is not a Python module name"),
    ]


def test_a_python_2_source_is_read_by_the_lexer(tmp_path):
    text = docs_with_dependencies("pkg/old.py", PYTHON_2, ["`os`", "`sys`"])
    report = check_text(text, "docs/pkg/old.py_docs.md", Settings(select=[RULE]))
    assert [(d.line, d.message) for d in report.diagnostics] == [
        (first_entry_line(PYTHON_2) + 1, "`sys` is not a module that `old.py` imports")
    ]


def test_a_page_of_another_template_is_not_judged(tmp_path):
    """The identifier template writes no import list: nothing there is a
    Python module list to check."""
    body = "import which may fail\nimport it\n"
    text = docs_with_dependencies("pkg/notes.txt", body, ["`which may`", "`it`"])
    assert findings(text, "docs/pkg/notes.txt_docs.md", RULE, tmp_path) == []


def test_the_tree_source_is_used_when_nothing_is_embedded(tmp_path):
    write(tmp_path, {"pkg/mod.py": SOURCE})
    text = docs_with_dependencies("pkg/mod.py", "", ["`os`", "`which may fail`"])
    text = text.replace("## Original Source\n\n```python\n\n```\n", "")
    got = findings(text, "docs/pkg/mod.py_docs.md", RULE, tmp_path)
    assert [line for line, _, _ in got] == [first_entry_line("") - 5 + 1]


def test_embedded_page_reported_once_at_the_outer_lines(tmp_path):
    inner = docs_with_dependencies("pkg/mod.py", SOURCE, ["`os`", "`which may fail`"])
    text = file_docs("docs/pkg/mod.py_docs.md", "true", fence_info="markdown", body=inner)
    got = findings(text, "docs/docs/pkg/mod.py_docs.md_docs.md", RULE, tmp_path)
    # the outer fence opens on line 14, so inner line n is outer line 14 + n
    assert got == [(14 + first_entry_line(SOURCE) + 1, 4, "DL305")]


# --- real input ---------------------------------------------------------------

TENSOR = "docs/test/distributed/tensor"
REAL_DOCS = [
    f"{TENSOR}/debug/test_op_coverage.py_docs.md",
    f"{TENSOR}/experimental/test_register_sharding.py_docs.md",
    f"docs/{TENSOR}/debug/test_op_coverage.py_docs.md_docs.md",
    f"{TENSOR}/__init__.py_docs.md",
    f"{TENSOR}/README.md_docs.md",
]


def test_real_dependencies_are_clean():
    """Verbatim pages with their sources embedded (`torch.nn as nn` at line 88
    of test_op_coverage.py_docs.md among them), and a level-2 page embedding one."""
    require_shared()
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    settings = Settings(select=[RULE], root=REAL, known_paths=listing)
    assert check_paths([REAL / path for path in REAL_DOCS], settings).diagnostics == []


def test_real_page_with_a_planted_prose_entry(tmp_path):
    require_shared()
    path = f"{TENSOR}/debug/test_op_coverage.py_docs.md"
    lines = (REAL / path).read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[89] == "- `torch.testing._internal.common_utils`: run_tests, TestCase\n"
    lines.insert(90, "- `which may`\n")
    assert findings("".join(lines), path, RULE, tmp_path) == [(91, 4, "DL305")]


# --- C, C++ and CUDA: "This file includes:" --------------------------------------

CPP_SOURCE = """#pragma once
// Users of this header should #include <ATen/cuda/PhiloxUtils.cuh> instead.
#include <cstdint>
#if defined(USE_ROCM)
#include "hip/hip_runtime.h"
#endif
const char* note = "#include <fake.h>";
"""


def cpp_docs(source: str, body: str, includes: list[str]) -> str:
    """A file documentation of a C/C++ `source` in the generator's template,
    embedding `body` (lines 15 on) and listing `includes` from line 7 + body lines."""
    entries = "".join(f"- `{include}`\n" for include in includes)
    return (
        f"# Documentation: `{source}`\n\n## File Metadata\n\n- **Path**: `{source}`\n"
        "- **Size**: 6 bytes (0.01 KB)\n\n## File Purpose\n\nA file.\n\n## Original Source\n\n"
        f"```c\n{body}\n```\n\n\n\n## Dependencies\n\n### Import Dependencies\n\n"
        f"This file includes:\n\n{entries}\n\n## Code Patterns & Idioms\n\nText.\n"
    )


def cpp_messages(text: str, path: str) -> list[tuple[int, str]]:
    report = check_text(text, path, Settings(select=[RULE]))
    return [(d.line, d.message) for d in report.diagnostics]


def test_cpp_include_read_from_a_comment_or_a_string():
    includes = ["ATen/cuda/PhiloxUtils.cuh", "cstdint", "fake.h", "vector"]
    text = cpp_docs("aten/Raw.cuh", CPP_SOURCE, includes)
    first = first_entry_line(CPP_SOURCE)
    assert cpp_messages(text, "docs/aten/Raw.cuh_docs.md") == [
        (
            first,
            "`Raw.cuh` has no `#include` of `ATen/cuda/PhiloxUtils.cuh`;"
            " it is only named in a comment or string",
        ),
        (
            first + 2,
            "`Raw.cuh` has no `#include` of `fake.h`; it is only named in a comment or string",
        ),
        (first + 3, "`Raw.cuh` has no `#include` of `vector`"),
    ]


def test_near_miss_cpp_includes_of_any_branch_are_real():
    """Includes as written, whichever `#if` branch holds them, and never the
    Python check ("not a Python module name") on a C++ page."""
    text = cpp_docs("aten/Raw.h", CPP_SOURCE, ["cstdint", "hip/hip_runtime.h"])
    assert cpp_messages(text, "docs/aten/Raw.h_docs.md") == []


# After a namespace macro it cannot place, the grammar reads the last
# directive as part of an error: the include is there, the parser unsure.
UNREADABLE_CPP = """#include <thrust/detail/config.h>
THRUST_NAMESPACE_BEGIN
template <typename T> T next(T i);
THRUST_NAMESPACE_END

#include <thrust/detail/advance.inl>
// see thrust/detail/other.inl
"""


def test_cpp_include_on_an_unreadable_directive_line_is_not_judged():
    includes = ["thrust/detail/advance.inl", "thrust/detail/other.inl"]
    text = cpp_docs("thrust/advance.h", UNREADABLE_CPP, includes)
    assert cpp_messages(text, "docs/thrust/advance.h_docs.md") == [
        (
            first_entry_line(UNREADABLE_CPP) + 1,
            "`advance.h` has no `#include` of `thrust/detail/other.inl`;"
            " it is only named in a comment or string",
        )
    ]


REAL_CPP = REAL.parent / "real-cpp"
DETAIL = "docs/aten/src/ATen/cuda/detail"


def test_real_cpp_include_from_a_comment():
    """`UnpackRaw.cuh` has no directive; its one entry comes from the comment
    "they should #include <ATen/cuda/PhiloxUtils.cuh>"."""
    require_shared()
    path = REAL_CPP / DETAIL / "UnpackRaw.cuh_docs.md"
    report = check_paths([path], Settings(select=[RULE], root=REAL_CPP))
    assert [(d.line, d.message) for d in report.diagnostics] == [
        (
            82,
            "`UnpackRaw.cuh` has no `#include` of `ATen/cuda/PhiloxUtils.cuh`;"
            " it is only named in a comment or string",
        )
    ]


def test_real_cpp_conditional_includes_are_clean():
    """`CUDAHooks.cpp` includes `cudnn_frontend.h`, `magma_v2.h` and
    `miopen/version.h` under `#if`; its 28 entries, and the level-2 page
    embedding the page, give nothing."""
    require_shared()
    paths = [
        REAL_CPP / DETAIL / "CUDAHooks.cpp_docs.md",
        REAL_CPP / "docs" / DETAIL / "CUDAHooks.cpp_docs.md_docs.md",
    ]
    report = check_paths(paths, Settings(select=[RULE], root=REAL_CPP))
    assert report.diagnostics == []

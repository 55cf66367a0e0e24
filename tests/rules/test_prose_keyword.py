"""prose-keyword (DL204): identifier entries judged against where their words
stand in the parsed source."""

import re

import pytest
from doclint_rules._languages import words_of
from doclint_rules.keywords.prose_keyword import ProseKeyword
from hypothesis import given
from hypothesis import strategies as st

from doclint.rule_api import FixSafety
from tests.conftest import SEEDS, findings
from tests.pages import file_docs, syntax_index, write
from tests.rules.fixing import apply_fixes, rule_findings
from tests.rules.test_stopword_keyword import identifier_index

RULE = "prose-keyword"

WORKFLOW = """\
name: Check Labels

on:
  # We only run this when Make is done.
  pull_request:
    branches: [main]

jobs:
  check:
    env:
      PR_NUM: ${{ github.event.number }}
    steps:
      - name: Setup Python
        run: |
          python3 check.py "${PR_NUM}" Labels
"""


def lines(tmp_path, source_path: str, source: str, names: list[str]) -> list[int]:
    write(tmp_path, {source_path: source})
    text = identifier_index(source_path, names)
    page = f"docs/{source_path}_kw.md"
    return [line for line, _, code in findings(text, page, RULE, tmp_path) if code == "DL204"]


def test_words_only_in_comments_and_step_names_are_prose(tmp_path):
    names = ["Check", "Labels", "Make", "PR_NUM", "Python", "Setup", "We"]
    # `We` is a stop word, left to DL202; `Labels` is also an argument in `run`.
    assert lines(tmp_path, ".github/workflows/w.yml", WORKFLOW, names) == [16, 18, 20, 21]


def test_words_in_code_keys_and_expressions_stay_silent(tmp_path):
    names = ["PR_NUM", "branches", "event", "github", "main", "pull_request", "python3"]
    assert lines(tmp_path, ".github/workflows/w.yml", WORKFLOW, names) == []


def test_a_word_not_in_the_source_is_left_alone(tmp_path):
    # Not a fact either way: the listed source may be another version.
    assert lines(tmp_path, ".github/workflows/w.yml", WORKFLOW, ["Elsewhere"]) == []


SHELL = """\
#!/bin/bash
# Install the Thing for CI
set -ex
VERSION=1.2
echo "Installing version $VERSION now"
if [ -n "$Thing" ]; then curl -O "https://x/$VERSION"; fi
"""


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["Install", "Installing", "VERSION"], [16, 17]),
        (["Thing", "curl", "set"], []),  # `Thing` is also a variable in code
        (["if", "then", "fi"], [16, 17, 18]),  # the shell's reserved words
    ],
)
def test_shell(tmp_path, names, expected):
    assert lines(tmp_path, "ci/install.sh", SHELL, names) == expected


# A string is a sentence only where the script writes it for a reader (an
# argument of echo or printf): the same words matched in `[[ ... ]]`, in a `case`
# pattern, by grep, or set as a value are values, as in `.ci/manywheel/build_cpu.sh`.
MATCHING = """\
#!/bin/bash
OS_NAME=$(awk -F= '/^NAME/{print $2}' /etc/os-release)
if [[ "$OS_NAME" == *"Red Hat Enterprise Linux"* ]]; then
    echo "Adding ARM Compute Library for CPU"
fi
case "$OS_NAME" in "CentOS Stream") ;; esac
grep "Rocky Release" /etc/os-release
git config user.name "PyTorch Bot"
printf "Done with %s\\n" "$(grep "Final Answer" log)"
"""


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["Adding", "Compute", "Done"], [16, 17, 18]),
        (["Answer", "Bot", "CentOS", "Enterprise", "Hat", "Rocky", "Stream"], []),
    ],
)
def test_shell_strings_are_sentences_only_as_output(tmp_path, names, expected):
    assert lines(tmp_path, "ci/build_cpu.sh", MATCHING, names) == expected


CMAKE = """\
# Try to find the Google glog library
set(GLOG_ROOT_DIR "" CACHE PATH "Folder contains Google glog")
if(NOT GLOG_FOUND)
  message(STATUS "Cannot find glog in ${GLOG_ROOT_DIR}")
endif()
"""


def test_cmake_comments_and_messages_are_prose_variables_are_code(tmp_path):
    names = ["CACHE", "Cannot", "Folder", "GLOG_FOUND", "GLOG_ROOT_DIR", "Google", "endif"]
    assert lines(tmp_path, "cmake/public/glog.cmake", CMAKE, names) == [17, 18, 21, 22]


# CMake writes text for a user in message(), option() and a cache entry's
# docstring; a string compared in if() or listed is a value, as in shell.
CMAKE_VALUES = """\
option(USE_GLOG "Use Google logging" ON)
if(CMAKE_SYSTEM_NAME STREQUAL "Red Hat Linux")
  list(APPEND GLOG_NAMES "glog static library")
  message(WARNING "Cannot use glog here")
endif()
"""


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["Cannot", "Google", "Use", "logging"], [16, 17, 18, 19]),
        (["Hat", "Linux", "Red", "library", "static"], []),
    ],
)
def test_cmake_strings_are_sentences_only_as_text_for_a_user(tmp_path, names, expected):
    assert lines(tmp_path, "cmake/public/glog.cmake", CMAKE_VALUES, names) == expected


def test_older_template_lowercase_words_and_keywords(tmp_path):
    # The "Repo Book Generator v1.0" index of a configure header.
    source = (
        "// Automatically configured: you will need this header\n"
        "#pragma once\n#cmakedefine CAFFE2_USE_MKL\n#define CAFFE2_VERSION 1\n"
    )
    write(tmp_path, {"caffe2/core/macros.h.in": source})
    entries = ["Automatically", "CAFFE2_USE_MKL", "define", "need", "once", "pragma", "need"]
    index = "# Keywords: macros.h.in\n\n## Keyword Index\n\n### A\n\n" + "".join(
        f"- **{name}**: Identifier found in `macros.h.in`\n" for name in entries
    )
    got = findings(index, "docs/caffe2/core/macros.h.in_kw.md", RULE, tmp_path)
    # Automatically, define, need (prose), pragma, and the repeated need.
    assert [line for line, _, _ in got] == [7, 9, 10, 12, 13]


def test_a_docs_of_docs_index_reads_the_embedded_source_in_its_language(tmp_path):
    # `A` is code in the embedded Python; `Finally` only in its comment;
    # `Overview` is the generator's own word (DL202's); `Thing` a code span.
    source = "A, B = shape[:2]\n# Finally we return\nreturn_value = A\n"
    docs = file_docs("pkg/mod.py", "python pkg/mod.py", body=source)
    write(tmp_path, {"docs/pkg/mod.py_docs.md": docs.replace("A file.", "Defines `Thing`.")})
    names = ["Finally", "Overview", "Thing", "return_value"]
    text = identifier_index("docs/pkg/mod.py_docs.md", names)
    got = findings(text, "docs/docs/pkg/mod.py_docs.md_kw.md", RULE, tmp_path)
    assert [line for line, _, _ in got] == [16]


def test_the_fix_removes_the_entry_safely(tmp_path):
    write(tmp_path, {"ci/install.sh": SHELL})
    text = identifier_index("ci/install.sh", ["Install", "VERSION"])
    page = "docs/ci/install.sh_kw.md"
    got = rule_findings(ProseKeyword, text, page, tmp_path)
    assert [f.fix.applicability for f in got] == [FixSafety.SAFE]
    fixed = apply_fixes(text, got)
    assert "`Install`" not in fixed and "`VERSION`" in fixed


CPP = """\
#include <vector>
// add a mangle namespace right before the call
namespace torch::jit {
using namespace std;
class Graph;
class Node { };
}  // namespace torch::jit
"""


def cpp_index(categories: dict[str, list[str]]) -> str:
    return syntax_index("src/ir.cpp", categories)


def cpp_lines(tmp_path, categories: dict[str, list[str]]) -> list[int]:
    write(tmp_path, {"src/ir.cpp": CPP})
    got = findings(cpp_index(categories), "docs/src/ir.cpp_kw.md", RULE, tmp_path)
    return [line for line, _, _ in got]


def test_a_namespace_only_a_comment_names_is_flagged(tmp_path):
    # `right` follows "namespace" only in a comment; `std` is used, `jit` nested.
    assert cpp_lines(tmp_path, {"Namespaces": ["jit", "right", "std", "torch"]}) == [17]


UNSURE_CUDA = """\
namespace at::native {
namespace {
__global__ void kernel(float* x) { x[0] = 1; }
} // end anonymous namespace

Tensor add_cuda(const Tensor& a) { @@@ return a; }
} // namespace at::native
"""


def test_a_namespace_is_judged_on_a_line_the_parser_could_not_read(tmp_path):
    # `Tensor` follows "namespace" only across the comment's end; the line it
    # starts cannot be read, which no longer hides that it is no namespace.
    write(tmp_path, {"src/ops.cu": UNSURE_CUDA})
    text = syntax_index("src/ops.cu", {"Namespaces": ["Tensor", "at", "native"]})
    got = findings(text, "docs/src/ops.cu_kw.md", RULE, tmp_path)
    assert [text.split("\n")[line - 1] for line, _, _ in got] == [
        "- **`Tensor`**: [ops.cu_docs.md](./ops.cu_docs.md)"
    ]


def test_a_proven_name_listed_twice_is_a_repeat(tmp_path):
    # `Node` three times (the generator's regex met it three times); `Graph` is
    # declared, listed once; `right` twice is DL201's, not a repeat here.
    classes = ["Graph", "Node", "Node", "Node", "right", "right"]
    assert cpp_lines(tmp_path, {"Class/Structs": classes}) == [18, 19]


def test_the_summary_lines_of_a_cpp_file_documentation(tmp_path):
    body = CPP.replace("class Node { };", "class Node { };\nstruct Edge { };")
    docs = file_docs("src/ir.cpp", "x", fence_info="cpp", body=body).replace(
        "## High-Level Overview\n\nText.\n",
        "## High-Level Overview\n\nText.\n\n## Detailed Analysis\n\n### Code Structure\n\n"
        "**Namespaces**: `torch`, `right`, `jit`\n\n**Classes/Structs**: `Node`, `Edge`, `Node`\n",
    )
    write(tmp_path, {"src/ir.cpp": body})
    got = findings(docs, "docs/src/ir.cpp_docs.md", RULE, tmp_path)
    lines = docs.split("\n")
    # The Namespaces line comes first on the page.
    assert [lines[line - 1][column - 1 :].split("`")[0] for line, column, _ in got] == [
        "right",
        "Node",
    ]


@given(st.text(alphabet=st.sampled_from("aZ_09 é.\n\u00e9\u0130\ud800?`")))
def test_words_of_finds_the_words_the_generator_regex_finds(text):
    assert words_of(text) == set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))


@pytest.mark.parametrize("seed", sorted(SEEDS.glob("*.txt")), ids=lambda seed: seed.name[:3])
def test_words_of_a_seed(seed):
    text = seed.read_text(encoding="utf-8", errors="surrogateescape")
    assert words_of(text) == set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))


def test_imports_listed_twice_in_a_language_whose_reader_lists_no_imports(tmp_path):
    # Go's reader lists no imports: none is proven one, so a repeat is no
    # finding (and no crash, DL001); a class listed twice still is.
    write(tmp_path, {"pkg/mod.go": 'package pkg\n\nimport "fmt"\n\ntype Widget struct{}\n'})
    text = syntax_index("pkg/mod.go", {"Imports": ["fmt", "fmt"], "Classes": ["Widget", "Widget"]})
    assert findings(text, "docs/pkg/mod.go_kw.md", RULE, tmp_path) == [(22, 6, "DL204")]

import pytest
from doclint_rules.file_claims._overview import docstring_owner
from doclint_rules.file_claims.misclassified_file import (
    _ROW_CLAIMS,
    BENCH_PARTS,
    CACHE_PARTS,
    CLAIMS,
    GPU_PARTS,
    GPU_STARTS,
    NOT_CACHING,
    TIMING_WORDS,
    _bench_code,
    _cache_code,
    _gpu_code,
)
from hypothesis import given
from hypothesis import strategies as st

from doclint import Settings, check_paths, check_text
from doclint.profiles.generators import shipped_generators
from doclint.rule_api import SourceFile
from tests.conftest import REAL, SEEDS, findings, require_shared

GENERATORS = shipped_generators()

PURPOSE = "This file is part of the **testing infrastructure**. This appears to be a **test file**."
RUN_IT = "This is a test file. Run it with:\n\n```bash\npython {source}\n```\n"
NO_RUN = "Test files for this module may be located in the `test/` directory.\n"


def docs_page(source: str, purpose: str, testing: str, fence: str = "markdown") -> str:
    """A file documentation in the generator's layout (File Purpose at line 12)."""
    return (
        f"# Documentation: `{source}`\n\n## File Metadata\n\n- **Path**: `{source}`\n"
        "- **Size**: 6 bytes (0.01 KB)\n- **Type**: Markdown Documentation\n"
        f"- **Extension**: `.md`\n\n## File Purpose\n\n{purpose}\n\n## Original Source\n\n"
        f"```{fence}\nText.\n```\n\n\n\n## High-Level Overview\n\nText.\n\n"
        "## Testing & Usage\n\n### Testing\n\n"
        f"{testing.format(source=source)}\n### Usage Examples\n\nNone.\n"
    )


def test_markdown_file_called_a_test_file_in_its_purpose(tmp_path):
    text = docs_page("pkg/test_notes.md", PURPOSE, RUN_IT)
    got = findings(text, "docs/pkg/test_notes.md_docs.md", "DL302", tmp_path)
    # every claim where it stands: the purpose and the Testing section; the
    # column is that of the phrase
    assert got == [(12, PURPOSE.index("This appears") + 1, "DL302"), (30, 1, "DL302")]


def test_testing_section_is_the_claim_when_the_purpose_makes_none(tmp_path):
    text = docs_page("test/pkg/README.md", "This file is part of the **documentation**.", RUN_IT)
    assert findings(text, "docs/test/pkg/README.md_docs.md", "DL302", tmp_path) == [
        (30, 1, "DL302")
    ]


def test_message_names_the_file_and_what_it_is(tmp_path):
    text = docs_page("pkg/test_x.py_kw.md", PURPOSE, RUN_IT)
    report = check_text(
        text,
        path="docs/docs/pkg/test_x.py_kw.md_docs.md",
        settings=Settings(select=["DL302"], root=tmp_path),
    )
    assert [d.message for d in report.diagnostics] == [
        "says `test_x.py_kw.md` is a test file, but it is a generated documentation page,"
        " not a Python program",
        "says `test_x.py_kw.md` is a test file to run, but it is a generated documentation"
        " page, not a Python program",
    ]


def test_near_miss_python_tests_and_pages_that_make_no_claim(tmp_path):
    # a Python test file is a test file
    text = docs_page("pkg/test_x.py", PURPOSE, RUN_IT, fence="python")
    assert findings(text, "docs/pkg/test_x.py_docs.md", "DL302", tmp_path) == []
    # a Markdown page outside any test folder: "test" only in the usual hint
    text = docs_page("pkg/notes.md", "This file is part of the **documentation**.", NO_RUN)
    assert findings(text, "docs/pkg/notes.md_docs.md", "DL302", tmp_path) == []


def test_a_testing_heading_inside_the_embedded_text_is_not_the_pages_own():
    embedded = "# Notes\n\n### Testing\n\nThis is a test file. Run it with:\n"
    text = docs_page("pkg/notes.md", "A page.", NO_RUN).replace("Text.\n```", embedded + "```", 1)
    assert findings(text, "docs/pkg/notes.md_docs.md", "DL302") == []


def test_seeds_call_keyword_indexes_test_files():
    require_shared()
    report = check_paths(sorted(SEEDS.glob("*.txt")), Settings(select=["DL302"]))
    got = sorted((d.path.rsplit("/", 1)[-1][:3], d.line, d.column) for d in report.diagnostics)
    # each page of a keyword index: a test file (purpose), neural network code
    # (not on 004, which makes no such claim), GPU code, JIT, a test to run
    assert got == [
        ("000", 12, 98), ("000", 212, 3), ("000", 219, 3), ("000", 220, 3), ("000", 238, 1),
        ("002", 12, 98), ("002", 193, 3), ("002", 200, 3), ("002", 201, 3), ("002", 219, 1),
        ("003", 12, 98), ("003", 160, 3), ("003", 167, 3), ("003", 168, 3), ("003", 186, 1),
        ("004", 12, 98), ("004", 150, 3), ("004", 151, 3), ("004", 169, 1),
    ]  # fmt: skip


def test_real_slice():
    require_shared()
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    report = check_paths(
        [REAL / "docs"], Settings(select=["DL302"], root=REAL, known_paths=listing)
    )
    got = {(d.path.split("/docs/", 1)[1], d.line) for d in report.diagnostics}
    # README.md: only the Testing section claims it (its name has no "test")
    assert ("test/distributed/tensor/README.md_docs.md", 88) in got
    # the docs of a keyword index, as in seed 000
    assert ("docs/test/distributed/tensor/test_dtensor_compile.py_kw.md_docs.md", 12) in got
    # the embedded README.md page (line 104) and the outer page about it (line 205)
    assert ("docs/test/distributed/tensor/README.md_docs.md_docs.md", 104) in got
    assert ("docs/test/distributed/tensor/README.md_docs.md_docs.md", 205) in got
    # __init__.py is a Python file: only the outer page about its docs is flagged,
    # as a package's initialization (12), benchmarking code (176) and a test (194)
    assert sorted(
        line
        for path, line in got
        if path == "docs/test/distributed/tensor/__init__.py_docs.md_docs.md"
    ) == [12, 176, 194]
    # no level-1 page about a Python file is flagged
    assert not [path for path, _ in got if path.startswith("test/") and ".py_" in path]


# --- claims about the source's code and the file's role (issue 27, item 4) ---

GPU = "- This file appears to involve **GPU/parallel computing** capabilities.\n"
BENCH = "- Contains **benchmarking** code or performance tests.\n"
CACHING = "- Implements or uses **caching** mechanisms.\n"
PACKAGE_INIT = "This is a **Python package initialization file**."
DOCUMENTATION = "This file is part of the **documentation**."


def source_page(source: str, code: str, notes: str, purpose: str = "A file.") -> str:
    """A file documentation embedding `code`, with its Performance Notes; the
    first note is on line 27 plus the lines of `code`."""
    return (
        f"# Documentation: `{source}`\n\n## File Metadata\n\n- **Path**: `{source}`\n"
        "- **Size**: 6 bytes (0.01 KB)\n- **Type**: Source\n"
        f"- **Extension**: `.x`\n\n## File Purpose\n\n{purpose}\n\n## Original Source\n\n"
        f"```\n{code}```\n\n## High-Level Overview\n\nText.\n\n"
        "## Performance Considerations\n\n### Performance Notes\n\n"
        f"{notes}\n*Detailed performance analysis requires profiling and benchmarking.*\n"
    )


def claims(tmp_path, source: str, code: str, notes: str, purpose: str = "A file.") -> list:
    """(line, column, cause) of the findings on the page of `source`, written to a
    tree at `tmp_path`: the rule reads the source from the page's embedded copy."""
    page = tmp_path / "docs" / f"{source}_docs.md"
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(source_page(source, code, notes, purpose), encoding="utf-8")
    report = check_paths([page], Settings(select=["DL302"], root=tmp_path))
    return [(d.line, d.column, d.cause.id if d.cause else None) for d in report.diagnostics]


def test_gpu_claim_from_a_comment_is_reported_with_its_cause(tmp_path):
    code = "// Runs on the CPU; the cuda version lives elsewhere.\nint add(int a, int b);\n"
    notes = GPU + CACHING
    assert claims(tmp_path, "aten/src/add.cpp", code, notes) == [
        (29, 3, "misclassified-file/gpu-claim"),
        (30, 3, "misclassified-file/caching-claim"),
    ]


def test_gpu_claim_near_misses_cuda_files_and_cuda_code(tmp_path):
    # a .cu file is GPU code whatever its words
    assert claims(tmp_path, "aten/src/add.cu", "int add(int a, int b);\n", GPU) == []
    # a C++ file calling the CUDA runtime
    assert claims(tmp_path, "aten/src/alloc.cpp", "void* p = cudaMalloc(n);\n", GPU) == []


# The shape of `.ci/manywheel/build_cpu.sh` and `build_xpu.sh`: CUDA switched off
# and its install removed; the XPU build bundles the SYCL runtime.
CPU_BUILD = """export USE_CUDA=0
if [[ -z "$BUILD_PYTHONLESS" ]]; then
    PYTORCH_FINAL_PACKAGE_DIR="/remote/wheelhousecpu"
fi
rm -rf /usr/local/cuda*
"""
XPU_BUILD = CPU_BUILD + 'DEPS_LIST=("/opt/intel/oneapi/compiler/latest/lib/libsycl.so.8")\n'


def test_gpu_claim_earned_only_by_switching_cuda_off_is_reported(tmp_path):
    assert claims(tmp_path, ".ci/manywheel/build_cpu.sh", CPU_BUILD, GPU) == [
        (32, 3, "misclassified-file/gpu-claim")
    ]


def test_gpu_claim_near_misses_a_gpu_library_quoted_or_cuda_switched_on(tmp_path):
    # a quoted path is code in shell, as the same path unquoted would be
    assert claims(tmp_path, ".ci/manywheel/build_xpu.sh", XPU_BUILD, GPU) == []
    switched_on = CPU_BUILD.replace("USE_CUDA=0", "USE_CUDA=1")
    assert claims(tmp_path, ".ci/manywheel/build_cuda.sh", switched_on, GPU) == []


def test_a_build_script_naming_a_gpu_toolchain_earns_the_gpu_claim(tmp_path):
    # a build names GPUs by their toolchain, not by an API; switched off, it names none
    rocm = "export ROCM_HOME=/opt/rocm\nnvidia-smi\n"
    assert claims(tmp_path, ".ci/manywheel/build_rocm.sh", rocm, GPU) == []
    off = "export USE_ROCM=0\n"
    assert claims(tmp_path, ".ci/manywheel/build_cpu.sh", off, GPU) == [
        (28, 3, "misclassified-file/gpu-claim")
    ]


def test_benchmark_claim_from_a_docstring_is_reported(tmp_path):
    code = '"""Not a benchmark: a helper."""\ndef helper():\n    return 1\n'
    assert claims(tmp_path, "tools/helper.py", code, BENCH) == [
        (30, 3, "misclassified-file/benchmark-claim")
    ]


def test_benchmark_claim_near_misses_a_file_that_times_things(tmp_path):
    code = "import time\nstart = time.perf_counter()\nrun()\nprint(time.perf_counter() - start)\n"
    assert claims(tmp_path, "tools/matmul_speed.py", code, BENCH) == []
    # a file of a benchmarks folder
    assert (
        claims(tmp_path, "benchmarks/ops/add.py", "def add(a, b):\n    return a + b\n", BENCH) == []
    )


def test_caching_claim_from_cmake_cache_path_is_reported(tmp_path):
    code = 'set(GLOG_ROOT_DIR "" CACHE PATH "Folder contains Google glog")\n'
    assert claims(tmp_path, "cmake/public/glog.cmake", code, CACHING) == [
        (28, 3, "misclassified-file/caching-claim")
    ]
    # "memory" is no memo: a comment about the hardware cache earns nothing
    code = "// reads hit in cache\nvoid* memory = malloc(n);\n"
    assert claims(tmp_path, "aten/src/unpack.cuh", code, CACHING) == [
        (29, 3, "misclassified-file/caching-claim")
    ]


def test_caching_claim_near_misses_cache_pip_and_lru_cache(tmp_path):
    # setup-python's `cache: pip` caches the downloads: the workflow uses a cache
    code = "steps:\n  - uses: actions/setup-python@v5\n    with:\n      cache: pip\n"
    assert claims(tmp_path, ".github/workflows/lint.yml", code, CACHING) == []
    code = "import functools\n\n@functools.lru_cache\ndef f(x):\n    return x\n"
    assert claims(tmp_path, "torch/utils/f.py", code, CACHING) == []


def test_package_init_claim_is_about_the_file_name(tmp_path):
    got = claims(tmp_path, "torch/utils/data.py", "x = 1\n", "", purpose=PACKAGE_INIT)
    assert got == [(12, 1, "misclassified-file/package-init-claim")]
    assert claims(tmp_path, "torch/utils/__init__.py", "x = 1\n", "", purpose=PACKAGE_INIT) == []


def test_documentation_claim_of_a_docker_script_is_reported(tmp_path):
    code = "#!/bin/bash\nset -ex\napt-get install -y openjdk-11-jdk\n"
    got = claims(tmp_path, ".ci/docker/common/install_jni.sh", code, "", purpose=DOCUMENTATION)
    assert got == [(12, 1, "misclassified-file/documentation-claim")]


def test_documentation_claim_near_misses_pages_and_docs_folders(tmp_path):
    assert (
        claims(tmp_path, "docs/source/conf.py", "project = 'x'\n", "", purpose=DOCUMENTATION) == []
    )
    assert claims(tmp_path, "test/README.md", "# Tests\n", "", purpose=DOCUMENTATION) == []


def test_a_generated_page_is_never_gpu_code_whatever_its_code_spans_say(tmp_path):
    code = "# Documentation: `a.cu`\n\nUses `cudaMalloc` and a `cache_`.\n"
    assert [cause for _, _, cause in claims(tmp_path, "docs/a.cu_docs.md", code, GPU + BENCH)] == [
        "misclassified-file/gpu-claim",
        "misclassified-file/benchmark-claim",
    ]


def test_every_occurrence_is_reported(tmp_path):
    notes = GPU + GPU
    assert claims(tmp_path, "README.md", "# Notes\n\nRun on a GPU.\n", notes) == [
        (30, 3, "misclassified-file/gpu-claim"),
        (31, 3, "misclassified-file/gpu-claim"),
    ]


ROLE = "This file is located in `{folder}`, which is part of the **core PyTorch library**.\n"


def architecture_page(source: str) -> str:
    """A file documentation whose Role line is line 5."""
    folder = source.rsplit("/", 1)[0]
    return f"# Documentation: `{source}`\n\n### Role in PyTorch Architecture\n\n" + ROLE.format(
        folder=folder
    )


def test_core_library_claim_of_the_android_binding_is_reported(tmp_path):
    source = "android/pytorch_android/src/main/java/org/pytorch/INativePeer.java"
    got = findings(architecture_page(source), f"docs/{source}_docs.md", "DL302", tmp_path)
    line = ROLE.format(folder=source.rsplit("/", 1)[0])
    assert got == [(5, line.index("which") + 1, "DL302")]
    # near miss: a stub of the torch package is core
    page = architecture_page("torch/_C/_itt.pyi")
    assert findings(page, "docs/torch/_C/_itt.pyi_docs.md", "DL302", tmp_path) == []


# Words as code holds them: parts of the claims' words, and words around them.
CODE_WORDS = st.frozensets(
    st.sampled_from(
        [
            "Timer",
            "bench_x",
            "xbench",
            "perf_counter",
            "CUDA",
            "hipMalloc",
            "ship",
            "MTLDevice",
            "html",
            "mps",
            "cache",
            "CACHE",
            "lru_cache",
            "pool",
            "spool",
            "memoize",
            "MemoIzed",
            "Parallel_for",
            "gpu",
            "plain",
            "x",
        ]
    )
)


@given(CODE_WORDS, st.sampled_from(["Python", "CMake", "C++"]))
def test_code_claims_search_the_words_as_a_word_by_word_test_would(code, language):
    # The tests read each word once, joined: they must answer as a test of
    # each word alone does (a part within one word; a start at a word's start).
    def each(word: str, parts: tuple[str, ...], starts: tuple[str, ...] = ()) -> bool:
        lowered = word.lower()
        return any(part in lowered for part in parts) or lowered.startswith(starts)

    assert _gpu_code(code, language) == any(each(w, GPU_PARTS, GPU_STARTS) for w in code)
    assert _bench_code(code, language) == any(
        w in TIMING_WORDS or each(w, BENCH_PARTS) for w in code
    )
    kept = code - NOT_CACHING.get(language, frozenset())
    assert _cache_code(code, language) == any(each(w, CACHE_PARTS) for w in kept)


def test_the_claims_are_sentences_of_the_phrase_book():
    # each sentence DL302 judges is an entry of the generator's phrase book,
    # written by every current template, whose words the rule looks for
    for template in ("python", "cpp", "identifiers"):
        book = GENERATORS.phrase_book(template)
        entries = {entry.id: entry for entry in book.entries}
        for claim in CLAIMS:
            entry = entries[claim.entry]
            assert "DL302" in entry.judged_by, entry.id
            assert entry.words(), entry.id
    book = GENERATORS.phrase_book("python")
    row = "| [`x`](../x) | {} | [docs](./x_docs.md) | [keywords](./x_kw.md) |"
    assert {book.entry_for("Files", row.format(d)).id for d in _ROW_CLAIMS} == {"I-DESC"}
    link = "- [Global Index](../index.md)"
    assert book.entry_for("Related Documentation", link).id == "F-XREF"
    assert GENERATORS.phrase_book(
        "repo-book-v1"
    ).entries  # the older template's own, no claim of these


@pytest.mark.parametrize("deep", ["x" + ".y" * 300_000, "-" * 200_000 + "1"])
def test_a_source_too_deep_for_the_parser_leaves_the_overview_unjudged(deep):
    """`ast` gives up on such a text (RecursionError, MemoryError): the overview's
    owner is unknown, not an internal error of the rule."""
    source = SourceFile("deep.py", f'"""Deep."""\n{deep}\n', exact=True, size=None)
    assert docstring_owner(source, '"""Deep.') is None


def test_the_owner_of_an_overview_is_the_class_whose_docstring_it_is():
    text = 'import os\n\n\nclass Baton:\n    """A file baton."""\n'
    source = SourceFile("baton.py", text, exact=True, size=None)
    assert docstring_owner(source, '"""A file baton."""') == "class `Baton`"
    assert docstring_owner(SourceFile("m.py", '"""Mod."""\n', True, None), '"""Mod."""') is None

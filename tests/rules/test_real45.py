"""Issue 45's examples, each on a real page of its kind: the claim the
generator got wrong is flagged, and the same claim where it holds is not.
The pages of `tests/real45/` are copies of the public tree (PROVENANCE.md
there); the others are pages of ../shared/corpus."""

from __future__ import annotations

from pathlib import Path

import pytest
from doclint_rules._languages import markdown, yaml

from doclint import Settings, check_paths, check_text
from tests.conftest import REAL, SHARED, require_shared

REAL45 = Path(__file__).resolve().parent.parent / "real45"
REAL_CPP = SHARED / "corpus" / "real-cpp"
REAL_KINDS = SHARED / "corpus" / "real-kinds"
FOLDER_ROLE = "misclassified-file/folder-role-claim"


def _findings(root: Path, select: str, *pages: str, cause: str = "") -> set[tuple[str, int, str]]:
    """(page, line, cause) of the findings of `select` of a cause starting
    with `cause` on `pages` of `root`."""
    report = check_paths([root / page for page in pages], Settings(select=[select], root=root))
    return {
        (d.path.split("/docs/", 1)[1], d.line, d.cause.id if d.cause else "")
        for d in report.diagnostics
        if d.cause is not None and d.cause.id.startswith(cause)
    }


@pytest.fixture(scope="module")
def real45() -> set[tuple[str, int, str]]:
    report = check_paths(
        [REAL45 / "docs"], Settings(select=["DL201", "DL204", "DL302"], root=REAL45)
    )
    return {
        (d.path.split("/docs/", 1)[1], d.line, d.cause.id if d.cause else "")
        for d in report.diagnostics
    }


def test_a_folder_given_the_role_of_torch_is_flagged(real45):
    assert ("torch/nn/doc.md", 5, "misclassified-file/folder-role-claim") in real45


@pytest.mark.parametrize("folder", ["torch", "aten/src/ATen", "aten"])
def test_the_library_folder_itself_keeps_its_role(tmp_path, folder):
    page = (REAL45 / "docs/torch/nn/doc.md").read_text(encoding="utf-8")
    if folder.startswith("aten"):
        page = page.replace(
            "The **torch** folder contains the main Python API",
            "The **ATen** folder contains the C++ tensor library",
        )
    text = page.replace("`torch/nn/`", f"`{folder}/`", 1)
    report = check_text(
        text, path=f"docs/{folder}/doc.md", settings=Settings(select=["DL302"], root=tmp_path)
    )
    assert [d for d in report.diagnostics if d.cause and d.cause.id == FOLDER_ROLE] == []


def test_the_test_folder_role_stays_true_below_test():
    require_shared()
    # "The **test** folder contains comprehensive test suites": true of test/distributed too
    got = _findings(REAL, "DL302", "docs/test/distributed/doc.md", cause=FOLDER_ROLE)
    assert got == set()


def test_a_docstring_example_class_is_not_the_files(real45):
    page = "torch/nn/modules/lazy.py_docs.md"
    classes = {
        line
        for path, line, cause in real45
        if path == page and cause.startswith("keyword-as-class")
    }
    text = (REAL45 / "docs" / page).read_text(encoding="utf-8").splitlines()
    # one finding, on the Classes defined line: `LazyMLP` (the two others are real)
    assert [text[line - 1].startswith("**Classes defined**") for line in classes] == [True]
    report = check_paths([REAL45 / "docs" / page], Settings(select=["DL201"], root=REAL45))
    assert [d.message for d in report.diagnostics] == [
        "`LazyMLP` is not a class defined in `lazy.py`"
    ]


def test_jit_from_a_comment_is_flagged_and_jit_in_code_is_not(real45):
    assert ("torch/nn/modules/lazy.py_docs.md", 353, "misclassified-file/jit-claim") in real45
    # grad_mode.py calls torch._jit_internal.is_scripting(): its JIT sentence stands
    assert not {
        f for f in real45 if f[0].startswith("torch/autograd") and f[2].endswith("jit-claim")
    }


def test_neural_network_from_a_docstring_is_flagged_and_an_import_earns_it(real45):
    claim = "misclassified-file/neural-network-claim"
    assert ("torch/autograd/grad_mode.py_docs.md", 486, claim) in real45
    # lazy.py imports from torch.nn.parameter: its Neural Network bullet stands
    assert not {f for f in real45 if f[0].startswith("torch/nn/") and f[2] == claim}


def test_tensor_after_an_anonymous_namespace_is_no_namespace(real45):
    namespaces = {f for f in real45 if f[2] == "prose-keyword/not-a-namespace"}
    sparse = "aten/src/ATen/native/sparse/SparseMatMul.cpp"
    # `Tensor` on both pages (the summary line and the keyword index); `at` is one
    assert namespaces == {(f"{sparse}_docs.md", 321, f[2]) for f in namespaces} | {
        (f"{sparse}_kw.md", 42, f[2]) for f in namespaces
    }
    assert len(namespaces) == 2


def test_aten_said_of_a_generated_page_is_flagged_and_of_an_aten_source_is_not():
    require_shared()
    detail = "docs/aten/src/ATen/cuda/detail"
    level2 = f"docs/{detail}/BLASConstants.cu_kw.md_docs.md"
    pages = (level2, f"{detail}/BLASConstants.cu_docs.md")
    got = _findings(REAL_CPP, "DL302", *pages, cause="misclassified-file/aten")
    assert got == {(level2.split("/", 1)[1], 81, "misclassified-file/aten-claim")}


def test_jit_from_comment_words_in_cuda_is_flagged_and_nvrtc_earns_it():
    require_shared()
    detail = "docs/aten/src/ATen/cuda/detail"
    pages = (f"{detail}/UnpackRaw.cuh_docs.md", f"{detail}/LazyNVRTC.cpp_docs.md")
    got = _findings(REAL_CPP, "DL302", *pages, cause="misclassified-file/jit")
    assert got == {
        ("aten/src/ATen/cuda/detail/UnpackRaw.cuh_docs.md", 98, "misclassified-file/jit-claim")
    }


def test_the_aten_role_on_a_folder_below_aten_is_flagged():
    require_shared()
    got = _findings(REAL_CPP, "DL302", "docs/aten/src/ATen/cuda/detail/doc.md", cause=FOLDER_ROLE)
    assert got == {("aten/src/ATen/cuda/detail/doc.md", 5, FOLDER_ROLE)}


def test_an_index_row_calling_a_page_package_initialization_is_flagged():
    require_shared()
    level2, level1 = (
        "docs/docs/test/distributed/tensor/index.md",
        "docs/test/distributed/tensor/index.md",
    )
    got = _findings(REAL, "DL302", level2, level1, cause="misclassified-file/index-row")
    # the rows of __init__.py_docs.md and __init__.py_kw.md; the level-1 row of __init__.py stands
    assert got == {
        ("docs/test/distributed/tensor/index.md", 21, "misclassified-file/index-row-claim"),
        ("docs/test/distributed/tensor/index.md", 22, "misclassified-file/index-row-claim"),
    }


def _embedded(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    return text.split("```yaml\n", 1)[1].split("\n```\n", 1)[0]


def test_step_names_are_prose_and_run_scripts_are_shell():
    require_shared()
    workflows = REAL_KINDS / "docs/.github/workflows"
    cherry = yaml.read(_embedded(workflows / "cherry-pick.yml_docs.md"))
    # the run: script is shell: `git config user.name "PyTorch Bot"` gives git a
    # value (a string written out by echo or printf would be text)
    assert {"git", "config", "Bot"} <= cherry.code and not cherry.only_in_prose("Bot")
    labels = yaml.read(_embedded(workflows / "check-labels.yml_docs.md"))
    assert labels.only_in_prose("Checkout") and labels.only_in_prose("Labels")


ISSUE_FORM = """\
name: Bug Report
description: Create a report
labels: ["module: jit"]
body:
  - type: markdown
    attributes:
      value: >
        Set `USE_CUDA=True` before building.
  - type: input
    id: job
    attributes:
      label: Versions
      placeholder: JOB_NAME
  - type: textarea
    attributes:
      description: |
        Paste the output of `python collect_env.py`
jobs:
  triage:
    steps:
      - uses: actions/github-script@v7
        with:
          script: |
            // Only label new issues
            await github.rest.issues.addLabels({labels: ["triage review"]});
      - run: |
          # Install the linter
          pip install flake8 && echo "Lint passed" ${{ github.ref }}
"""


def test_issue_form_text_is_prose_its_names_are_not():
    found = yaml.read(ISSUE_FORM)
    for word in ("Bug", "Report", "Versions", "True", "Paste"):
        assert found.only_in_prose(word), word
    # an identifier-style placeholder stands for a name; keys and ids are code
    assert "JOB_NAME" in found.strings and not found.only_in_prose("JOB_NAME")
    assert {"placeholder", "label", "id", "ref"} <= found.code
    # the script is JavaScript: its comment is prose, its calls code
    assert found.only_in_prose("Only") and {"github", "addLabels"} <= found.code
    # the run: script is shell: its comment and echoed sentence are prose, its commands code
    assert found.only_in_prose("Install") and found.only_in_prose("Lint")
    assert {"pip", "flake8", "echo"} <= found.code


def test_a_markdown_template_placeholder_is_a_name_not_prose():
    page = "Title: DISABLED JOB_NAME on PLATFORM_NAME\n\nPlease fill in `TEST_NAME` below.\n"
    found = markdown.read(page)
    assert "JOB_NAME" in found.strings and "PLATFORM_NAME" in found.strings
    assert found.only_in_prose("DISABLED") and found.only_in_prose("Please")


# The phrase book's sentences DL302 proves, each on real pages: copies in
# tests/real45 (PROVENANCE.md there) or pages of ../shared/corpus.
GLOBAL_INDEX = "misclassified-file/global-index-claim"


def test_a_global_index_below_the_top_level_is_the_parents_index():
    require_shared()
    pages = ("docs/test/distributed/tensor/doc.md", "docs/docs/test/distributed/tensor/doc.md")
    got = _findings(REAL, "DL302", *pages, cause=GLOBAL_INDEX)
    assert got == {
        ("test/distributed/tensor/doc.md", 71, GLOBAL_INDEX),
        ("docs/test/distributed/tensor/doc.md", 70, GLOBAL_INDEX),
    }


def test_a_global_index_at_the_top_level_is_the_start_page(tmp_path):
    # torch/nn's real page moved to the top folder: ../index.md is then docs/index.md
    page = (REAL45 / "docs/torch/nn/doc.md").read_text(encoding="utf-8")
    text = page.replace("`torch/nn/`", "`torch/`", 1)
    report = check_text(text, path="docs/torch/doc.md", settings=Settings(root=tmp_path))
    assert [d for d in report.diagnostics if d.cause and d.cause.id == GLOBAL_INDEX] == []
    moved = check_text(page, path="docs/torch/nn/doc.md", settings=Settings(root=tmp_path))
    assert [d.line for d in moved.diagnostics if d.cause and d.cause.id == GLOBAL_INDEX] == [74]


def test_index_rows_calling_pages_test_files_and_prose_source_code(real45):
    require_shared()
    level2, level1 = (
        "docs/docs/test/distributed/tensor/debug/index.md",
        "docs/test/distributed/tensor/debug/index.md",
    )
    tests = _findings(REAL, "DL302", level2, level1, cause="misclassified-file/test-row")
    # the eight rows of test_*.py_docs.md and _kw.md pages; the level-1 rows of test_*.py stand
    assert {(page, cause) for page, _, cause in tests} == {
        ("docs/test/distributed/tensor/debug/index.md", "misclassified-file/test-row-claim")
    }
    assert sorted(line for _, line, _ in tests) == list(range(17, 25))
    notes = "docs/source/notes/index.md"
    rows = sorted(line for page, line, cause in real45 if page == notes)
    # every .rst row is "Source code"; the .md row's "Documentation" (line 31) stands
    assert rows == [line for line in range(17, 41) if line != 31]


def test_configuration_said_of_a_generated_page_not_of_the_config_source(real45):
    config = "misclassified-file/configuration-claim"
    assert {(p, line) for p, line, cause in real45 if cause == config} == {
        ("docs/torch/fx/config.py_kw.md_docs.md", 12)
    }


def test_a_source_file_of_no_kind(real45):
    empty = "misclassified-file/empty-kind-claim"
    # Dockerfile has no extension; file_baton.py's "python source code" names its kind
    assert {(p, line) for p, line, cause in real45 if cause == empty} == {
        (".devcontainer/Dockerfile_docs.md", 12)
    }


BATON = "torch/utils/file_baton.py_docs.md"


def test_an_overview_that_is_a_class_docstring_or_runs_into_code(real45):
    overview = "misclassified-file/overview-claim"
    got = {(p, line) for p, line, cause in real45 if cause == overview}
    # file_baton.py: FileBaton's docstring, running into `def __init__`; cpp.py: the
    # module's own docstring, running into `from torch import nn`; torch/fx/config.py
    # has no string at all, and its overview is only the counts sentence
    assert {
        (BATON, 88),
        ("torch/nn/cpp.py_docs.md", 114),
    } <= got
    assert not {p for p, _ in got} & {"torch/fx/config.py_docs.md"}
    report = check_paths(
        [
            REAL45 / "docs/torch/nn/cpp.py_docs.md",
            REAL45 / "docs/torch/utils/file_baton.py_docs.md",
        ],
        Settings(select=["DL302"], root=REAL45),
    )
    messages = sorted(d.message for d in report.diagnostics if d.cause.id == overview)
    assert "the docstring of" not in messages[0] and "`from torch import nn" in messages[0]
    assert "the docstring of class `FileBaton`, not the module's" in messages[1]

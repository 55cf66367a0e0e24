"""Issue 61's fixed sentences triggered by names and its sizes that count
characters, each on a real page of the generator's tree (`tests/real61b/`,
PROVENANCE.md there), with the near misses that must stay silent: the same
pages with a source that earns the sentence, or a size that is right."""

from __future__ import annotations

from pathlib import Path

import pytest
from doclint_rules._languages import yaml

from doclint import Settings, check_paths, check_text
from tests.pages import write

REAL61 = Path(__file__).resolve().parent.parent / "real61b"
EVAL_PAGE = "torch/_inductor/fx_passes/efficient_conv_bn_eval.py_docs.md"
LABELER_PAGE = ".github/labeler.yml_docs.md"
V1_PAGE = "aten/src/ATen/mps/MPSGeneratorImpl.mm_docs.md"
EVAL_CLAIM = "misclassified-file/eval-claim"
JIT_CLAIM = "misclassified-file/jit-claim"


def _page(name: str) -> str:
    return (REAL61 / "docs" / name).read_text(encoding="utf-8")


def _source_span(page: str) -> tuple[int, int]:
    """Where the lines of the Original Source block are: from the line after
    its opening fence up to its closing fence, the last before the overview."""
    start = page.index("\n", page.index("```", page.index("## Original Source"))) + 1
    return start, page.rindex("\n```\n", 0, page.index("## High-Level Overview")) + 1


def _with_source(page: str, source: str) -> str:
    """The page with another text in its Original Source block (followed by
    the blank line the generator writes)."""
    start, end = _source_span(page)
    return page[:start] + source + "\n" + page[end:]


def _diagnostics(text: str, page: str, select: str, root: Path):
    """(line, cause, message) of the findings of `select` on `text` written at
    `docs/<page>` of `root`: a page's source is its own copy, read from the tree."""
    write(root, {f"docs/{page}": text})
    report = check_paths([root / "docs" / page], Settings(select=[select], root=root))
    return [(d.line, d.cause.id if d.cause else "", d.message) for d in report.diagnostics]


def _claims(text: str, page: str, cause: str, root: Path) -> list[tuple[int, str]]:
    return [(line, m) for line, c, m in _diagnostics(text, page, "DL302", root) if c == cause]


# "Uses `eval()` or `exec()`": the builtin in code, not a name that ends so


def test_a_name_ending_in_eval_is_no_call_of_eval(tmp_path):
    got = _claims(_page(EVAL_PAGE), EVAL_PAGE, EVAL_CLAIM, tmp_path)
    assert got == [
        (
            489,
            "says `efficient_conv_bn_eval.py` is code that runs strings with `eval()` or"
            " `exec()`, but its code has no `eval` or `exec` (`efficient_conv_bn_eval` is"
            " another name)",
        )
    ]


@pytest.mark.parametrize(
    "source",
    [
        "def max_eval(x):\n    return eval(x)\n",
        "exec(compile(code, path, 'exec'), namespace)\n",
        "import builtins\n\nbuiltins.exec(code)\n",
        "run = eval\n",
        # Python 2's statement: ast cannot read it, so it is not judged
        "exec code in namespace\n",
    ],
)
def test_a_source_that_runs_strings_earns_the_sentence(tmp_path, source):
    text = _with_source(_page(EVAL_PAGE), source)
    assert _claims(text, EVAL_PAGE, EVAL_CLAIM, tmp_path) == []


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ("model.eval()\nresult = max_eval()\n", "calls no builtin `eval` or `exec`"),
        ("def eval_step(model):\n    model.eval()\n", "calls no builtin `eval` or `exec`"),
        ('"""Call eval(x) on a string."""\n# exec(code)\nx = 1\n', "has no `eval` or `exec`"),
    ],
)
def test_a_method_a_docstring_or_a_comment_runs_no_string(tmp_path, source, why):
    text = _with_source(_page(EVAL_PAGE), source)
    [(_, message)] = _claims(text, EVAL_PAGE, EVAL_CLAIM, tmp_path)
    assert why in message


def test_a_shell_eval_earns_the_sentence_and_a_markdown_file_runs_nothing(tmp_path):
    def page(name: str, fence: str, source: str) -> str:
        text = _page(EVAL_PAGE).replace("efficient_conv_bn_eval.py", name)
        return _with_source(text.replace("```python", f"```{fence}"), source)

    shell = page("setup_env.sh", "bash", 'eval "$(conda shell.bash hook)"\n')
    assert _claims(shell, "setup_env.sh_docs.md", EVAL_CLAIM, tmp_path) == []
    notes = page("notes.md", "markdown", "Call `model.eval()` before `eval(x)`.\n")
    [(_, message)] = _claims(notes, "notes.md_docs.md", EVAL_CLAIM, tmp_path)
    assert message.endswith("but it is a Markdown file, not code")


# "May involve JIT compilation": a JIT API in code, not a label's name


def test_a_labeler_config_involves_no_jit_compilation(tmp_path):
    got = _diagnostics(_page(LABELER_PAGE), LABELER_PAGE, "DL302", tmp_path)
    # the label names ("module: dynamo", "ciflow/inductor", "ciflow/xpu") and the
    # path globs (torch/csrc/jit/**) are text: no JIT, no GPU code
    assert [(line, cause) for line, cause, _ in got] == [
        (242, "misclassified-file/gpu-claim"),
        (243, JIT_CLAIM),
        (244, "misclassified-file/benchmark-claim"),
    ]


def test_quoted_keys_are_literals_plain_keys_names():
    places = yaml.read('"module: dynamo":\n- torch/_dynamo/**\ninductor:\n  cache: pip\n')
    assert {"module", "dynamo"} <= places.strings
    assert {"module", "dynamo"}.isdisjoint(places.code)
    assert {"inductor", "cache"} <= places.code
    assert not places.only_in_prose("dynamo")


def test_a_workflow_that_runs_a_jit_api_earns_the_sentence(tmp_path):
    workflow = (
        '"on": push\njobs:\n  script:\n    runs-on: ubuntu-latest\n    steps:\n'
        '      - run: python -c "import torch; torch.jit.script(model)"\n'
    )
    text = _with_source(_page(LABELER_PAGE), workflow)
    assert _claims(text, LABELER_PAGE, JIT_CLAIM, tmp_path) == []


# Sizes: in bytes for both templates, the count of characters named


def test_a_v1_size_that_counts_characters_is_judged_from_the_pages_copy():
    # the tree is the page alone: the size is measured on its Original Source
    report = check_paths([REAL61 / "docs"], Settings(select=["DL303"], root=REAL61))
    got = [(Path(d.path).name, d.line, d.message, d.fix) for d in report.diagnostics]
    assert got == [
        (
            "MPSGeneratorImpl.mm_docs.md",
            5,
            "claims 4,158 bytes, the count of characters of its Original Source:"
            " its 4,158 characters are 4,159 bytes",
            None,  # a copy's bytes need not be the file's: nothing to write
        )
    ]


def test_a_v1_size_that_counts_characters_against_the_file(tmp_path):
    page = _page(V1_PAGE)
    start, end = _source_span(page)
    # the file the page shows: its lines, without the blank line the generator adds
    write(tmp_path, {"aten/src/ATen/mps/MPSGeneratorImpl.mm": page[start : end - 1]})
    report = check_text(
        page, path=f"docs/{V1_PAGE}", settings=Settings(select=["DL303"], root=tmp_path)
    )
    [finding] = report.diagnostics
    assert finding.message == (
        "claims 4,158 bytes, the count of characters of the file: its 4,158 characters"
        " are 4,159 bytes"
    )
    # rewritten the older template's way, the bytes alone
    [edit] = finding.fix.edits
    assert edit.content == "4159 bytes"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("- **Size**: 4158 bytes", "- **Size**: 4159 bytes"),  # the bytes: right
        ("- **Size**: 4158 bytes", "- **Size**: 4160 bytes"),  # neither: the file may differ
        ("Copyright © 2022", "Copyright (c) 2022"),  # ASCII: a character is a byte
        ("Copyright © 2022", "Copyright Â© 2022"),  # mojibake: the copy is not the file
    ],
)
def test_near_misses_of_a_copy_are_silent(tmp_path, old, new):
    text = _page(V1_PAGE).replace(old, new, 1)
    if "(c)" in new:
        text = text.replace("4158 bytes", "4160 bytes")  # its characters, now its bytes
    assert _diagnostics(text, V1_PAGE, "DL303", tmp_path) == []

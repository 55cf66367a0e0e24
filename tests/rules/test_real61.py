"""Issue 61's classes read by their language's reader, each on a real page of
its kind: the words of a YAML block scalar written as sentences are prose,
and Metal's own types and attribute names are words of the language. The
pages of `tests/real61/` are copies of the public tree (PROVENANCE.md
there); the flagged entry is judged against the source the `X_docs.md`
page embeds, and the near misses stand beside it on the same page."""

from __future__ import annotations

from pathlib import Path

import pytest
from doclint_rules._languages import metal, yaml

from doclint import Settings, check_paths
from tests.conftest import findings
from tests.pages import syntax_index, write

REAL61 = Path(__file__).resolve().parent.parent / "real61"
NITPICKS = "docs/.github/nitpicks.yml_kw.md"
CROSS = "docs/aten/src/ATen/native/mps/kernels/CrossKernel.metal_kw.md"


def _flagged(page: str, select: str) -> dict[str, str]:
    """The entries of a real keyword index that `select` flags: name -> cause."""
    report = check_paths([REAL61 / page], Settings(select=[select], root=REAL61))
    lines = (REAL61 / page).read_text(encoding="utf-8").splitlines()
    return {
        lines[d.line - 1].split("**")[1].strip("`"): d.cause.id if d.cause else ""
        for d in report.diagnostics
    }


def _embedded(page: str, fence: str) -> str:
    text = (REAL61 / page.replace("_kw.md", "_docs.md")).read_text(encoding="utf-8")
    return text.split(f"```{fence}\n", 1)[1].split("\n```\n", 1)[0]


# YAML: a bot's `markdown: |` messages (the issue's own example).


def test_the_sentences_of_a_markdown_block_are_prose_not_identifiers():
    flagged = _flagged(NITPICKS, "DL2")
    prose = "ABI API Attention Backward C Compatibility FC Forward Frontend MUST NOT PR PRs"
    for word in (*prose.split(), "Policy", "PyTorch", "Python", "See", "Split"):
        assert flagged.pop(word) == "prose-keyword/prose", word
    # the stop words the block's sentences start with
    assert flagged == {
        "If": "stopword-keyword/stop-word",
        "You": "stopword-keyword/stop-word",
    }


def test_a_word_of_a_quoted_path_beside_the_block_stays_an_identifier():
    # The near miss on the same page: `ATen` of `'aten/src/ATen/native/...'`
    # under `pathFilter:` is a value's word, and the keys are code.
    found = yaml.read(_embedded(NITPICKS, "yaml"))
    assert "ATen" in found.strings and not found.only_in_prose("ATen")
    assert {"markdown", "pathFilter"} <= found.code
    assert "ATen" not in _flagged(NITPICKS, "DL204")


CODE_BLOCKS = """\
steps:
  - uses: actions/cache@v4
    with:
      path: |
        Release/
        ~/.cache/Torch
      restore-keys: |
        ${{ runner.os }}-Build-
  - uses: some/action@v1
    with:
      command: |
        # Install the wheel before the tests.
        pip install Dist/*.whl
        python -m Pytest test/
      body: |
        Thanks for the report. Please attach a minimal Repro.

        ```
        Traceback (most recent call last):
        ```
"""


def test_code_like_block_scalars_stay_code():
    found = yaml.read(CODE_BLOCKS)
    # a list of paths, cache keys, a script (its comment is no evidence)
    for word in ("Release", "Torch", "Build", "runner", "Dist", "Pytest", "Install"):
        assert word in found.code and not found.only_in_prose(word), word
    # a comment's sentences are prose; the fenced lines of it stay code
    assert found.only_in_prose("Thanks") and found.only_in_prose("Repro")
    assert "Traceback" in found.code


@pytest.mark.parametrize(
    ("block", "prose"),
    [
        (">\n  Before you file a bug, search the issues!", True),
        ("|\n  - Make sure the build passes:\n  Build", True),
        ("|\n  make sure the build passes", False),  # no sentence's end
        ("|\n  pip install -e .", False),  # no three words in a row
        ("|\n  ## Make sure the build passes.", False),  # a heading or a comment
        ("|\n  ```\n  Make sure the build passes.\n  ```", False),  # fenced
    ],
)
def test_a_paragraph_is_prose_when_one_of_its_lines_is_a_sentence(block, prose):
    found = yaml.read(f"text: {block}\n")
    first = next(word for word in block.split() if word.isalpha())
    assert found.only_in_prose(first) is prose, first


# Metal: its types and attribute names, on a kernel's keyword index.


def test_metal_types_and_attribute_names_are_words_of_the_language():
    flagged = _flagged(CROSS, "DL204")
    for word in ("half", "bfloat", "uchar", "uint", "uint3"):
        assert flagged[word] == "prose-keyword/language-keyword", word
    for word in ("buffer", "host_name", "thread_position_in_grid"):
        assert flagged[word] == "prose-keyword/language-keyword", word


def test_the_shaders_own_names_and_library_types_stay_identifiers():
    # The near misses on the same page: names the kernel defines or uses
    # (`cross`, a macro's `DTYPE`, `offsets`), a string's `cross_`, and the
    # library's fixed-width types, which C++ pages keep too.
    flagged = _flagged(CROSS, "DL204")
    for word in ("cross", "cross_", "DTYPE", "offsets", "outStride", "int64_t", "uint8_t"):
        assert word not in flagged, word


SHADER = """\
#include <metal_stdlib>
using namespace metal;

// Writes [[color(0)]] of each pixel.
kernel void fill(device float* buffer [[buffer(0)]],
                 constant bool& has_bias [[function_constant(has_bias), user(locn0)]],
                 half4 color [[stage_in]],
                 uint gid [[thread_position_in_grid]]) {
  buffer[gid] = has_bias ? color.x : 0;
}
"""


def test_an_attribute_name_the_shader_also_uses_as_a_name_is_one():
    found = metal.metal_places(SHADER)
    # `buffer` is also a parameter, `color` one too; `has_bias` and `locn0`
    # are arguments, so code; the attribute of a comment is prose.
    assert {"buffer", "color", "has_bias", "locn0"} <= found.code
    assert found.syntax == {
        "function_constant",
        "user",
        "stage_in",
        "thread_position_in_grid",
    }
    assert found.has("stage_in") and not found.only_in_prose("stage_in")


def test_an_attribute_name_used_as_a_name_is_not_flagged(tmp_path):
    write(tmp_path, {"src/fill.metal": SHADER})
    page = syntax_index("src/fill.metal", {"Identifiers": ["buffer", "color", "stage_in", "half4"]})
    got = findings(page, "docs/src/fill.metal_kw.md", "prose-keyword", tmp_path)
    assert [line for line, _, _ in got] == [18, 19]  # `stage_in`, `half4`

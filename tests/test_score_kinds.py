"""bench/score.py gives each finding the manifest kind it is evidence of.

A rule can serve several kinds (phantom-keyword: a keyword listed as a C++
function, an include of a keyword index; bogus-dependency: a Python import, a
C++ include), and a kind can be narrower than its rule: the finding counts
for the kind whose scope holds it, preferring the one the manifest has on
that line, or for none ("beyond").
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from tests.conftest import PROJECT

KEYWORD_INDEX = """# Keyword Index: `cub/block.cuh`

## Keywords Extracted

### Class/Structs

- **`CUB_API`**: [block.cuh_docs.md](./block.cuh_docs.md)

### Functions

- **`if`**: [block.cuh_docs.md](./block.cuh_docs.md)
- **`FlagT`**: [block.cuh_docs.md](./block.cuh_docs.md)

### Includes

- **`cub/cub.cuh`**: [block.cuh_docs.md](./block.cuh_docs.md)
"""
CPP_DOCS = """# Documentation: `cub/block.cuh`

### Import Dependencies

This file includes:

- `cub/cub.cuh`
"""
PYTHON_DOCS = """# Documentation: `pkg/mod.py`

### Import Dependencies

This file imports:

- `which may`
"""


def _score_module():
    spec = importlib.util.spec_from_file_location("score", PROJECT / "bench" / "score.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["score"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_findings_count_for_the_kind_of_their_place(tmp_path: Path):
    score = _score_module()
    pages = {
        "docs/cub/block.cuh_kw.md": KEYWORD_INDEX,
        "docs/cub/block.cuh_docs.md": CPP_DOCS,
        "docs/pkg/mod.py_docs.md": PYTHON_DOCS,
    }
    for path, text in pages.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    truth = score.Truth()
    truth.counts[("docs/cub/block.cuh_kw.md", 7, "export-macro-as-class")] = 1
    found = score.collect(
        [
            {"name": "keyword-as-class", "path": "docs/cub/block.cuh_kw.md", "line": 7},
            {"name": "phantom-keyword", "path": "docs/cub/block.cuh_kw.md", "line": 11},
            {"name": "phantom-keyword", "path": "docs/cub/block.cuh_kw.md", "line": 12},
            {"name": "phantom-keyword", "path": "docs/cub/block.cuh_kw.md", "line": 16},
            {"name": "bogus-dependency", "path": "docs/cub/block.cuh_docs.md", "line": 7},
            {"name": "bogus-dependency", "path": "docs/pkg/mod.py_docs.md", "line": 7},
        ],
        tmp_path,
        truth,
    )
    assert set(found.counts) == {
        ("docs/cub/block.cuh_kw.md", 7, "export-macro-as-class"),
        ("docs/cub/block.cuh_kw.md", 11, "keyword-as-function"),
        ("docs/cub/block.cuh_kw.md", 16, "bogus-include"),
        ("docs/cub/block.cuh_docs.md", 7, "bogus-include"),
        ("docs/pkg/mod.py_docs.md", 7, "bogus-dependency"),
    }
    # `FlagT` is no keyword: a name the source does not define is beyond the kind
    assert found.beyond == {"? phantom-keyword": 1}


def test_pages_of_pages_keep_the_language_of_their_source():
    score = _score_module()
    assert score.is_cpp_page("docs/docs/cub/block.cuh_kw.md_docs.md")
    assert score.is_cpp_page("docs/a/Hooks.CPP_docs.md")
    assert not score.is_cpp_page("docs/docs/pkg/mod.py_docs.md_kw.md")
    assert not score.is_cpp_page("docs/cub/index.md")

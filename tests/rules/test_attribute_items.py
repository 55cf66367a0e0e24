"""unknown-parameter (DL703) on attribute lists of classes whose base is a
library's (issue 93): what the base gives is unknown, but an item naming a
parameter of one of the class's methods, which the class never keeps, is the
method's input mistaken for an attribute. Read on a real RepoAgent page
(tests/repoagent2025_fooocus/PROVENANCE.md, labelled before the rule ran)."""

from __future__ import annotations

import shutil
from pathlib import Path

from doclint import Settings, check_paths

TREE = Path(__file__).resolve().parent.parent / "repoagent2025_fooocus"
PAGE = "markdown_docs/ldm_patched/pfn/architecture/OmniSR/layernorm.md"
SOURCE = "ldm_patched/pfn/architecture/OmniSR/layernorm.py"

# The labels of PROVENANCE.md: line 5, `LayerNormFunction`'s attribute `eps`;
# lines 107-109, parameters `LayerNorm2d.forward` does not take.
LABELS = {5, 107, 108, 109}


def dl703(root: Path) -> dict[int, str]:
    report = check_paths([root / "markdown_docs"], Settings(select=["DL703"], root=root))
    return {d.line: d.message for d in report.diagnostics}


def test_an_attribute_that_is_a_method_s_parameter_on_a_library_subclass() -> None:
    found = dl703(TREE)
    assert set(found) == LABELS
    assert found[5] == (
        "attributes item `eps`: `LayerNormFunction` has no attribute `eps`;"
        " it is a parameter of its `LayerNormFunction.forward`"
    )


def test_near_miss_the_class_keeps_the_parameter(tmp_path: Path) -> None:
    # A class attribute `eps` is one, as `LayerNorm2d`'s `self.eps` is (that
    # class's items are silent on the page as it is).
    shutil.copytree(TREE, tmp_path / "tree")
    source = tmp_path / "tree" / SOURCE
    text = source.read_text(encoding="utf-8")
    head = "class LayerNormFunction(torch.autograd.Function):\n"
    kept = text.replace(head, head + "    eps = 1e-6\n")
    assert kept != text
    source.write_text(kept, encoding="utf-8")
    assert set(dl703(tmp_path / "tree")) == LABELS - {5}

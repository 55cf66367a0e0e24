"""A real RepoAgent page (tests/repoagent2025_fooocus/PROVENANCE.md, labelled
before the rules ran), issue 93:

- unknown-parameter (DL703) on the attribute lists of classes whose base is a
  library's: what the base gives is unknown, but an item naming a parameter
  of one of the class's methods, which the class never keeps, is the method's
  input mistaken for an attribute;
- wrong-caller (DL705) on "called by the `LayerNorm2d` class": a class named
  as a caller, true as the code is, refuted once the code moved on."""

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


def found(root: Path, code: str = "DL703") -> dict[int, str]:
    report = check_paths([root / "markdown_docs"], Settings(select=[code], root=root))
    return {d.line: d.message for d in report.diagnostics}


def moved_on(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the tree whose source has `new` where it had `old`."""
    shutil.copytree(TREE, tmp_path / "tree")
    source = tmp_path / "tree" / SOURCE
    text = source.read_text(encoding="utf-8")
    assert old in text
    source.write_text(text.replace(old, new), encoding="utf-8")
    return tmp_path / "tree"


def test_an_attribute_that_is_a_method_s_parameter_on_a_library_subclass() -> None:
    items = found(TREE)
    assert set(items) == LABELS
    assert items[5] == (
        "attributes item `eps`: `LayerNormFunction` has no attribute `eps`;"
        " it is a parameter of its `LayerNormFunction.forward`"
    )


def test_near_miss_the_class_keeps_the_parameter(tmp_path: Path) -> None:
    # A class attribute `eps` is one, as `LayerNorm2d`'s `self.eps` is (that
    # class's items are silent on the page as it is).
    head = "class LayerNormFunction(torch.autograd.Function):\n"
    tree = moved_on(tmp_path, head, head + "    eps = 1e-6\n")
    assert set(found(tree)) == LABELS - {5}


def test_near_miss_a_class_named_as_a_caller_that_calls() -> None:
    # As the code is, `LayerNorm2d.forward` calls `LayerNormFunction.apply`.
    assert found(TREE, "DL705") == {}


def test_a_class_named_as_a_caller_refuted_once_the_code_moved_on(tmp_path: Path) -> None:
    call = "LayerNormFunction.apply(x, self.weight, self.bias, self.eps)"
    tree = moved_on(tmp_path, call, "nn.functional.group_norm(x, 1, self.weight, self.bias)")
    assert found(tree, "DL705") == {13: "`LayerNorm2d` does not call `LayerNormFunction`"}

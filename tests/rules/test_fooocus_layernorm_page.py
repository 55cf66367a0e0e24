"""A real RepoAgent page (tests/repoagent2025_fooocus/PROVENANCE.md, labelled
before the rules ran), issue 93:

- unknown-parameter (DL703) on the attribute lists of classes whose base is a
  library's: what the base gives is unknown, but an item naming a parameter
  of one of the class's methods, which the class never keeps, is the method's
  input mistaken for an attribute;
- wrong-caller (DL705) on "called by the `LayerNorm2d` class": a class named
  as a caller, true as the code is, refuted once the code moved on;
- undocumented-object (DL704) on a method added since the page in code a
  newer Python wrote (a line Python 3.11 cannot parse)."""

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


# A line Python 3.11 cannot parse (3.12's f-string reusing its quotes), as
# code written since the page may hold.
NEWER = '        label = f"{dict(eps=self.eps)["eps"]}"\n'
FORWARD = "    def forward(self, x):\n        return LayerNormFunction"


def test_a_method_added_since_the_page_in_code_a_newer_python_wrote(tmp_path: Path) -> None:
    added = "    def extra_repr(self):\n" + NEWER + "        return label\n\n"
    tree = moved_on(tmp_path, FORWARD, added + FORWARD)
    assert found(tree, "DL704") == {
        1: "function `LayerNorm2d.extra_repr` (line 55 of"
        " `ldm_patched/pfn/architecture/OmniSR/layernorm.py`) has no heading"
    }


def test_near_miss_every_object_headed_in_code_a_newer_python_wrote(tmp_path: Path) -> None:
    tree = moved_on(tmp_path, FORWARD, FORWARD.replace("        return", NEWER + "        return"))
    assert found(tree, "DL704") == {}


def test_near_miss_a_definition_python_3_11_cannot_read(tmp_path: Path) -> None:
    # 3.12's type parameters on the `def` line: blanking it would lose the
    # method, so the source is not judged, on every CPython alike (each
    # reads a source as 3.11 does).
    added = "    def extra_repr[T](self):\n        return T\n\n"
    tree = moved_on(tmp_path, FORWARD, added + FORWARD)
    assert found(tree, "DL704") == {}

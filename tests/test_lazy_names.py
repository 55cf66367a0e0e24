"""The packages' names imported on first use (doclint, doclint.engine,
doclint.rule_api, doclint.rule_api_generators): one `__getattr__` for all."""

from __future__ import annotations

import pytest

import doclint
import doclint.engine
import doclint.rule_api
import doclint.rule_api_generators
from tests.test_startup import printed


@pytest.mark.parametrize(
    ("module", "name"),
    [
        (doclint, "check_text"),
        (doclint.engine, "Settings"),
        (doclint.rule_api, "FileDocs"),
        (doclint.rule_api_generators, "WikiFacts"),
    ],
)
def test_a_name_is_imported_on_first_use_and_kept(module: object, name: str) -> None:
    value = getattr(module, name)
    assert vars(module)[name] is value  # kept: the next read is a plain lookup
    assert getattr(module, name) is value


@pytest.mark.parametrize(
    "module", [doclint, doclint.engine, doclint.rule_api, doclint.rule_api_generators]
)
def test_an_unknown_name_is_an_attribute_error_naming_the_module(module: object) -> None:
    expected = rf"module '{module.__name__}' has no attribute 'nope'"
    with pytest.raises(AttributeError, match=expected):
        module.nope  # type: ignore[attr-defined]  # noqa: B018


def test_importing_the_package_imports_none_of_the_names() -> None:
    code = "import sys, doclint, doclint.rule_api; print('doclint.api' in sys.modules)"
    assert printed(code) == "False\n"
